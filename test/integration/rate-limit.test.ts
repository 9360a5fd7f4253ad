// The admin request limit: 60 per minute per admin through the Redis store on a real redis-server
// (shared by separate processes; a Redis outage keeps the limit through the in-memory stand-in).
// In memory: test/unit/rate-limit.test.ts. The Netlify Blobs store's exact count is proven in
// test/unit/store.test.ts and over HTTP.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_LIMIT } from '../../src/contract/limits.ts';
import { redisStore } from '../../src/server/store/redis.ts';
import { startRedis, type RedisServer } from '../support/redis.ts';
import { fixtureDir, makeHandler, post, rpc, token } from '../support/mcp.ts';

const run = promisify(execFile);
const STORE = path.resolve('src/server/store/redis.ts');
const LIMITS = path.resolve('src/contract/limits.ts');

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
    const store = redisStore(redis.url, { log: () => {} });
    try {
      const limiter = store.limiter(REQUEST_LIMIT);
      expect(limiter.scope).toBe('shared');
      const h = makeHandler(fx.root, { limiter });
      const tok = await token({ sub: 'redis|one', email: 'ada@example.test' });
      for (let i = 0; i < 60; i++) expect((await h(post(rpc('ping'), tok))).status).toBe(200);
      const res = await h(post(rpc('ping'), tok));
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    } finally {
      await store.close();
    }
  });

  it('two separate processes share one budget of 60', async () => {
    const script = `
      import { redisStore } from ${JSON.stringify(STORE)};
      import { REQUEST_LIMIT } from ${JSON.stringify(LIMITS)};
      const store = redisStore(process.env.REDIS_URL, { log: (m) => console.error(m) });
      const l = store.limiter(REQUEST_LIMIT);
      let allowed = 0;
      for (let i = 0; i < 45; i++) if ((await l.consume('shared-admin')).allowed) allowed++;
      await store.close();
      console.log(allowed);`;
    const child = () =>
      run(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, REDIS_URL: redis.url } });
    const [a, b] = await Promise.all([child(), child()]);
    const counts = [Number(a.stdout.trim()), Number(b.stdout.trim())];
    expect(a.stderr + b.stderr).toBe('');
    expect(counts[0]! + counts[1]!).toBe(60);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(15);
  });

  it('stopping Redis mid-test keeps the limit in force with no 5xx (the in-memory stand-in)', async () => {
    const own = await startRedis();
    const store = redisStore(own.url, { log: () => {} });
    try {
      const h = makeHandler(fx.root, { limiter: store.limiter(REQUEST_LIMIT) });
      const tok = await token({ sub: 'redis|outage', email: 'ada@example.test' });
      for (let i = 0; i < 30; i++) expect((await h(post(rpc('ping'), tok))).status).toBe(200);
      await own.stop();
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) statuses.push((await h(post(rpc('ping'), tok))).status);
      expect(statuses.every((s) => s < 500)).toBe(true);
      expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
      expect(statuses[60]).toBe(429);
    } finally {
      await store.close();
      await own.stop();
    }
  });
});
