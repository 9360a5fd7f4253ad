// The admin endpoint's two limits, built from the environment: 60 requests per 60 s per admin, and
// 5 rebuilds per hour per admin. Shared through Redis when REDIS_URL is set; per instance otherwise.
import type { Redis } from 'ioredis';
import { createRateLimiter, type RateLimiter } from './limiter.ts';

export const REQUEST_LIMIT = { points: 60, durationSeconds: 60 } as const;
export const REBUILD_LIMIT = { points: 5, durationSeconds: 3600 } as const;

export interface AdminLimiters {
  requests: RateLimiter;
  rebuilds: RateLimiter;
  close(): Promise<void>;
}

/** The Redis client (ioredis) is imported only when REDIS_URL is set: it costs ~30 ms of cold start. */
export async function adminLimiters(
  redisUrl: string | undefined,
  log: (msg: string) => void = console.warn,
  redis?: Redis,
): Promise<AdminLimiters> {
  const connect = async (url: string) =>
    (await import('./redis.ts')).createRedisClient(url, (err) => log(`rate limit store: ${err.message}`));
  const client = redis ?? (redisUrl ? await connect(redisUrl) : undefined);
  const onStoreError = (err: unknown) => log(`rate limit store failed: ${String(err)}`);
  return {
    requests: createRateLimiter({ ...REQUEST_LIMIT, keyPrefix: 'mcp-req', redis: client, onStoreError }),
    rebuilds: createRateLimiter({ ...REBUILD_LIMIT, keyPrefix: 'mcp-rebuild', redis: client, onStoreError }),
    async close() {
      if (client) client.disconnect();
    },
  };
}
