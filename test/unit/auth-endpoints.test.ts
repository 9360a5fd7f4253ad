// Each branch of /api/auth/register, /authorize, /callback and /token, called with new Request(…),
// with a real development OpenID provider upstream and an injected clock.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DevIdp } from '../../scripts/dev-idp.ts';
import { handleAuthorize } from '../../src/server/auth/authorize.ts';
import { handleCallback } from '../../src/server/auth/callback.ts';
import type { AuthContext } from '../../src/server/auth/context.ts';
import { handleRegister } from '../../src/server/auth/register.ts';
import { handleToken } from '../../src/server/auth/token-endpoint.ts';
import { verifyAccessToken } from '../../src/server/auth/tokens.ts';
import { memoryStore } from '../../src/server/store/memory.ts';
import {
  ACCOUNTS,
  BASE,
  CHALLENGE,
  REDIRECT,
  RESOURCE,
  VERIFIER,
  ALLOW_COOKIES,
  approve,
  authorizeUrl,
  cfg,
  clientId,
  makeContext,
  oauthError,
  register,
  routeTo,
  startTestIdp,
  testCode,
  testEnv,
  token,
} from '../support/auth-harness.ts';
import { CookieJar, walkSignIn, type Credentials } from '../support/oidc.ts';

let idp: DevIdp;
beforeAll(async () => {
  idp = await startTestIdp();
});
afterAll(() => idp?.stop());

describe('POST /api/auth/register', () => {
  const { ctx } = makeContext(testEnv('https://id.example.com'));
  it('registers https and loopback-http redirect URIs and answers per RFC 7591', async () => {
    const res = await register(ctx, {
      redirect_uris: ['https://app.example/cb', 'http://localhost:6274/oauth/callback', 'http://[::1]:9/cb'],
      client_name: 'Inspector',
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      client_name: 'Inspector',
      token_endpoint_auth_method: 'none',
      response_types: ['code'],
      redirect_uris: ['https://app.example/cb', 'http://localhost:6274/oauth/callback', 'http://[::1]:9/cb'],
    });
    expect(typeof body.client_id).toBe('string');
  });
  it.each([
    [{ redirect_uris: ['http://app.example/cb'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['http://192.168.1.5/cb'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['myapp://cb'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['https://app.example/cb#frag'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['https://user:pw@app.example/cb'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['/relative'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: [] }, 'invalid_redirect_uri'],
    [{}, 'invalid_redirect_uri'],
    [
      { redirect_uris: ['https://app.example/cb'], token_endpoint_auth_method: 'client_secret_basic' },
      'invalid_client_metadata',
    ],
    [{ redirect_uris: ['https://app.example/cb'], grant_types: ['client_credentials'] }, 'invalid_client_metadata'],
    [{ redirect_uris: ['https://app.example/cb'], response_types: ['token'] }, 'invalid_client_metadata'],
    ['[1,2]', 'invalid_client_metadata'],
    ['{not json', 'invalid_client_metadata'],
  ])('refuses %j with %s', async (body, error) => {
    const res = await register(ctx, body);
    expect(res.status).toBe(400);
    expect(await oauthError(res)).toBe(error);
  });
  it('refuses a non-JSON content type, GET, and answers a preflight', async () => {
    expect(await oauthError(await register(ctx, 'redirect_uris=x', 'application/x-www-form-urlencoded'))).toBe(
      'invalid_client_metadata',
    );
    expect((await handleRegister(new Request(`${BASE}/api/auth/register`), ctx)).status).toBe(405);
    expect((await handleRegister(new Request(`${BASE}/api/auth/register`, { method: 'OPTIONS' }), ctx)).status).toBe(
      204,
    );
  });
});

describe('GET /api/auth/authorize', () => {
  const { ctx } = makeContext(testEnv('http://127.0.0.1:1')); // upstream unused until the last test
  const shown = async (url: string, cookie?: string) => {
    const res = await handleAuthorize(new Request(url, cookie ? { headers: { cookie } } : {}), ctx);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('This sign-in request cannot be used');
  };
  it('shows (never redirects) an unregistered client id', () => shown(authorizeUrl({ client_id: 'made-up-client' })));
  it('shows a tampered client id', async () => {
    const id = await clientId(ctx);
    const i = Math.floor(id.length / 2);
    await shown(authorizeUrl({ client_id: id.slice(0, i) + (id[i] === 'A' ? 'B' : 'A') + id.slice(i + 1) }));
  });
  it('shows a client id sealed with another AUTH_SECRET', async () => {
    const { ctx: other } = makeContext(testEnv('https://id.example.com'));
    await shown(authorizeUrl({ client_id: await clientId(other) }));
  });
  it.each([
    'https://evil.example/cb',
    'http://127.0.0.1:7777/oauth/callback/../../evil',
    'http://127.0.0.1:7777/oauth/callbackX',
    'http://127.0.0.1:7777/oauth/callback?next=https://evil.example',
    'http://127.0.0.1:7778/oauth/callback',
    'HTTP://127.0.0.1:7777/oauth/callback',
    '//evil.example/cb',
  ])('open-redirect attempt with redirect_uri %s is shown, never redirected', async (uri) => {
    await shown(authorizeUrl({ client_id: await clientId(ctx), redirect_uri: uri }));
  });
  it('shows a repeated parameter', async () => {
    await shown(
      `${authorizeUrl({ client_id: await clientId(ctx) })}&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`,
    );
  });
  const badParams = [
    [{ response_type: 'token' }, 'unsupported_response_type'],
    [{ code_challenge: '' }, 'invalid_request'],
    [{ code_challenge_method: 'plain', code_challenge: VERIFIER }, 'invalid_request'],
    [{ code_challenge: 'short' }, 'invalid_request'],
    [{ resource: 'https://other.example/api/mcp' }, 'invalid_target'],
  ] as const;
  const badUrl = async (params: Record<string, string>, cid: string) => {
    const q: Record<string, string> = { client_id: cid, ...params };
    const url = new URL(authorizeUrl(q));
    if (q.code_challenge === '') url.searchParams.delete('code_challenge');
    return url;
  };
  it.each(badParams)('before the client is approved, %j is shown, never redirected (%s)', async (params) => {
    await shown((await badUrl(params, await clientId(ctx))).href);
  });
  it.each(badParams)(
    'once approved in this browser, %j goes back as error=%s with state and iss',
    async (params, error) => {
      const { ctx: real } = makeContext(testEnv(idp.issuer));
      const cid = await clientId(real);
      const { cookie } = await approve(real, new URL(authorizeUrl({ client_id: cid })));
      const res = await handleAuthorize(new Request(await badUrl(params, cid), { headers: { cookie } }), real);
      expect(res.status).toBe(302);
      const back = new URL(res.headers.get('location')!);
      expect(back.origin + back.pathname).toBe(REDIRECT);
      expect(back.searchParams.get('error')).toBe(error);
      expect(back.searchParams.get('state')).toBe('st-1');
      expect(back.searchParams.get('iss')).toBe(BASE);
    },
  );
  it('Allow sends the admin upstream with a sealed transaction cookie and remembers the approval', async () => {
    const { ctx: real } = makeContext(testEnv(idp.issuer));
    const { res } = await approve(real, new URL(authorizeUrl({ client_id: await clientId(real) })));
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    expect(to.origin).toBe(idp.issuer);
    expect(to.searchParams.get('redirect_uri')).toBe(`${BASE}/api/auth/callback`);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('state')).not.toBe('st-1');
    const cookies = res.headers.getSetCookie();
    for (const c of ALLOW_COOKIES) expect(cookies).toContainEqual(expect.stringMatching(c));
  });
});

describe('GET /api/auth/callback (real upstream sign-in)', () => {
  /** Walks from /authorize through the upstream login and stops before our callback runs. */
  async function upToCallback(ctx: AuthContext, who: Credentials) {
    const jar = new CookieJar();
    const cid = await clientId(ctx);
    const start = new URL(authorizeUrl({ client_id: cid }));
    const at = await walkSignIn(start, `${BASE}/api/auth/callback`, who, jar, routeTo(ctx));
    return { at, jar, cid };
  }
  const callback = (ctx: AuthContext, url: URL, cookie: string) =>
    handleCallback(new Request(url, { headers: cookie ? { cookie } : {} }), ctx);

  it('returns our code with state and iss for an allowlisted, verified admin', async () => {
    const { ctx } = makeContext(testEnv(idp.issuer));
    const { at, jar, cid } = await upToCallback(ctx, ACCOUNTS.ada);
    const res = await callback(ctx, at, jar.header(at));
    expect(res.status).toBe(302);
    expect(res.headers.get('set-cookie')).toMatch(/^mcp_auth_tx=; .*Max-Age=0/);
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st-1');
    expect(back.searchParams.get('iss')).toBe(BASE);
    const tokens = await token(ctx, {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      code_verifier: VERIFIER,
      client_id: cid,
      redirect_uri: REDIRECT,
    });
    const body = (await tokens.json()) as { access_token: string };
    expect(await verifyAccessToken(body.access_token, cfg(ctx).tokens)).toMatchObject({
      email: 'ada@example.test',
      sub: expect.stringMatching(/^127\.0\.0\.1:\d+\|ada@example\.test$/),
    });
  });
  it('answers access_denied to an account that is not allowlisted', async () => {
    const { ctx } = makeContext(testEnv(idp.issuer));
    const { at, jar } = await upToCallback(ctx, ACCOUNTS.mallory);
    const back = new URL((await callback(ctx, at, jar.header(at))).headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-1');
    expect(back.searchParams.get('code')).toBeNull();
  });
  it('answers access_denied when the provider does not vouch for the email', async () => {
    const { ctx } = makeContext(testEnv(idp.issuer));
    const { at, jar } = await upToCallback(ctx, ACCOUNTS.unverified);
    const back = new URL((await callback(ctx, at, jar.header(at))).headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('access_denied');
  });
  it('shows a state mismatch at the callback and issues nothing', async () => {
    const { ctx } = makeContext(testEnv(idp.issuer));
    const { at, jar } = await upToCallback(ctx, ACCOUNTS.ada);
    const forged = new URL(at);
    forged.searchParams.set('state', 'attacker-state');
    const res = await callback(ctx, forged, jar.header(at));
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });
  it('shows a callback without, or with a tampered, transaction cookie', async () => {
    const { ctx } = makeContext(testEnv(idp.issuer));
    const { at, jar } = await upToCallback(ctx, ACCOUNTS.ada);
    expect((await callback(ctx, at, '')).status).toBe(400);
    const tampered = jar.header(at).replace(/mcp_auth_tx=([^;]{10})/, 'mcp_auth_tx=AAAAAAAAAA');
    const res = await callback(ctx, at, tampered);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });
  it('logs what went wrong upstream (without secrets) and answers server_error: a wrong client secret', async () => {
    const secret = 'a-wrong-secret-that-must-never-be-logged';
    const { ctx } = makeContext(testEnv(idp.issuer, { OIDC_CLIENT_SECRET: secret }));
    const { at, jar } = await upToCallback(ctx, ACCOUNTS.ada);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const back = new URL((await callback(ctx, at, jar.header(at))).headers.get('location')!);
      expect(back.searchParams.get('error')).toBe('server_error');
      const lines = log.mock.calls.map((c) => c.join(' '));
      expect(lines.join('\n')).toMatch(/sign-in callback: the identity provider step failed: .*invalid_client/);
      expect(lines.join('\n')).not.toContain(secret);
      expect(lines.join('\n')).not.toContain(at.searchParams.get('code')!);
    } finally {
      log.mockRestore();
    }
  });
  it('answers temporarily_unavailable, and logs it, when the provider cannot be reached at the callback', async () => {
    const own = await startTestIdp();
    const { ctx } = makeContext(testEnv(own.issuer));
    const { at, jar } = await upToCallback(ctx, ACCOUNTS.ada);
    await own.stop(); // the provider goes away between the login and the code exchange
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const back = new URL((await callback(ctx, at, jar.header(at))).headers.get('location')!);
      expect(back.searchParams.get('error')).toBe('temporarily_unavailable');
      expect(back.searchParams.get('state')).toBe('st-1');
      expect(log.mock.calls.map((c) => c.join(' ')).join('\n')).toMatch(/fetch failed|ECONNREFUSED/);
    } finally {
      log.mockRestore();
    }
  });
  it('sends the upstream provider’s own refusal back as access_denied', async () => {
    const { ctx } = makeContext(testEnv(idp.issuer));
    const { at, jar } = await upToCallback(ctx, ACCOUNTS.ada);
    const denied = new URL(`${BASE}/api/auth/callback`);
    denied.searchParams.set('error', 'access_denied');
    denied.searchParams.set('state', at.searchParams.get('state')!);
    const back = new URL((await callback(ctx, denied, jar.header(at))).headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('access_denied');
  });
});

describe('POST /api/auth/token', () => {
  async function setup(env = testEnv('https://id.example.com')) {
    const { ctx, clock } = makeContext(env);
    const cid = await clientId(ctx);
    const code = await testCode(ctx, cid, clock.now);
    const exchange = (over: Record<string, string> = {}) =>
      token(ctx, {
        grant_type: 'authorization_code',
        code,
        code_verifier: VERIFIER,
        client_id: cid,
        redirect_uri: REDIRECT,
        resource: RESOURCE,
        ...over,
      });
    return { ctx, clock, cid, code, exchange, env };
  }

  it('exchanges a code once for an access token /api/mcp accepts and a refresh token', async () => {
    const { ctx, exchange } = await setup();
    const res = await exchange();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as {
      access_token: string;
      token_type: string;
      expires_in: number;
      refresh_token: string;
    };
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(await verifyAccessToken(body.access_token, cfg(ctx).tokens)).toEqual({
      sub: 'idp|ada',
      email: 'ada@example.test',
    });
    const replay = await exchange();
    expect(replay.status).toBe(400);
    expect(await oauthError(replay)).toBe('invalid_grant');
  });
  it('refuses a missing and a wrong PKCE verifier', async () => {
    const { exchange } = await setup();
    expect(await oauthError(await exchange({ code_verifier: '' }))).toBe('invalid_request');
    expect(await oauthError(await exchange({ code_verifier: 'w'.repeat(50) }))).toBe('invalid_grant');
    expect(await oauthError(await exchange({ code_verifier: CHALLENGE }))).toBe('invalid_grant');
  });
  it('refuses an expired code (61 s later)', async () => {
    const { clock, exchange } = await setup();
    clock.now += 61_000;
    const res = await exchange();
    expect(await res.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/expired/),
    });
  });
  it('refuses a redirect-URI mismatch', async () => {
    const { exchange } = await setup();
    expect(await oauthError(await exchange({ redirect_uri: 'http://127.0.0.1:7777/other' }))).toBe('invalid_grant');
  });
  it('refuses another registered client, and an unregistered or tampered client id', async () => {
    const { ctx, exchange, cid } = await setup();
    expect(await oauthError(await exchange({ client_id: await clientId(ctx) }))).toBe('invalid_grant');
    const res = await exchange({ client_id: 'not-a-client' });
    expect(res.status).toBe(401);
    expect(await oauthError(res)).toBe('invalid_client');
    expect((await exchange({ client_id: cid.slice(0, -3) + 'xyz' })).status).toBe(401);
  });
  it('refuses a tampered code and a code from another deployment', async () => {
    const { exchange, code } = await setup();
    expect(await oauthError(await exchange({ code: code.slice(0, -4) + 'AAAA' }))).toBe('invalid_grant');
    const other = await setup();
    expect(await oauthError(await exchange({ code: other.code }))).toBe('invalid_grant');
  });
  it('refuses another resource', async () => {
    const { exchange } = await setup();
    expect(await oauthError(await exchange({ resource: 'https://other.example/api/mcp' }))).toBe('invalid_target');
  });
  it('refuses an admin removed from the allowlist between sign-in and exchange', async () => {
    const first = await setup();
    const { ctx } = makeContext({ ...first.env, ADMIN_EMAILS: 'grace@example.test' });
    const res = await token(ctx, {
      grant_type: 'authorization_code',
      code: first.code,
      code_verifier: VERIFIER,
      client_id: first.cid,
      redirect_uri: REDIRECT,
    });
    expect(await oauthError(res)).toBe('invalid_grant');
  });
  it('rotates refresh tokens: each works once, only for its client, and not as a code', async () => {
    const { ctx, clock, cid, exchange } = await setup();
    const first = (await (await exchange()).json()) as { refresh_token: string };
    const refresh = (rt: string, client = cid) =>
      token(ctx, { grant_type: 'refresh_token', refresh_token: rt, client_id: client });
    expect(await oauthError(await refresh(first.refresh_token, await clientId(ctx)))).toBe('invalid_grant');
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    const next = (await second.json()) as { access_token: string; refresh_token: string };
    expect(await verifyAccessToken(next.access_token, cfg(ctx).tokens)).toMatchObject({ email: 'ada@example.test' });
    expect(await oauthError(await refresh(first.refresh_token))).toBe('invalid_grant');
    expect(
      await oauthError(
        await token(ctx, {
          grant_type: 'authorization_code',
          code: next.refresh_token,
          code_verifier: VERIFIER,
          client_id: cid,
          redirect_uri: REDIRECT,
        }),
      ),
    ).toBe('invalid_grant');
    clock.now += 15 * 24 * 3600 * 1000;
    expect(await oauthError(await refresh(next.refresh_token))).toBe('invalid_grant');
  });
  it('refuses unknown grant types, non-form bodies and GET', async () => {
    const { ctx } = await setup();
    expect(await oauthError(await token(ctx, { grant_type: 'client_credentials' }))).toBe('unsupported_grant_type');
    expect(await oauthError(await token(ctx, {}))).toBe('invalid_request');
    const json = await handleToken(
      new Request(`${BASE}/api/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      ctx,
    );
    expect(await oauthError(json)).toBe('invalid_request');
    expect((await handleToken(new Request(`${BASE}/api/auth/token`), ctx)).status).toBe(405);
  });
  it('fails closed (503, no tokens) when the single-use store is down', async () => {
    const { ctx, exchange } = await setup();
    ctx.store = { ok: true, store: { ...memoryStore(), claim: () => Promise.reject(new Error('store down')) } };
    const res = await exchange();
    expect(res.status).toBe(503);
    expect(await oauthError(res)).toBe('temporarily_unavailable');
  });
});
