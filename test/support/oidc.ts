// Test-side OAuth: a cookie jar, a browser-like walk through /authorize → consent page → upstream
// login → /callback that stops at the client's redirect URI, and an OAuthClientProvider for the MCP
// SDK's `auth()` that performs that walk itself. One jar per provider = one fresh browser per user.
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Origin-keyed cookies; Secure and Path are ignored on purpose (a browser on http://localhost keeps Secure cookies). */
export class CookieJar {
  readonly #byOrigin = new Map<string, Map<string, string>>();
  header(url: URL): string {
    return [...(this.#byOrigin.get(url.origin) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  capture(url: URL, res: Response): void {
    const jar = this.#byOrigin.get(url.origin) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    this.#byOrigin.set(url.origin, jar);
  }
  /** Every cookie name set for an origin (for assertions). */
  names(origin: string): string[] {
    return [...(this.#byOrigin.get(origin)?.keys() ?? [])];
  }
}

export interface Credentials {
  email: string;
  password: string;
}

/** One request through the jar, never following redirects. */
export async function jarFetch(f: Fetch, jar: CookieJar, url: URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set('cookie', cookie);
  const res = await f(url, { ...init, headers, redirect: 'manual' });
  jar.capture(url, res);
  return res;
}

const decodeEntities = (s: string) =>
  s
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The catalog's consent form on a page, as a browser would submit it with one of its buttons. */
export function consentForm(html: string): { action: string; request: string } | null {
  if (!/<button[^>]*name="decision"[^>]*value="allow"/.test(html)) return null;
  const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(html)?.[1];
  const request = /<input type="hidden" name="request" value="([^"]*)"/.exec(html)?.[1];
  return action && request ? { action: decodeEntities(action), request: decodeEntities(request) } : null;
}

/** What the walk does at the catalog's consent page: press Allow (default) or Deny, or stop there. */
export type ConsentChoice = 'allow' | 'deny' | 'stop';

/**
 * Follows redirects from `start` like a browser, answering the catalog's consent page with `consent`
 * and filling the development provider's login form with `who`, until a redirect points at `stopAt`
 * (the client's redirect URI); returns that URL unfetched. Throws with the status and body of any
 * other page (the consent page too, when `consent` is `stop`).
 */
export async function walkSignIn(
  start: URL,
  stopAt: string,
  who: Credentials,
  jar: CookieJar,
  f: Fetch = fetch,
  consent: ConsentChoice = 'allow',
): Promise<URL> {
  let url = start;
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop++) {
    const res = await jarFetch(f, jar, url, init);
    init = {};
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.href.startsWith(stopAt)) return next;
      url = next;
      continue;
    }
    const body = await res.text();
    const form = res.status === 200 ? consentForm(body) : null;
    if (form && consent !== 'stop') {
      const target = new URL(form.action, url);
      init = {
        method: 'POST',
        // A browser submitting the page's own form sends these; the endpoint checks them.
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: url.origin,
          'sec-fetch-site': 'same-origin',
        },
        body: new URLSearchParams({ request: form.request, decision: consent }).toString(),
      };
      url = target;
      continue;
    }
    const action = form ? undefined : /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(body)?.[1];
    if (res.status === 200 && action) {
      url = new URL(decodeEntities(action), url);
      init = {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: who.email, password: who.password }).toString(),
      };
      continue;
    }
    throw new SignInStopped(res.status, url, body);
  }
  throw new Error('too many redirects');
}

export class SignInStopped extends Error {
  readonly status: number;
  readonly url: URL;
  readonly body: string;
  constructor(status: number, url: URL, body: string) {
    super(`sign-in stopped at ${url.href} with ${status}: ${body.slice(0, 300)}`);
    this.status = status;
    this.url = url;
    this.body = body;
  }
}

/** An OAuthClientProvider for a test MCP client that signs in as `who` without a browser. */
export class WalkingOAuthProvider implements OAuthClientProvider {
  readonly jar = new CookieJar();
  readonly redirect: string;
  readonly who: Credentials;
  readonly fetchFn: Fetch;
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  lastState = '';
  authorizationUrl: URL | undefined;
  /** Where the sign-in walk ended: the client's redirect URI with `code`/`error`, `state`, `iss`. */
  callback: URL | undefined;

  readonly consent: ConsentChoice;
  readonly clientName: string;

  constructor(
    who: Credentials,
    opts: { redirectUrl?: string; fetchFn?: Fetch; consent?: ConsentChoice; clientName?: string } = {},
  ) {
    this.who = who;
    this.redirect = opts.redirectUrl ?? 'http://127.0.0.1:1/oauth/callback';
    this.fetchFn = opts.fetchFn ?? fetch;
    this.consent = opts.consent ?? 'allow';
    this.clientName = opts.clientName ?? 'test MCP client';
  }
  get redirectUrl(): string {
    return this.redirect;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.clientName,
      redirect_uris: [this.redirect],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  state(): string {
    this.lastState = crypto.randomUUID();
    return this.lastState;
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  async redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
    this.callback = await walkSignIn(url, this.redirect, this.who, this.jar, this.fetchFn, this.consent);
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** Accounts of the development provider the e2e global setup starts (ada and grace are allowlisted). */
export const E2E_ACCOUNTS = {
  admin: { email: 'ada@example.test', password: 'ada-e2e-password' },
  otherAdmin: { email: 'grace@example.test', password: 'grace-e2e-password' },
  outsider: { email: 'mallory@example.test', password: 'mallory-e2e-password' },
  /** Two curators of the browser editor (CURATOR_EMAILS on the e2e stack): handles maya and jo. */
  curator: { email: 'maya.e2e@school.test', password: 'maya-e2e-password' },
  otherCurator: { email: 'jo.e2e@home.test', password: 'jo-e2e-password' },
  /** Curators of their own for the test files that sign out or run beside the others (a sign-out ends every token of that curator). */
  editorCurator: { email: 'kim.e2e@school.test', password: 'kim-e2e-password' },
  signOutCurator: { email: 'theo.e2e@home.test', password: 'theo-e2e-password' },
  /** The curator who publishes a watcher's recall proposal from the board (test/e2e/watchers.test.ts). */
  recallCurator: { email: 'lee.e2e@school.test', password: 'lee-e2e-password' },
} as const;

/** The e2e stack's CURATOR_EMAILS: `maya` is also a curator code (pickedBy), the others are not. */
export const E2E_CURATOR_EMAILS = [
  `${E2E_ACCOUNTS.curator.email}=maya`,
  `${E2E_ACCOUNTS.otherCurator.email}=jo`,
  `${E2E_ACCOUNTS.editorCurator.email}=kim`,
  `${E2E_ACCOUNTS.signOutCurator.email}=theo-e2e`,
  `${E2E_ACCOUNTS.recallCurator.email}=lee`,
].join(',');
