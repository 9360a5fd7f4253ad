// `npm run setup:github-app` end to end against the GitHub stand-in: the loopback page's manifest
// posted as a browser would, GitHub's redirect with a code, the conversion, the install, the
// installation read with the App's JWT. Every API answer is checked against GitHub's OpenAPI
// description; the printed variables pass check:deploy and give the site's GitHub access a token.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PERMISSIONS, envLines, setupGithubApp, type AppCredentials } from '../../scripts/lib/github-app-setup.ts';
import { checkDeploy, readEnvFile } from '../../scripts/lib/deploy-check.ts';
import { startGithubStandin, type GithubStandin } from '../../scripts/lib/github-standin/index.ts';
import { readSettings } from '../../src/config/env.ts';
import { gatewayDeps } from '../../src/server/gateway/deps.ts';
import { githubAccess } from '../../src/server/github/credentials.ts';
import { githubOpenapi, type Judged } from '../support/github-openapi.ts';
import { scratchRepo, type ScratchRepo } from '../support/scratch-repo.ts';
import { SITE_SETTINGS } from '../support/deploy-env.ts';

const TOKEN = randomBytes(24).toString('base64url');
let repo: ScratchRepo;
let gh: GithubStandin;
const openapi = githubOpenapi();
const judged: (Judged & { method: string; status: number })[] = [];
const bodies = new Map<string, unknown>();

/** A fetch that judges every API answer against GitHub's description before handing it on. */
const judging: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  const url = new URL(String(input instanceof Request ? input.url : input));
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const type = res.headers.get('content-type') ?? '';
  const text = await res.clone().text();
  const body: unknown = /json/.test(type) && text ? JSON.parse(text) : undefined;
  bodies.set(`${method} ${url.pathname.replace(/\/app-manifests\/[^/]+/, '/app-manifests/{code}')}`, body);
  judged.push({ ...openapi.judge(method, url.pathname, res.status, body, type), method, status: res.status });
  return res;
};

/** The value of a form's hidden field, as a browser reads the page's HTML. */
const unescape = (s: string) =>
  s.replace(/&(quot|amp|lt|gt|#39);/g, (_, e: string) => ({ quot: '"', amp: '&', lt: '<', gt: '>', '#39': "'" })[e]!);

beforeAll(async () => {
  repo = scratchRepo('github-app-setup-', { files: { 'content/recall-watch.yml': 'aliases: {}\n' } });
  repo.git('branch', 'site', 'main');
  gh = await startGithubStandin({
    repoDir: repo.dir,
    owner: 'littlehands',
    repo: 'catalog',
    siteBranch: 'site',
    token: TOKEN,
    check: async () => true,
  });
});
afterAll(async () => {
  await gh?.stop();
  repo?.remove();
});

describe('setup:github-app, from the manifest to the installation', () => {
  let credentials: AppCredentials;

  it('creates the App from its manifest, sees it installed, and gives its id, key and installation', async () => {
    let page!: (url: string) => void;
    const listening = new Promise<string>((resolve) => (page = resolve));
    const lines: string[] = [];
    const flow = setupGithubApp({
      repository: 'littlehands/catalog',
      name: 'Little Hands catalog',
      siteUrl: 'https://catalog.example.org',
      githubUrl: gh.url,
      apiUrl: gh.url,
      onListening: page,
      report: (l) => lines.push(l),
      fetch: judging,
    });
    const loopback = await listening;

    // Her browser: the page's form, posted to GitHub's "new App" page with the manifest.
    const html = await (await fetch(`${loopback}/`)).text();
    const action = unescape(/<form method="post" action="([^"]+)"/.exec(html)![1]!);
    const manifestText = unescape(/name="manifest" value="([^"]+)"/.exec(html)![1]!);
    expect(action).toMatch(new RegExp(`^${gh.url}/settings/apps/new\\?state=[\\w-]{16,}$`));
    const manifest = JSON.parse(manifestText) as Record<string, unknown>;
    expect(manifest).toMatchObject({ default_permissions: APP_PERMISSIONS, redirect_url: `${loopback}/created` });

    const posted = await fetch(action, {
      method: 'POST',
      body: new URLSearchParams({ manifest: manifestText }),
      redirect: 'manual',
    });
    expect(posted.status).toBe(302);
    const back = new URL(posted.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(`${loopback}/created`);
    expect(back.searchParams.get('state')).toBe(new URL(action).searchParams.get('state'));

    const made = await (await fetch(back)).text();
    const install = unescape(/<a href="([^"]+)">install/.exec(made)![1]!);
    expect(install).toBe(`${gh.url}/apps/little-hands-catalog/installations/new`);

    const installed = await fetch(install, { redirect: 'manual' });
    expect(installed.status).toBe(302);
    const done = await fetch(installed.headers.get('location')!);
    expect(await done.text()).toMatch(/The App is installed/);

    credentials = await flow;
    expect(credentials.GITHUB_REPOSITORY).toBe('littlehands/catalog');
    expect(credentials.GITHUB_APP_ID).toMatch(/^\d+$/);
    expect(credentials.GITHUB_APP_INSTALLATION_ID).toMatch(/^\d+$/);
    expect(credentials.GITHUB_APP_PRIVATE_KEY).toMatch(/^-----BEGIN RSA PRIVATE KEY-----\n/);
    expect(lines.join('\n')).toMatch(/Created the App little-hands-catalog/);
  });

  it('asked GitHub for the conversion and the installations only, each answer as GitHub describes it', () => {
    expect(judged.map((j) => `${j.method} ${j.template} ${j.status}`)).toEqual([
      'POST /app-manifests/{code}/conversions 201',
      'GET /app/installations 200',
    ]);
    for (const j of judged) expect(j.problems, `${j.operation} ${j.status}`).toEqual([]);
    expect(bodies.get('POST /app-manifests/{code}/conversions')).toMatchObject({ permissions: APP_PERMISSIONS });
  });

  it('refuses a conversion code twice and the installations without the App’s JWT, in GitHub’s words', async () => {
    const again = await fetch(`${gh.url}/app-manifests/nope/conversions`, { method: 'POST' });
    const list = await fetch(`${gh.url}/app/installations`, { headers: { authorization: `Bearer ${TOKEN}` } });
    for (const [res, path, status] of [
      [again, '/app-manifests/nope/conversions', 404],
      [list, '/app/installations', 401],
    ] as const) {
      expect(res.status).toBe(status);
      const j = openapi.judge(
        res.url.includes('manifests') ? 'POST' : 'GET',
        path,
        res.status,
        await res.json(),
        'application/json',
      );
      expect(j.problems).toEqual([]);
    }
  });

  it('prints variables that check:deploy accepts and that give the site an installation token', async () => {
    const printed = readEnvFile(envLines(credentials));
    const env = {
      ...printed,
      ...SITE_SETTINGS,
    };
    const checked = checkDeploy(env);
    expect(checked.findings).toEqual([]);
    expect(checked.ok).toBe(true);

    // The site's GitHub access with them: the editor's gateway's own (its production dependencies),
    // and the one the proposals and the watchers make.
    const settings = readSettings({ ...env, GITHUB_API_URL: gh.url });
    const gateway = gatewayDeps(settings).github();
    expect(gateway.ok && gateway.value.kind).toBe('app');
    const access = githubAccess(settings.admin.github);
    expect(access.ok).toBe(true);
    if (!access.ok) return;
    expect(access.value.kind).toBe('app');
    const token = await access.value.token();
    const res = await fetch(`${gh.url}/repos/littlehands/catalog`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    if (gateway.ok) expect(await gateway.value.token()).toBe(token);
  });
});
