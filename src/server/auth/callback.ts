// GET /api/auth/callback: the upstream provider returns here. Exchanges its code, requires a
// verified email, written in plain characters, on the allowlist (the admins', or for the editor the curators' and admins'), and
// sends the client our own single-use code with state and iss.
// Limited per client IP; a request that cannot be tied to this browser's sign-in is shown, never redirected.
import { emailKey, isPlainEmail, normalisedEmail } from '../../config/email.ts';
import type { AuthContext } from './context.ts';
import { issueCode } from './grants.ts';
import { pageGate } from './guard.ts';
import type { OAuthErrorName } from '../../contract/oauth-errors.ts';
import { EDITOR_CLIENT_ID, editorAccess } from './editor-client.ts';
import { NOT_CONFIGURED_HINT, notConfiguredMessage, redirectError } from './oauth-errors.ts';
import { ADMIN_PAGE, EDITOR_PAGE, errorPage } from './pages.ts';
import { clearTransactionCookie, readTransaction } from './transaction.ts';
import { UpstreamDeniedError, UpstreamStateError, type UpstreamIdentity } from './upstream.ts';

/** What a person on neither list reads on the editor's sign-in screen: who she is, whom to ask. */
export const notACuratorText = (email: string) =>
  `You signed in as ${email}, which is not on this catalog’s list of curators. Ask the person who ` +
  'looks after this catalog’s website to add it, then sign in again (or sign in with the address that is on the list).';

/**
 * What someone reads whose provider gave an address that normalisation would change (a Kelvin sign
 * for a K, a fullwidth letter): it is matched to nobody's account, not even the one it reads as.
 */
export const notPlainText = (email: string) =>
  `The identity provider gave the address "${email}", which has characters that Unicode normalisation changes ` +
  `(it would read ${normalisedEmail(email)}). This catalog signs in only addresses written in plain characters, ` +
  'so it is not matched to any account. Sign in with an account whose address is written in plain characters.';

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
      'Start again where you began: the editor (/admin) or your MCP client.',
      clear,
    );
  const look = tx.clientId === EDITOR_CLIENT_ID ? EDITOR_PAGE : ADMIN_PAGE;
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
        look,
      );
    if (err instanceof UpstreamDeniedError)
      return fail('access_denied', `The identity provider refused the sign-in (${err.code}).`);
    // What went wrong upstream goes to the function log (an outage and a wrong client secret look
    // alike to the client); the log line carries the error's name, message and the provider's error
    // code, never the client secret, the code or the tokens.
    console.error(`sign-in callback: the identity provider step failed: ${describeUpstreamError(err)}`);
    if (isUnreachable(err))
      return fail('temporarily_unavailable', 'The identity provider could not be reached. Try again in a minute.');
    return fail('server_error', 'The sign-in with the identity provider could not be completed.');
  }
  if (!who.email || !who.emailVerified) return fail('access_denied', 'The account has no verified email address.');
  if (!isPlainEmail(who.email)) return fail('access_denied', notPlainText(who.email));
  const email = emailKey(who.email);
  if (tx.clientId === EDITOR_CLIENT_ID) {
    // The editor's sign-in: curators and admins; anyone else goes back to the editor, which says in
    // plain words whom to ask (src/editor/session.ts). A page here would be answered 403, which
    // netlify-cli locally retries as callback.html with the same, spent code.
    if (!cfg.editor.ok)
      return errorPage(503, notConfiguredMessage(cfg.editor.missing), NOT_CONFIGURED_HINT, clear, EDITOR_PAGE);
    if (!editorAccess(email, cfg.admins, cfg.editor.value.curators))
      return fail('access_denied', notACuratorText(email));
  } else if (!cfg.admins.has(email)) return fail('access_denied', 'This account is not an allowlisted admin.');

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

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** The error and its causes, outermost first. */
function chain(err: unknown): unknown[] {
  const out: unknown[] = [];
  for (let e = err; e && out.length < 5; e = (e as { cause?: unknown }).cause) out.push(e);
  return out;
}

/** True when the provider could not be reached at all (network failure or timeout), not when it answered. */
export function isUnreachable(err: unknown): boolean {
  return chain(err).some((e) => {
    const x = e as { name?: string; code?: string; message?: string };
    return (
      x.name === 'TimeoutError' ||
      x.name === 'AbortError' ||
      (x.code !== undefined && NETWORK_CODES.has(x.code)) ||
      (e instanceof TypeError && x.message === 'fetch failed')
    );
  });
}

/** One line about an upstream failure: each error's name, message and the provider's error fields. */
export function describeUpstreamError(err: unknown): string {
  return chain(err)
    .map((e) => {
      if (!(e instanceof Error)) return String(e);
      const x = e as Error & { code?: string; status?: number; error?: string; error_description?: string };
      const fields = [
        x.code && `code ${x.code}`,
        x.status && `HTTP ${x.status}`,
        x.error && `error ${x.error}`,
        x.error_description && `"${x.error_description}"`,
      ].filter(Boolean);
      return `${x.name}: ${x.message}${fields.length ? ` (${fields.join(', ')})` : ''}`;
    })
    .join(' ← ');
}
