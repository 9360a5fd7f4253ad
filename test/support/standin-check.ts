// The e2e stack's loopback GitHub runs a required check ("test": the content checks) on the head of
// each pull request of the editor (scripts/lib/github-standin/content-check.ts); publishing waits
// for it. The tests wait for it too, through the stand-in's documented check-runs endpoint.
import { inject } from 'vitest';

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
