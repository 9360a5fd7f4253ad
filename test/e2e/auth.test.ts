// Admin sign-in over HTTP on the local Netlify stack with a real OpenID provider upstream, driven by
// the MCP SDK's own client-side OAuth (auth() with a provider that walks the redirects itself and
// presses Allow on the consent page, as an admin does once per client).
import { describe, expect, inject, it } from 'vitest';
import {
  auth,
  discoverAuthorizationServerMetadata,
  refreshAuthorization,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readSettings } from '../../src/config/env.ts';
import { tokenSettings } from '../../src/server/auth/settings.ts';
import { verifyAccessToken } from '../../src/server/auth/tokens.ts';
import { ALLOW_COOKIES } from '../support/auth-harness.ts';
import { fetchFrom, randomLoopback } from '../support/from-ip.ts';
import { CookieJar, E2E_ACCOUNTS, WalkingOAuthProvider, consentForm, jarFetch } from '../support/oidc.ts';

const base = inject('baseUrl');
const serverUrl = `${base}/api/mcp`;
// This file's own client address: its sign-ins count against its own per-IP limits.
const fetchFn = fetchFrom(randomLoopback());
const settings = () => {
  const s = tokenSettings(readSettings(inject('stackEnv')));
  if (!s.ok) throw new Error(s.missing.join());
  return s.value;
};

describe('discovery over HTTP', () => {
  it.each([
    '/.well-known/oauth-authorization-server',
    '/.well-known/oauth-protected-resource',
    '/.well-known/oauth-protected-resource/api/mcp',
  ])('%s is JSON with CORS', async (path) => {
    const res = await fetch(`${base}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const doc = (await res.json()) as { issuer?: string; resource?: string };
    expect(doc.issuer ?? doc.resource).toMatch(new RegExp(`^${base}`));
  });
});

describe('sign-in with the MCP SDK client', () => {
  it('discovery → registration → authorize → upstream login → callback → token; refresh works once', async () => {
    const p = new WalkingOAuthProvider(E2E_ACCOUNTS.admin, {
      redirectUrl: 'http://127.0.0.1:33418/oauth/callback',
      fetchFn,
    });
    expect(await auth(p, { serverUrl, fetchFn })).toBe('REDIRECT');
    expect(p.authorizationUrl?.href.startsWith(`${base}/api/auth/authorize?`)).toBe(true);
    const cb = p.callback!;
    expect(cb.searchParams.get('error')).toBeNull();
    expect(cb.searchParams.get('state')).toBe(p.lastState);
    expect(cb.searchParams.get('iss')).toBe(base);
    expect(await auth(p, { serverUrl, authorizationCode: cb.searchParams.get('code')!, fetchFn })).toBe('AUTHORIZED');
    const first = p.saved!;
    expect(await verifyAccessToken(first.access_token, settings())).toMatchObject({ email: E2E_ACCOUNTS.admin.email });

    // The token from the sign-in opens /api/mcp through the SDK's own transport and auth provider.
    const client = new Client({ name: 'auth-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: p }));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('search_products');
    const found = await client.callTool({ name: 'search_products', arguments: { query: 'puzzle' } });
    expect(found.isError).toBeFalsy();
    await client.close();

    const metadata = await discoverAuthorizationServerMetadata(base, { fetchFn });
    const refresh = (rt: string) =>
      refreshAuthorization(base, {
        metadata,
        clientInformation: p.client!,
        refreshToken: rt,
        resource: new URL(serverUrl),
        fetchFn,
      });
    const renewed = await refresh(first.refresh_token!);
    expect(await verifyAccessToken(renewed.access_token, settings())).toMatchObject({
      email: E2E_ACCOUNTS.admin.email,
    });
    await expect(refresh(first.refresh_token!)).rejects.toThrow(/already been used/);
  });

  it('a replayed authorization code fails', async () => {
    const p = new WalkingOAuthProvider(E2E_ACCOUNTS.otherAdmin, {
      redirectUrl: 'http://127.0.0.1:33419/oauth/callback',
      fetchFn,
    });
    await auth(p, { serverUrl, fetchFn });
    const code = p.callback!.searchParams.get('code')!;
    expect(await auth(p, { serverUrl, authorizationCode: code, fetchFn })).toBe('AUTHORIZED');
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: p.verifier,
      client_id: p.client!.client_id,
      redirect_uri: p.redirect,
      resource: serverUrl,
    });
    const res = await fetchFn(`${base}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('an account that is not allowlisted gets access_denied', async () => {
    const p = new WalkingOAuthProvider(E2E_ACCOUNTS.outsider, {
      redirectUrl: 'http://127.0.0.1:33420/oauth/callback',
      fetchFn,
    });
    expect(await auth(p, { serverUrl, fetchFn })).toBe('REDIRECT');
    expect(p.callback!.searchParams.get('error')).toBe('access_denied');
    expect(p.callback!.searchParams.get('code')).toBeNull();
  });

  it('Allow on the consent page sets the transaction and approval cookies (HttpOnly, Secure, SameSite=Lax, /api/auth)', async () => {
    const reg = await fetchFn(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:33421/cb'], client_name: 'cookie check' }),
    });
    const { client_id } = (await reg.json()) as { client_id: string };
    const q = new URLSearchParams({
      client_id,
      redirect_uri: 'http://127.0.0.1:33421/cb',
      response_type: 'code',
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
      state: 's',
    });
    const jar = new CookieJar();
    const pageUrl = new URL(`${base}/api/auth/authorize?${q}`);
    const consent = await jarFetch(fetchFn, jar, pageUrl);
    expect(consent.status).toBe(200);
    const form = consentForm(await consent.text())!;
    const res = await jarFetch(fetchFn, jar, new URL(form.action, pageUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(base).origin },
      body: new URLSearchParams({ request: form.request, decision: 'allow' }).toString(),
    });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!).origin).toBe(inject('stackEnv').OIDC_ISSUER);
    const cookies = res.headers.getSetCookie();
    for (const c of ALLOW_COOKIES) expect(cookies).toContainEqual(expect.stringMatching(c));
  });

  it('an open-redirect attempt is shown, never redirected', async () => {
    const reg = await fetchFn(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:33422/cb'] }),
    });
    const { client_id } = (await reg.json()) as { client_id: string };
    const q = new URLSearchParams({
      client_id,
      redirect_uri: 'https://evil.example/cb',
      response_type: 'code',
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
    });
    const res = await fetchFn(`${base}/api/auth/authorize?${q}`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });
});
