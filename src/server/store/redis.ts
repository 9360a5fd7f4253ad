// The shared store on Redis (REDIS_URL): single use is `SET key 1 PX ttl NX`, limits stay on
// rate-limiter-flexible's RateLimiterRedis with its in-memory insurance limiter (../rate-limit/limiter.ts).
import { createRateLimiter, readyWithin } from '../rate-limit/limiter.ts';
import { createRedisClient } from '../rate-limit/redis.ts';
import type { SharedStore } from './shared-store.ts';

const PREFIX = 'admin:';

export function redisStore(
  url: string,
  opts: { now?: () => number; log?: (message: string) => void } = {},
): SharedStore & { close(): Promise<void> } {
  const now = opts.now ?? Date.now;
  const log = opts.log ?? ((m: string) => console.warn(m));
  const client = createRedisClient(url, (err) => log(`shared store (Redis): ${err.message}`));
  // The client queues nothing while disconnected, so wait briefly for the first connection.
  const ready = readyWithin(client, 1500);
  // One limiter per name, so its insurance limiter keeps counting across requests of this instance.
  const limiters = new Map<string, ReturnType<typeof createRateLimiter>>();
  return {
    backend: 'redis',
    async claim(key, expiresAt) {
      await ready;
      const ttl = Math.max(1, Math.ceil(expiresAt - now()));
      return (await client.set(`${PREFIX}${key}`, '1', 'PX', ttl, 'NX')) === 'OK';
    },
    async release(key) {
      await ready;
      await client.del(`${PREFIX}${key}`);
    },
    async has(key) {
      await ready;
      return (await client.exists(`${PREFIX}${key}`)) === 1;
    },
    limiter(spec) {
      let limiter = limiters.get(spec.name);
      if (!limiter) {
        limiter = createRateLimiter({
          points: spec.points,
          durationSeconds: spec.durationSeconds,
          keyPrefix: `${PREFIX}limit:${spec.name}`,
          redis: client,
          onStoreError: (err) => log(`rate limit store failed: ${String(err)}`),
        });
        limiters.set(spec.name, limiter);
      }
      return limiter;
    },
    async close() {
      client.disconnect();
    },
  };
}
