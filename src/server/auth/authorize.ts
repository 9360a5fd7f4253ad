// GET /api/auth/authorize: checks the client, its exact redirect URI, response_type=code, PKCE S256,
// state and resource, then sends the admin to the upstream provider. Errors before the redirect URI
// is trusted are shown (no open redirect); after, they go back to the client as `error=`.
import { apiError } from '../http/api-error.ts';
import { openClient } from './clients.ts';
import type { AuthContext } from './context.ts';
import { notConfigured, redirectError, shownError } from './oauth-errors.ts';
import { transactionCookie } from './transaction.ts';

const PKCE_CHALLENGE = /^[A-Za-z0-9\-._~]{43,128}$/;

export async function handleAuthorize(request: Request, ctx: AuthContext): Promise<Response> {
  if (request.method !== 'GET')
    return apiError(
      405,
      'method_not_allowed',
      `${request.method} is not allowed on /api/auth/authorize.`,
      'Open it with GET from a browser.',
      { allow: 'GET' },
    );
  if (!ctx.config.ok) return notConfigured(ctx.config.missing);
  const cfg = ctx.config.value;
  const q = new URL(request.url).searchParams;
  for (const key of new Set(q.keys()))
    if (q.getAll(key).length > 1) return shownError(`The parameter ${key} is repeated.`);
  const now = ctx.now();

  const client = await openClient(cfg.secret, q.get('client_id'), now);
  if (!client)
    return shownError(
      'Unknown client_id: it was not issued by this server or has been altered.',
      'Register the client at /api/auth/register first.',
    );
  const asked = q.get('redirect_uri');
  const redirectUri = asked ?? (client.redirectUris.length === 1 ? client.redirectUris[0]! : null);
  if (!redirectUri) return shownError('redirect_uri is required: the client registered more than one.');
  if (!client.redirectUris.includes(redirectUri))
    return shownError('redirect_uri does not exactly match a URI registered for this client.');

  // From here on the redirect URI is trusted: errors go back to the client.
  const state = q.get('state') ?? undefined;
  const fail = (error: string, description: string) => redirectError(redirectUri, error, description, state, cfg.base);
  if (q.get('response_type') !== 'code')
    return fail('unsupported_response_type', 'Only response_type=code is supported.');
  const challenge = q.get('code_challenge');
  if (!challenge)
    return fail('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256.');
  if (q.get('code_challenge_method') !== 'S256')
    return fail('invalid_request', 'Only code_challenge_method=S256 is supported (plain is refused).');
  if (!PKCE_CHALLENGE.test(challenge)) return fail('invalid_request', 'code_challenge is malformed.');
  const resource = q.get('resource');
  if (resource !== null && resource !== cfg.resource)
    return fail('invalid_target', `The only resource served is ${cfg.resource}.`);

  let upstream;
  try {
    upstream = await ctx.upstream.begin();
  } catch {
    return fail('temporarily_unavailable', 'The identity provider cannot be reached right now.');
  }
  const cookie = await transactionCookie(
    cfg.secret,
    {
      clientId: client.clientId,
      redirectUri,
      codeChallenge: challenge,
      ...(state !== undefined ? { state } : {}),
      resource: cfg.resource,
      upstream: upstream.checks,
    },
    now,
  );
  return new Response(null, {
    status: 302,
    headers: { location: upstream.url, 'set-cookie': cookie, 'cache-control': 'no-store' },
  });
}
