// The first checks every /api/auth endpoint makes after its method: is the admin side configured
// (with a shared store), and is this client IP within the endpoint's limit. Each endpoint renders
// the answers in its own format (OAuth JSON or a page).
import { rateLimitHeaders } from '../rate-limit/headers.ts';
import type { LimitDecision } from '../rate-limit/limiter.ts';
import { AUTH_LIMITS, type AuthEndpoint } from '../../contract/limits.ts';
import type { SharedStore } from '../store/shared-store.ts';
import type { AuthConfig } from './config.ts';
import type { AuthContext } from './context.ts';
import { NOT_CONFIGURED_HINT, notConfiguredMessage } from './oauth-errors.ts';
import { errorPage } from './pages.ts';

export type Readiness = { ok: true; cfg: AuthConfig; store: SharedStore } | { ok: false; missing: string[] };

export function readiness(ctx: AuthContext): Readiness {
  const missing = [...(ctx.config.ok ? [] : ctx.config.missing), ...(ctx.store.ok ? [] : [ctx.store.missing])];
  if (!ctx.config.ok || !ctx.store.ok) return { ok: false, missing };
  return { ok: true, cfg: ctx.config.value, store: ctx.store.store };
}

/** Counts one request from `ip` against `endpoint`'s limit (never throws: store trouble refuses). */
export function limitByIp(store: SharedStore, endpoint: AuthEndpoint, ip: string): Promise<LimitDecision> {
  return store.limiter(AUTH_LIMITS[endpoint]).consume(ip || 'unknown');
}

export const limitWindow = (endpoint: AuthEndpoint) => AUTH_LIMITS[endpoint].durationSeconds;

/** Both checks for the browser endpoints, answered with a page: the ready store, or the refusal. */
export async function pageGate(
  ctx: AuthContext,
  endpoint: 'authorize' | 'callback',
  ip: string,
): Promise<Extract<Readiness, { ok: true }> | Response> {
  const ready = readiness(ctx);
  if (!ready.ok) return errorPage(503, notConfiguredMessage(ready.missing), NOT_CONFIGURED_HINT);
  const limit = await limitByIp(ready.store, endpoint, ip);
  if (limit.allowed) return ready;
  const minutes = limitWindow(endpoint) / 60;
  return errorPage(
    429,
    `Too many sign-in requests from this address: at most ${limit.limit} in ${minutes} minutes.`,
    `Try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`,
    Object.entries(rateLimitHeaders(limit, limitWindow(endpoint))),
  );
}
