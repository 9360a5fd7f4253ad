// What a rate limiter is (one decision per request; ../store/slot-limiter.ts is the one every store
// uses), and how long to wait for a Redis client's first connection.
import type { Redis } from 'ioredis';

export interface LimitDecision {
  allowed: boolean;
  /** Points per window. */
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  /** Seconds to wait before retrying (0 when allowed). */
  retryAfterSeconds: number;
  /** Not allowed because the store could not count (an outage, not a limit): answer 503, not 429. */
  unavailable?: true;
}

export interface RateLimiter {
  readonly points: number;
  readonly durationSeconds: number;
  /** `shared` when counts live in a shared store, `instance` when they live in this process. */
  readonly scope: 'shared' | 'instance';
  consume(key: string): Promise<LimitDecision>;
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
