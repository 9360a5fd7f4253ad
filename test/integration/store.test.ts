// The shared store on a real redis-server: single use, one exact budget and JSON records shared by
// two clients, and a Redis that cannot be reached rejects (fails closed). In memory and on a local
// Netlify Blobs server: test/unit/store.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/stack.ts';
import { redisStore } from '../../src/server/store/redis.ts';
import { startRedis, type RedisServer } from '../support/redis.ts';
import { exactBudget, recordsHold } from '../support/store-contract.ts';

describe('Redis store (real redis-server)', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.stop());

  it('two clients share single use and one budget of 60', async () => {
    const a = redisStore(redis.url, { log: () => {} });
    const b = redisStore(redis.url, { log: () => {} });
    try {
      const key = `code/${crypto.randomUUID()}`;
      expect(await a.claim(key, Date.now() + 60_000)).toBe(true);
      expect(await b.claim(key, Date.now() + 60_000)).toBe(false);
      expect(await b.has(key, 0)).toBe(true);
      await b.release(key, Date.now() + 60_000);
      expect(await a.claim(key, Date.now() + 60_000)).toBe(true);
      expect(await b.claim(key, Date.now() + 60_000)).toBe(false);
      const results = await exactBudget(a, b, 'redis');
      expect(results.slice(0, 60).every(Boolean)).toBe(true);
      expect(results[60]).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  });
  it('two clients share JSON records, which Redis forgets at their expiry', async () => {
    const a = redisStore(redis.url, { log: () => {} });
    const b = redisStore(redis.url, { log: () => {} });
    try {
      await recordsHold(a, b, Date.now, (ms) => new Promise((r) => setTimeout(r, ms)));
    } finally {
      await a.close();
      await b.close();
    }
  });
  it('rejects claims (so the token endpoint fails closed) and records when Redis is unreachable', async () => {
    const s = redisStore(`redis://127.0.0.1:${await freePort()}`, { log: () => {} });
    try {
      await expect(s.getRecord('x')).rejects.toThrow();
      await expect(s.claim('x', Date.now() + 1000)).rejects.toThrow();
    } finally {
      await s.close();
    }
  });
});
