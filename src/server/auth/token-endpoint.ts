// POST /api/auth/token: the authorization_code grant (PKCE S256, client and redirect-URI binding,
// single use; starts a refresh family) and the refresh_token grant (rotating, single use, the whole
// family revoked on reuse); for the browser editor's client, its code grant only (an editor token,
// no refresh). Limited per client IP. RFC 6749 JSON errors.
import { createHash } from 'node:crypto';
import { emailKey } from '../../config/email.ts';
import { withCors } from '../http/cors.ts';
import type { SharedStore } from '../store/shared-store.ts';
import { openClient } from './clients.ts';
import type { AuthConfig } from './config.ts';
import type { AuthContext } from './context.ts';
import { EDITOR_CLIENT_ID, EDITOR_TOKEN_TTL_SECONDS, editorAccess, noReplyEmail } from './editor-client.ts';
import { issueEditorToken } from './editor-token.ts';
import { issueRefreshToken, openCode, openRefreshToken, type CodeGrant, type RefreshFamily } from './grants.ts';
import { oauthPost, type OAuthPostSpec } from './guard.ts';
import { notConfigured, oauthError } from './oauth-errors.ts';
import { rotate } from './refresh-family.ts';
import { SealError } from './seal.ts';
import { ACCESS_TOKEN_TTL_SECONDS, issueAccessToken, type AdminIdentity } from './tokens.ts';

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const MAX_BODY = 16 * 1024;

interface Grant {
  cfg: AuthConfig;
  store: SharedStore;
  now: number;
}

const POST: OAuthPostSpec = {
  endpoint: 'token',
  mediaType: 'application/x-www-form-urlencoded',
  mediaTypeHint: 'Send POST with a form body (Content-Type: application/x-www-form-urlencoded).',
  body: 'The request body',
  maxBytes: MAX_BODY,
  badBody: 'invalid_request',
  tooLarge: 'request_too_large',
};

export async function handleToken(request: Request, ctx: AuthContext, ip = ''): Promise<Response> {
  const post = await oauthPost(request, ctx, ip, POST);
  if (post instanceof Response) return post;
  const { ready } = post;
  const form = new URLSearchParams(post.text);
  for (const key of new Set(form.keys()))
    if (form.getAll(key).length > 1) return oauthError('invalid_request', `The parameter ${key} is repeated.`);
  const grant: Grant = { cfg: ready.cfg, store: ready.store, now: ctx.now() };
  const grantType = form.get('grant_type');
  if (form.get('client_id') === EDITOR_CLIENT_ID) {
    if (grantType === 'authorization_code') return editorGrant(form, grant);
    if (grantType === 'refresh_token')
      return oauthError('unsupported_grant_type', 'The editor’s sign-in is not renewed: sign in again.');
  }
  if (grantType === 'authorization_code') return codeGrant(form, grant);
  if (grantType === 'refresh_token') return refreshGrant(form, grant);
  if (!grantType) return oauthError('invalid_request', 'grant_type is required.');
  return oauthError('unsupported_grant_type', 'Supported grant types: authorization_code, refresh_token.');
}

const storeDown = () =>
  oauthError('temporarily_unavailable', 'The shared store is unavailable; try again.', { 'retry-after': '5' });

async function codeGrant(form: URLSearchParams, g: Grant): Promise<Response> {
  const { cfg, now } = g;
  if (!form.get('code')) return oauthError('invalid_request', 'code is required.');
  const client = await openClient(cfg.secrets, form.get('client_id'), now);
  if (!client) return oauthError('invalid_client', 'Unknown or altered client_id.');
  const grant = await redeem(form, g, client.clientId);
  if (grant instanceof Response) return grant;
  // The sign-in starts a refresh family: it ends 30 days from now whatever the rotations.
  const family = { id: crypto.randomUUID(), signedInAt: Math.floor(now / 1000) };
  return tokensFor(grant.admin, client.clientId, grant.resource, family, g);
}

/**
 * Redeems an authorization code for `clientId`, once: bound to that client, its redirect URI, its
 * PKCE challenge and its resource; claimed in the shared store so no instance accepts it again.
 */
async function redeem(form: URLSearchParams, g: Grant, clientId: string): Promise<CodeGrant | Response> {
  const { cfg, now } = g;
  const code = form.get('code');
  if (!code) return oauthError('invalid_request', 'code is required.');
  let grant;
  try {
    grant = await openCode(cfg.secrets, code, now);
  } catch (err) {
    return oauthError(
      'invalid_grant',
      err instanceof SealError && err.expired
        ? 'The authorization code has expired.'
        : 'The authorization code is invalid.',
    );
  }
  if (grant.clientId !== clientId)
    return oauthError('invalid_grant', 'The authorization code was issued to another client.');
  if (form.get('redirect_uri') !== grant.redirectUri)
    return oauthError('invalid_grant', 'redirect_uri does not match the one used at /authorize.');
  const verifier = form.get('code_verifier');
  if (!verifier) return oauthError('invalid_request', 'code_verifier is required (PKCE).');
  if (!VERIFIER.test(verifier) || createHash('sha256').update(verifier).digest('base64url') !== grant.codeChallenge) {
    return oauthError('invalid_grant', 'The PKCE code_verifier does not match the code_challenge.');
  }
  const resource = form.get('resource');
  if (resource !== null && resource !== grant.resource)
    return oauthError('invalid_target', `The only resource served is ${grant.resource}.`);
  let first: boolean;
  try {
    first = await g.store.claim(`code/${grant.jti}`, grant.exp * 1000 + 1000);
  } catch {
    return storeDown();
  }
  if (!first) return oauthError('invalid_grant', 'This authorization code has already been used.');
  return grant;
}

/**
 * The editor's code grant: the same single-use, PKCE-bound code, then the allowlists checked again
 * (someone removed between sign-in and now gets nothing) and an editor token for the git gateway.
 * No refresh token: Decap never refreshes, and the token lasts a working day.
 */
async function editorGrant(form: URLSearchParams, g: Grant): Promise<Response> {
  const { cfg, now } = g;
  if (!cfg.editor.ok) return withCors(notConfigured(cfg.editor.missing));
  const grant = await redeem(form, g, EDITOR_CLIENT_ID);
  if (grant instanceof Response) return grant;
  const access = editorAccess(grant.admin.email, cfg.admins, cfg.editor.value.curators);
  if (!access) return oauthError('invalid_grant', 'This account is not on the list of curators or admins.');
  const token = await issueEditorToken(
    { ...grant.admin, ...access },
    { issuer: cfg.base, editor: cfg.editor.value },
    now,
  );
  const body = {
    access_token: token,
    token_type: 'Bearer',
    expires_in: EDITOR_TOKEN_TTL_SECONDS,
    // What Decap shows and would write as the commit author: the handle, never her own email.
    email: noReplyEmail(access.handle, cfg.base),
    user_metadata: { full_name: access.handle },
  };
  return withCors(
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', pragma: 'no-cache' },
    }),
  );
}

async function refreshGrant(form: URLSearchParams, g: Grant): Promise<Response> {
  const { cfg, now } = g;
  const token = form.get('refresh_token');
  if (!token) return oauthError('invalid_request', 'refresh_token is required.');
  const client = await openClient(cfg.secrets, form.get('client_id'), now);
  if (!client) return oauthError('invalid_client', 'Unknown or altered client_id.');
  let grant;
  try {
    grant = await openRefreshToken(cfg.secrets, token, now);
  } catch (err) {
    return oauthError(
      'invalid_grant',
      err instanceof SealError && err.expired
        ? 'The refresh token has expired: sign in again.'
        : 'The refresh token is invalid.',
    );
  }
  if (grant.clientId !== client.clientId)
    return oauthError('invalid_grant', 'The refresh token was issued to another client.');
  const resource = form.get('resource');
  if (resource !== null && resource !== grant.resource)
    return oauthError('invalid_target', `The only resource served is ${grant.resource}.`);
  let outcome;
  try {
    outcome = await rotate(g.store, grant);
  } catch {
    return storeDown();
  }
  if (outcome === 'reused')
    return oauthError(
      'invalid_grant',
      'This refresh token has already been used: every token of this sign-in is now revoked. Sign in again.',
    );
  if (outcome === 'revoked')
    return oauthError(
      'invalid_grant',
      'This sign-in was revoked because one of its refresh tokens was used twice. Sign in again.',
    );
  return tokensFor(grant.admin, client.clientId, grant.resource, grant.family, g);
}

async function tokensFor(
  admin: AdminIdentity,
  clientId: string,
  resource: string,
  family: RefreshFamily,
  { cfg, now }: Grant,
): Promise<Response> {
  if (!cfg.admins.has(emailKey(admin.email)))
    return oauthError('invalid_grant', 'This account is no longer an allowlisted admin.');
  const accessToken = await issueAccessToken(admin, { ...cfg.tokens, now: () => now }, { clientId });
  const refreshToken = await issueRefreshToken(cfg.secrets, { clientId, resource, admin, family }, now);
  const body = {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refreshToken,
  };
  return withCors(
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', pragma: 'no-cache' },
    }),
  );
}
