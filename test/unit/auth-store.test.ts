// The single-use store: in memory (per instance, expiring with the injected clock) and on a real
// redis-server started on a free loopback port (two clients share one record).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type LocalRedis } from '../../scripts/lib/redis.ts';
import { freePort } from '../../scripts/lib/stack.ts';
import { MemoryOneTimeStore, RedisOneTimeStore } from '../../src/server/auth/one-time-store.ts';

describe('MemoryOneTimeStore', () => {
  it('claims once, then again after the TTL', async () => {
    const clock = { now: 1_000 };
    const s = new MemoryOneTimeStore(() => clock.now);
    expect(await s.claim('a', 60_000)).toBe(true);
    expect(await s.claim('a', 60_000)).toBe(false);
    expect(await s.claim('b', 60_000)).toBe(true);
    clock.now += 60_001;
    expect(await s.claim('a', 60_000)).toBe(true);
  });
});

describe('RedisOneTimeStore (real redis-server)', () => {
  let redis: LocalRedis;
  let url = '';
  beforeAll(async () => {
    redis = await startRedis();
    url = redis.url;
  });
  afterAll(() => redis?.stop());
  it('two instances share one record: the second claim fails everywhere', async () => {
    const a = new RedisOneTimeStore(url);
    const b = new RedisOneTimeStore(url);
    try {
      const id = `code:${crypto.randomUUID()}`;
      expect(await a.claim(id, 60_000)).toBe(true);
      expect(await b.claim(id, 60_000)).toBe(false);
      expect(await a.claim(id, 60_000)).toBe(false);
      expect(await b.claim(`code:${crypto.randomUUID()}`, 60_000)).toBe(true);
    } finally {
      await a.close();
      await b.close();
    }
  });
  it('rejects (so the token endpoint fails closed) when Redis is unreachable', async () => {
    const s = new RedisOneTimeStore(`redis://127.0.0.1:${await freePort()}`);
    try {
      await expect(s.claim('x', 1000)).rejects.toThrow();
    } finally {
      await s.close();
    }
  });
});
