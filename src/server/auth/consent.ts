// The consent step of /api/auth/authorize: the page naming the client, where its codes go and what it
// gets, and the POST that answers it. The form carries the checked authorization request sealed (it
// cannot be altered) with a nonce that must match this browser's SameSite=Strict cookie (CSRF).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { limitInWords, REBUILD_LIMIT } from '../../contract/limits.ts';
import { clearCookie, readCookie, setCookie } from '../http/cookies.ts';
import { isLoopbackHost } from '../../config/env.ts';
import { escapeHtml, page } from './pages.ts';
import type { AuthSecrets } from './secrets.ts';
import { seal, unseal } from './seal.ts';

export const CSRF_COOKIE = 'mcp_auth_csrf';
const FORM_TTL_SECONDS = 600;

/** An authorization request whose client, redirect URI and parameters have all been checked. */
export interface CheckedRequest {
  clientId: string;
  clientName?: string;
  redirectUri: string;
  codeChallenge: string;
  state?: string;
  resource: string;
}

export async function sealRequest(secrets: AuthSecrets, r: CheckedRequest, nonce: string, now: number) {
  return seal(secrets, 'consent', { r, nonce }, now, FORM_TTL_SECONDS);
}

/** The request a consent form carried, when it is intact, fresh and from this browser's page. */
export async function openRequest(
  secrets: AuthSecrets,
  sealed: string,
  request: Request,
  now: number,
): Promise<{ ok: true; value: CheckedRequest } | { ok: false; reason: 'expired' | 'invalid' | 'csrf' }> {
  let payload;
  try {
    payload = await unseal(secrets, 'consent', sealed, now);
  } catch (err) {
    return { ok: false, reason: (err as { expired?: boolean }).expired ? 'expired' : 'invalid' };
  }
  const cookie = Buffer.from(readCookie(request, CSRF_COOKIE) ?? '');
  const nonce = Buffer.from(typeof payload.nonce === 'string' ? payload.nonce : '');
  if (nonce.length === 0 || cookie.length !== nonce.length || !timingSafeEqual(cookie, nonce))
    return { ok: false, reason: 'csrf' };
  const r = payload.r as CheckedRequest | undefined;
  if (!r || typeof r.clientId !== 'string' || typeof r.redirectUri !== 'string' || typeof r.codeChallenge !== 'string')
    return { ok: false, reason: 'invalid' };
  return { ok: true, value: r };
}

export const clearCsrfCookie = () => clearCookie(CSRF_COOKIE, 'Strict');

/** Where the client's codes go, in words an admin can judge. */
export function describeDestination(redirectUri: string): { html: string; text: string } {
  const url = new URL(redirectUri);
  if (isLoopbackHost(url.hostname))
    return {
      text: `an app on this computer (${url.origin})`,
      html: `an app on this computer <span class="auth-quiet">(${escapeHtml(url.origin)})</span>`,
    };
  return {
    text: url.host,
    html:
      `<strong class="auth-host">${escapeHtml(url.host)}</strong> <span ` +
      `class="auth-quiet">(${escapeHtml(url.origin + url.pathname)})</span>`,
  };
}

export async function consentPage(
  secrets: AuthSecrets,
  r: CheckedRequest,
  now: number,
  formTargets: string[],
): Promise<Response> {
  const nonce = randomBytes(24).toString('base64url');
  const sealed = await sealRequest(secrets, r, nonce, now);
  const name = r.clientName?.trim() ? r.clientName.trim() : 'An unnamed app';
  const to = describeDestination(r.redirectUri);
  const main = `<h1>Allow <q>${escapeHtml(name)}</q> to use the catalog’s admin tools as you?</h1>
<p class="auth-lead">An app asked to connect to the admin side of this catalog.
Approve it only if you started connecting it yourself, just now.</p>
<dl class="auth-facts">
<dt>App</dt>
<dd><q>${escapeHtml(name)}</q> <span class="auth-quiet">(the app chose this name itself; it is not verified)</span></dd>
<dt>Its sign-in code goes to</dt>
<dd>${to.html}</dd>
</dl>
<h2>If you allow it, it can, as you:</h2>
<ul class="auth-list">
<li>search and read every product file, including drafts and scheduled products;</li>
<li>validate product files and draft new ones;</li>
<li>propose changes to the catalog — new products, edits, unpublishing — as pull requests (branches
on the local stack) that a curator reviews before anything is published, and withdraw them;</li>
<li>check product links;</li>
<li>trigger rebuilds of the public site (at most ${limitInWords(REBUILD_LIMIT)}).</li>
</ul>
<p>It gets tokens that last one hour and that it can renew for up to 30 days without asking you again.
You will sign in with your identity provider next.</p>
<p class="auth-warning">If a link, an email or a message brought you here, choose <strong>Deny</strong>.</p>
<form class="auth-actions" method="post" action="/api/auth/authorize">
<input type="hidden" name="request" value="${escapeHtml(sealed)}">
<button class="button" type="submit" name="decision" value="allow">Allow</button>
<button class="button button--ghost" type="submit" name="decision" value="deny">Deny</button>
</form>
<p class="auth-note">Your answer for this app is remembered in this browser for 30 days.</p>`;
  return page({
    status: 200,
    title: 'Allow this app?',
    main,
    formTargets,
    headers: [['set-cookie', setCookie(CSRF_COOKIE, nonce, FORM_TTL_SECONDS, 'Strict')]],
  });
}
