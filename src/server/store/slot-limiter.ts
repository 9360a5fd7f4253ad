// Exact rate limits over any span of the limit's duration, on a store that offers only
// create-if-absent and a count of keys.
//
// Time is cut into steps of a quarter of the duration. A request counts what the four steps before
// its own and its own step hold, which together cover every span of the duration that ends now, and
// takes the lowest free numbered slot of its own step up to what is left: a conditional create, so
// at most `points` requests ever succeed in any span of the duration, however many instances race
// for them. (A clock-aligned window would let `points` through at :59 and `points` more at :00.)
// The price of counting in steps: a refused client may wait up to a step longer than a log of every
// request's time would make it, and a request counts against the limit for up to 1¼ durations.
import { createHash } from 'node:crypto';
import type { LimitDecision, RateLimiter } from '../rate-limit/limiter.ts';
import type { LimitSpec } from './shared-store.ts';

export interface SlotBackend {
  /** Creates `key` if absent; true when this call created it. */
  create(key: string, expiresAt: number): Promise<boolean>;
  /** How many keys exist under `prefix` (may lag behind, never ahead). */
  count(prefix: string, expiresAt: number): Promise<number>;
}

/** Steps per duration: four reads and a count per request, and at most a step of extra waiting. */
export const STEPS_PER_SPAN = 4;

/** Identities (emails, IP addresses) never reach the store in clear text. */
export const keyDigest = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 22);

export function slotLimiter(
  backend: SlotBackend,
  spec: LimitSpec,
  opts: {
    now: () => number;
    scope: RateLimiter['scope'];
    onStoreError?: (err: unknown) => void;
    /** Decides instead while the store fails (Redis's in-memory stand-in); without one, refuse. */
    fallback?: RateLimiter;
  },
): RateLimiter {
  const { points, durationSeconds } = spec;
  const spanMs = durationSeconds * 1000;
  const stepMs = spanMs / STEPS_PER_SPAN;
  return {
    points,
    durationSeconds,
    scope: opts.scope,
    async consume(key) {
      const now = opts.now();
      const step = Math.floor(now / stepMs);
      const digest = keyDigest(key);
      const prefix = (s: number) => `limit/${spec.name}/${s}/${digest}/`;
      // A step's slots count until the last span that holds part of the step has passed.
      const expiry = (s: number) => (s + 1) * stepMs + spanMs;
      try {
        // Oldest first: earlier[0] is the step that drops out of the count next.
        const steps = Array.from({ length: STEPS_PER_SPAN + 1 }, (_, i) => step - STEPS_PER_SPAN + i);
        const counts = await Promise.all(steps.map((s) => backend.count(prefix(s), expiry(s))));
        const before = counts.slice(0, -1).reduce((a, b) => a + b, 0);
        const cap = points - before;
        // Slots are taken lowest first, so they stay contiguous and the count is where to start.
        for (let slot = counts.at(-1)! + 1; slot <= cap; slot++) {
          if (await backend.create(`${prefix(step)}${slot}`, expiry(step)))
            return decision(true, before + slot, counts, now);
        }
        return decision(false, points, counts, now);
      } catch (err) {
        // Never fail open: a store that cannot count refuses the request for a moment.
        opts.onStoreError?.(err);
        if (opts.fallback) return opts.fallback.consume(key);
        return {
          allowed: false,
          unavailable: true,
          limit: points,
          remaining: 0,
          resetSeconds: 5,
          retryAfterSeconds: 5,
        };
      }

      /** The answer, with when capacity next comes back: when the oldest step holding a request drops out. */
      function decision(allowed: boolean, used: number, counts: number[], at: number): LimitDecision {
        const oldest = counts.findIndex((c) => c > 0);
        const freedAt = (step + 1 + (oldest === -1 ? STEPS_PER_SPAN : oldest)) * stepMs;
        const resetSeconds = Math.max(1, Math.ceil((freedAt - at) / 1000));
        return {
          allowed,
          limit: points,
          remaining: Math.max(0, points - used),
          resetSeconds,
          retryAfterSeconds: allowed ? 0 : resetSeconds,
        };
      }
    },
  };
}
