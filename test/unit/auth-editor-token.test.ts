// verifyEditorToken and POST /api/auth/signout: an editor token is good for the git gateway only,
// for 8 hours, while its holder is on a list and has not signed out. Each attack below is a token
// or a request that must be refused: the other audience, an expired or forged token, a removed
// curator, a signed-out session (also after a secret rotation), a store that cannot answer.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import type { DevIdp } from '../../scripts/dev-idp.ts';
import { readSettings } from '../../src/config/env.ts';
import { authContext, type AuthContext } from '../../src/server/auth/context.ts';
import { EDITOR_CLIENT_ID, editorConfig } from '../../src/server/auth/editor-client.ts';
import {
  EditorUnavailableError,
  InvalidTokenError,
  curatorId,
  issueEditorToken,
  verifyEditorToken,
  type EditorIdentity,
} from '../../src/server/auth/editor-token.ts';
import { issueAccessToken, verifyAccessToken } from '../../src/server/auth/tokens.ts';
import { memoryStore } from '../../src/server/store/memory.ts';
import { ACCOUNTS, BASE, cfg, makeContext, routeTo, startTestIdp } from '../support/auth-harness.ts';
import { editorEnv, signInToEditor, signOut, withEnv } from '../support/editor-auth.ts';
import { ApiError } from '../../src/contract/api.ts';
import { ENV as MCP_ENV, fixtureDir, makeHandler, post, rpc } from '../support/mcp.ts';

let idp: DevIdp;
beforeAll(async () => {
  idp = await startTestIdp();
});
afterAll(() => idp?.stop());

const MAYA: EditorIdentity = { sub: 'idp|maya', email: 'maya@school.example', handle: 'maya', role: 'curator' };
const secret = () => randomBytes(32).toString('base64url');

/** An editor token for `who` as /api/auth/token signs it, under `ctx`'s settings and clock. */
function mint(ctx: AuthContext, who: EditorIdentity = MAYA): Promise<string> {
  const c = cfg(ctx);
  if (!c.editor.ok) throw new Error('editor not configured');
  return issueEditorToken(who, { issuer: c.base, editor: c.editor.value }, ctx.now());
}

const refused = (token: string, ctx: AuthContext, reason: RegExp) =>
  expect(verifyEditorToken(token, ctx)).rejects.toSatisfy(
    (e: unknown) => e instanceof InvalidTokenError && reason.test(e.message),
  );

describe('verifyEditorToken: the allowlists on every call', () => {
  it('accepts its token while she is on CURATOR_EMAILS, and refuses it from the request after her removal', async () => {
    const env = editorEnv(idp.issuer);
    const { ctx } = makeContext(env);
    const t = await signInToEditor(ctx, ACCOUNTS.maya);
    expect(await verifyEditorToken(t.access_token, ctx)).toMatchObject({ handle: 'maya', role: 'curator' });
    const removed = withEnv(ctx, { ...env, CURATOR_EMAILS: 'jo@home.example=jo' });
    await refused(t.access_token, removed, /no longer on the list of curators or admins/);
    // Put back, she is let in again: the list decides, nothing else was recorded.
    expect(await verifyEditorToken(t.access_token, withEnv(ctx, env))).toMatchObject({ handle: 'maya' });
  });

  it('an admin removed from ADMIN_EMAILS is refused too; her handle and role follow the lists, not the token', async () => {
    const env = editorEnv(idp.issuer);
    const { ctx } = makeContext(env);
    const t = await signInToEditor(ctx, ACCOUNTS.ada);
    expect(decodeJwt(t.access_token)).toMatchObject({ role: 'admin', handle: 'admin' });
    await refused(t.access_token, withEnv(ctx, { ...env, ADMIN_EMAILS: 'una@example.test' }), /no longer on the list/);
    const nowCurator = withEnv(ctx, {
      ...env,
      ADMIN_EMAILS: 'una@example.test',
      CURATOR_EMAILS: 'ada@example.test=ada',
    });
    expect(await verifyEditorToken(t.access_token, nowCurator)).toMatchObject({ role: 'curator', handle: 'ada' });
  });

  it('a malformed CURATOR_EMAILS refuses every editor token (not configured), naming the entry', async () => {
    const env = editorEnv(idp.issuer);
    const { ctx } = makeContext(env);
    const t = await mint(ctx);
    const err = await verifyEditorToken(t, withEnv(ctx, { ...env, CURATOR_EMAILS: 'maya@school.example=Maya' })).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(EditorUnavailableError);
    expect((err as EditorUnavailableError).missing).toEqual([
      'CURATOR_EMAILS: "maya@school.example=Maya": the handle "Maya" must be 2 to 31 lower-case letters, digits or hyphens, starting with a letter',
    ]);
  });

  it('the function log names a malformed CURATOR_EMAILS once per cold start', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const s = readSettings(editorEnv('https://id.example.com', { CURATOR_EMAILS: 'maya@school.example' }));
      authContext(s);
      authContext(s);
      expect(errors.mock.calls).toEqual([
        [
          'editor sign-in refused until fixed: CURATOR_EMAILS: "maya@school.example" has no handle (write email=handle, e.g. maya@school.example=maya)',
        ],
      ]);
      authContext(readSettings(editorEnv('https://id.example.com')));
      expect(errors).toHaveBeenCalledTimes(1);
    } finally {
      errors.mockRestore();
    }
  });

  it('fails closed when the shared store cannot answer', async () => {
    const { ctx } = makeContext(editorEnv(idp.issuer));
    const t = await mint(ctx);
    const broken = memoryStore();
    broken.getRecord = () => Promise.reject(new Error('store down'));
    const err = await verifyEditorToken(t, { ...ctx, store: { ok: true, store: broken } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EditorUnavailableError);
    expect((err as EditorUnavailableError).retryAfterSeconds).toBe(5);
    const none = await verifyEditorToken(t, { ...ctx, store: { ok: false, missing: 'a shared store' } }).catch(
      (e: unknown) => e,
    );
    expect(none).toBeInstanceOf(EditorUnavailableError);
  });
});

describe('verifyEditorToken: the token itself', () => {
  const env = editorEnv('https://id.example.com');
  const { ctx, clock } = makeContext(env);

  it('lasts 8 hours to the second', async () => {
    const t = await mint(ctx);
    const start = clock.now;
    clock.now = start + 8 * 3600 * 1000 - 1000;
    expect(await verifyEditorToken(t, ctx)).toMatchObject({ handle: 'maya' });
    clock.now = start + 8 * 3600 * 1000 + 1000;
    await refused(t, ctx, /expired/);
    clock.now = start;
  });

  it('is not valid before it was issued', async () => {
    const t = await mint(ctx);
    clock.now -= 60_000;
    await refused(t, ctx, /invalid/);
    clock.now += 60_000;
  });

  it('an MCP access token is refused (other key, other audience)', async () => {
    const mcp = await issueAccessToken({ sub: 'idp|ada', email: 'ada@example.test' }, cfg(ctx).tokens, {
      clientId: 'some-mcp-client',
    });
    await refused(mcp, ctx, /invalid/);
  });

  it('an editor token is refused by the MCP verifier', async () => {
    const t = await mint(ctx, { sub: 'idp|ada', email: 'ada@example.test', handle: 'admin', role: 'admin' });
    await expect(verifyAccessToken(t, cfg(ctx).tokens)).rejects.toThrow(InvalidTokenError);
  });

  /** Signed by hand with `key`, so one claim or header varies at a time. */
  const hand = (
    key: Uint8Array,
    o: { aud?: string; iss?: string; typ?: string; alg?: 'HS256' | 'HS512'; client_id?: string; email?: string } = {},
  ) =>
    new SignJWT({ email: o.email ?? 'maya@school.example', client_id: o.client_id ?? EDITOR_CLIENT_ID })
      .setProtectedHeader({ alg: o.alg ?? 'HS256', typ: o.typ ?? 'at+jwt' })
      .setIssuer(o.iss ?? BASE)
      .setAudience(o.aud ?? `${BASE}/api/git`)
      .setSubject('idp|maya')
      .setIssuedAt(Math.floor(clock.now / 1000))
      .setNotBefore(Math.floor(clock.now / 1000))
      .setExpirationTime(Math.floor(clock.now / 1000) + 3600)
      .setJti('j')
      .sign(key);
  const editorKey = () => {
    const e = cfg(ctx).editor;
    if (!e.ok) throw new Error('x');
    return e.value.key;
  };

  it('the hand-signed control token is accepted (so each refusal below is its one change)', async () => {
    expect(await verifyEditorToken(await hand(editorKey()), ctx)).toMatchObject({ handle: 'maya' });
  });

  it.each([
    ['the MCP audience', { aud: `${BASE}/api/mcp` }],
    ['another site’s gateway', { aud: 'https://other.example/api/git' }],
    ['another issuer', { iss: 'https://other.example' }],
    ['a plain JWT typ', { typ: 'JWT' }],
    ['HS512', { alg: 'HS512' as const }],
    ['another client id', { client_id: 'some-mcp-client' }],
    ['an email on no list', { email: 'mallory@example.test' }],
  ])('the editor key but %s is refused', async (_, o) => {
    await expect(verifyEditorToken(await hand(editorKey(), o), ctx)).rejects.toThrow(InvalidTokenError);
  });

  it('the MCP key with the gateway audience is refused (the keys differ)', async () => {
    await refused(await hand(cfg(ctx).tokens.key), ctx, /invalid/);
  });

  it('alg none and a tampered payload are refused', async () => {
    const t = await mint(ctx);
    const [h, p, s] = t.split('.') as [string, string, string];
    const none = `${Buffer.from('{"alg":"none","typ":"at+jwt"}').toString('base64url')}.${p}.`;
    await refused(none, ctx, /invalid/);
    const claims = { ...decodeJwt(t), email: 'jo@home.example' };
    await refused(`${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`, ctx, /invalid/);
    await refused('not.a.jwt', ctx, /invalid|could not be read/);
  });
});

describe('AUTH_SECRET rotation', () => {
  it('a token of the old secret works while it is AUTH_SECRET_PREVIOUS, and stops when it is removed', async () => {
    const old = secret();
    const env = editorEnv('https://id.example.com', { AUTH_SECRET: old });
    const { ctx } = makeContext(env);
    const t = await mint(ctx);
    const fresh = secret();
    const rotating = withEnv(ctx, { ...env, AUTH_SECRET: fresh, AUTH_SECRET_PREVIOUS: old });
    const c = await verifyEditorToken(t, rotating);
    expect(c.id).toBe(curatorId('maya@school.example', { current: fresh }));
    // Saves made before the rotation carry her old id: the gateway's four eyes can still see them.
    expect(c.previousId).toBe(curatorId('maya@school.example', { current: old }));
    await refused(t, withEnv(ctx, { ...env, AUTH_SECRET: fresh }), /invalid/);
  });

  it('a sign-out recorded before the rotation still ends the tokens of before', async () => {
    const old = secret();
    const env = editorEnv(idp.issuer, { AUTH_SECRET: old });
    const { ctx, clock } = makeContext(env);
    const t = await signInToEditor(ctx, ACCOUNTS.maya);
    clock.now += 1000;
    expect((await signOut(ctx, t.access_token)).status).toBe(204);
    const rotating = withEnv(ctx, { ...env, AUTH_SECRET: secret(), AUTH_SECRET_PREVIOUS: old });
    await refused(t.access_token, rotating, /signed out/);
  });
});

describe('POST /api/auth/signout', () => {
  it('ends every editor token of hers issued before now, on the server; others and later sign-ins go on', async () => {
    const env = editorEnv(idp.issuer);
    const { ctx, clock } = makeContext(env);
    const phone = await signInToEditor(ctx, ACCOUNTS.maya);
    const laptop = await signInToEditor(ctx, ACCOUNTS.maya);
    const jo = await signInToEditor(ctx, ACCOUNTS.jo);
    clock.now += 1000;
    const res = await signOut(ctx, phone.access_token);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('no-store');
    await refused(phone.access_token, ctx, /signed out/);
    await refused(laptop.access_token, ctx, /signed out/);
    expect(await verifyEditorToken(jo.access_token, ctx)).toMatchObject({ handle: 'jo' });
    // Another instance (its settings read afresh) with the same shared store sees it too.
    const other = { ...makeContext(env).ctx, store: ctx.store, now: ctx.now };
    await refused(laptop.access_token, other, /signed out/);
    // Reusing the ended token to sign out again: nothing to sign out.
    const again = await signOut(ctx, phone.access_token);
    expect(again.status).toBe(401);
    expect(ApiError.parse(await again.json()).error.code).toBe('unauthorized');
    clock.now += 1000;
    const back = await signInToEditor(ctx, ACCOUNTS.maya);
    expect(await verifyEditorToken(back.access_token, ctx)).toMatchObject({ handle: 'maya' });
  });

  it('refuses without a token, with another scheme, with an MCP token, and on GET; answers a preflight', async () => {
    const { ctx } = makeContext(editorEnv('https://id.example.com'));
    for (const res of [await signOut(ctx, null), await signOut(ctx, 'garbage')]) {
      expect(res.status).toBe(401);
      expect(ApiError.parse(await res.json()).error.code).toBe('unauthorized');
    }
    const mcp = await issueAccessToken({ sub: 'idp|ada', email: 'ada@example.test' }, cfg(ctx).tokens, {
      clientId: 'c',
    });
    expect((await signOut(ctx, mcp)).status).toBe(401);
    const basic = await routeTo(ctx)(`${BASE}/api/auth/signout`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('maya:pw').toString('base64')}` },
    });
    expect(basic.status).toBe(401);
    const get = await signOut(ctx, await mint(ctx), '192.0.2.1', 'GET');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    const pre = await signOut(ctx, null, '192.0.2.1', 'OPTIONS');
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  it('is limited per client IP: the 51st in 15 minutes is 429 with Retry-After; another address goes on', async () => {
    const { ctx } = makeContext(editorEnv('https://id.example.com'));
    for (let i = 0; i < 50; i++) expect((await signOut(ctx, null, '198.51.100.7')).status).toBe(401);
    const limited = await signOut(ctx, await mint(ctx), '198.51.100.7');
    expect(limited.status).toBe(429);
    expect(ApiError.parse(await limited.json()).error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signOut(ctx, await mint(ctx), '198.51.100.8')).status).toBe(204);
  });

  it('answers 503 naming what is missing when the admin side is not configured', async () => {
    const { ctx } = makeContext({ SITE_URL: BASE });
    const res = await signOut(ctx, 'x');
    expect(res.status).toBe(503);
    expect(ApiError.parse(await res.json()).error.code).toBe('not_configured');
  });
});

describe('an editor token at /api/mcp', () => {
  const fx = fixtureDir();
  afterAll(() => fx.cleanup());
  it('gets the contract’s 401 ApiError, even when its holder is an admin', async () => {
    const s = readSettings({ ...MCP_ENV, CURATOR_EMAILS: 'ada@example.test=ada' });
    if (!s.admin.tokens.ok) throw new Error('test settings');
    const { issuer, secrets } = s.admin.tokens.value;
    const editor = editorConfig(s, issuer, secrets);
    if (!editor.ok) throw new Error('editor settings');
    const t = await issueEditorToken(
      { sub: 'test|ada', email: 'ada@example.test', handle: 'ada', role: 'admin' },
      { issuer, editor: editor.value },
      Date.now(),
    );
    const res = await makeHandler(fx.root)(post(rpc('tools/list'), t));
    expect(res.status).toBe(401);
    const body = ApiError.parse(await res.json());
    expect(body.error.code).toBe('unauthorized');
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
  });
});
