// The e2e stack's loopback GitHub runs a required check ("test": the content checks) on the head of
// each pull request of the editor (scripts/lib/github-standin/content-check.ts); publishing waits
// for it. The tests wait for it too, through the stand-in's documented check-runs endpoint.
import { execFileSync } from 'node:child_process';
import { inject } from 'vitest';
import { until } from './until.ts';

/** GETs `path` of the loopback GitHub's repository, with its token. */
const standin = async <T>(path: string): Promise<T> =>
  (await (
    await fetch(`${inject('githubUrl')}/repos/local/catalog/${path}`, {
      headers: { authorization: `Bearer ${inject('githubToken')}` },
    })
  ).json()) as T;

/** Waits until the loopback GitHub's required check on `sha` has ended, and says how. */
export async function checkOf(sha: string, ms = 240_000): Promise<string> {
  const ended = async () => {
    const { check_runs: runs } = await standin<{
      check_runs?: { name: string; status: string; conclusion: string | null }[];
    }>(`commits/${sha}/check-runs`);
    const test = runs?.find((r) => r.name === 'test');
    return test?.status === 'completed' && (test.conclusion ?? 'none');
  };
  return until(ended, ms, `the check on ${sha} to end`, 1000);
}

/**
 * Waits until the loopback GitHub holds an open pull request from `branch`, and gives its number.
 * The editor saves in three steps (the branch, its commit, then the pull request): a test that
 * closes the page once the commit is there can stop the save before its pull request (a branch no
 * listing shows, found in CI under load).
 */
export async function openPullFrom(branch: string, ms = 120_000): Promise<number> {
  const head = encodeURIComponent(`local:${branch}`);
  const open = async () => (await standin<{ number: number }[]>(`pulls?state=open&head=${head}`))[0]?.number;
  return until(open, ms, `a pull request from ${branch}`, 500);
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
