// GET /api/auth/callback: the upstream provider returns here. Exchanges its code, requires a
// verified email on the allowlist, and sends the client our own single-use code with state and iss.
import { apiError } from '../http/api-error.ts';
import type { AuthContext } from './context.ts';
import { issueCode } from './grants.ts';
import { notConfigured, redirectError, shownError } from './oauth-errors.ts';
import { clearTransactionCookie, readTransaction } from './transaction.ts';
import { UpstreamDeniedError, UpstreamStateError, type UpstreamIdentity } from './upstream.ts';

export async function handleCallback(request: Request, ctx: AuthContext): Promise<Response> {
  if (request.method !== 'GET')
    return apiError(405, 'method_not_allowed', `${request.method} is not allowed on /api/auth/callback.`, undefined, {
      allow: 'GET',
    });
  if (!ctx.config.ok) return notConfigured(ctx.config.missing);
  const cfg = ctx.config.value;
  const now = ctx.now();
  const clear = { 'set-cookie': clearTransactionCookie() };
  const tx = await readTransaction(cfg.secret, request, now);
  if (!tx)
    return shownError(
      'No sign-in is in progress in this browser (the sign-in cookie is missing, altered or expired).',
      'Start again from your MCP client.',
      clear,
    );
  const fail = (error: string, description: string) =>
    redirectError(tx.redirectUri, error, description, tx.state, cfg.base, clear);

  const current = new URL(`${cfg.base}/api/auth/callback${new URL(request.url).search}`);
  let who: UpstreamIdentity;
  try {
    who = await ctx.upstream.finish(current, tx.upstream);
  } catch (err) {
    if (err instanceof UpstreamStateError)
      return shownError(
        'The state returned by the identity provider does not match this sign-in.',
        'Start again from your MCP client.',
        clear,
      );
    if (err instanceof UpstreamDeniedError)
      return fail('access_denied', `The identity provider refused the sign-in (${err.code}).`);
    return fail('server_error', 'The sign-in with the identity provider could not be completed.');
  }
  if (!who.email || !who.emailVerified) return fail('access_denied', 'The account has no verified email address.');
  const email = who.email.toLowerCase();
  if (!cfg.admins.has(email)) return fail('access_denied', 'This account is not an allowlisted admin.');

  const code = await issueCode(
    cfg.secret,
    {
      clientId: tx.clientId,
      redirectUri: tx.redirectUri,
      codeChallenge: tx.codeChallenge,
      resource: tx.resource,
      admin: { sub: `${cfg.oidc.issuer.host}|${who.sub}`, email },
    },
    now,
  );
  const back = new URL(tx.redirectUri);
  back.searchParams.set('code', code);
  if (tx.state !== undefined) back.searchParams.set('state', tx.state);
  back.searchParams.set('iss', cfg.base);
  return new Response(null, { status: 302, headers: { location: back.href, 'cache-control': 'no-store', ...clear } });
}
