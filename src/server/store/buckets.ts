// Netlify Blobs has no expiry, so every key starts with the UTC hour after which it has expired:
// the clean-up deletes whole past hours without reading a record, and never touches a live one.
// JSON records are read by key alone, so they cannot: each is `record/<key>`, its expiry in its
// blob's metadata.
const HOUR_MS = 3_600_000;

/** `2026-11-23T15` for any expiry in (14:00, 15:00] UTC. */
export function expiryBucket(expiresAt: number): string {
  return new Date(Math.ceil(expiresAt / HOUR_MS) * HOUR_MS).toISOString().slice(0, 13);
}

/** When everything in a bucket has expired, or null when `name` is not a bucket. */
export function bucketExpiry(name: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}$/.test(name)) return null;
  const t = Date.parse(`${name}:00:00Z`);
  return Number.isNaN(t) ? null : t;
}

export const bucketed = (key: string, expiresAt: number) => `${expiryBucket(expiresAt)}/${key}`;

/** Where JSON records live: one blob each, `record/<key>`. */
export const RECORD_PREFIX = 'record/';

/** A record's expiry from its blob's metadata, or null when it has none. */
export function recordExpiry(metadata: Record<string, unknown> | undefined): number | null {
  const at = metadata?.expiresAt;
  return typeof at === 'number' && Number.isFinite(at) ? at : null;
}
