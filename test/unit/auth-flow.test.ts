// The whole sign-in in process: the MCP SDK's client auth() against the handlers, with a real
// development OpenID provider upstream on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  refreshAuthorization,
  discoverAuthorizationServerMetadata,
} from '@modelcontextprotocol/sdk/client/auth.js';
import type { DevIdp } from '../../scripts/dev-idp.ts';
import { verifyAccessToken } from '../../src/server/auth/tokens.ts';
import { ACCOUNTS, BASE, makeContext, routeTo, startTestIdp, testEnv } from '../support/auth-harness.ts';
import { WalkingOAuthProvider } from '../support/oidc.ts';

let idp: DevIdp;
beforeAll(async () => {
  idp = await startTestIdp();
});
afterAll(() => idp?.stop());

const serverUrl = `${BASE}/api/mcp`;

describe('sign-in through the SDK client (in process)', () => {
  it('discovery → registration → authorize → upstream login → callback → token → refresh once', async () => {
    const { ctx } = makeContext(testEnv(idp.issuer));
    const fetchFn = routeTo(ctx);
    const p = new WalkingOAuthProvider(ACCOUNTS.ada, { fetchFn });
    expect(await auth(p, { serverUrl, fetchFn })).toBe('REDIRECT');
    expect(p.callback?.searchParams.get('state')).toBe(p.lastState);
    expect(p.callback?.searchParams.get('iss')).toBe(BASE);
    const code = p.callback?.searchParams.get('code');
    expect(code).toBeTruthy();
    expect(await auth(p, { serverUrl, authorizationCode: code!, fetchFn })).toBe('AUTHORIZED');
    const first = p.saved!;
    const settings = ctx.config.ok ? ctx.config.value.tokens : undefined;
    expect(await verifyAccessToken(first.access_token, settings!)).toMatchObject({ email: 'ada@example.test' });

    const metadata = await discoverAuthorizationServerMetadata(BASE, { fetchFn });
    const renewed = await refreshAuthorization(BASE, {
      metadata,
      clientInformation: p.client!,
      refreshToken: first.refresh_token!,
      resource: new URL(serverUrl),
      fetchFn,
    });
    expect(await verifyAccessToken(renewed.access_token, settings!)).toMatchObject({ email: 'ada@example.test' });
    expect(renewed.refresh_token).not.toBe(first.refresh_token);
    await expect(
      refreshAuthorization(BASE, {
        metadata,
        clientInformation: p.client!,
        refreshToken: first.refresh_token!,
        resource: new URL(serverUrl),
        fetchFn,
      }),
    ).rejects.toThrow(/already been used/);
  });
});

describe('an upstream that only offers client_secret_basic', () => {
  it('signs in (the client authentication follows the provider metadata)', async () => {
    const basicIdp = await startTestIdp('client_secret_basic');
    try {
      const { ctx } = makeContext(testEnv(basicIdp.issuer));
      const fetchFn = routeTo(ctx);
      const p = new WalkingOAuthProvider(ACCOUNTS.ada, { fetchFn });
      await auth(p, { serverUrl, fetchFn });
      expect(p.callback?.searchParams.get('error')).toBeNull();
      expect(await auth(p, { serverUrl, authorizationCode: p.callback!.searchParams.get('code')!, fetchFn })).toBe(
        'AUTHORIZED',
      );
    } finally {
      await basicIdp.stop();
    }
  });
});
