// The browser editor's sign-in, as Decap's PKCE client makes it, against the handlers in process
// and a real development OpenID provider on loopback: who may edit, the one exact redirect URI,
// PKCE S256 only, no consent page, single-use codes, the token response Decap reads, and the
// attacker's variations of each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { startDevIdp, type DevIdp } from '../../scripts/dev-idp.ts';
import { handleAuthorize } from '../../src/server/auth/authorize.ts';
import { curatorId, verifyEditorToken } from '../../src/server/auth/editor-token.ts';
import { EDITOR_CLIENT_ID, editorAccess } from '../../src/server/auth/editor-client.ts';
import { editorConfig } from '../../src/outputs/editor-config.ts';
import {
  ACCOUNTS,
  BASE,
  CHALLENGE,
  REDIRECT,
  VERIFIER,
  authorizeUrl,
  cfg,
  clientId,
  makeContext,
  oauthError,
  startTestIdp,
  testCode,
  testEnv,
  token,
} from '../support/auth-harness.ts';
import {
  ADMIN_URL,
  DECAP_STATE,
  EDITOR_VERIFIER,
  editorAuthorizeUrl,
  editorCallback,
  editorEnv,
  editorToken,
  signInToEditor,
  withEnv,
} from '../support/editor-auth.ts';
import { WalkingOAuthProvider } from '../support/oidc.ts';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { routeTo } from '../support/auth-harness.ts';

let idp: DevIdp;
beforeAll(async () => {
  idp = await startTestIdp();
});
afterAll(() => idp?.stop());

describe('the editor signs in as the site’s own client', () => {
  it('a curator: no consent page, her code back at /admin/ with Decap’s JSON state, then the token Decap reads', async () => {
    const { ctx } = makeContext(editorEnv(idp.issuer));
    // 'stop' makes the walk fail on a consent page: there must be none.
    const back = await editorCallback(ctx, ACCOUNTS.maya);
    expect(back.origin + back.pathname).toBe(ADMIN_URL);
    expect(back.searchParams.get('state')).toBe(DECAP_STATE);
    expect(back.searchParams.get('iss')).toBe(BASE);
    expect(back.searchParams.get('error')).toBeNull();
    const res = await editorToken(ctx, back.searchParams.get('code')!);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['access_token', 'email', 'expires_in', 'token_type', 'user_metadata']);
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 8 * 3600,
      email: 'maya@users.noreply.localhost',
      user_metadata: { full_name: 'maya' },
    });
    expect(JSON.stringify({ ...body, access_token: '' })).not.toContain('school.example');

    const jwt = body.access_token as string;
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    const claims = decodeJwt(jwt);
    expect(claims).toMatchObject({
      iss: BASE,
      aud: `${BASE}/api/git`,
      handle: 'maya',
      role: 'curator',
      client_id: EDITOR_CLIENT_ID,
      email: 'maya@school.example',
    });
    expect(claims.exp! - claims.iat!).toBe(8 * 3600);
    expect(claims.nbf).toBe(claims.iat);
    expect(typeof claims.jti).toBe('string');
    expect(claims.sub).toMatch(/^127\.0\.0\.1:\d+\|maya@school\.example$/);

    const curator = await verifyEditorToken(jwt, ctx);
    expect(curator).toEqual({
      sub: claims.sub,
      email: 'maya@school.example',
      handle: 'maya',
      role: 'curator',
      id: curatorId('maya@school.example', cfg(ctx).secrets),
    });
    expect(curator.id).toMatch(/^[0-9a-f]{20}$/);
  });

  it('the editor’s own configuration (/admin/config.yml) and this server agree: its endpoints, client id and form', async () => {
    const { ctx } = makeContext(editorEnv(idp.issuer));
    const backend = editorConfig({ base: BASE, backend: { branch: 'main' } }).backend as Record<string, string>;
    // As Decap's PkceAuthenticator builds its URLs from the configuration.
    const authUrl = new URL(`${backend.base_url}/${backend.auth_endpoint}`);
    for (const [k, v] of editorAuthorizeUrl({ client_id: backend.app_id! }).searchParams)
      authUrl.searchParams.set(k, v);
    const back = await editorCallback(ctx, ACCOUNTS.jo, authUrl);
    const res = await routeTo(ctx)(`${backend.base_url}/${backend.auth_token_endpoint}`, {
      method: 'POST',
      headers: { 'Content-Type': backend.auth_token_endpoint_content_type! },
      body: new URLSearchParams({
        client_id: backend.app_id!,
        code: back.searchParams.get('code')!,
        grant_type: 'authorization_code',
        redirect_uri: ADMIN_URL,
        code_verifier: EDITOR_VERIFIER,
      }).toString(),
    });
    expect(res.status).toBe(200);
    const t = (await res.json()) as { access_token: string };
    expect(decodeJwt(t.access_token).aud).toBe(backend.gateway_url);
  });

  it('an upper-case address in CURATOR_EMAILS matches the provider’s lower-case one', async () => {
    const { ctx } = makeContext(editorEnv(idp.issuer));
    const t = await signInToEditor(ctx, ACCOUNTS.jo);
    expect(t.user_metadata.full_name).toBe('jo');
  });

  it('an admin may edit: with the handle `admin` when she has no curator entry, with hers when she has one', async () => {
    const { ctx } = makeContext(editorEnv(idp.issuer));
    const t = await signInToEditor(ctx, ACCOUNTS.ada);
    expect(t).toMatchObject({ email: 'admin@users.noreply.localhost', user_metadata: { full_name: 'admin' } });
    expect(await verifyEditorToken(t.access_token, ctx)).toMatchObject({ role: 'admin', handle: 'admin' });

    const named = withEnv(ctx, editorEnv(idp.issuer, { CURATOR_EMAILS: 'ada@example.test=ada-l' }));
    const t2 = await signInToEditor(named, ACCOUNTS.ada);
    expect(await verifyEditorToken(t2.access_token, named)).toMatchObject({ role: 'admin', handle: 'ada-l' });
  });

  it('a person on neither list goes back to the editor, told whom to ask, and gets no code', async () => {
    const { ctx } = makeContext(editorEnv(idp.issuer));
    const back = await editorCallback(ctx, ACCOUNTS.mallory);
    expect(back.origin + back.pathname).toBe(ADMIN_URL);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    const said = back.searchParams.get('error_description') ?? '';
    expect(said).toContain('mallory@example.test');
    expect(said).toMatch(
      /not on this catalog’s list of curators\. Ask the person who looks after this catalog’s website/,
    );
    // The admins' and curators' addresses stay private.
    expect(said).not.toContain('ada@example.test');
    expect(said).not.toContain('school.example');
  });

  it('an account without a verified email goes back to /admin/ with access_denied', async () => {
    const { ctx } = makeContext(editorEnv(idp.issuer, { CURATOR_EMAILS: 'una@example.test=una' }));
    const back = await editorCallback(ctx, ACCOUNTS.unverified);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('state')).toBe(DECAP_STATE);
  });

  it('a curator gets no MCP token: the admin allowlist still guards /api/mcp’s sign-in', async () => {
    const { ctx } = makeContext(editorEnv(idp.issuer));
    const fetchFn = routeTo(ctx);
    const p = new WalkingOAuthProvider(ACCOUNTS.maya, { fetchFn });
    expect(await auth(p, { serverUrl: `${BASE}/api/mcp`, fetchFn })).toBe('REDIRECT');
    expect(p.callback?.searchParams.get('error')).toBe('access_denied');
    expect(p.callback?.searchParams.get('code')).toBeNull();
  });
});

describe('an address the identity provider spells with look-alike characters', () => {
  // K (U+212A, the Kelvin sign) is not K, yet toLowerCase() makes it an ASCII k.
  const kate = { email: 'kate@school.example', password: 'kate-pw' };
  const kelvin = { email: '\u212Aate@school.example', password: 'kelvin-pw' };
  const lee = { email: 'Lee@School.EXAMPLE', password: 'lee-pw' };
  let own: DevIdp;
  beforeAll(async () => {
    own = await startDevIdp({
      accounts: [kate, kelvin, lee],
      clients: [
        {
          client_id: 'catalog',
          client_secret: 'catalog-secret-for-tests',
          redirect_uris: [`${BASE}/api/auth/callback`],
        },
      ],
    });
  });
  afterAll(() => own?.stop());

  const refusal =
    /^The identity provider gave the address "\u212Aate@school\.example", which has characters that Unicode normalisation changes \(it would read kate@school\.example\)\. This catalog signs in only addresses written in plain characters, so it is not matched to any account\./;

  it('the editor refuses the Kelvin-sign address at sign-in, and kate is not signed in', async () => {
    const { ctx } = makeContext(editorEnv(own.issuer, { CURATOR_EMAILS: `${kate.email}=kate` }));
    const back = await editorCallback(ctx, kelvin);
    expect(back.origin + back.pathname).toBe(ADMIN_URL);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('state')).toBe(DECAP_STATE);
    expect(back.searchParams.get('error_description')).toMatch(refusal);
    // kate herself, with her own account, still signs in as kate.
    const t = await signInToEditor(ctx, kate);
    expect(await verifyEditorToken(t.access_token, ctx)).toMatchObject({ email: kate.email, handle: 'kate' });
  });

  it('an MCP client signing in with it gets no code either, with kate an admin', async () => {
    const { ctx } = makeContext(testEnv(own.issuer, { ADMIN_EMAILS: kate.email }));
    const fetchFn = routeTo(ctx);
    const p = new WalkingOAuthProvider(kelvin, { fetchFn });
    expect(await auth(p, { serverUrl: `${BASE}/api/mcp`, fetchFn })).toBe('REDIRECT');
    expect(p.callback?.searchParams.get('error')).toBe('access_denied');
    expect(p.callback?.searchParams.get('code')).toBeNull();
    expect(p.callback?.searchParams.get('error_description')).toMatch(refusal);
  });

  it('ASCII capitals in the provider’s address are no other spelling: she signs in, compared lower-cased', async () => {
    const { ctx } = makeContext(editorEnv(own.issuer, { CURATOR_EMAILS: 'lee@school.example=lee' }));
    const t = await signInToEditor(ctx, lee);
    expect(await verifyEditorToken(t.access_token, ctx)).toMatchObject({
      email: 'lee@school.example',
      handle: 'lee',
      id: curatorId('lee@school.example', cfg(ctx).secrets),
    });
  });

  it('no later check maps it to kate either: the lists compare addresses one way', () => {
    const curators = new Map([[kate.email, 'kate']]);
    expect(editorAccess(kelvin.email, new Set([kate.email]), curators)).toBeNull();
    expect(editorAccess('Kate@School.example', new Set(), curators)).toEqual({ role: 'curator', handle: 'kate' });
  });
});

describe('GET /api/auth/authorize for the editor: the attacker’s requests', () => {
  const { ctx } = makeContext(editorEnv('http://127.0.0.1:1')); // nothing here reaches the provider
  const shown = async (url: URL | string, status = 400) => {
    const res = await handleAuthorize(new Request(url), ctx);
    expect(res.status).toBe(status);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    return res.text();
  };

  it.each([
    `${BASE}/admin`,
    `${BASE}/admin/index.html`,
    `${BASE}/admin/x`,
    `${BASE}/admin//`,
    `${BASE}/admin/?next=https://evil.example`,
    `${BASE}/admin/#frag`,
    `${BASE}/admin/..`,
    `${BASE}/admin/%2e%2e/api/mcp`,
    `${BASE}/admin%2F`,
    `${BASE}/ADMIN/`,
    `${BASE}/Admin/`,
    `${BASE}/admin/ `,
    `${BASE}/`,
    `${BASE}/api/auth/callback`,
    'http://localhost:5999.evil.example/admin/',
    'http://localhost:5999@evil.example/admin/',
    'http://evil.example/admin/',
    'https://localhost:5999/admin/',
    'http://localhost:5998/admin/',
    'http://LOCALHOST:5999/admin/',
    'http://127.0.0.1:5999/admin/',
    'HTTP://localhost:5999/admin/',
    '//localhost:5999/admin/',
    '/admin/',
    'javascript:alert(1)//localhost:5999/admin/',
    REDIRECT,
  ])('redirect_uri %s is shown on a page, never followed', async (uri) => {
    const page = await shown(editorAuthorizeUrl({ redirect_uri: uri }));
    expect(page).toContain(`The editor signs in only from ${ADMIN_URL}`);
  });

  it('no redirect_uri at all is shown too (the editor has one, but must name it)', async () => {
    await shown(editorAuthorizeUrl({ redirect_uri: '' }));
  });

  it('a second redirect_uri beside the right one is shown (repeated parameter)', async () => {
    const url = editorAuthorizeUrl();
    url.searchParams.append('redirect_uri', 'https://evil.example/admin/');
    expect(await shown(url)).toContain('The parameter redirect_uri is repeated');
  });

  it('a client id that differs from catalog-editor by case or padding is an unknown client', async () => {
    for (const id of ['Catalog-Editor', 'catalog-editor ', ' catalog-editor', 'catalog-editor%00'])
      expect(await shown(editorAuthorizeUrl({ client_id: id }))).toContain('Unknown client_id');
  });

  it.each([
    [{ code_challenge: '' }, 'invalid_request', /PKCE is required/],
    [{ code_challenge_method: '' }, 'invalid_request', /S256/],
    [{ code_challenge_method: 'plain', code_challenge: EDITOR_VERIFIER }, 'invalid_request', /plain is refused/],
    [{ code_challenge_method: 's256' }, 'invalid_request', /S256/],
    [{ code_challenge: 'short' }, 'invalid_request', /malformed/],
    [{ response_type: 'token' }, 'unsupported_response_type', /response_type=code/],
    [{ response_type: '' }, 'unsupported_response_type', /response_type=code/],
    [{ resource: `${BASE}/api/mcp` }, 'invalid_target', /api\/git/],
  ])('%j goes back to /admin/ as error=%s (never upstream)', async (params, error, description) => {
    const res = await handleAuthorize(new Request(editorAuthorizeUrl(params)), ctx);
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(ADMIN_URL);
    expect(back.searchParams.get('error')).toBe(error);
    expect(back.searchParams.get('error_description')).toMatch(description);
    expect(back.searchParams.get('state')).toBe(DECAP_STATE);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('a correct request goes straight upstream (no consent page), the resource optional or the gateway', async () => {
    const { ctx: real } = makeContext(editorEnv(idp.issuer));
    for (const extra of [{}, { resource: `${BASE}/api/git` }] as Record<string, string>[]) {
      const res = await handleAuthorize(new Request(editorAuthorizeUrl(extra)), real);
      expect(res.status).toBe(302);
      const to = new URL(res.headers.get('location')!);
      expect(to.origin).toBe(idp.issuer);
      // The provider only ever sees the site's callback, never /admin/.
      expect(to.searchParams.get('redirect_uri')).toBe(`${BASE}/api/auth/callback`);
      expect(res.headers.getSetCookie()).toEqual([expect.stringMatching(/^mcp_auth_tx=/)]);
    }
  });

  it('its pages speak to curators: without a shared store, the 503 names the editor’s sign-in, not the admin’s', async () => {
    const { ctx: noStore } = makeContext(editorEnv(idp.issuer));
    const res = await handleAuthorize(new Request(editorAuthorizeUrl()), {
      ...noStore,
      store: { ok: false, missing: 'a shared store' },
    });
    expect(res.status).toBe(503);
    const page = await res.text();
    expect(page).toContain('The editor’s sign-in is not available');
    expect(page).toContain('<span class="auth-tag">Editor sign-in</span>');
    expect(page).not.toContain('MCP');
  });

  it('with CURATOR_EMAILS malformed, the editor’s sign-in answers 503 naming the entry; MCP clients still sign in', async () => {
    const { ctx: bad } = makeContext(
      testEnv(idp.issuer, { CURATOR_EMAILS: 'maya@school.example=maya,jo@home.example' }),
    );
    const page = await (async () => {
      const res = await handleAuthorize(new Request(editorAuthorizeUrl()), bad);
      expect(res.status).toBe(503);
      expect(res.headers.get('location')).toBeNull();
      return res.text();
    })();
    expect(page).toContain('CURATOR_EMAILS: &quot;jo@home.example&quot; has no handle');
    expect(page).toContain('Editor sign-in');
    const consent = await handleAuthorize(new Request(authorizeUrl({ client_id: await clientId(bad) })), bad);
    expect(consent.status).toBe(200);
  });
});

describe('POST /api/auth/token for the editor', () => {
  it('a code is redeemed once: the replay gets invalid_grant', async () => {
    const { ctx } = makeContext(editorEnv(idp.issuer));
    const code = (await editorCallback(ctx, ACCOUNTS.maya)).searchParams.get('code')!;
    expect((await editorToken(ctx, code)).status).toBe(200);
    const again = await editorToken(ctx, code);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/already been used/),
    });
  });

  it.each([
    [{ code_verifier: 'x'.repeat(64) }, 'invalid_grant', /code_verifier does not match/],
    [{ code_verifier: EDITOR_VERIFIER.slice(0, 100) }, 'invalid_grant', /code_verifier does not match/],
    [{ code_verifier: null }, 'invalid_request', /code_verifier is required/],
    [{ redirect_uri: `${BASE}/admin` }, 'invalid_grant', /redirect_uri does not match/],
    [{ redirect_uri: `${BASE}/admin/?x` }, 'invalid_grant', /redirect_uri does not match/],
    [{ redirect_uri: null }, 'invalid_grant', /redirect_uri does not match/],
    [{ resource: `${BASE}/api/mcp` }, 'invalid_target', /api\/git/],
    [{ code: null }, 'invalid_request', /code is required/],
  ])('%j is refused with %s, and the code is not spent', async (over, error, description) => {
    const { ctx } = makeContext(editorEnv(idp.issuer));
    const code = (await editorCallback(ctx, ACCOUNTS.maya)).searchParams.get('code')!;
    const res = await editorToken(ctx, code, over);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error, error_description: expect.stringMatching(description) });
    expect((await editorToken(ctx, code)).status).toBe(200);
  });

  it('an expired code (past 60 s) is refused', async () => {
    const { ctx, clock } = makeContext(editorEnv(idp.issuer));
    const code = (await editorCallback(ctx, ACCOUNTS.maya)).searchParams.get('code')!;
    clock.now += 61_000;
    const res = await editorToken(ctx, code);
    expect(await res.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/expired/),
    });
  });

  it('codes do not cross clients: an MCP client’s code at the editor, the editor’s at an MCP client', async () => {
    const { ctx } = makeContext(editorEnv(idp.issuer));
    const cid = await clientId(ctx);
    const mcpCode = await testCode(ctx, cid, ctx.now());
    const asEditor = await token(ctx, {
      client_id: EDITOR_CLIENT_ID,
      code: mcpCode,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
    });
    expect(await asEditor.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/another client/),
    });

    const editorCode = (await editorCallback(ctx, ACCOUNTS.ada)).searchParams.get('code')!;
    const asMcp = await token(ctx, {
      client_id: cid,
      code: editorCode,
      grant_type: 'authorization_code',
      redirect_uri: ADMIN_URL,
      code_verifier: EDITOR_VERIFIER,
    });
    expect(await asMcp.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/another client/),
    });
    expect(CHALLENGE).not.toBe(''); // the MCP code above was bound to the harness's own challenge
  });

  it('the editor gets no refresh: refresh_token is unsupported for it', async () => {
    const { ctx } = makeContext(editorEnv(idp.issuer));
    const res = await token(ctx, { client_id: EDITOR_CLIENT_ID, grant_type: 'refresh_token', refresh_token: 'x' });
    expect(res.status).toBe(400);
    expect(await oauthError(res)).toBe('unsupported_grant_type');
  });

  it('someone removed between sign-in and the token request gets no token', async () => {
    const env = editorEnv(idp.issuer);
    const { ctx } = makeContext(env);
    const code = (await editorCallback(ctx, ACCOUNTS.maya)).searchParams.get('code')!;
    const later = withEnv(ctx, { ...env, CURATOR_EMAILS: 'jo@home.example=jo' });
    const res = await editorToken(later, code);
    expect(await res.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/not on the list/),
    });
  });

  it('Decap’s form without a Content-Type is refused as the other token requests are', async () => {
    const { ctx } = makeContext(editorEnv(idp.issuer));
    const res = await routeTo(ctx)(`${BASE}/api/auth/token`, { method: 'POST', body: JSON.stringify({ a: 1 }) });
    expect(res.status).toBe(400);
  });
});
