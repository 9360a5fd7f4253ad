// The consent step of /api/auth/authorize, called with new Request(…): what the page says and which
// headers guard it, every way a forged answer is refused, Deny, and the remembered approval (per
// client and redirect URI, 30 days). A real development OpenID provider is the upstream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevIdp } from '../../scripts/dev-idp.ts';
import { handleAuthorize } from '../../src/server/auth/authorize.ts';
import type { AuthContext } from '../../src/server/auth/context.ts';
import {
  BASE,
  REDIRECT,
  approve,
  authorizeUrl,
  clientId,
  makeContext,
  register,
  startTestIdp,
  testEnv,
} from '../support/auth-harness.ts';
import { CookieJar, consentForm } from '../support/oidc.ts';

let idp: DevIdp;
beforeAll(async () => {
  idp = await startTestIdp();
});
afterAll(() => idp?.stop());

async function registered(ctx: AuthContext, redirectUris: string[], clientName?: string) {
  const res = await register(ctx, { redirect_uris: redirectUris, ...(clientName ? { client_name: clientName } : {}) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { client_id: string }).client_id;
}

/** The consent page for `url`, with the cookie it set and its form. */
async function consent(ctx: AuthContext, url: string, cookie = '') {
  const res = await handleAuthorize(new Request(url, cookie ? { headers: { cookie } } : {}), ctx);
  expect(res.status).toBe(200);
  const jar = new CookieJar();
  jar.capture(new URL(url), res);
  const html = await res.text();
  return { res, html, form: consentForm(html)!, cookie: jar.header(new URL(url)) };
}

function answer(ctx: AuthContext, fields: Record<string, string>, headers: Record<string, string>) {
  return handleAuthorize(
    new Request(`${BASE}/api/auth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    }),
    ctx,
  );
}

const sameOrigin = (cookie: string) => ({ origin: BASE, 'sec-fetch-site': 'same-origin', cookie });

describe('the consent page', () => {
  it('is a no-JavaScript page that cannot be framed, cached or referred from', async () => {
    const { ctx } = makeContext(testEnv(idp.issuer));
    const { res, html } = await consent(ctx, authorizeUrl({ client_id: await clientId(ctx) }));
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    // The form's answer redirects to the client (Deny) or to the provider (Allow).
    expect(csp).toContain(`form-action 'self' http://127.0.0.1:7777 ${idp.issuer}`);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('set-cookie')).toMatch(
      /^mcp_auth_csrf=[\w-]+; Path=\/api\/auth; Max-Age=600; HttpOnly; Secure; SameSite=Strict$/,
    );
    expect(html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
    expect(html).toContain('<link rel="stylesheet" href="/auth.css">');
  });
  it('names the client (escaped: the name is the attacker’s to choose), where its code goes and what it gets', async () => {
    const { ctx } = makeContext(testEnv(idp.issuer));
    const evil = `<img src=x onerror=alert(1)>"Claude" & 'co'`;
    const cid = await registered(ctx, ['https://attacker.example/cb'], evil);
    const { html } = await consent(ctx, authorizeUrl({ client_id: cid, redirect_uri: 'https://attacker.example/cb' }));
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;Claude&quot; &amp; &#39;co&#39;');
    expect(html).toContain('<strong class="auth-host">attacker.example</strong>');
    expect(html).toContain('not verified');
    for (const gets of [
      'including drafts',
      'draft new ones',
      'check product links',
      'trigger rebuilds',
      'one hour',
      '30 days',
    ])
      expect(html).toContain(gets);
  });
  it('calls a loopback redirect URI an app on this computer', async () => {
    const { ctx } = makeContext(testEnv(idp.issuer));
    const { html } = await consent(ctx, authorizeUrl({ client_id: await clientId(ctx) }));
    expect(html).toContain('an app on this computer');
    expect(html).toContain('http://127.0.0.1:7777');
  });
});

describe('answering the consent page', () => {
  it('Allow without this browser’s CSRF cookie, or with another one, is refused and goes nowhere', async () => {
    const { ctx } = makeContext(testEnv(idp.issuer));
    const url = authorizeUrl({ client_id: await clientId(ctx) });
    const { form } = await consent(ctx, url);
    const other = await consent(ctx, url);
    for (const cookie of ['', other.cookie]) {
      const res = await answer(ctx, { request: form.request, decision: 'allow' }, sameOrigin(cookie));
      expect(res.status).toBe(403);
      expect(res.headers.get('location')).toBeNull();
    }
  });
  it.each<[Record<string, string>, string]>([
    [{ origin: 'https://attacker.example' }, 'a foreign Origin'],
    [{ 'sec-fetch-site': 'cross-site' }, 'a cross-site form'],
    [{ origin: 'null' }, 'an opaque origin'],
  ])('a cross-site answer is refused even with the right cookie (%j: %s)', async (headers) => {
    const { ctx } = makeContext(testEnv(idp.issuer));
    const { form, cookie } = await consent(ctx, authorizeUrl({ client_id: await clientId(ctx) }));
    const res = await answer(ctx, { request: form.request, decision: 'allow' }, { cookie, ...headers });
    expect(res.status).toBe(403);
    expect(res.headers.get('location')).toBeNull();
  });
  it('an altered or expired request is refused', async () => {
    const { ctx, clock } = makeContext(testEnv(idp.issuer));
    const { form, cookie } = await consent(ctx, authorizeUrl({ client_id: await clientId(ctx) }));
    const altered = form.request.slice(0, -6) + 'AAAAAA';
    expect((await answer(ctx, { request: altered, decision: 'allow' }, sameOrigin(cookie))).status).toBe(400);
    clock.now += 601_000;
    const late = await answer(ctx, { request: form.request, decision: 'allow' }, sameOrigin(cookie));
    expect(late.status).toBe(400);
    expect(await late.text()).toContain('expired');
  });
  it('Deny sends access_denied with state and iss to the registered redirect URI, never upstream', async () => {
    const { ctx } = makeContext(testEnv(idp.issuer));
    const { form, cookie } = await consent(ctx, authorizeUrl({ client_id: await clientId(ctx) }));
    const res = await answer(ctx, { request: form.request, decision: 'deny' }, sameOrigin(cookie));
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-1');
    expect(back.searchParams.get('iss')).toBe(BASE);
    expect(res.headers.getSetCookie().join()).not.toContain('mcp_auth_approved=');
  });
});

describe('the remembered approval', () => {
  it('lets the same client through to the provider without asking again, for 30 days', async () => {
    const { ctx, clock } = makeContext(testEnv(idp.issuer));
    const url = new URL(authorizeUrl({ client_id: await clientId(ctx) }));
    const { cookie } = await approve(ctx, url);
    const again = await handleAuthorize(new Request(url, { headers: { cookie } }), ctx);
    expect(again.status).toBe(302);
    expect(new URL(again.headers.get('location')!).origin).toBe(idp.issuer);
    clock.now += 30 * 24 * 3600_000 + 1000;
    expect((await handleAuthorize(new Request(url, { headers: { cookie } }), ctx)).status).toBe(200);
  });
  it('is per client and per redirect URI: another client, or another URI of the same one, asks again', async () => {
    const { ctx } = makeContext(testEnv(idp.issuer));
    const cid = await registered(ctx, [REDIRECT, 'https://elsewhere.example/cb']);
    const { cookie } = await approve(ctx, new URL(authorizeUrl({ client_id: cid })));
    const otherUri = authorizeUrl({ client_id: cid, redirect_uri: 'https://elsewhere.example/cb' });
    expect((await handleAuthorize(new Request(otherUri, { headers: { cookie } }), ctx)).status).toBe(200);
    const otherClient = authorizeUrl({ client_id: await clientId(ctx) });
    expect((await handleAuthorize(new Request(otherClient, { headers: { cookie } }), ctx)).status).toBe(200);
  });
  it('a forged or foreign approval cookie counts for nothing', async () => {
    const { ctx } = makeContext(testEnv(idp.issuer));
    const { ctx: other } = makeContext(testEnv(idp.issuer));
    const foreign = (await approve(other, new URL(authorizeUrl({ client_id: await clientId(other) })))).cookie;
    const url = authorizeUrl({ client_id: await clientId(ctx) });
    for (const cookie of [foreign, 'mcp_auth_approved=eyJhbGciOiJkaXIifQ..x.y.z'])
      expect((await handleAuthorize(new Request(url, { headers: { cookie } }), ctx)).status).toBe(200);
  });
});

describe('limits on /api/auth/authorize (per client IP, answered with a page)', () => {
  it('100 requests per 15 minutes; the 101st is a 429 page with Retry-After; another IP is unaffected', async () => {
    const { ctx } = makeContext(testEnv(idp.issuer));
    const url = authorizeUrl({ client_id: 'anything' });
    for (let i = 0; i < 100; i++)
      expect((await handleAuthorize(new Request(url), ctx, '198.51.100.7')).status).toBe(400);
    const res = await handleAuthorize(new Request(url), ctx, '198.51.100.7');
    expect(res.status).toBe(429);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('location')).toBeNull();
    expect((await handleAuthorize(new Request(url), ctx, '198.51.100.8')).status).toBe(400);
  });
});
