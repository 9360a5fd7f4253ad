// verifyAccessToken refuses every token it should: tampered, alg none, wrong key, audience,
// issuer or typ, expired, not yet valid, and an address since removed from the allowlist.
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import {
  issueAccessToken,
  verifyAccessToken,
  InvalidTokenError,
  type TokenSettings,
} from '../../src/server/auth/tokens.ts';
import { tokenSettingsFromEnv } from '../../src/server/auth/settings.ts';

const env = { SITE_URL: 'https://catalog.example.org', AUTH_SECRET: 's'.repeat(40), ADMIN_EMAILS: 'ada@example.test' };
const settings = (over: Record<string, string> = {}): TokenSettings => {
  const r = tokenSettingsFromEnv({ ...env, ...over });
  if (!r.ok) throw new Error(r.missing.join());
  return r.value;
};
const ada = { sub: 'idp|ada', email: 'ada@example.test' };
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('verifyAccessToken', () => {
  it('accepts a token it issued', async () => {
    const s = settings();
    expect(await verifyAccessToken(await issueAccessToken(ada, s), s)).toEqual(ada);
  });
  it('refuses a tampered payload', async () => {
    const s = settings();
    const [h, , sig] = (await issueAccessToken(ada, s)).split('.');
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
    const other = settings({ AUTH_SECRET: 't'.repeat(40) });
    await expect(verifyAccessToken(await issueAccessToken(ada, other), settings())).rejects.toThrow(/invalid/);
  });
  it('refuses another audience and another issuer', async () => {
    const s = settings();
    await expect(
      verifyAccessToken(await issueAccessToken(ada, { ...s, audience: 'https://other.example/api/mcp' }), s),
    ).rejects.toThrow(InvalidTokenError);
    await expect(
      verifyAccessToken(await issueAccessToken(ada, { ...s, issuer: 'https://other.example' }), s),
    ).rejects.toThrow(InvalidTokenError);
  });
  it('refuses a token typed JWT instead of at+jwt', async () => {
    const s = settings();
    const token = await new SignJWT({ email: ada.email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(s.issuer)
      .setAudience(s.audience)
      .setSubject(ada.sub)
      .setIssuedAt()
      .setNotBefore('0s')
      .setExpirationTime('1h')
      .sign(s.key);
    await expect(verifyAccessToken(token, s)).rejects.toThrow(InvalidTokenError);
  });
  it('refuses an expired token and a not-yet-valid one (injected clock)', async () => {
    const t0 = Date.parse('2030-01-01T00:00:00Z');
    const s = settings();
    const token = await issueAccessToken(ada, { ...s, now: () => t0 });
    expect(await verifyAccessToken(token, { ...s, now: () => t0 + 3599_000 })).toEqual(ada);
    await expect(verifyAccessToken(token, { ...s, now: () => t0 + 3601_000 })).rejects.toThrow(/expired/);
    await expect(verifyAccessToken(token, { ...s, now: () => t0 - 120_000 })).rejects.toThrow(InvalidTokenError);
  });
  it('refuses an address removed from the allowlist at once', async () => {
    const token = await issueAccessToken(ada, settings());
    await expect(verifyAccessToken(token, settings({ ADMIN_EMAILS: 'grace@example.test' }))).rejects.toThrow(
      /allowlist/,
    );
  });
});
