// The hourly rebuild on a real redis-server: two instances at the same moment post once. The rest
// (nothing due, a due product, a failed post, the local Netlify Blobs server): test/unit/scheduled-rebuild.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScheduledRebuild } from '../../src/server/rebuild/scheduled.ts';
import { redisStore } from '../../src/server/store/redis.ts';
import { startRedis, type RedisServer } from '../support/redis.ts';
import { depsFor, NOW, useBuildHook } from '../support/scheduled-rebuild.ts';

const hook = useBuildHook();
const { posts } = hook;
const deps = depsFor(hook);

describe('two instances on real stores', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('Redis: two instances at the same moment post once', async () => {
    // The stores keep the rebuild's clock: a claim's lifetime is counted from the same NOW (on the
    // real clock, a claim for 2026-12-01 10:00–11:00 had expired as soon as it was made).
    const onTestClock = () => redisStore(redis.url, { now: () => NOW.getTime(), log: () => {} });
    const [a, b] = [onTestClock(), onTestClock()];
    try {
      const outcomes = await Promise.all([a, b].map((store) => runScheduledRebuild(deps({ store }))));
      expect(outcomes.map((o) => o.result).sort()).toEqual(['already-posted', 'posted']);
      expect(posts).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
