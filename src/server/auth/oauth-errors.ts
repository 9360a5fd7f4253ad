// Error answers of the OAuth endpoints, from the one table of OAuth errors (src/contract): RFC 6749
// JSON for the token and registration endpoints, and redirects with `error=` once a client is
// approved and its redirect URI trusted. Errors shown in the browser before that are pages (./pages.ts).
import { OAUTH_ERRORS, oauthErrorCode, type OAuthErrorName, type OAuthJsonError } from '../../contract/oauth-errors.ts';
import { apiError } from '../http/api-error.ts';
import { withCors } from '../http/cors.ts';
import { rateLimitHeaders } from '../rate-limit/headers.ts';
import type { LimitDecision } from '../rate-limit/limiter.ts';

/** `{error, error_description}` JSON with the answer's status and no-store, CORS included. */
export function oauthError(name: OAuthJsonError, description: string, headers: Record<string, string> = {}): Response {
  return withCors(
    new Response(JSON.stringify({ error: oauthErrorCode(name), error_description: description }), {
      status: OAUTH_ERRORS[name].status,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        pragma: 'no-cache',
        ...headers,
      },
    }),
  );
}

/** A 302 back to a trusted redirect URI carrying `error=` (and `state`, `iss`) per RFC 6749 §4.1.2.1 and RFC 9207. */
export function redirectError(
  redirectUri: string,
  error: OAuthErrorName,
  description: string,
  state: string | undefined,
  iss: string,
  extraHeaders: [string, string][] = [],
): Response {
  const url = new URL(redirectUri);
  url.searchParams.set('error', oauthErrorCode(error));
  url.searchParams.set('error_description', description);
  if (state !== undefined) url.searchParams.set('state', state);
  url.searchParams.set('iss', iss);
  const headers = new Headers(extraHeaders);
  headers.set('location', url.href);
  headers.set('cache-control', 'no-store');
  return new Response(null, { status: 302, headers });
}

/** 429 in the OAuth JSON format, with Retry-After and the RateLimit fields. */
export function oauthRateLimited(d: LimitDecision, windowSeconds: number): Response {
  return oauthError(
    'too_many_requests',
    `Too many requests from this address: at most ${d.limit} per ` +
      `${windowSeconds / 60} minutes. Retry after ${d.retryAfterSeconds} s.`,
    rateLimitHeaders(d, windowSeconds),
  );
}

export const NOT_CONFIGURED_HINT =
  'Set these environment variables (see .env.example); `npm start` ' +
  'configures a local demo identity provider when OIDC_ISSUER is unset.';

export const notConfiguredMessage = (missing: string[]) =>
  `The admin sign-in is not configured: missing or invalid ${missing.join(', ')}.`;

/** 503 naming every missing variable. */
export function notConfigured(missing: string[]): Response {
  return apiError('not_configured', notConfiguredMessage(missing), NOT_CONFIGURED_HINT);
}
