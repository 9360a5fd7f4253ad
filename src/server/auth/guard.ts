// The first checks every /api/auth endpoint makes after its method: is the admin side configured
// (with a shared store), and is this client IP within the endpoint's limit. The browser endpoints
// answer with pages (`pageGate`); the OAuth POST endpoints share one preamble (`oauthPost`).
import { isIPv6 } from 'node:net';
import { rateLimitHeaders } from '../rate-limit/headers.ts';
import type { LimitDecision } from '../rate-limit/limiter.ts';
import { AUTH_LIMITS, type AuthEndpoint } from '../../contract/limits.ts';
import type { SharedStore } from '../store/shared-store.ts';
import type { AuthConfig } from './config.ts';
import type { AuthContext } from './context.ts';
import type { OAuthJsonError } from '../../contract/oauth-errors.ts';
import { apiError } from '../http/api-error.ts';
import { readBody } from '../http/body.ts';
import { hasMediaType } from '../http/content-type.ts';
import { preflight, withCors } from '../http/cors.ts';
import {
  NOT_CONFIGURED_HINT,
  notConfigured,
  notConfiguredMessage,
  oauthError,
  oauthRateLimited,
} from './oauth-errors.ts';
import { ADMIN_PAGE, errorPage, type PageLook } from './pages.ts';

export type Readiness = { ok: true; cfg: AuthConfig; store: SharedStore } | { ok: false; missing: string[] };

export function readiness(ctx: AuthContext): Readiness {
  const missing = [...(ctx.config.ok ? [] : ctx.config.missing), ...(ctx.store.ok ? [] : [ctx.store.missing])];
  if (!ctx.config.ok || !ctx.store.ok) return { ok: false, missing };
  return { ok: true, cfg: ctx.config.value, store: ctx.store.store };
}

/** Counts one request from `ip` against `endpoint`'s limit (never throws: store trouble refuses). */
export function limitByIp(store: SharedStore, endpoint: AuthEndpoint, ip: string): Promise<LimitDecision> {
  return store.limiter(AUTH_LIMITS[endpoint]).consume(ipLimitKey(ip));
}

/**
 * Whom a per-IP limit counts: an IPv4 address, or the /64 network of an IPv6 address (one subscriber
 * usually holds a whole /64, so counting each address would give an attacker 2^64 budgets).
 */
export function ipLimitKey(ip: string): string {
  if (!ip) return 'unknown';
  const v4mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4mapped) return v4mapped[1]!;
  if (isIPv6(ip)) return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

/** The eight groups of an IPv6 address, each as four lower-case hex digits. */
function expandIPv6(ip: string): string[] {
  const [head, tail] = ip.toLowerCase().split('::') as [string, string | undefined];
  const parts = (s: string | undefined) => (s ? s.split(':') : []);
  const left = parts(head);
  const right = parts(tail);
  // A trailing dotted IPv4 part (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) fills two groups.
  const width = (p: string[]) => p.length + (p.at(-1)?.includes('.') ? 1 : 0);
  const groups = tail === undefined ? left : [...left, ...Array(8 - width(left) - width(right)).fill('0'), ...right];
  return groups.map((g) => g.padStart(4, '0'));
}

export const limitWindow = (endpoint: AuthEndpoint) => AUTH_LIMITS[endpoint].durationSeconds;

/** Both checks for the browser endpoints, answered with a page: the ready store, or the refusal. */
export async function pageGate(
  ctx: AuthContext,
  endpoint: 'authorize' | 'callback',
  ip: string,
  look: PageLook = ADMIN_PAGE,
): Promise<Extract<Readiness, { ok: true }> | Response> {
  const ready = readiness(ctx);
  if (!ready.ok) return errorPage(503, notConfiguredMessage(ready.missing), NOT_CONFIGURED_HINT, [], look);
  const limit = await limitByIp(ready.store, endpoint, ip);
  if (limit.allowed) return ready;
  if (limit.unavailable)
    return errorPage(
      503,
      'Sign-in is unavailable for a moment: the service that keeps sign-ins could not be reached.',
      `Try again in ${limit.retryAfterSeconds} seconds.`,
      [['Retry-After', String(limit.retryAfterSeconds)]],
      look,
    );
  const minutes = limitWindow(endpoint) / 60;
  return errorPage(
    429,
    `Too many sign-in requests from this address: at most ${limit.limit} in ${minutes} minutes.`,
    `Try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`,
    Object.entries(rateLimitHeaders(limit, limitWindow(endpoint))),
    look,
  );
}

export interface OAuthPostSpec {
  endpoint: 'register' | 'token';
  /** The one media type the body may have, and how to say so. */
  mediaType: string;
  mediaTypeHint: string;
  /** How a refusal names the body ("The request body"). */
  body: string;
  /** The most bytes read; a longer body is refused without reading the rest. */
  maxBytes: number;
  /** The answers for a body of the wrong media type or not UTF-8, and for one over the cap. */
  badBody: OAuthJsonError;
  tooLarge: OAuthJsonError;
}

export type OAuthPost = { ready: Extract<Readiness, { ok: true }>; text: string };

/**
 * The preamble of the OAuth POST endpoints, in one visible order: the CORS preflight, the method
 * (405), the configuration and shared store (503), this address's limit (429), the media type
 * (400), the body within its cap (413) and in UTF-8 (400). A refusal is the answer to send;
 * otherwise the body's text and the ready configuration.
 */
export async function oauthPost(
  request: Request,
  ctx: AuthContext,
  ip: string,
  spec: OAuthPostSpec,
): Promise<Response | OAuthPost> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST')
    return withCors(
      apiError(
        'method_not_allowed',
        `${request.method} is not allowed on /api/auth/${spec.endpoint}.`,
        spec.mediaTypeHint,
        {
          allow: 'POST, OPTIONS',
        },
      ),
    );
  const ready = readiness(ctx);
  if (!ready.ok) return withCors(notConfigured(ready.missing));
  const limit = await limitByIp(ready.store, spec.endpoint, ip);
  if (limit.unavailable)
    return oauthError(
      'temporarily_unavailable',
      `The admin store could not be reached. Retry after ${limit.retryAfterSeconds} s.`,
      { 'Retry-After': String(limit.retryAfterSeconds) },
    );
  if (!limit.allowed) return oauthRateLimited(limit, limitWindow(spec.endpoint));
  if (!hasMediaType(request.headers.get('content-type'), spec.mediaType))
    return oauthError(spec.badBody, spec.mediaTypeHint);
  const body = await readBody(request, spec.maxBytes);
  if (!body.ok)
    return body.reason === 'too_large'
      ? oauthError(spec.tooLarge, `${spec.body} is larger than ${spec.maxBytes} bytes.`)
      : oauthError(spec.badBody, `${spec.body} is not valid UTF-8.`);
  return { ready, text: body.text };
}
