// verifyAccessToken refuses every token it should: tampered, alg none, wrong key, audience,
// issuer or typ, no client_id, expired, not yet valid, and an address since removed from the
// allowlist; during a secret rotation it still accepts tokens signed with AUTH_SECRET_PREVIOUS.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import {
  issueAccessToken,
  verifyAccessToken,
  InvalidTokenError,
  type TokenSettings,
} from '../../src/server/auth/tokens.ts';
import { readSettings } from '../../src/config/env.ts';
import { tokenSettings } from '../../src/server/auth/settings.ts';

const secret = () => randomBytes(32).toString('base64url');
const env = { SITE_URL: 'https://catalog.example.org', AUTH_SECRET: secret(), ADMIN_EMAILS: 'ada@example.test' };
const opts = { clientId: 'client-1' };
const settings = (over: Record<string, string> = {}): TokenSettings => {
  const r = tokenSettings(readSettings({ ...env, ...over }));
  if (!r.ok) throw new Error(r.missing.join());
  return r.value;
};
const ada = { sub: 'idp|ada', email: 'ada@example.test' };
/** A token signed with the right key but built by hand, to vary one claim or header at a time. */
const handSigned = (s: TokenSettings, claims: Record<string, string>, typ: string) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ })
    .setIssuer(s.issuer)
    .setAudience(s.audience)
    .setSubject(ada.sub)
    .setIssuedAt()
    .setNotBefore('0s')
    .setExpirationTime('1h')
    .sign(s.key);
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('verifyAccessToken', () => {
  it('accepts a token it issued', async () => {
    const s = settings();
    expect(await verifyAccessToken(await issueAccessToken(ada, s, opts), s)).toEqual(ada);
  });
  it('refuses a tampered payload', async () => {
    const s = settings();
    const [h, , sig] = (await issueAccessToken(ada, s, opts)).split('.');
    const now = Math.floor(Date.now() / 1000);
    const forged = b64({
      email: 'grace@example.test',
      iss: s.issuer,
      aud: s.audience,
      sub: 'x',
      iat: now,
      nbf: now,
      exp: now + 3600,
    });
    await expect(
      verifyAccessToken(`${h}.${forged}.${sig}`, settings({ ADMIN_EMAILS: 'ada@example.test,grace@example.test' })),
    ).rejects.toThrow(InvalidTokenError);
  });
  it('refuses alg none', async () => {
    const s = settings();
    const now = Math.floor(Date.now() / 1000);
    const token = `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64({ ...ada, iss: s.issuer, aud: s.audience, iat: now, nbf: now, exp: now + 3600 })}.`;
    await expect(verifyAccessToken(token, s)).rejects.toThrow(InvalidTokenError);
  });
  it('refuses a token signed with another key', async () => {
    const other = settings({ AUTH_SECRET: secret() });
    await expect(verifyAccessToken(await issueAccessToken(ada, other, opts), settings())).rejects.toThrow(/invalid/);
  });
  it('refuses another audience and another issuer', async () => {
    const s = settings();
    await expect(
      verifyAccessToken(await issueAccessToken(ada, { ...s, audience: 'https://other.example/api/mcp' }, opts), s),
    ).rejects.toThrow(InvalidTokenError);
    await expect(
      verifyAccessToken(await issueAccessToken(ada, { ...s, issuer: 'https://other.example' }, opts), s),
    ).rejects.toThrow(InvalidTokenError);
  });
  it('refuses a token typed JWT instead of at+jwt', async () => {
    const s = settings();
    const token = await handSigned(s, { email: ada.email, client_id: 'client-1' }, 'JWT');
    await expect(verifyAccessToken(token, s)).rejects.toThrow(InvalidTokenError);
  });
  it('refuses an expired token and a not-yet-valid one (injected clock)', async () => {
    const t0 = Date.parse('2030-01-01T00:00:00Z');
    const s = settings();
    const token = await issueAccessToken(ada, { ...s, now: () => t0 }, opts);
    expect(await verifyAccessToken(token, { ...s, now: () => t0 + 3599_000 })).toEqual(ada);
    await expect(verifyAccessToken(token, { ...s, now: () => t0 + 3601_000 })).rejects.toThrow(/expired/);
    await expect(verifyAccessToken(token, { ...s, now: () => t0 - 120_000 })).rejects.toThrow(InvalidTokenError);
  });
  it('refuses an address removed from the allowlist at once', async () => {
    const token = await issueAccessToken(ada, settings(), opts);
    await expect(verifyAccessToken(token, settings({ ADMIN_EMAILS: 'grace@example.test' }))).rejects.toThrow(
      /allowlist/,
    );
  });
  it('carries the client it was issued to (RFC 9068 client_id) and refuses a token without one', async () => {
    const s = settings();
    expect(decodeJwt(await issueAccessToken(ada, s, opts)).client_id).toBe('client-1');
    const bare = await handSigned(s, { email: ada.email }, 'at+jwt');
    await expect(verifyAccessToken(bare, s)).rejects.toThrow(/client_id|invalid/);
  });
  it('during a rotation, accepts tokens of AUTH_SECRET_PREVIOUS; after it, refuses them', async () => {
    const old = env.AUTH_SECRET;
    const before = await issueAccessToken(ada, settings(), opts);
    const rotating = settings({ AUTH_SECRET: secret(), AUTH_SECRET_PREVIOUS: old });
    expect(await verifyAccessToken(before, rotating)).toEqual(ada);
    expect(await verifyAccessToken(await issueAccessToken(ada, rotating, opts), rotating)).toEqual(ada);
    await expect(verifyAccessToken(before, { ...rotating, previousKey: undefined })).rejects.toThrow(/invalid/);
  });
});
