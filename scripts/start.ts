// `npm start`: builds and serves the whole service the way Netlify would, on PORT (default 8888).
// `npm run dev` does the same with `netlify dev`, which reloads on change. With no OIDC_ISSUER it
// also runs the embedded development identity provider (loopback only, never in production). The
// admin side's shared store is the local Netlify Blobs server netlify-cli runs: no Redis needed.
// What it prints (a progress line, the log file, the summary) is ./lib/start-report.ts's business:
// `npm start -- --verbose` (or START_VERBOSE=1) shows the build and every request as well.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { adminEmails, editorSettings, isLoopbackHost } from '../src/config/env.ts';
import { DEMO_ADMIN, DEMO_CURATORS, DEMO_CURATOR_EMAILS, DEMO_OUTSIDER, startDevIdp, type DevIdp } from './dev-idp.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, startStack } from './lib/stack.ts';
import { stackFolder, stacksDir } from './lib/stack-folder.ts';
import { startReport, verboseAsked } from './lib/start-report.ts';
import { startLocalEditor, type LocalEditor } from './lib/local-editor.ts';
import { EDITOR_PATH } from '../src/catalog/urls.ts';
import { EDITOR_BRANCH_PREFIX } from '../src/server/proposals/backend.ts';

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 8888);
// The site listens on loopback unless HOST opens it to the network (every interface: the stack's
// own parts talk to it as localhost, so a single other address would cut them off).
const host = process.env.HOST?.trim() || '127.0.0.1';
const openToNetwork = host === '0.0.0.0' || host === '::';
if (!openToNetwork && !isLoopbackHost(host)) {
  console.error(
    `HOST=${host}: use a loopback address (the default, 127.0.0.1), or 0.0.0.0 or :: to open the stack to the network.`,
  );
  process.exit(1);
}
const siteUrl = (process.env.SITE_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, '');
const report = startReport({
  logFile: dev
    ? path.join(stacksDir(ROOT), `dev-${port}.log`)
    : path.join(stackFolder(ROOT, `port-${port}`), 'npm-start.log'),
  verbose: verboseAsked(process.argv, process.env),
});
// oidc-provider says on the console that the development identity provider runs on its
// development-only adapter, keys and interactions, which is what it is for: into the log.
report.divertConsole(/^oidc-provider (WARNING|NOTICE):/);
const env: Record<string, string> = { SITE_URL: siteUrl };
const notes: string[] = [];
let idp: DevIdp | undefined;

if (!process.env.OIDC_ISSUER) {
  if (process.env.CONTEXT === 'production') {
    console.error(
      'Refusing to start the development identity provider: CONTEXT=production. ' +
        'Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET.',
    );
    process.exit(1);
  }
  if (!isLoopbackHost(new URL(siteUrl).hostname)) {
    console.error(
      `Refusing to start the development identity provider: SITE_URL ` +
        `${siteUrl} is not a loopback address. Configure a real OIDC_ISSUER.`,
    );
    process.exit(1);
  }
  if (openToNetwork) {
    console.error(
      `Refusing to start the development identity provider: HOST=${host} opens the stack to the network, ` +
        `and its demo admin's password is printed here. Configure a real OIDC_ISSUER, or leave HOST unset.`,
    );
    process.exit(1);
  }
  const clientSecret = randomBytes(24).toString('base64url');
  idp = await startDevIdp({
    accounts: [DEMO_ADMIN, ...DEMO_CURATORS, DEMO_OUTSIDER],
    clients: [
      { client_id: 'catalog-local', client_secret: clientSecret, redirect_uris: [`${siteUrl}/api/auth/callback`] },
    ],
  });
  Object.assign(env, { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: 'catalog-local', OIDC_CLIENT_SECRET: clientSecret });
  if (!process.env.ADMIN_EMAILS) env.ADMIN_EMAILS = DEMO_ADMIN.email;
  if (!process.env.CURATOR_EMAILS) env.CURATOR_EMAILS = DEMO_CURATOR_EMAILS;
  notes.push(
    `Development identity provider (local only) at ${idp.issuer}`,
    `  demo admin: ${DEMO_ADMIN.email} / password: ${DEMO_ADMIN.password}`,
    ...DEMO_CURATORS.map((c) => `  demo curator ${c.handle}: ${c.email} / password: ${c.password}`),
    `  on no list (the editor refuses it): ${DEMO_OUTSIDER.email} / password: ${DEMO_OUTSIDER.password}`,
  );
}
// A malformed CURATOR_EMAILS, PUBLISH_OWN_SAVES or ADMIN_EMAILS names itself here; the sign-in it
// belongs to refuses until it is fixed. Only the lists are read: any other bad one is the build's to name.
const curators = editorSettings({ ...process.env, ...env });
if (!curators.ok) notes.push(`Editor sign-in refused until fixed: ${curators.missing.join('; ')}`);
const admins = adminEmails({ ...process.env, ...env }.ADMIN_EMAILS);
if (admins.problems.length)
  notes.push(`Admin sign-in (MCP and the editor) refused until fixed: ${admins.problems.join('; ')}`);
if (!process.env.AUTH_SECRET && process.env.CONTEXT !== 'production') {
  env.AUTH_SECRET = randomBytes(48).toString('base64url');
  notes.push('AUTH_SECRET not set: an ephemeral one (tokens stop working when this stops).');
}

// Proposals from MCP (propose_product, propose_edit): to GitHub when a token and a repository are
// set, otherwise as branches of this checkout's own git repository.
if (process.env.GITHUB_TOKEN && process.env.GITHUB_REPOSITORY) {
  notes.push(`Proposals: pull requests on GitHub (${process.env.GITHUB_REPOSITORY}).`);
} else if (existsSync(path.join(ROOT, '.git'))) {
  env.PROPOSALS_REPO_DIR = process.env.PROPOSALS_REPO_DIR?.trim() || ROOT;
  notes.push('Proposals: branches catalog/<slug>-<id> of this checkout (your branch untouched).');
} else {
  notes.push(
    'Proposals: not available (no GITHUB_TOKEN and GITHUB_REPOSITORY, and this folder is not a git checkout).',
  );
}

// The curators' browser editor at /admin: the same sign-in and gateway as on Netlify, with a
// loopback GitHub over this checkout's git (scripts/lib/local-editor.ts). The site is built from
// the stack's own site branch, cms-base/<port>, which curators publish into: never your branch.
let editor: LocalEditor | undefined;
// Its repository is the checkout, or the one PROPOSALS_REPO_DIR names (the tests' scratch repositories).
const editorRepo = process.env.PROPOSALS_REPO_DIR?.trim() || ROOT;
if (!dev && existsSync(path.join(editorRepo, '.git'))) {
  editor = await startLocalEditor({ repoDir: editorRepo, siteUrl, report: (line) => report.output(`${line}\n`) });
  Object.assign(env, editor.env);
  // A folder of products named for a test or a benchmark (CATALOG_CONTENT_DIR, CATALOG_IMAGES_DIR)
  // is what the stack serves, in place of the site branch's copy; publishes then reach the branch only.
  for (const name of ['CATALOG_CONTENT_DIR', 'CATALOG_IMAGES_DIR']) {
    const named = process.env[name]?.trim();
    if (named) env[name] = named;
  }
  // MCP's and the watchers' proposals take the same path: pull requests on the loopback GitHub.
  const said = notes.findIndex((n) => n.startsWith('Proposals:'));
  if (said >= 0) notes[said] = 'Proposals: pull requests on the local GitHub stand-in (branches of this checkout).';
  notes.push(
    `Editor: saves are branches ${EDITOR_BRANCH_PREFIX}<slug>; Publish merges into ${editor.site.branch}, never your branch.`,
    ...(editor.site.kept
      ? [`  An earlier run's publishes are kept on ${editor.site.kept}: git merge it to keep them.`]
      : []),
  );
} else if (!dev) {
  notes.push('Editor: not available (this folder is not a git checkout).');
}

const cleanup = async () => {
  await idp?.stop();
  await editor?.stop();
};
let stack;
try {
  stack = await startStack({
    port,
    host,
    mode: dev ? 'dev' : 'serve',
    output: report.output,
    status: report.status,
    timeoutMs: 600_000,
    env,
  });
  report.ready();
  // A curator's Publish moves the site branch: the running stack rebuilds and serves it.
  if (editor && stack.rebuilder) editor.followPublishes(stack.rebuilder);
} catch (err) {
  await cleanup();
  // The failed step's last lines and the log's path, then the reason a curator can act on comes
  // last: the product files as `npm run validate` reads them.
  report.failed((err instanceof Error ? err.message : String(err)).split('\n')[0]!.replace(/:$/, ''));
  console.error('\nThe product files, as `npm run validate` reads them:\n');
  const validate = spawnSync(process.execPath, [path.join(ROOT, 'scripts/validate.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  if (validate.status === 0)
    console.error("\nThe product files are valid, so the build's own error above is the reason.");
  process.exit(1);
}
notes.push(
  process.env.REDIS_URL
    ? 'Shared store: Redis at REDIS_URL (single-use codes, refresh families, rate limits).'
    : `Shared store: netlify-cli’s local Netlify Blobs (${stack.folder ? 'the folder below' : ROOT}, .netlify/blobs-serve).`,
  openToNetwork
    ? `Listening on every interface (HOST=${host}): other machines can reach port ${port}.`
    : `Listening on ${host} only (HOST=0.0.0.0 opens it to the network).`,
);
if (stack.folder) notes.push(`This stack's folder (build, caches, .netlify/): ${stack.folder}`);
// `npm run inspector` in another terminal lists http://localhost:8888/api/mcp unless told otherwise.
const inspectorEnv = process.env.SITE_URL?.trim()
  ? `SITE_URL=${siteUrl} `
  : siteUrl === 'http://localhost:8888'
    ? ''
    : `PORT=${port} `;
console.log(`
  ${dev ? 'Dev server' : 'Catalog'} running at ${stack.url}
    Site     ${stack.url}
    Editor   ${editor ? `${siteUrl}${EDITOR_PATH}` : dev ? 'only `npm start` serves it' : 'not available (see below)'}
    MCP      ${siteUrl}/api/mcp   (admins)
${notes.map((n) => `  ${n}`).join('\n')}

  MCP tools: \`${inspectorEnv}npm run inspector\`, switch the listed server on, Allow,
    sign in${idp ? ` as ${DEMO_ADMIN.email}` : ''}, open Tools.
  Log of the build and every request: ${report.logFile}
    (\`npm start -- --verbose\` or START_VERBOSE=1 prints them here too)

  Press Ctrl+C to stop.
`);
let stopping: Promise<void> | undefined;
const shutdown = () =>
  (stopping ??= (async () => {
    await stack.stop();
    await cleanup();
    process.exit(0);
  })());
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
process.on('SIGHUP', shutdown);
// npm runs this script with `exec`, so a signal sent to npm reaches it; should npm itself be killed
// outright (SIGKILL), this process is re-parented: it then stops the stack instead of leaving it
// holding the port.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void shutdown();
}, 1000).unref();
stack.process.on('exit', async (code) => {
  await cleanup();
  process.exit(code ?? 1);
});
