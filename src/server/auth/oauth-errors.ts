// Error answers of the OAuth endpoints: RFC 6749 JSON for the token and registration endpoints,
// redirects with `error=` once a client's redirect URI is trusted, and shown (never redirected)
// ApiErrors before that.
import { apiError } from '../http/api-error.ts';
import { withCors } from '../http/cors.ts';

/** `{error, error_description}` JSON with no-store, CORS included. */
export function oauthJsonError(
  status: number,
  error: string,
  description: string,
  headers: Record<string, string> = {},
): Response {
  return withCors(
    new Response(JSON.stringify({ error, error_description: description }), {
      status,
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
  error: string,
  description: string,
  state: string | undefined,
  iss: string,
  extraHeaders: Record<string, string> = {},
): Response {
  const url = new URL(redirectUri);
  url.searchParams.set('error', error);
  url.searchParams.set('error_description', description);
  if (state !== undefined) url.searchParams.set('state', state);
  url.searchParams.set('iss', iss);
  return new Response(null, {
    status: 302,
    headers: { location: url.href, 'cache-control': 'no-store', ...extraHeaders },
  });
}

/** A shown error: the request cannot be trusted to redirect anywhere. */
export function shownError(message: string, hint?: string, headers: Record<string, string> = {}): Response {
  return apiError(400, 'bad_request', message, hint, headers);
}

/** 503 naming every missing variable. */
export function notConfigured(missing: string[]): Response {
  return apiError(
    503,
    'not_configured',
    `The admin sign-in is not configured: missing or invalid ${missing.join(', ')}.`,
    'Set these environment variables (see .env.example); `npm start` configures a local demo identity provider when OIDC_ISSUER is unset.',
  );
}
