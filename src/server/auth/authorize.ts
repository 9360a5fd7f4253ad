// /api/auth/authorize: GET checks the client, its exact redirect URI, response_type=code, PKCE S256,
// state and resource, then asks the admin's consent (./consent.ts) unless this browser already
// approved this client; POST is the consent form's answer. Only then does the admin go to the
// upstream provider. Until a client is approved every error is shown on a page, never redirected.
// The browser editor (client id catalog-editor) is the site's own: no consent, one exact redirect URI.
import { readBody } from '../http/body.ts';
import { hasMediaType } from '../http/content-type.ts';
import { approvalCookie, isApproved } from './approval.ts';
import { openClient } from './clients.ts';
import type { AuthConfig } from './config.ts';
import { clearCsrfCookie, consentPage, openRequest, type CheckedRequest } from './consent.ts';
import type { AuthContext } from './context.ts';
import { pageGate } from './guard.ts';
import type { OAuthErrorName } from '../../contract/oauth-errors.ts';
import { NOT_CONFIGURED_HINT, notConfiguredMessage, redirectError } from './oauth-errors.ts';
import { EDITOR_CLIENT_ID } from './editor-client.ts';
import { ADMIN_PAGE, EDITOR_PAGE, errorPage } from './pages.ts';
import { transactionCookie } from './transaction.ts';

const PKCE_CHALLENGE = /^[A-Za-z0-9\-._~]{43,128}$/;
const MAX_FORM = 8 * 1024;

type Cookies = [string, string][];

export async function handleAuthorize(request: Request, ctx: AuthContext, ip = ''): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'POST')
    return errorPage(405, `${request.method} is not allowed on /api/auth/authorize.`, 'Open it from your MCP client.', [
      ['allow', 'GET, POST'],
    ]);
  // The editor's own sign-in speaks to curators, not to an MCP client's admin.
  const forEditor = new URL(request.url).searchParams.get('client_id') === EDITOR_CLIENT_ID;
  const ready = await pageGate(ctx, 'authorize', ip, forEditor ? EDITOR_PAGE : ADMIN_PAGE);
  if (ready instanceof Response) return ready;
  return request.method === 'GET' ? ask(request, ctx, ready.cfg) : answer(request, ctx, ready.cfg);
}

/** GET: a checked request goes upstream when approved before, otherwise to the consent page. */
async function ask(request: Request, ctx: AuthContext, cfg: AuthConfig): Promise<Response> {
  const q = new URL(request.url).searchParams;
  for (const key of new Set(q.keys()))
    if (q.getAll(key).length > 1) return errorPage(400, `The parameter ${key} is repeated.`);
  const now = ctx.now();
  if (q.get('client_id') === EDITOR_CLIENT_ID) return askForEditor(ctx, cfg, q, now);
  const client = await openClient(cfg.secrets, q.get('client_id'), now);
  if (!client)
    return errorPage(
      400,
      'Unknown client_id: it was not issued by this server or has been altered.',
      'The app must register at /api/auth/register first; start again from your MCP client.',
    );
  const asked = q.get('redirect_uri');
  const redirectUri = asked ?? (client.redirectUris.length === 1 ? client.redirectUris[0]! : null);
  if (!redirectUri) return errorPage(400, 'redirect_uri is required: the client registered more than one.');
  if (!client.redirectUris.includes(redirectUri))
    return errorPage(400, 'redirect_uri does not exactly match a URI registered for this client.');

  const state = q.get('state') ?? undefined;
  const approved = await isApproved(cfg.secrets, request, client.clientId, redirectUri, now);
  // An approved client is trusted with its own errors; before approval they are only shown.
  const fail = (error: OAuthErrorName, description: string) =>
    approved
      ? redirectError(redirectUri, error, description, state, cfg.base)
      : errorPage(400, `${description} (${error})`, 'The app sent a request this server does not accept.');
  const checkedCode = codeRequest(q);
  if (Array.isArray(checkedCode)) return fail(...checkedCode);
  const challenge = checkedCode.challenge;
  const resource = q.get('resource');
  if (resource !== null && resource !== cfg.resource)
    return fail('invalid_target', `The only resource served is ${cfg.resource}.`);

  const checked: CheckedRequest = {
    clientId: client.clientId,
    ...(client.clientName ? { clientName: client.clientName } : {}),
    redirectUri,
    codeChallenge: challenge,
    ...(state !== undefined ? { state } : {}),
    resource: cfg.resource,
  };
  if (approved) return toUpstream(ctx, cfg, checked, now, []);
  // The form answers with a redirect to the client (Deny) or to the provider (Allow): both are
  // navigations of this form, so the CSP's form-action must name them.
  const targets = [new URL(redirectUri).origin];
  try {
    targets.push(await ctx.upstream.authorizationOrigin());
  } catch {}
  return consentPage(cfg.secrets, checked, now, targets);
}

/** What every client's request must carry: response_type=code and a PKCE S256 challenge. */
function codeRequest(q: URLSearchParams): { challenge: string } | [OAuthErrorName, string] {
  if (q.get('response_type') !== 'code') return ['unsupported_response_type', 'Only response_type=code is supported.'];
  const challenge = q.get('code_challenge');
  if (!challenge) return ['invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256.'];
  if (q.get('code_challenge_method') !== 'S256')
    return ['invalid_request', 'Only code_challenge_method=S256 is supported (plain is refused).'];
  if (!PKCE_CHALLENGE.test(challenge)) return ['invalid_request', 'code_challenge is malformed.'];
  return { challenge };
}

/**
 * GET for the browser editor, the site's own client: its redirect URI must be exactly {base}/admin/
 * (anything else is shown, never followed); then the same code and PKCE rules, no consent page, and
 * straight to the upstream sign-in. Its errors go back to /admin/, which is this site's own page.
 */
async function askForEditor(ctx: AuthContext, cfg: AuthConfig, q: URLSearchParams, now: number): Promise<Response> {
  if (!cfg.editor.ok)
    return errorPage(503, notConfiguredMessage(cfg.editor.missing), NOT_CONFIGURED_HINT, [], EDITOR_PAGE);
  const editor = cfg.editor.value;
  const redirectUri = q.get('redirect_uri');
  if (redirectUri !== editor.redirectUri)
    return errorPage(
      400,
      `The editor signs in only from ${editor.redirectUri}; this request named another address.`,
      `Open ${editor.redirectUri} and sign in from there.`,
      [],
      EDITOR_PAGE,
    );
  const state = q.get('state') ?? undefined;
  const checkedCode = codeRequest(q);
  if (Array.isArray(checkedCode)) return redirectError(redirectUri, ...checkedCode, state, cfg.base);
  const resource = q.get('resource');
  if (resource !== null && resource !== editor.audience)
    return redirectError(
      redirectUri,
      'invalid_target',
      `The editor's only resource is ${editor.audience}.`,
      state,
      cfg.base,
    );
  const checked: CheckedRequest = {
    clientId: EDITOR_CLIENT_ID,
    redirectUri,
    codeChallenge: checkedCode.challenge,
    ...(state !== undefined ? { state } : {}),
    resource: editor.audience,
  };
  return toUpstream(ctx, cfg, checked, now, []);
}

/** POST: the consent form's answer. Only a form from this site's own page, in this browser, counts. */
async function answer(request: Request, ctx: AuthContext, cfg: AuthConfig): Promise<Response> {
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  if ((origin !== null && origin !== new URL(cfg.base).origin) || (site !== null && site !== 'same-origin'))
    return errorPage(403, 'The answer did not come from this site’s consent page.');
  if (!hasMediaType(request.headers.get('content-type'), 'application/x-www-form-urlencoded'))
    return errorPage(400, 'The consent answer must be a form submission.');
  const body = await readBody(request, MAX_FORM);
  if (!body.ok) return errorPage(400, 'The consent answer could not be read.');
  const form = new URLSearchParams(body.text);
  const now = ctx.now();
  const opened = await openRequest(cfg.secrets, form.get('request') ?? '', request, now);
  const clear: Cookies = [['set-cookie', clearCsrfCookie()]];
  if (!opened.ok)
    return opened.reason === 'csrf'
      ? errorPage(403, 'This consent answer does not belong to this browser’s consent page.', undefined, clear)
      : errorPage(
          400,
          opened.reason === 'expired' ? 'The consent page expired.' : 'The consent answer was altered.',
          undefined,
          clear,
        );
  const r = opened.value;
  const client = await openClient(cfg.secrets, r.clientId, now);
  if (!client || !client.redirectUris.includes(r.redirectUri))
    return errorPage(400, 'The client of this consent answer is no longer valid.', undefined, clear);
  const decision = form.get('decision');
  if (decision === 'deny')
    return redirectError(r.redirectUri, 'access_denied', 'The admin denied this app access.', r.state, cfg.base, clear);
  if (decision !== 'allow') return errorPage(400, 'Choose Allow or Deny.', undefined, clear);
  const approval = await approvalCookie(cfg.secrets, request, r.clientId, r.redirectUri, now);
  return toUpstream(ctx, cfg, r, now, [...clear, ['set-cookie', approval]]);
}

/** Sends the admin to the upstream sign-in with the sealed transaction cookie. */
async function toUpstream(
  ctx: AuthContext,
  cfg: AuthConfig,
  r: CheckedRequest,
  now: number,
  cookies: Cookies,
): Promise<Response> {
  let upstream;
  try {
    upstream = await ctx.upstream.begin();
  } catch {
    return redirectError(
      r.redirectUri,
      'temporarily_unavailable',
      'The identity provider cannot be reached right now.',
      r.state,
      cfg.base,
      cookies,
    );
  }
  const tx = await transactionCookie(
    cfg.secrets,
    {
      clientId: r.clientId,
      redirectUri: r.redirectUri,
      codeChallenge: r.codeChallenge,
      ...(r.state !== undefined ? { state: r.state } : {}),
      resource: r.resource,
      upstream: upstream.checks,
    },
    now,
  );
  const headers = new Headers([...cookies, ['set-cookie', tx]]);
  headers.set('location', upstream.url);
  headers.set('cache-control', 'no-store');
  return new Response(null, { status: 302, headers });
}
