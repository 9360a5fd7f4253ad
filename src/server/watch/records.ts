// Where the watchers keep what they know, in the shared store (Netlify Blobs or Redis): every key,
// how long records live, the lock that keeps two instances of a watcher from running at once, and a
// read that treats a record of another shape as absent (a new version starts afresh, never crashes).
import type { z } from 'zod';
import type { RecordStore, SharedStore } from '../store/shared-store.ts';

export const WATCH_KEYS = {
  /** The link watcher's cursor, due rechecks, shops that are down, open proposals, last run. */
  linkState: 'watch/links/state-v1',
  /** The link results, in LINK_SHARDS records by slug (./link-state.ts). */
  linkShard: (shard: number) => `watch/links/results-v1/${String(shard).padStart(2, '0')}`,
  /** The recall watcher's read marks, brands checked, matches, open proposals, last run. */
  recallState: 'watch/recalls/state-v1',
  /** The recalls each brand has had (what audit_catalog lists as brand-only matches). */
  recallBrands: 'watch/recalls/brands-v1',
  /** Held while a watcher runs. */
  lock: (watcher: 'links' | 'recalls') => `watch/${watcher}/lock`,
};

/** Records are kept this long after their last write: far longer than any gap between runs. */
export const WATCH_RECORD_MS = 90 * 24 * 3_600_000;

/** A lock outlives a run (30 s at most) but not a crash by much. */
const LOCK_MS = 120_000;

/**
 * Runs `work` unless another instance of the watcher holds the lock; null when it does. The lock is
 * released afterwards (a second run in the same hour is allowed; two at once are not).
 */
export async function withLock<T>(
  store: SharedStore,
  watcher: 'links' | 'recalls',
  now: number,
  work: () => Promise<T>,
): Promise<T | null> {
  const key = WATCH_KEYS.lock(watcher);
  const expiresAt = now + LOCK_MS;
  if (!(await store.claim(key, expiresAt))) return null;
  try {
    return await work();
  } finally {
    await store.release(key, expiresAt).catch(() => {});
  }
}

/** A record read through its schema: null when absent or of another shape. */
export async function readRecord<S extends z.ZodType>(
  store: RecordStore,
  key: string,
  schema: S,
): Promise<z.infer<S> | null> {
  const value = await store.getRecord(key);
  if (value === null) return null;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export const writeRecord = (store: SharedStore, key: string, value: unknown, now: number) =>
  store.putRecord(key, value, now + WATCH_RECORD_MS);
