// The site's GitHub App made from a manifest (GitHub's app-manifest flow): a loopback page posts the
// manifest to GitHub, GitHub sends her back with a code that converts into the App's id and key, she
// installs the App, and the installation is read with the App's JWT. Gives the variables the site needs.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAppAuth } from '@octokit/auth-app';

/**
 * The least the site asks of GitHub (src/server/): the editor's saves and the proposals write git
 * data and branches, and merge (contents); open, label and close pull requests and ask for reviewers
 * (pull requests: GitHub's labels endpoints take it as well as issues); the publish reads the
 * required check (checks), the editor a preview's commit status (statuses); the proposals' listing
 * reads workflow runs (actions). Metadata is every App's.
 */
export const APP_PERMISSIONS = {
  contents: 'write',
  pull_requests: 'write',
  checks: 'read',
  statuses: 'read',
  actions: 'read',
  metadata: 'read',
} as const;

export interface SetupOptions {
  /** `owner/name` of the site's repository. */
  repository: string;
  /** The App's name on GitHub (unique there). */
  name: string;
  /** The site's address: the App's homepage. */
  siteUrl: string;
  /** An organisation that owns the App (and the repository), instead of her own account. */
  org?: string | undefined;
  /** GitHub's web address (https://github.com) and API (https://api.github.com); tests name a stand-in. */
  githubUrl: string;
  apiUrl: string;
  /** The loopback port (0: any free one). */
  port?: number;
  /** Told the address of the page to open once it listens. */
  onListening(url: string): void;
  /** Progress, a line at a time. */
  report(line: string): void;
  fetch?: typeof fetch;
}

export interface AppCredentials {
  GITHUB_APP_ID: string;
  GITHUB_APP_PRIVATE_KEY: string;
  GITHUB_APP_INSTALLATION_ID: string;
  GITHUB_REPOSITORY: string;
  /** The App's page on GitHub, for her records. */
  htmlUrl: string;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const page = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'; form-action *",
  });
  res.end(`<!doctype html><meta charset="utf-8"><title>The catalog's GitHub App</title>${body}`);
};

/** The manifest GitHub makes the App from: its name, homepage, where to send her back, and the permissions. */
export function manifest(opts: Pick<SetupOptions, 'name' | 'siteUrl'>, loopback: string) {
  return {
    name: opts.name,
    url: opts.siteUrl,
    description: "The catalog's editor, proposals and watchers: branches and pull requests on its repository.",
    redirect_url: `${loopback}/created`,
    setup_url: `${loopback}/installed`,
    setup_on_update: true,
    public: false,
    default_permissions: APP_PERMISSIONS,
    default_events: [],
    hook_attributes: { url: `${opts.siteUrl}/api/health`, active: false },
  };
}

/** The private key as one line, its line breaks written `\n` (what a single-line variable can hold). */
export const oneLineKey = (pem: string) => pem.trim().replace(/\r?\n/g, '\\n');

/** The variables as lines of a `.env` file (Netlify's "Import from .env" takes them as they are). */
export function envLines(c: AppCredentials): string {
  return [
    `GITHUB_REPOSITORY=${c.GITHUB_REPOSITORY}`,
    `GITHUB_APP_ID=${c.GITHUB_APP_ID}`,
    `GITHUB_APP_INSTALLATION_ID=${c.GITHUB_APP_INSTALLATION_ID}`,
    `GITHUB_APP_PRIVATE_KEY="${oneLineKey(c.GITHUB_APP_PRIVATE_KEY)}"`,
  ].join('\n');
}

/** Runs the flow to its end: resolves with the App's credentials once she has installed it. */
export async function setupGithubApp(opts: SetupOptions): Promise<AppCredentials> {
  const [owner, repo] = opts.repository.split('/');
  if (!owner || !repo || opts.repository.split('/').length !== 2)
    throw new Error(`The repository must be owner/name, not "${opts.repository}".`);
  const fetchFn = opts.fetch ?? fetch;
  const state = randomBytes(16).toString('base64url');
  const github = opts.githubUrl.replace(/\/+$/, '');
  const api = opts.apiUrl.replace(/\/+$/, '');
  let created: { id: number; slug: string; pem: string; html_url: string } | null = null;
  let settle!: { resolve(c: AppCredentials): void; reject(e: Error): void };
  const done = new Promise<AppCredentials>((resolve, reject) => (settle = { resolve, reject }));

  async function convert(code: string) {
    const res = await fetchFn(`${api}/app-manifests/${encodeURIComponent(code)}/conversions`, {
      method: 'POST',
      headers: { accept: 'application/vnd.github+json' },
    });
    if (res.status !== 201)
      throw new Error(`GitHub refused the conversion of the code: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: number; slug: string; pem: string; html_url: string };
  }

  async function installationId(app: { id: number; pem: string }): Promise<string> {
    const auth = createAppAuth({ appId: app.id, privateKey: app.pem });
    const { token } = await auth({ type: 'app' });
    const res = await fetchFn(`${api}/app/installations`, {
      headers: { accept: 'application/vnd.github+json', authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`GitHub refused to list the App's installations: ${res.status} ${await res.text()}`);
    const list = (await res.json()) as { id: number; account: { login: string } | null }[];
    const found = list.find((i) => i.account?.login.toLowerCase() === owner!.toLowerCase());
    if (!found)
      throw new Error(`The App is not installed on ${owner}'s account yet: install it on ${opts.repository}.`);
    return String(found.id);
  }

  async function serve(req: IncomingMessage, res: ServerResponse, base: string) {
    const url = new URL(req.url ?? '/', base);
    if (req.method !== 'GET') return page(res, 405, '<p>Only GET.');
    if (url.pathname === '/') {
      const action = `${github}${opts.org ? `/organizations/${encodeURIComponent(opts.org)}` : ''}/settings/apps/new?state=${state}`;
      return page(
        res,
        200,
        `<h1>Create the catalog's GitHub App</h1><p>GitHub will ask you to confirm the App's name (${escape(opts.name)}); its permissions come with it.</p>` +
          `<form method="post" action="${escape(action)}"><input type="hidden" name="manifest" value="${escape(JSON.stringify(manifest(opts, base)))}"><button>Create the App on GitHub</button></form>`,
      );
    }
    if (url.pathname === '/created') {
      if (url.searchParams.get('state') !== state)
        return page(res, 400, '<p>This page was not opened by this setup: start again.');
      created = await convert(url.searchParams.get('code') ?? '');
      opts.report(`Created the App ${created.slug} (ID ${created.id}). Now install it on ${opts.repository}.`);
      const install = `${github}/apps/${encodeURIComponent(created.slug)}/installations/new`;
      return page(
        res,
        200,
        `<h1>The App is made</h1><p>Now install it on <b>${escape(opts.repository)}</b> only: <a href="${escape(install)}">install ${escape(created.slug)}</a>.`,
      );
    }
    if (url.pathname === '/installed') {
      if (!created) return page(res, 400, '<p>Create the App first.');
      const id = await installationId(created);
      const app = created;
      // Resolved once the page is sent: the server closes after it.
      res.on('finish', () =>
        settle.resolve({
          GITHUB_APP_ID: String(app.id),
          GITHUB_APP_PRIVATE_KEY: app.pem,
          GITHUB_APP_INSTALLATION_ID: id,
          GITHUB_REPOSITORY: opts.repository,
          htmlUrl: app.html_url,
        }),
      );
      return page(
        res,
        200,
        '<h1>Done</h1><p>The App is installed. Go back to the terminal: it shows the variables to set.',
      );
    }
    return page(res, 404, '<p>Not here.');
  }

  const server = createServer((req, res) => {
    serve(req, res, base).catch((err: Error) => {
      opts.report(err.message);
      page(res, 502, `<p>${escape(err.message)}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  opts.onListening(base);
  try {
    return await done;
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
