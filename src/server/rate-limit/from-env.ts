// The admin endpoint's two limits, built from the environment: 60 requests per 60 s per admin, and
// 5 rebuilds per hour per admin. Shared through Redis when REDIS_URL is set; per instance otherwise.
import type { Redis } from 'ioredis';
import { createRateLimiter, type RateLimiter } from './limiter.ts';
import { createRedisClient } from './redis.ts';

export const REQUEST_LIMIT = { points: 60, durationSeconds: 60 } as const;
export const REBUILD_LIMIT = { points: 5, durationSeconds: 3600 } as const;

export interface AdminLimiters {
  requests: RateLimiter;
  rebuilds: RateLimiter;
  close(): Promise<void>;
}

export function adminLimiters(redisUrl: string | undefined, log: (msg: string) => void = console.warn, redis?: Redis): AdminLimiters {
  const client = redis ?? (redisUrl ? createRedisClient(redisUrl, (err) => log(`rate limit store: ${err.message}`)) : undefined);
  const onStoreError = (err: unknown) => log(`rate limit store failed: ${String(err)}`);
  return {
    requests: createRateLimiter({ ...REQUEST_LIMIT, keyPrefix: 'mcp-req', redis: client, onStoreError }),
    rebuilds: createRateLimiter({ ...REBUILD_LIMIT, keyPrefix: 'mcp-rebuild', redis: client, onStoreError }),
    async close() {
      if (client) client.disconnect();
    },
  };
}
