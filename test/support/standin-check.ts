// The e2e stack's loopback GitHub runs a required check ("test": the content checks) on the head of
// each pull request of the editor (scripts/lib/github-standin/content-check.ts); publishing waits
// for it. The tests wait for it too, through the stand-in's documented check-runs endpoint.
import { execFileSync } from 'node:child_process';
import { inject } from 'vitest';
import { until } from './until.ts';

/** Waits until the loopback GitHub's required check on `sha` has ended, and says how. */
export async function checkOf(sha: string, ms = 240_000): Promise<string> {
  const end = Date.now() + ms;
  for (;;) {
    const res = await fetch(`${inject('githubUrl')}/repos/local/catalog/commits/${sha}/check-runs`, {
      headers: { authorization: `Bearer ${inject('githubToken')}` },
    });
    const runs = ((await res.json()) as { check_runs?: { name: string; status: string; conclusion: string | null }[] })
      .check_runs;
    const test = runs?.find((r) => r.name === 'test');
    if (test?.status === 'completed') return test.conclusion ?? 'none';
    if (Date.now() > end) throw new Error(`the check on ${sha} did not end in time`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * Waits until the loopback GitHub holds an open pull request from `branch`, and gives its number.
 * The editor saves in three steps (the branch, its commit, then the pull request): a test that
 * closes the page once the commit is there can stop the save before its pull request (a branch no
 * listing shows, found in CI under load).
 */
export async function openPullFrom(branch: string, ms = 120_000): Promise<number> {
  const end = Date.now() + ms;
  for (;;) {
    const res = await fetch(
      `${inject('githubUrl')}/repos/local/catalog/pulls?state=open&head=${encodeURIComponent(`local:${branch}`)}`,
      { headers: { authorization: `Bearer ${inject('githubToken')}` } },
    );
    const [pull] = (await res.json()) as { number: number }[];
    if (pull) return pull.number;
    if (Date.now() > end) throw new Error(`no pull request from ${branch} in time`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Waits until the editor's save of `branch` is whole: the branch, in the stack's proposals
 * repository, holds a commit the site branch does not, and its pull request is open.
 */
export async function savedWhole(branch: string): Promise<void> {
  const repo = inject('proposalsRepo');
  const ahead = () => {
    try {
      const range = `${inject('editorBranch')}..refs/heads/${branch}`;
      return (
        Number(execFileSync('git', ['-C', repo, 'rev-list', '--count', range], { encoding: 'utf8', stdio: 'pipe' })) > 0
      );
    } catch {
      return false; // no such branch yet
    }
  };
  await until(ahead);
  await openPullFrom(branch);
}
