// GitHub Apps made from a manifest, as `npm run setup:github-app` meets them: the web pages (the
// manifest's form POST, the App's install page) and the API (the code's conversion, the App's
// installations listed and their tokens, both with the App's JWT). Apps live as long as the stand-in.
import { generateKeyPairSync, randomBytes, randomInt, type KeyObject } from 'node:crypto';
import { decodeJwt, jwtVerify } from 'jose';
import type { Ctx } from './context.ts';
import { GithubError, invalidField, notFound, type Answer, type Route } from './http.ts';
import { ownerUser, user, type Site } from './shapes.ts';

/** A conversion's code lasts an hour, and is good once. */
const CODE_TTL_MS = 60 * 60_000;

interface App {
  id: number;
  slug: string;
  name: string;
  owner: string;
  url: string;
  description: string;
  permissions: Record<string, string>;
  events: string[];
  setupUrl: string | undefined;
  publicKey: KeyObject;
  pem: string;
  clientId: string;
  clientSecret: string;
  webhookSecret: string | null;
  createdAt: string;
  installationId?: number;
}

const PERMISSION_LEVELS = new Set(['read', 'write', 'admin']);

/** The manifest's fields GitHub reads, checked as GitHub's form would refuse them. */
function readManifest(raw: unknown) {
  let m: Record<string, unknown>;
  try {
    m = JSON.parse(String(raw ?? '')) as Record<string, unknown>;
  } catch {
    throw new GithubError(422, 'The manifest is not JSON.');
  }
  const str = (k: string, required: boolean) => {
    const v = m[k];
    if (v === undefined && !required) return undefined;
    if (typeof v !== 'string' || !v.trim()) throw invalidField('Integration', k, 'missing_field');
    return v;
  };
  const permissions = (m.default_permissions ?? {}) as Record<string, unknown>;
  for (const [k, v] of Object.entries(permissions))
    if (typeof v !== 'string' || !PERMISSION_LEVELS.has(v))
      throw invalidField('Integration', `default_permissions.${k}`, 'invalid');
  return {
    name: str('name', true)!,
    url: str('url', true)!,
    redirectUrl: str('redirect_url', true)!,
    setupUrl: str('setup_url', false),
    description: str('description', false) ?? '',
    permissions: { metadata: 'read', ...(permissions as Record<string, string>) },
    events: Array.isArray(m.default_events) ? m.default_events.map(String) : [],
  };
}

const html = (status: number, body: string, headers: Record<string, string> = {}): Answer => ({
  status,
  raw: {
    bytes: Buffer.from(`<!doctype html><meta charset="utf-8"><title>GitHub stand-in</title><p>${body}`),
    type: 'text/html; charset=utf-8',
  },
  headers,
});

/** GitHub's integration. */
function integration(site: Site, app: App) {
  return {
    id: app.id,
    slug: app.slug,
    node_id: Buffer.from(`App:${app.id}`).toString('base64url'),
    client_id: app.clientId,
    owner: user(site, app.owner, 1, 'Organization'),
    name: app.name,
    description: app.description,
    external_url: app.url,
    html_url: `${site.api}/apps/${app.slug}`,
    created_at: app.createdAt,
    updated_at: app.createdAt,
    permissions: app.permissions,
    events: app.events,
    installations_count: app.installationId ? 1 : 0,
  };
}

/** GitHub's installation: the App on the stand-in's account, its one repository selected. */
function installation(site: Site, app: App) {
  const id = app.installationId!;
  return {
    id,
    // GitHub's description joins simple-user and enterprise with allOf here: the account carries both's fields.
    account: {
      ...ownerUser(site),
      name: site.owner,
      slug: site.owner,
      created_at: site.createdAt,
      updated_at: site.createdAt,
    },
    repository_selection: 'selected',
    access_tokens_url: `${site.api}/app/installations/${id}/access_tokens`,
    repositories_url: `${site.api}/installation/repositories`,
    html_url: `${site.api}/organizations/${site.owner}/settings/installations/${id}`,
    app_id: app.id,
    app_slug: app.slug,
    target_id: 1,
    target_type: 'Organization',
    permissions: app.permissions,
    events: app.events,
    created_at: app.createdAt,
    updated_at: app.createdAt,
    single_file_name: null,
    has_multiple_single_files: false,
    single_file_paths: [],
    suspended_by: null,
    suspended_at: null,
  };
}

export function appRoutes(ctx: Ctx, token: string): Route[] {
  const { site } = ctx;
  const apps = new Map<number, App>();
  const codes = new Map<string, { appId: number; expires: number }>();
  let nextId = 1000 + randomInt(1000);

  /** The App whose JWT (RS256, signed with its key, `iss` its id) authorizes the request. */
  async function appOf(header: string | undefined): Promise<App> {
    const jwt = /^bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
    if (!jwt) throw new GithubError(401, 'A JSON web token could not be decoded');
    let claims;
    try {
      claims = decodeJwt(jwt);
    } catch {
      throw new GithubError(401, 'A JSON web token could not be decoded');
    }
    const app = apps.get(Number(claims.iss));
    if (!app) throw new GithubError(401, "'Issuer' claim ('iss') must be an Integer");
    try {
      await jwtVerify(jwt, app.publicKey, { algorithms: ['RS256'], clockTolerance: 60 });
    } catch {
      throw new GithubError(401, 'A JSON web token could not be decoded');
    }
    return app;
  }

  function createFromManifest(owner: string, body: Record<string, unknown>, state: string | null): Answer {
    const m = readManifest(body.manifest);
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const id = nextId++;
    const slug =
      m.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || `app-${id}`;
    apps.set(id, {
      id,
      slug,
      name: m.name,
      owner,
      url: m.url,
      description: m.description,
      permissions: m.permissions,
      events: m.events,
      setupUrl: m.setupUrl,
      publicKey,
      pem: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
      clientId: `Iv23${randomBytes(8).toString('hex')}`,
      clientSecret: randomBytes(20).toString('hex'),
      webhookSecret: null,
      createdAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    });
    const code = randomBytes(10).toString('hex');
    codes.set(code, { appId: id, expires: Date.now() + CODE_TTL_MS });
    const back = new URL(m.redirectUrl);
    back.searchParams.set('code', code);
    if (state !== null) back.searchParams.set('state', state);
    return html(302, 'Redirecting', { location: back.href });
  }

  return [
    {
      method: 'POST',
      repo: false,
      ownAuth: true,
      path: /^\/settings\/apps\/new$/,
      async handle(req) {
        return createFromManifest(site.owner, req.body, req.url.searchParams.get('state'));
      },
    },
    {
      method: 'POST',
      repo: false,
      ownAuth: true,
      path: /^\/organizations\/([^/]+)\/settings\/apps\/new$/,
      async handle(req) {
        return createFromManifest(req.params[0]!, req.body, req.url.searchParams.get('state'));
      },
    },
    {
      method: 'POST',
      repo: false,
      ownAuth: true,
      path: /^\/app-manifests\/([^/]+)\/conversions$/,
      async handle(req) {
        const found = codes.get(req.params[0]!);
        codes.delete(req.params[0]!);
        if (!found || found.expires < Date.now()) throw notFound();
        const app = apps.get(found.appId)!;
        return {
          status: 201,
          body: {
            ...integration(site, app),
            client_id: app.clientId,
            client_secret: app.clientSecret,
            webhook_secret: app.webhookSecret,
            pem: app.pem,
          },
        };
      },
    },
    {
      // The install page: she installs the App on the stand-in's repository, and is sent to its setup URL.
      method: 'GET',
      repo: false,
      ownAuth: true,
      path: /^\/apps\/([^/]+)\/installations\/new$/,
      async handle(req) {
        const app = [...apps.values()].find((a) => a.slug === req.params[0]);
        if (!app) return html(404, 'No such App.');
        app.installationId ??= 40_000_000 + app.id;
        if (!app.setupUrl) return html(200, `Installed ${app.name} on ${site.owner}/${site.repo}.`);
        const to = new URL(app.setupUrl);
        to.searchParams.set('installation_id', String(app.installationId));
        to.searchParams.set('setup_action', 'install');
        return html(302, 'Redirecting', { location: to.href });
      },
    },
    {
      method: 'GET',
      repo: false,
      ownAuth: true,
      path: /^\/app\/installations$/,
      async handle(req) {
        const app = await appOf(req.authorization);
        return { status: 200, body: app.installationId ? [installation(site, app)] : [] };
      },
    },
    {
      // The installation's token: the one token the stand-in's repository routes accept.
      method: 'POST',
      repo: false,
      ownAuth: true,
      path: /^\/app\/installations\/(\d+)\/access_tokens$/,
      async handle(req) {
        const app = await appOf(req.authorization);
        if (app.installationId !== Number(req.params[0])) throw notFound();
        return {
          status: 201,
          body: {
            token,
            expires_at: new Date(Date.now() + 3600_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
            permissions: app.permissions,
            repository_selection: 'selected',
          },
        };
      },
    },
  ];
}
