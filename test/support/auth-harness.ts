// In-process harness for the /api/auth handlers: a real development OpenID provider on loopback,
// an injected clock and an in-memory shared store, and a fetch that routes the service's origin to
// the handlers (as one client IP unless told otherwise).
import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { startDevIdp, type DevAccount, type DevIdp } from '../../scripts/dev-idp.ts';
import { handleAuthorize } from '../../src/server/auth/authorize.ts';
import { handleCallback } from '../../src/server/auth/callback.ts';
import { readSettings } from '../../src/config/env.ts';
import { authConfig } from '../../src/server/auth/config.ts';
import type { AuthContext } from '../../src/server/auth/context.ts';
import { handleMetadata } from '../../src/server/auth/metadata.ts';
import { handleRegister } from '../../src/server/auth/register.ts';
import { handleToken } from '../../src/server/auth/token-endpoint.ts';
import { handleSignout } from '../../src/server/auth/signout.ts';
import { oidcUpstream, type Upstream } from '../../src/server/auth/upstream.ts';
import { memoryStore } from '../../src/server/store/memory.ts';
import { issueCode } from '../../src/server/auth/grants.ts';
import { CookieJar, consentForm, type Fetch } from './oidc.ts';

export const BASE = 'http://localhost:5999';
export const ACCOUNTS = {
  ada: { email: 'ada@example.test', password: 'ada-pw' },
  mallory: { email: 'mallory@example.test', password: 'mallory-pw' },
  unverified: { email: 'una@example.test', password: 'una-pw', emailVerified: false },
  maya: { email: 'maya@school.example', password: 'maya-pw' },
  jo: { email: 'jo@home.example', password: 'jo-pw' },
} satisfies Record<string, DevAccount>;

/** The curators of the editor tests (ada, an admin, may edit too). */
export const CURATOR_EMAILS = 'maya@school.example=maya, JO@home.example=jo';

export function testEnv(issuer: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    SITE_URL: BASE,
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: 'catalog',
    OIDC_CLIENT_SECRET: 'catalog-secret-for-tests',
    ADMIN_EMAILS: 'ada@example.test, una@example.test',
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    ...extra,
  };
}

export function startTestIdp(clientAuth?: 'client_secret_post' | 'client_secret_basic'): Promise<DevIdp> {
  return startDevIdp({
    ...(clientAuth ? { clientAuth } : {}),
    accounts: Object.values(ACCOUNTS),
    clients: [
      { client_id: 'catalog', client_secret: 'catalog-secret-for-tests', redirect_uris: [`${BASE}/api/auth/callback`] },
    ],
  });
}

/** A context over `env`, with a movable clock (`clock.now += ms`) and a real upstream unless given. */
export function makeContext(env: Record<string, string | undefined>, upstream?: Upstream) {
  const clock = { now: Date.now() };
  const config = authConfig(readSettings(env));
  const ctx: AuthContext = {
    config,
    now: () => clock.now,
    store: { ok: true, store: memoryStore(() => clock.now) },
    upstream:
      upstream ??
      (config.ok
        ? oidcUpstream({ ...config.value.oidc, redirectUri: `${BASE}/api/auth/callback` })
        : {
            begin: () => Promise.reject(new Error('x')),
            finish: () => Promise.reject(new Error('x')),
            authorizationOrigin: () => Promise.reject(new Error('x')),
          }),
  };
  return { ctx, clock };
}

/** fetch that answers the service's origin from the handlers and sends everything else to the network (loopback). */
export function routeTo(ctx: AuthContext, ip = '192.0.2.1'): Fetch {
  return async (input, init) => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    if (url.origin !== BASE) return fetch(req, { redirect: 'manual' });
    if (url.pathname.startsWith('/.well-known/oauth-')) return handleMetadata(req, BASE);
    switch (url.pathname) {
      case '/api/auth/register':
        return handleRegister(req, ctx, ip);
      case '/api/auth/authorize':
        return handleAuthorize(req, ctx, ip);
      case '/api/auth/callback':
        return handleCallback(req, ctx, ip);
      case '/api/auth/token':
        return handleToken(req, ctx, ip);
      case '/api/auth/signout':
        return handleSignout(req, ctx, ip);
      default:
        return new Response('not found', { status: 404 });
    }
  };
}

export const REDIRECT = 'http://127.0.0.1:7777/oauth/callback';
export const VERIFIER = 'v'.repeat(20) + '-verifier-for-unit-tests-0123456789';
export const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
export const RESOURCE = `${BASE}/api/mcp`;

export function cfg(ctx: AuthContext) {
  if (!ctx.config.ok) throw new Error('not configured');
  return ctx.config.value;
}

export async function register(
  ctx: AuthContext,
  body: unknown,
  type = 'application/json',
  ip = '192.0.2.1',
): Promise<Response> {
  return handleRegister(
    new Request(`${BASE}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': type },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    ctx,
    ip,
  );
}

export async function clientId(ctx: AuthContext, uris = [REDIRECT]): Promise<string> {
  const res = await register(ctx, { redirect_uris: uris, client_name: 'unit' });
  expect(res.status).toBe(201);
  return ((await res.json()) as { client_id: string }).client_id;
}

export function authorizeUrl(params: Record<string, string>): string {
  return `${BASE}/api/auth/authorize?${new URLSearchParams({ response_type: 'code', redirect_uri: REDIRECT, code_challenge: CHALLENGE, code_challenge_method: 'S256', state: 'st-1', resource: RESOURCE, ...params })}`;
}

export function token(ctx: AuthContext, form: Record<string, string>, ip = '192.0.2.1'): Promise<Response> {
  return handleToken(
    new Request(`${BASE}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    }),
    ctx,
    ip,
  );
}

/** GET the authorize URL (the consent page), then answer it with Allow as the page's own form would. */
export async function approve(ctx: AuthContext, url: URL) {
  const jar = new CookieJar();
  const pageRes = await handleAuthorize(new Request(url), ctx);
  expect(pageRes.status).toBe(200);
  jar.capture(url, pageRes);
  const form = consentForm(await pageRes.text())!;
  const post = new URL(form.action, url);
  const res = await handleAuthorize(
    new Request(post, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: BASE,
        'sec-fetch-site': 'same-origin',
        cookie: jar.header(post),
      },
      body: new URLSearchParams({ request: form.request, decision: 'allow' }).toString(),
    }),
    ctx,
  );
  jar.capture(post, res);
  return { res, cookie: jar.header(post), jar };
}

export async function oauthError(res: Response): Promise<string> {
  return ((await res.json()) as { error: string }).error;
}

/** A code as the callback would issue it to `clientId` for Ada (REDIRECT, CHALLENGE, RESOURCE). */
export function testCode(ctx: AuthContext, clientId: string, now: number): Promise<string> {
  return issueCode(
    cfg(ctx).secrets,
    {
      clientId,
      redirectUri: REDIRECT,
      codeChallenge: CHALLENGE,
      resource: RESOURCE,
      admin: { sub: 'idp|ada', email: 'ada@example.test' },
    },
    now,
  );
}

/** The Set-Cookie lines Allow answers with: the sign-in transaction and the remembered approval. */
export const ALLOW_COOKIES = [
  /^mcp_auth_tx=[^;]+; Path=\/api\/auth; Max-Age=600; HttpOnly; Secure; SameSite=Lax$/,
  /^mcp_auth_approved=[^;]+; Path=\/api\/auth; Max-Age=2592000; HttpOnly; Secure; SameSite=Lax$/,
];
