// Configuration of the admin sign-in: every missing variable is named, 503 everywhere under
// /api/auth when incomplete, plain-http issuers only on loopback; discovery documents and the challenge.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readSettings } from '../../src/config/env.ts';
import { authConfig } from '../../src/server/auth/config.ts';
import { handleMetadata } from '../../src/server/auth/metadata.ts';
import { handleAuthorize } from '../../src/server/auth/authorize.ts';
import { handleCallback } from '../../src/server/auth/callback.ts';
import { handleRegister } from '../../src/server/auth/register.ts';
import { handleToken } from '../../src/server/auth/token-endpoint.ts';
import { bearerChallenge } from '../../src/server/mcp/http.ts';
import { sharedStoreFor } from '../../src/server/store/choose.ts';
import { makeContext, testEnv } from '../support/auth-harness.ts';

const full = testEnv('https://id.example.com');

describe('authConfig', () => {
  it('accepts a complete configuration', () => {
    const c = authConfig(readSettings(full));
    expect(c.ok && c.value.resource).toBe('http://localhost:5999/api/mcp');
  });
  it('names every missing variable', () => {
    const c = authConfig(readSettings({}));
    expect(c.ok).toBe(false);
    const text = c.ok ? '' : c.missing.join(' | ');
    for (const v of ['SITE_URL', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'ADMIN_EMAILS', 'AUTH_SECRET'])
      expect(text).toContain(v);
  });
  it.each([
    ['x'.repeat(31), 'shorter than 32 bytes'],
    ['a'.repeat(32), 'too few distinct characters'],
    ['password'.repeat(4), 'looks like a placeholder or a password'],
    ['changeme-' + 'k3Jq9'.repeat(7), 'looks like a placeholder or a password'],
    ['a'.repeat(28) + 'bcdefghi', 'too repetitive to be random'],
  ])('refuses the weak AUTH_SECRET %j (%s), and the same as AUTH_SECRET_PREVIOUS', (weak, why) => {
    const c = authConfig(readSettings({ ...full, AUTH_SECRET: weak }));
    expect(c.ok ? [] : c.missing).toEqual([`AUTH_SECRET (too weak: ${why})`]);
    const p = authConfig(readSettings({ ...full, AUTH_SECRET_PREVIOUS: weak }));
    expect(p.ok ? [] : p.missing).toEqual([`AUTH_SECRET_PREVIOUS (too weak: ${why})`]);
  });
  it('accepts random secrets in the usual encodings, and a strong AUTH_SECRET_PREVIOUS', () => {
    for (const enc of ['base64url', 'base64', 'hex'] as const)
      expect(authConfig(readSettings({ ...full, AUTH_SECRET: randomBytes(32).toString(enc) })).ok).toBe(true);
    const c = authConfig(readSettings({ ...full, AUTH_SECRET_PREVIOUS: randomBytes(32).toString('base64url') }));
    expect(c.ok && c.value.secrets.previous).toBeTruthy();
  });
  it.each([
    ['http://id.example.com', false],
    ['http://10.0.0.5:3000', false],
    ['ftp://127.0.0.1', false],
    ['not a url', false],
    ['http://127.0.0.1:4000', true],
    ['http://localhost:4000', true],
    ['https://id.example.com/realms/x', true],
  ])('issuer %s accepted: %s', (issuer, ok) => {
    expect(authConfig(readSettings({ ...full, OIDC_ISSUER: issuer })).ok).toBe(ok);
  });
});

describe('unconfigured: every /api/auth endpoint answers 503 not_configured', () => {
  const { ctx } = makeContext({ SITE_URL: 'http://localhost:5999', ADMIN_EMAILS: 'a@example.test' });
  // Neither Netlify Blobs nor REDIS_URL: outside unit tests the admin side never falls back to memory.
  ctx.store = sharedStoreFor(readSettings({}).store);
  it.each([
    [
      'register',
      () =>
        handleRegister(
          new Request('http://localhost:5999/api/auth/register', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          }),
          ctx,
        ),
    ],
    ['authorize', () => handleAuthorize(new Request('http://localhost:5999/api/auth/authorize?client_id=x'), ctx)],
    ['callback', () => handleCallback(new Request('http://localhost:5999/api/auth/callback?code=x&state=y'), ctx)],
    [
      'token',
      () =>
        handleToken(
          new Request('http://localhost:5999/api/auth/token', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'grant_type=authorization_code',
          }),
          ctx,
        ),
    ],
  ])('%s', async (name, call) => {
    const res = await call();
    expect(res.status).toBe(503);
    // The browser endpoints answer with a page, the JSON endpoints with an ApiError.
    const message =
      name === 'authorize' || name === 'callback'
        ? await res.text()
        : ((await res.json()) as { error: { code: string; message: string } }).error.message;
    for (const v of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'AUTH_SECRET', 'a shared store'])
      expect(message).toContain(v);
    expect(message).not.toContain('ADMIN_EMAILS');
  });
});

describe('discovery documents', () => {
  const base = 'https://catalog.example.org';
  it('RFC 8414 authorization server metadata, with CORS', async () => {
    const res = await handleMetadata(new Request(`${base}/.well-known/oauth-authorization-server`), base);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/api/auth/authorize`,
      token_endpoint: `${base}/api/auth/token`,
      registration_endpoint: `${base}/api/auth/register`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      scopes_supported: [],
    });
  });
  it.each(['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/api/mcp'])(
    'RFC 9728 metadata at %s',
    async (path) => {
      const res = await handleMetadata(new Request(`${base}${path}`), base);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(await res.json()).toMatchObject({ resource: `${base}/api/mcp`, authorization_servers: [base] });
    },
  );
  it('answers a preflight and refuses POST', async () => {
    expect(
      (await handleMetadata(new Request(`${base}/.well-known/oauth-authorization-server`, { method: 'OPTIONS' }), base))
        .status,
    ).toBe(204);
    expect(
      (await handleMetadata(new Request(`${base}/.well-known/oauth-authorization-server`, { method: 'POST' }), base))
        .status,
    ).toBe(405);
  });
});

describe('bearerChallenge (the 401 of /api/mcp)', () => {
  it('points at the path-form protected resource metadata', () => {
    expect(bearerChallenge('https://c.example')).toBe(
      'Bearer resource_metadata="https://c.example/.well-known/oauth-protected-resource/api/mcp"',
    );
  });
  it('adds the error when a token was rejected, with quotes in the reason made harmless', () => {
    expect(bearerChallenge('https://c.example', 'the access token has "expired"')).toBe(
      `Bearer error="invalid_token", error_description="the access token has 'expired'", resource_metadata="https://c.example/.well-known/oauth-protected-resource/api/mcp"`,
    );
  });
});
