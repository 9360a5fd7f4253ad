// Exact rate limits on a store that offers only create-if-absent and a count of keys: each request
// in a clock-aligned window takes the lowest free numbered slot with a conditional create, so at most
// `points` requests per window ever succeed, however many instances race for them.
import { createHash } from 'node:crypto';
import type { LimitDecision, RateLimiter } from '../rate-limit/limiter.ts';
import type { LimitSpec } from './shared-store.ts';

export interface SlotBackend {
  /** Creates `key` if absent; true when this call created it. */
  create(key: string, expiresAt: number): Promise<boolean>;
  /** How many keys exist under `prefix` (may lag behind, never ahead). */
  count(prefix: string, expiresAt: number): Promise<number>;
}

/** Identities (emails, IP addresses) never reach the store in clear text. */
export const keyDigest = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 22);

export function slotLimiter(
  backend: SlotBackend,
  spec: LimitSpec,
  opts: { now: () => number; scope: RateLimiter['scope']; onStoreError?: (err: unknown) => void },
): RateLimiter {
  const { points, durationSeconds } = spec;
  const windowMs = durationSeconds * 1000;
  return {
    points,
    durationSeconds,
    scope: opts.scope,
    async consume(key) {
      const now = opts.now();
      const start = Math.floor(now / windowMs) * windowMs;
      const end = start + windowMs;
      const resetSeconds = Math.max(1, Math.ceil((end - now) / 1000));
      const decide = (allowed: boolean, used: number): LimitDecision => ({
        allowed,
        limit: points,
        remaining: Math.max(0, points - used),
        resetSeconds,
        retryAfterSeconds: allowed ? 0 : resetSeconds,
      });
      const prefix = `limit/${spec.name}/${start}/${keyDigest(key)}/`;
      try {
        // Slots are taken lowest first, so they stay contiguous and the count is where to start.
        for (let slot = (await backend.count(prefix, end)) + 1; slot <= points; slot++) {
          if (await backend.create(`${prefix}${slot}`, end)) return decide(true, slot);
        }
        return decide(false, points);
      } catch (err) {
        // Never fail open: a store that cannot count refuses the request for a moment.
        opts.onStoreError?.(err);
        return { allowed: false, limit: points, remaining: 0, resetSeconds: 5, retryAfterSeconds: 5 };
      }
    },
  };
}
