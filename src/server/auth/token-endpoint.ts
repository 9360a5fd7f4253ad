// POST /api/auth/token: the authorization_code grant (PKCE S256, client and redirect-URI binding,
// single use) and the refresh_token grant (rotating, single use). RFC 6749 JSON errors.
import { createHash } from 'node:crypto';
import { apiError } from '../http/api-error.ts';
import { preflight, withCors } from '../http/cors.ts';
import { openClient } from './clients.ts';
import type { AuthConfig } from './config.ts';
import type { AuthContext } from './context.ts';
import { issueRefreshToken, openCode, openRefreshToken } from './grants.ts';
import { notConfigured, oauthJsonError } from './oauth-errors.ts';
import { SealError } from './seal.ts';
import { ACCESS_TOKEN_TTL_SECONDS, issueAccessToken, type AdminIdentity } from './tokens.ts';

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

export async function handleToken(request: Request, ctx: AuthContext): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST')
    return withCors(
      apiError(
        405,
        'method_not_allowed',
        `${request.method} is not allowed on /api/auth/token.`,
        'Use POST with a form body.',
        { allow: 'POST, OPTIONS' },
      ),
    );
  if (!ctx.config.ok) return withCors(notConfigured(ctx.config.missing));
  const cfg = ctx.config.value;
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? ''))
    return oauthJsonError(400, 'invalid_request', 'The body must be application/x-www-form-urlencoded.');
  const text = await request.text();
  if (text.length > 32 * 1024) return oauthJsonError(400, 'invalid_request', 'The request body is too large.');
  const form = new URLSearchParams(text);
  for (const key of new Set(form.keys()))
    if (form.getAll(key).length > 1) return oauthJsonError(400, 'invalid_request', `The parameter ${key} is repeated.`);
  const grantType = form.get('grant_type');
  if (grantType === 'authorization_code') return codeGrant(form, cfg, ctx);
  if (grantType === 'refresh_token') return refreshGrant(form, cfg, ctx);
  if (!grantType) return oauthJsonError(400, 'invalid_request', 'grant_type is required.');
  return oauthJsonError(400, 'unsupported_grant_type', 'Supported grant types: authorization_code, refresh_token.');
}

async function codeGrant(form: URLSearchParams, cfg: AuthConfig, ctx: AuthContext): Promise<Response> {
  const now = ctx.now();
  const code = form.get('code');
  if (!code) return oauthJsonError(400, 'invalid_request', 'code is required.');
  const client = await openClient(cfg.secret, form.get('client_id'), now);
  if (!client) return oauthJsonError(401, 'invalid_client', 'Unknown or altered client_id.');
  let grant;
  try {
    grant = await openCode(cfg.secret, code, now);
  } catch (err) {
    return oauthJsonError(
      400,
      'invalid_grant',
      err instanceof SealError && err.expired
        ? 'The authorization code has expired.'
        : 'The authorization code is invalid.',
    );
  }
  if (grant.clientId !== client.clientId)
    return oauthJsonError(400, 'invalid_grant', 'The authorization code was issued to another client.');
  if (form.get('redirect_uri') !== grant.redirectUri)
    return oauthJsonError(400, 'invalid_grant', 'redirect_uri does not match the one used at /authorize.');
  const verifier = form.get('code_verifier');
  if (!verifier) return oauthJsonError(400, 'invalid_request', 'code_verifier is required (PKCE).');
  if (!VERIFIER.test(verifier) || createHash('sha256').update(verifier).digest('base64url') !== grant.codeChallenge) {
    return oauthJsonError(400, 'invalid_grant', 'The PKCE code_verifier does not match the code_challenge.');
  }
  const resource = form.get('resource');
  if (resource !== null && resource !== grant.resource)
    return oauthJsonError(400, 'invalid_target', `The only resource served is ${grant.resource}.`);
  const single = await claim(ctx, `code:${grant.jti}`, grant.exp, now);
  if (single) return single;
  return tokensFor(grant.admin, client.clientId, grant.resource, cfg, ctx, now);
}

async function refreshGrant(form: URLSearchParams, cfg: AuthConfig, ctx: AuthContext): Promise<Response> {
  const now = ctx.now();
  const token = form.get('refresh_token');
  if (!token) return oauthJsonError(400, 'invalid_request', 'refresh_token is required.');
  const client = await openClient(cfg.secret, form.get('client_id'), now);
  if (!client) return oauthJsonError(401, 'invalid_client', 'Unknown or altered client_id.');
  let grant;
  try {
    grant = await openRefreshToken(cfg.secret, token, now);
  } catch (err) {
    return oauthJsonError(
      400,
      'invalid_grant',
      err instanceof SealError && err.expired ? 'The refresh token has expired.' : 'The refresh token is invalid.',
    );
  }
  if (grant.clientId !== client.clientId)
    return oauthJsonError(400, 'invalid_grant', 'The refresh token was issued to another client.');
  const resource = form.get('resource');
  if (resource !== null && resource !== grant.resource)
    return oauthJsonError(400, 'invalid_target', `The only resource served is ${grant.resource}.`);
  const single = await claim(ctx, `refresh:${grant.jti}`, grant.exp, now);
  if (single) return single;
  return tokensFor(grant.admin, client.clientId, grant.resource, cfg, ctx, now);
}

/** Marks a code or refresh token used; an error response when it was used before or the store failed. */
async function claim(ctx: AuthContext, id: string, exp: number, now: number): Promise<Response | null> {
  try {
    const first = await ctx.store.claim(id, exp * 1000 - now + 1000);
    return first ? null : oauthJsonError(400, 'invalid_grant', 'This grant has already been used.');
  } catch {
    return oauthJsonError(503, 'temporarily_unavailable', 'The single-use store is unavailable; try again.', {
      'retry-after': '5',
    });
  }
}

async function tokensFor(
  admin: AdminIdentity,
  clientId: string,
  resource: string,
  cfg: AuthConfig,
  ctx: AuthContext,
  now: number,
): Promise<Response> {
  if (!cfg.admins.has(admin.email.toLowerCase()))
    return oauthJsonError(400, 'invalid_grant', 'This account is no longer an allowlisted admin.');
  const accessToken = await issueAccessToken(admin, { ...cfg.tokens, now: ctx.now });
  const refreshToken = await issueRefreshToken(cfg.secret, { clientId, resource, admin }, now);
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
