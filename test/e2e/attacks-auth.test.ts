// The attacks on the admin side against the real local stack without Redis (the zero-configuration
// store: netlify-cli's local Netlify Blobs), each written as the attacker would run it, with plain
// HTTP requests from the attacker's own address. Every control must hold, and nothing answers 5xx.
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { fetchFrom, randomLoopback } from '../support/from-ip.ts';
import {
  CookieJar,
  E2E_ACCOUNTS,
  SignInStopped,
  WalkingOAuthProvider,
  consentForm,
  jarFetch,
  walkSignIn,
  type Fetch,
} from '../support/oidc.ts';
import { postMcp, stackToken } from '../support/stack-admin.ts';

const base = inject('baseUrl');
const serverUrl = `${base}/api/mcp`;
const statuses: { what: string; status: number }[] = [];

/** An attacker (or victim) at its own address; every answer is recorded for the no-5xx check. */
function actor(): Fetch {
  const f = fetchFrom(randomLoopback());
  return async (input, init) => {
    const res = await f(input, { redirect: 'manual', ...init });
    statuses.push({ what: `${init?.method ?? 'GET'} ${String(input).slice(0, 120)}`, status: res.status });
    return res;
  };
}

async function register(f: Fetch, redirectUri: string, clientName = 'Totally Legit MCP'): Promise<string> {
  const res = await f(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [redirectUri], client_name: clientName }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { client_id: string }).client_id;
}

function authorizeLink(clientId: string, redirectUri: string, extra: Record<string, string> = {}): URL {
  return new URL(
    `${base}/api/auth/authorize?${new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'attacker-state',
      ...extra,
    })}`,
  );
}

/** A signed-in admin through the SDK client (consent allowed), at its own address. */
async function signedIn(redirectUrl: string) {
  const fetchFn = actor();
  const p = new WalkingOAuthProvider(E2E_ACCOUNTS.otherAdmin, { redirectUrl, fetchFn });
  expect(await auth(p, { serverUrl, fetchFn })).toBe('REDIRECT');
  const code = p.callback!.searchParams.get('code')!;
  expect(code).toBeTruthy();
  return { p, fetchFn, code };
}

const tokenRequest = (f: Fetch, form: Record<string, string>) =>
  f(`${base}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

afterAll(() => {
  // No attack may make the admin side fail: every answer was a deliberate one.
  expect(statuses.filter((s) => s.status >= 500)).toEqual([]);
});

describe('confused deputy: one link to an admin', () => {
  it('stops at the consent page, which names the attacker’s host; nothing reaches the provider or the attacker', async () => {
    const attacker = actor();
    const cid = await register(attacker, 'https://attacker.example/cb', 'Claude Desktop');
    const link = authorizeLink(cid, 'https://attacker.example/cb');
    // The admin follows the link in a fresh browser, as they would sign in any day.
    const admin = actor();
    const err = await walkSignIn(link, 'https://attacker.example/', E2E_ACCOUNTS.admin, new CookieJar(), admin, 'stop')
      .then(() => null)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SignInStopped);
    const stopped = err as SignInStopped;
    expect(stopped.status).toBe(200);
    expect(stopped.url.href).toBe(link.href);
    expect(stopped.body).toContain('<strong class="auth-host">attacker.example</strong>');
    expect(stopped.body).toContain('Deny');
  });

  it('the attacker cannot press Allow for the admin (CSRF): a cross-site or cookie-less answer is refused', async () => {
    const attacker = actor();
    const cid = await register(attacker, 'https://attacker.example/cb');
    const link = authorizeLink(cid, 'https://attacker.example/cb');
    // The attacker loads the consent page itself to get a sealed request, then makes the admin's
    // browser submit it from the attacker's page.
    const page = await attacker(link.href);
    const form = consentForm(await page.text())!;
    const adminJar = new CookieJar();
    const admin = actor();
    await jarFetch(admin, adminJar, link); // the admin's own consent page (its own CSRF cookie)
    const answer = (headers: Record<string, string>) =>
      jarFetch(admin, adminJar, new URL(form.action, link), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ request: form.request, decision: 'allow' }).toString(),
      });
    const attempts: Record<string, string>[] = [
      { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: new URL(base).origin }, // same origin, but the sealed request belongs to another browser
    ];
    for (const headers of attempts) {
      const res = await answer(headers);
      expect(res.status).toBe(403);
      expect(res.headers.get('location')).toBeNull();
    }
  });

  it('an unapproved client’s errors are shown on a page, never redirected (no open redirector)', async () => {
    const attacker = actor();
    const cid = await register(attacker, 'https://attacker.example/cb');
    const bad: Record<string, string>[] = [
      { response_type: 'token' },
      { code_challenge_method: 'plain' },
      { resource: 'https://x.example' },
    ];
    for (const extra of bad) {
      const res = await attacker(authorizeLink(cid, 'https://attacker.example/cb', extra).href);
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });
});

describe('single use without Redis', () => {
  it('one authorization code redeemed three more times: every replay is invalid_grant', async () => {
    const { p, fetchFn, code } = await signedIn('http://127.0.0.1:33431/cb');
    expect(await auth(p, { serverUrl, authorizationCode: code, fetchFn })).toBe('AUTHORIZED');
    const replay = {
      grant_type: 'authorization_code',
      code,
      code_verifier: p.verifier,
      client_id: p.client!.client_id,
      redirect_uri: p.redirect,
    };
    for (let i = 0; i < 3; i++) {
      const res = await tokenRequest(fetchFn, replay);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
    }
  });

  it('a refresh token used twice revokes its whole family, the newest token included', async () => {
    const { p, fetchFn, code } = await signedIn('http://127.0.0.1:33432/cb');
    await auth(p, { serverUrl, authorizationCode: code, fetchFn });
    const first = p.saved!.refresh_token!;
    const refresh = (rt: string) =>
      tokenRequest(fetchFn, { grant_type: 'refresh_token', refresh_token: rt, client_id: p.client!.client_id });
    const second = await refresh(first);
    expect(second.status).toBe(200);
    const newest = ((await second.json()) as { refresh_token: string }).refresh_token;
    const replay = await refresh(first);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant', error_description: /already been used/ });
    const after = await refresh(newest);
    expect(await after.json()).toMatchObject({ error: 'invalid_grant', error_description: /revoked/ });
  });
});

describe('limits without Redis', () => {
  it('at most 60 /api/mcp requests per admin in any 60 seconds: the 61st is 429, and waits out the burst', async () => {
    const tok = await stackToken(inject('stackEnv'), { sub: `e2e|limit-${crypto.randomUUID()}` }, 'e2e-attacks');
    const f = actor();
    const ping = () => postMcp(serverUrl, tok, '{"jsonrpc":"2.0","id":1,"method":"ping"}', f);
    const seen: { status: number; remaining: string | null; at: number }[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 200 && !refused; i++) {
      const at = Date.now();
      const res = await ping();
      if (res.status === 429) refused = res;
      else seen.push({ status: res.status, remaining: res.headers.get('ratelimit-remaining'), at });
      await res.arrayBuffer();
    }
    expect(refused, 'no 429 within 200 requests').toBeDefined();
    // Limits hold over any 60 seconds, not per clock minute: the 61st request is the refused one,
    // whenever the run started, and it must wait until the burst is 60 seconds old. (A clock window
    // would refuse later if a minute ended mid-run, and let the burst retry when the minute ends.)
    expect(seen).toHaveLength(60);
    expect(seen.map((s) => s.status)).toEqual(Array(60).fill(200));
    expect(seen.map((s) => Number(s.remaining))).toEqual(Array.from({ length: 60 }, (_, i) => 59 - i));
    const burstAge = (Date.now() - seen[0]!.at) / 1000;
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThanOrEqual(Math.floor(60 - burstAge));
  });

  it('a flood of /register from one address: 20 answered, then 429 with Retry-After (OAuth JSON)', async () => {
    const attacker = actor();
    const codes: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 25; i++) {
      last = await attacker(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: ['https://attacker.example/cb'] }),
      });
      codes.push(last.status);
      if (i < 24) await last.arrayBuffer();
    }
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(codes.slice(20)).toEqual(Array(5).fill(429));
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last!.json()).toMatchObject({ error: 'too_many_requests' });
  });

  it('a flood of code guesses at /token from one address: 50 answered, then 429', async () => {
    const attacker = actor();
    const codes: number[] = [];
    for (let i = 0; i < 55; i++) {
      const res = await tokenRequest(attacker, {
        grant_type: 'authorization_code',
        code: `guess-${i}`,
        client_id: 'guess',
        redirect_uri: 'https://attacker.example/cb',
        code_verifier: 'v'.repeat(43),
      });
      codes.push(res.status);
      await res.arrayBuffer();
    }
    expect(codes.slice(0, 50).every((s) => s === 400 || s === 401)).toBe(true);
    expect(codes.slice(50)).toEqual(Array(5).fill(429));
  });

  it('a flood of /authorize from one address: 100 answered, then a 429 page', async () => {
    const attacker = actor();
    const link = authorizeLink('made-up', 'https://attacker.example/cb').href;
    const codes: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 102; i++) {
      last = await attacker(link);
      codes.push(last.status);
      if (i < 101) await last.arrayBuffer();
    }
    expect(codes.slice(0, 100)).toEqual(Array(100).fill(400));
    expect(codes.slice(100)).toEqual([429, 429]);
    expect(last!.headers.get('content-type')).toMatch(/^text\/html/);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('an oversized body at /token is refused while reading (413), not buffered', async () => {
    const res = await actor()(`${base}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=refresh_token&refresh_token=${'x'.repeat(200_000)}`,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('registration tricks', () => {
  const registerRaw = (f: Fetch, meta: unknown) =>
    f(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(meta),
    });

  it('metadata too large for a usable client_id is refused (it used to be a 201 with an 18,817-character id)', async () => {
    const uris = Array.from({ length: 7 }, (_, i) => `https://attacker.example/${String(i).repeat(1900)}`);
    const res = await registerRaw(actor(), { redirect_uris: uris });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_client_metadata' });
  });

  it('a redirect URI in another spelling than its canonical one is refused, naming the canonical form', async () => {
    const res = await registerRaw(actor(), { redirect_uris: ['HTTPS://Attacker.Example:443/cb'] });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: 'invalid_redirect_uri',
      error_description: expect.stringContaining('"https://attacker.example/cb"'),
    });
  });

  it('a client name with bidi overrides reaches the consent page without them', async () => {
    const f = actor();
    const uri = 'https://attacker.example/cb';
    const clientId = await register(f, uri, 'Claude\u202E (official)\u202C\u200B');
    const page = await (await f(authorizeLink(clientId, uri, { resource: serverUrl }).href)).text();
    expect(page).toContain('Claude (official)');
    expect(page).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B]/);
  });
});
