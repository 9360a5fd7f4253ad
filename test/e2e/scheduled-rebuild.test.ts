// The hourly rebuild on the local stack, invoked the way Netlify invokes a scheduled function (a
// POST to the function, which netlify serve runs as a scheduled invocation): it reads
// the admin catalog the stack's build wrote, finds nothing due (every scheduled demo product is
// still in the future) and posts nothing to the stack's build hook. The due, failure and
// two-instance cases run with a fixed clock in test/unit/scheduled-rebuild.test.ts.
import { describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const postsUrl = inject('hookPostsUrl');
const posts = async () =>
  ((await (await fetch(postsUrl)).json()) as { path: string }[]).filter((p) => p.path.includes('Scheduled'));

describe('the scheduled rebuild function', () => {
  it('runs as Netlify runs it, reads the deployed catalog, finds nothing due and posts no build hook', async () => {
    const before = await posts();
    const res = await fetch(new URL('/.netlify/functions/scheduled-rebuild', base), { method: 'POST' });
    // The function answers nothing (Netlify ignores a scheduled function's answer); it logs one line.
    expect(res.status).toBe(204);
    const log = await (await fetch(inject('stackLogUrl'))).text();
    expect(log).toMatch(/scheduled rebuild: nothing due since the deployed build of \S+Z; no build started\./);
    expect(log).not.toMatch(/scheduled rebuild FAILED/);
    expect(await posts()).toEqual(before);
  });
});
