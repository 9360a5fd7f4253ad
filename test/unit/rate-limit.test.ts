// The admin request limit: 60 per minute per admin, in memory (per instance). Through the Redis
// store on a real redis-server: test/integration/rate-limit.test.ts. The Netlify Blobs store's exact
// count is proven in store.test.ts and over HTTP.
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../src/server/store/memory.ts';

describe('in memory (per instance)', () => {
  it('60 pass, the 61st is refused with a retry time; keys are separate', async () => {
    const l = memoryStore().limiter({ name: 'mem', points: 60, durationSeconds: 60 });
    expect(l.scope).toBe('instance');
    for (let i = 0; i < 60; i++) expect((await l.consume('ada')).allowed).toBe(true);
    const d = await l.consume('ada');
    expect(d).toMatchObject({ allowed: false, limit: 60, remaining: 0 });
    expect(d.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(d.retryAfterSeconds).toBeLessThanOrEqual(75); // steps of 15 s: a burst counts for up to 75 s
    expect((await l.consume('grace')).allowed).toBe(true);
  });
});
