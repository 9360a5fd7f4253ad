// Rate-limit response headers: `RateLimit-Limit/-Remaining/-Reset` and `RateLimit-Policy`
// (IETF httpapi draft fields), plus `Retry-After` when the request is refused.
import type { LimitDecision } from './limiter.ts';

export function rateLimitHeaders(d: LimitDecision, windowSeconds: number): Record<string, string> {
  const h: Record<string, string> = {
    'RateLimit-Limit': String(d.limit),
    'RateLimit-Remaining': String(d.remaining),
    'RateLimit-Reset': String(d.resetSeconds),
    'RateLimit-Policy': `${d.limit};w=${windowSeconds}`,
  };
  if (!d.allowed) h['Retry-After'] = String(d.retryAfterSeconds);
  return h;
}
