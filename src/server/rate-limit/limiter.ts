// What a rate limiter is (one decision per request), and the rate-limiter-flexible one the Redis
// store uses: shared by every instance through Redis, with an in-memory insurance limiter so a Redis
// outage keeps limiting; in-memory alone when no client is given (unit tests). Never throws.
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface LimitDecision {
  allowed: boolean;
  /** Points per window. */
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  /** Seconds to wait before retrying (0 when allowed). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  readonly points: number;
  readonly durationSeconds: number;
  /** `shared` when counts live in a shared store, `instance` when they live in this process. */
  readonly scope: 'shared' | 'instance';
  consume(key: string): Promise<LimitDecision>;
}

export interface LimiterOptions {
  points: number;
  durationSeconds: number;
  keyPrefix: string;
  /** A Redis client (ioredis); omitted means in-memory counting per instance. */
  redis?: Redis | undefined;
  /** Called when the store fails and the insurance limiter decides instead. */
  onStoreError?: (err: unknown) => void;
}

function decision(res: RateLimiterRes, points: number, allowed: boolean): LimitDecision {
  const resetSeconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return {
    allowed,
    limit: points,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds,
    retryAfterSeconds: allowed ? 0 : resetSeconds,
  };
}

/** Resolves when the client is ready or after `ms`, whichever comes first (never rejects). */
export function readyWithin(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
  });
}

export function createRateLimiter(opts: LimiterOptions): RateLimiter {
  const { points, durationSeconds: duration, keyPrefix } = opts;
  const memory = new RateLimiterMemory({ points, duration, keyPrefix });
  let limiter: RateLimiterAbstract = memory;
  let ready: Promise<void> = Promise.resolve();
  if (opts.redis) {
    const redis = opts.redis;
    limiter = new RateLimiterRedis({
      storeClient: redis,
      points,
      duration,
      keyPrefix,
      insuranceLimiter: memory,
      rejectIfRedisNotReady: true,
    });
    // Wait briefly for the first connection so the first requests count in Redis, not in memory.
    ready = readyWithin(redis, 1500);
  }
  return {
    points,
    durationSeconds: duration,
    scope: opts.redis ? 'shared' : 'instance',
    async consume(key) {
      await ready;
      try {
        return decision(await limiter.consume(key), points, true);
      } catch (err) {
        if (err instanceof RateLimiterRes) return decision(err, points, false);
        // Unreachable with an insurance limiter; if it happens anyway, refuse (never fail open).
        opts.onStoreError?.(err);
        return { allowed: false, limit: points, remaining: 0, resetSeconds: 1, retryAfterSeconds: 1 };
      }
    },
  };
}
