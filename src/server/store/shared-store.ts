// The admin side's shared state: single-use records (authorization codes, refresh-token families),
// rate-limit counters and JSON records with an expiry (answers kept for a moment, state kept between
// runs), kept where every function instance sees them. Backends: Netlify Blobs (the default,
// ./blobs.ts), Redis (REDIS_URL, ./redis.ts), memory (unit tests only, ./memory.ts).
import type { RateLimiter } from '../rate-limit/limiter.ts';

/** A limit of `points` requests per `durationSeconds` window for each key. */
import type { LimitSpec } from '../../contract/limits.ts';

export type { LimitSpec };

export type StoreBackend = 'netlify-blobs' | 'redis' | 'memory';

/** The largest record value, as JSON text: a few hundred kilobytes. */
export const RECORD_MAX_BYTES = 512 * 1024;

/**
 * A record's key: `/`-separated parts of letters, digits and `._-`, each starting with a letter or
 * digit; at most 200 characters.
 */
export const RECORD_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/**
 * A record value as the stores keep it: JSON text, refused (before anything is written) when the
 * key is not a record key or the value is not JSON or is larger than RECORD_MAX_BYTES.
 */
export function recordText(key: string, value: unknown): string {
  if (!RECORD_KEY.test(key) || key.length > 200) throw new Error(`"${key}" is not a record key`);
  const text = value === undefined ? undefined : JSON.stringify(value);
  if (text === undefined) throw new Error(`the record ${key} has no JSON value`);
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > RECORD_MAX_BYTES)
    throw new Error(`the record ${key} is ${bytes} bytes of JSON, more than ${RECORD_MAX_BYTES}`);
  return text;
}

/** JSON records that expire: one value per key, replaced whole. */
export interface RecordStore {
  /**
   * The value last put under `key`, or null when there is none or its expiry has passed (a record
   * is never read after its expiry, whatever the backend has cleaned up). Rejects when the store
   * cannot answer.
   */
  getRecord(key: string): Promise<unknown>;
  /**
   * Keeps `value` (JSON, at most RECORD_MAX_BYTES) under `key` until `expiresAt` (epoch ms),
   * replacing what was there. An expiry that has passed deletes the record. Rejects when the
   * store cannot answer.
   */
  putRecord(key: string, value: unknown, expiresAt: number): Promise<void>;
  /** Deletes the record under `key`, if any. Rejects when the store cannot answer. */
  deleteRecord(key: string): Promise<void>;
}

export interface SharedStore extends RecordStore {
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
