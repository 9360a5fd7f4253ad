// The hourly rebuild on a real redis-server: two instances at the same moment post once. The rest
// (nothing due, a due product, a failed post, the local Netlify Blobs server): test/unit/scheduled-rebuild.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScheduledRebuild } from '../../src/server/rebuild/scheduled.ts';
import { redisStore } from '../../src/server/store/redis.ts';
import { startRedis, type RedisServer } from '../support/redis.ts';
import { depsFor, useBuildHook } from '../support/scheduled-rebuild.ts';

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
    const [a, b] = [redisStore(redis.url, { log: () => {} }), redisStore(redis.url, { log: () => {} })];
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
