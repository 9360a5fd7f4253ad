// The embedded development identity provider: a real OpenID Connect provider (oidc-provider) on
// loopback with a fixed account list and a minimal email + password form. Local use and tests only.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { emailKey } from '../src/config/email.ts';

export interface DevAccount {
  email: string;
  password: string;
  /** Defaults to true; false makes an account whose email the provider does not vouch for. */
  emailVerified?: boolean;
}

export interface DevClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface DevIdpOptions {
  port?: number;
  accounts: DevAccount[];
  clients: DevClient[];
  /** Token endpoint client authentication the provider offers (default: post and basic). */
  clientAuth?: 'client_secret_post' | 'client_secret_basic';
}

export interface DevIdp {
  issuer: string;
  stop(): Promise<void>;
}

export const DEMO_ADMIN: DevAccount = { email: 'admin@example.test', password: 'demo-admin-password' };
/** Two demo curators for the browser editor (four eyes needs two), with their public handles. */
export const DEMO_CURATORS: readonly (DevAccount & { handle: string })[] = [
  { email: 'maya@example.test', password: 'demo-maya-password', handle: 'maya' },
  { email: 'jo@example.test', password: 'demo-jo-password', handle: 'jo' },
];
/** A demo account on no list: the editor refuses it at sign-in. */
export const DEMO_OUTSIDER: DevAccount = { email: 'sam@example.test', password: 'demo-outsider-password' };
/** CURATOR_EMAILS for the demo curators. */
export const DEMO_CURATOR_EMAILS = DEMO_CURATORS.map((c) => `${c.email}=${c.handle}`).join(',');

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid: string, error?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign in (development identity provider)</title></head>
<body><main><h1>Sign in</h1><p>Local development identity provider. Never used in production.</p>
${error ? `<p role="alert">${esc(error)}</p>` : ''}
<form method="post" action="/interaction/${esc(uid)}/login">
<label>Email <input name="email" type="email" autocomplete="username" required autofocus></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button></form></main></body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 16_384) throw new Error('form too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Starts the provider on 127.0.0.1 (a free port unless `port` is given). */
export async function startDevIdp(opts: DevIdpOptions): Promise<DevIdp> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}`;
  // Accounts by address as the site compares them (ASCII case aside, exactly): a Kelvin sign is no k.
  const accounts = new Map(opts.accounts.map((a) => [emailKey(a.email), a]));
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'dev' };

  const provider = new Provider(issuer, {
    clients: opts.clients.map((c) => ({
      ...c,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: opts.clientAuth ?? 'client_secret_post',
    })),
    ...(opts.clientAuth ? { clientAuthMethods: [opts.clientAuth] } : {}),
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: account.email, email_verified: account.emailVerified ?? true }),
      };
    },
    // First-party development clients: consent is implied, so only the login prompt is shown.
    async loadExistingGrant(ctx: any) {
      const existing = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email');
      await grant.save();
      return grant;
    },
  });
  const oidc = provider.callback();

  server.on('request', async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    const m = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
    if (!m) return oidc(req, res);
    const send = (status: number, html: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(html);
    };
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.uid !== m[1]) return send(400, '<p>Unknown sign-in.</p>');
      if (req.method === 'GET' && !m[2]) return send(200, loginPage(details.uid));
      if (req.method !== 'POST' || !m[2]) return send(405, '<p>Method not allowed.</p>');
      const form = await readForm(req);
      const email = emailKey((form.get('email') ?? '').trim());
      const account = accounts.get(email);
      if (!account || account.password !== form.get('password'))
        return send(401, loginPage(details.uid, 'Wrong email or password.'));
      await provider.interactionFinished(req, res, { login: { accountId: email } }, { mergeWithLastSubmission: false });
    } catch {
      send(400, '<p>This sign-in has expired. Start again from your client.</p>');
    }
  });

  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
