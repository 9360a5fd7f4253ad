// Refresh families, limits and body caps of /api/auth/token and /register, called with
// new Request(…) on an in-memory shared store and a movable clock: reuse revokes the whole family,
// a family ends 30 days after sign-in whatever the rotations, floods are refused per client IP.
import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../../src/server/auth/context.ts';
import {
  REDIRECT,
  VERIFIER,
  clientId,
  makeContext,
  oauthError,
  register,
  testCode,
  testEnv,
  token,
} from '../support/auth-harness.ts';

const DAY = 24 * 3600_000;

/** A sign-in: a code issued by the callback and exchanged at /token. */
async function signIn(env = testEnv('https://id.example.com')) {
  const { ctx, clock } = makeContext(env);
  const cid = await clientId(ctx);
  const code = await testCode(ctx, cid, clock.now);
  const res = await token(ctx, {
    grant_type: 'authorization_code',
    code,
    code_verifier: VERIFIER,
    client_id: cid,
    redirect_uri: REDIRECT,
  });
  expect(res.status).toBe(200);
  const tokens = (await res.json()) as { access_token: string; refresh_token: string };
  return { ctx, clock, cid, tokens, env };
}

const refresh = (ctx: AuthContext, cid: string, rt: string) =>
  token(ctx, { grant_type: 'refresh_token', refresh_token: rt, client_id: cid });

async function rotated(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  return ((await res.json()) as { refresh_token: string }).refresh_token;
}

describe('refresh families', () => {
  it('access tokens name the client they were issued to (client_id)', async () => {
    const { cid, tokens } = await signIn();
    expect(decodeJwt(tokens.access_token).client_id).toBe(cid);
  });
  it('reusing a rotated refresh token revokes the whole family, the newest token included', async () => {
    const { ctx, cid, tokens } = await signIn();
    const second = await rotated(await refresh(ctx, cid, tokens.refresh_token));
    const replay = await refresh(ctx, cid, tokens.refresh_token);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant', error_description: /already been used/ });
    const after = await refresh(ctx, cid, second);
    expect(await after.json()).toMatchObject({ error: 'invalid_grant', error_description: /revoked/ });
  });
  it('two refreshes of one token at once: at most one succeeds, and the family ends', async () => {
    const { ctx, cid, tokens } = await signIn();
    const both = await Promise.all([refresh(ctx, cid, tokens.refresh_token), refresh(ctx, cid, tokens.refresh_token)]);
    const ok = both.filter((r) => r.status === 200);
    expect(ok.length).toBeLessThanOrEqual(1);
    if (ok[0]) expect(await oauthError(await refresh(ctx, cid, await rotated(ok[0])))).toBe('invalid_grant');
  });
  it('another sign-in is another family: revoking one leaves the other alone', async () => {
    const a = await signIn();
    await rotated(await refresh(a.ctx, a.cid, a.tokens.refresh_token));
    await refresh(a.ctx, a.cid, a.tokens.refresh_token); // reuse: family A revoked
    const b = await signIn(a.env);
    expect((await refresh(b.ctx, b.cid, b.tokens.refresh_token)).status).toBe(200);
  });
  it('lives at most 30 days from sign-in, however often it is rotated', async () => {
    const { ctx, clock, cid, tokens } = await signIn();
    let rt = tokens.refresh_token;
    for (const day of [13, 26, 29]) {
      clock.now += (day === 13 ? 13 : day === 26 ? 13 : 3) * DAY;
      rt = await rotated(await refresh(ctx, cid, rt));
    }
    clock.now += 1 * DAY + 1000; // day 30 and a second
    const late = await refresh(ctx, cid, rt);
    expect(await late.json()).toMatchObject({ error: 'invalid_grant', error_description: /expired/ });
  });
  it('an unused refresh token still expires 14 days after it was issued', async () => {
    const { ctx, clock, cid, tokens } = await signIn();
    clock.now += 14 * DAY + 1000;
    expect(await oauthError(await refresh(ctx, cid, tokens.refresh_token))).toBe('invalid_grant');
  });
  it('fails closed (503, no tokens) when the store cannot answer', async () => {
    const { ctx, cid, tokens } = await signIn();
    const store = ctx.store.ok ? ctx.store.store : null;
    ctx.store = { ok: true, store: { ...store!, has: () => Promise.reject(new Error('store down')) } };
    const res = await refresh(ctx, cid, tokens.refresh_token);
    expect(res.status).toBe(503);
    expect(await oauthError(res)).toBe('temporarily_unavailable');
  });
});

describe('AUTH_SECRET rotation with AUTH_SECRET_PREVIOUS', () => {
  it('clients and refresh tokens issued before the rotation keep working; after it they stop', async () => {
    const before = await signIn();
    const old = before.env.AUTH_SECRET!;
    const fresh = randomBytes(32).toString('base64url');
    const during = makeContext({ ...before.env, AUTH_SECRET: fresh, AUTH_SECRET_PREVIOUS: old }).ctx;
    during.store = before.ctx.store;
    const next = await rotated(await refresh(during, before.cid, before.tokens.refresh_token));
    const after = makeContext({ ...before.env, AUTH_SECRET: fresh }).ctx;
    after.store = before.ctx.store;
    // Issued during the rotation: sealed with the new secret only.
    expect((await refresh(after, before.cid, next)).status).not.toBe(200);
    expect(await oauthError(await refresh(after, before.cid, next))).toBe('invalid_client');
  });
});

describe('limits and body caps (per client IP, OAuth JSON)', () => {
  it('/token: 50 per 15 minutes, the 51st is 429 too_many_requests with Retry-After; another IP is unaffected', async () => {
    const { ctx } = makeContext(testEnv('https://id.example.com'));
    const guess = { grant_type: 'authorization_code', code: 'guess', client_id: 'x', code_verifier: VERIFIER };
    for (let i = 0; i < 50; i++) expect((await token(ctx, guess, '203.0.113.9')).status).toBeLessThan(429);
    const res = await token(ctx, guess, '203.0.113.9');
    expect(res.status).toBe(429);
    expect(await oauthError(res)).toBe('too_many_requests');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect((await token(ctx, guess, '203.0.113.10')).status).toBe(401);
  });
  it('/register: 20 per hour, the 21st is 429', async () => {
    const { ctx } = makeContext(testEnv('https://id.example.com'));
    const meta = { redirect_uris: ['https://app.example/cb'] };
    for (let i = 0; i < 20; i++) expect((await register(ctx, meta, undefined, '203.0.113.11')).status).toBe(201);
    const res = await register(ctx, meta, undefined, '203.0.113.11');
    expect(res.status).toBe(429);
    expect(await oauthError(res)).toBe('too_many_requests');
    expect((await register(ctx, meta, undefined, '203.0.113.12')).status).toBe(201);
  });
  it('bodies over the cap are refused while reading (413), whatever Content-Length says', async () => {
    const { ctx } = makeContext(testEnv('https://id.example.com'));
    const big = 'x'.repeat(20_000);
    expect((await token(ctx, { grant_type: 'refresh_token', refresh_token: big })).status).toBe(413);
    const reg = await register(ctx, JSON.stringify({ redirect_uris: ['https://a.example/cb'], client_name: big }));
    expect(reg.status).toBe(413);
    expect(await oauthError(reg)).toBe('invalid_client_metadata');
  });
});
