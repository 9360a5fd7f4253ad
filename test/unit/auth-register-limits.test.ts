// Dynamic client registration, hardened after the outside review: a registration whose client_id
// /authorize could never accept is refused; redirect URIs are stored only in canonical form (the
// answer names it); control and bidi characters never reach the consent page's client name; and
// per-IP limits count an IPv6 subscriber's whole /64.
import { describe, expect, it } from 'vitest';
import { CLIENT_ID_MAX, openClient } from '../../src/server/auth/clients.ts';
import { ipLimitKey } from '../../src/server/auth/guard.ts';
import { cleanClientName } from '../../src/server/auth/register.ts';
import { cfg, makeContext, register, testEnv } from '../support/auth-harness.ts';

const ctx = () => makeContext(testEnv('https://id.example.com')).ctx;
const body = async (res: Response) =>
  (await res.json()) as { error?: string; error_description?: string; client_id?: string };

describe('POST /api/auth/register', () => {
  it('refuses metadata whose client_id would be longer than /authorize accepts (7 URIs of 2 KB got an 18,817-character id)', async () => {
    const uris = Array.from({ length: 7 }, (_, i) => `https://client.example/${String(i).repeat(1900)}`);
    const res = await register(ctx(), { redirect_uris: uris });
    expect(res.status).toBe(400);
    const b = await body(res);
    expect(b.error).toBe('invalid_client_metadata');
    expect(b.error_description).toMatch(new RegExp(`at most ${CLIENT_ID_MAX}`));
  });

  it('issues ids /authorize accepts, up to the largest registration that fits', async () => {
    const c = ctx();
    const uris = Array.from({ length: 3 }, (_, i) => `https://client.example/${String(i).repeat(1500)}`);
    const res = await register(c, { redirect_uris: uris, client_name: 'Big' });
    expect(res.status).toBe(201);
    const id = (await body(res)).client_id!;
    expect(id.length).toBeLessThanOrEqual(CLIENT_ID_MAX);
    expect((await openClient(cfg(c).secrets, id, Date.now()))?.redirectUris).toEqual(uris);
  });

  it.each([
    ['HTTPS://Client.Example/cb', 'https://client.example/cb'],
    ['https://client.example:443/cb', 'https://client.example/cb'],
    ['https://client.example/a/../cb', 'https://client.example/cb'],
    ['https://client.example', 'https://client.example/'],
    ['http://127.0.0.1:7777/cb?x=a b', 'http://127.0.0.1:7777/cb?x=a%20b'],
  ])('refuses %s, naming the canonical form %s', async (uri, canonical) => {
    const res = await register(ctx(), { redirect_uris: [uri] });
    expect(res.status).toBe(400);
    const b = await body(res);
    expect(b.error).toBe('invalid_redirect_uri');
    expect(b.error_description).toContain(`register ${JSON.stringify(canonical)} instead`);
  });

  it('stores a client name without control or bidi characters', async () => {
    const res = await register(ctx(), {
      redirect_uris: ['https://client.example/cb'],
      client_name: 'Evil\u202E tnatsissA\u202C\u0000\u200B  Helper\n',
    });
    expect(res.status).toBe(201);
    const j = (await res.json()) as { client_name: string };
    expect(j.client_name).toBe('Evil tnatsissA Helper');
    expect(cleanClientName('\u2066\u2069')).toBeUndefined();
  });
});

describe('per-IP limit keys', () => {
  it.each([
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['2001:db8:aa:bb:1:2:3:4', '2001:0db8:00aa:00bb::/64'],
    ['2001:db8:aa:bb::9', '2001:0db8:00aa:00bb::/64'],
    ['2001:DB8:AA:BB:ffff::', '2001:0db8:00aa:00bb::/64'],
    ['2001:db8::1', '2001:0db8:0000:0000::/64'],
    ['64:ff9b::192.0.2.1', '0064:ff9b:0000:0000::/64'],
    ['', 'unknown'],
  ])('%s counts as %s', (ip, key) => {
    expect(ipLimitKey(ip)).toBe(key);
  });
  it('two addresses of one /64 share a budget; another /64 has its own', () => {
    expect(ipLimitKey('2001:db8:aa:bb::1')).toBe(ipLimitKey('2001:db8:aa:bb:ffff:ffff:ffff:ffff'));
    expect(ipLimitKey('2001:db8:aa:bb::1')).not.toBe(ipLimitKey('2001:db8:aa:bc::1'));
  });
});
