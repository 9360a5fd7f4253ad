// The admin request limit: 60 per minute per admin, in memory and with a real redis-server
// (shared by separate processes; a Redis outage keeps the limit through the insurance limiter).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLimiters } from '../../src/server/rate-limit/from-env.ts';
import { createRateLimiter } from '../../src/server/rate-limit/limiter.ts';
import { startRedis, type RedisServer } from '../support/redis.ts';
import { fixtureDir, makeHandler, post, rpc, token } from './mcp-fixture.ts';

const run = promisify(execFile);
const LIMITER = path.resolve('src/server/rate-limit/from-env.ts');

describe('in memory (per instance)', () => {
  it('60 pass, the 61st is refused with a retry time; keys are separate', async () => {
    const l = createRateLimiter({ points: 60, durationSeconds: 60, keyPrefix: 'mem' });
    expect(l.scope).toBe('instance');
    for (let i = 0; i < 60; i++) expect((await l.consume('ada')).allowed).toBe(true);
    const d = await l.consume('ada');
    expect(d).toMatchObject({ allowed: false, limit: 60, remaining: 0 });
    expect(d.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(d.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await l.consume('grace')).allowed).toBe(true);
  });
});

describe('with redis-server', () => {
  let redis: RedisServer;
  const fx = fixtureDir();
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
    fx.cleanup();
  });

  it('through the handler: 60 in a minute pass, the 61st is 429 with Retry-After', async () => {
    const limiters = await adminLimiters(redis.url, () => {});
    try {
      expect(limiters.requests.scope).toBe('shared');
      const h = makeHandler(fx.root, { limiter: limiters.requests });
      const tok = await token({ sub: 'redis|one', email: 'ada@example.test' });
      for (let i = 0; i < 60; i++) expect((await h(post(rpc('ping'), tok))).status).toBe(200);
      const res = await h(post(rpc('ping'), tok));
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    } finally {
      await limiters.close();
    }
  });

  it('two separate processes share one budget of 60', async () => {
    const script = `
      import { adminLimiters } from ${JSON.stringify(LIMITER)};
      const l = await adminLimiters(process.env.REDIS_URL, (m) => console.error(m));
      let allowed = 0;
      for (let i = 0; i < 45; i++) if ((await l.requests.consume('shared-admin')).allowed) allowed++;
      await l.close();
      console.log(allowed);`;
    const child = () =>
      run(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, REDIS_URL: redis.url } });
    const [a, b] = await Promise.all([child(), child()]);
    const counts = [Number(a.stdout.trim()), Number(b.stdout.trim())];
    expect(a.stderr + b.stderr).toBe('');
    expect(counts[0]! + counts[1]!).toBe(60);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(15);
  });

  it('stopping Redis mid-test keeps the limit in force with no 5xx (insurance limiter)', async () => {
    const own = await startRedis();
    const limiters = await adminLimiters(own.url, () => {});
    try {
      const h = makeHandler(fx.root, { limiter: limiters.requests });
      const tok = await token({ sub: 'redis|outage', email: 'ada@example.test' });
      for (let i = 0; i < 30; i++) expect((await h(post(rpc('ping'), tok))).status).toBe(200);
      await own.stop();
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) statuses.push((await h(post(rpc('ping'), tok))).status);
      expect(statuses.every((s) => s < 500)).toBe(true);
      expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
      expect(statuses[60]).toBe(429);
    } finally {
      await limiters.close();
      await own.stop();
    }
  });
});
