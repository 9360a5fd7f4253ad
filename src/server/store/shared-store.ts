// The admin side's shared state: single-use records (authorization codes, refresh-token families)
// and rate-limit counters, kept where every function instance sees them. Backends: Netlify Blobs
// (the default, ./blobs.ts), Redis (REDIS_URL, ./redis.ts), memory (unit tests only, ./memory.ts).
import type { RateLimiter } from '../rate-limit/limiter.ts';

/** A limit of `points` requests per `durationSeconds` window for each key. */
import type { LimitSpec } from '../../contract/limits.ts';

export type { LimitSpec };

export type StoreBackend = 'netlify-blobs' | 'redis' | 'memory';

export interface SharedStore {
  readonly backend: StoreBackend;
  /**
   * Records `key` until `expiresAt` (epoch ms): true for the call that created the record, false for
   * every later call. Rejects when the store cannot answer (callers fail closed).
   */
  claim(key: string, expiresAt: number): Promise<boolean>;
  /**
   * Gives up a claim (pass the `expiresAt` it was claimed with), so the next `claim` of `key` is a
   * first claim again: for a claim that marks work which then failed. Rejects when the store cannot answer.
   */
  release(key: string, expiresAt: number): Promise<void>;
  /** True when `key` was claimed and has not expired; pass the `expiresAt` it was claimed with. */
  has(key: string, expiresAt: number): Promise<boolean>;
  /** A rate limiter counting in this store. Its decisions never throw: store trouble refuses. */
  limiter(spec: LimitSpec): RateLimiter;
}
