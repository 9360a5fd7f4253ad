// GET /api/auth/callback: the upstream provider returns here. Exchanges its code, requires a
// verified email on the allowlist, and sends the client our own single-use code with state and iss.
// Limited per client IP; a request that cannot be tied to this browser's sign-in is shown, never redirected.
import type { AuthContext } from './context.ts';
import { issueCode } from './grants.ts';
import { pageGate } from './guard.ts';
import type { OAuthErrorName } from '../../contract/oauth-errors.ts';
import { redirectError } from './oauth-errors.ts';
import { errorPage } from './pages.ts';
import { clearTransactionCookie, readTransaction } from './transaction.ts';
import { UpstreamDeniedError, UpstreamStateError, type UpstreamIdentity } from './upstream.ts';

export async function handleCallback(request: Request, ctx: AuthContext, ip = ''): Promise<Response> {
  if (request.method !== 'GET')
    return errorPage(405, `${request.method} is not allowed on /api/auth/callback.`, undefined, [['allow', 'GET']]);
  const ready = await pageGate(ctx, 'callback', ip);
  if (ready instanceof Response) return ready;
  const cfg = ready.cfg;
  const now = ctx.now();
  const clear: [string, string][] = [['set-cookie', clearTransactionCookie()]];
  const tx = await readTransaction(cfg.secrets, request, now);
  if (!tx)
    return errorPage(
      400,
      'No sign-in is in progress in this browser (the sign-in cookie is missing, altered or expired).',
      undefined,
      clear,
    );
  const fail = (error: OAuthErrorName, description: string) =>
    redirectError(tx.redirectUri, error, description, tx.state, cfg.base, clear);

  const current = new URL(`${cfg.base}/api/auth/callback${new URL(request.url).search}`);
  let who: UpstreamIdentity;
  try {
    who = await ctx.upstream.finish(current, tx.upstream);
  } catch (err) {
    if (err instanceof UpstreamStateError)
      return errorPage(
        400,
        'The state returned by the identity provider does not match this sign-in.',
        undefined,
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
    cfg.secrets,
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
  const headers = new Headers(clear);
  headers.set('location', back.href);
  headers.set('cache-control', 'no-store');
  return new Response(null, { status: 302, headers });
}
