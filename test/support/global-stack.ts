// Starts the same stack `npm start` runs, once for the whole e2e project, on a free loopback port,
// with a real development OpenID provider upstream and a per-run admin configuration that tests
// read through `inject()`. No REDIS_URL: the admin side's shared store is netlify-cli's local
// Netlify Blobs server, the zero-configuration path.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDevIdp, type DevIdp } from '../../scripts/dev-idp.ts';
import { freePort, ROOT, startStack, type Stack } from '../../scripts/lib/stack.ts';
import { stackFolder } from '../../scripts/lib/stack-folder.ts';
import { startLocalEditor, type LocalEditor } from '../../scripts/lib/local-editor.ts';
import { E2E_RECALLS } from './e2e-recalls.ts';
import { startHookServer, type HookServer } from './hook-server.ts';
import { E2E_ACCOUNTS, E2E_CURATOR_EMAILS } from './oidc.ts';
import { startRecallServer, type RecallServer } from './recall-server.ts';
import { startRegulatorServer, type RegulatorServer } from './regulator-server.ts';
import { contentRepository, type ScratchRepo } from './scratch-repo.ts';
import { startTestDns } from './test-dns.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The environment the stack's functions run with (AUTH_SECRET, ADMIN_EMAILS, OIDC_*, …). */
    stackEnv: Record<string, string>;
    /** GET it for the build hook posts the stack has made (./hook-server.ts). */
    hookPostsUrl: string;
    /** GET it for the stack's recent output (./hook-server.ts). */
    stackLogUrl: string;
    /** The folder of the site the stack's build published (the stack's own dist/). */
    stackSite: string;
    /** The scratch repository the write tools and the browser editor write to (never the checkout). */
    proposalsRepo: string;
    /** The stack's site branch in proposalsRepo: what curators publish into, and the stack serves. */
    editorBranch: string;
    /** The loopback GitHub the gateway talks to (scripts/lib/github-standin/), and its token. */
    githubUrl: string;
    githubToken: string;
    /** The recall service the stack's recall watcher reads (RECALLS_API_URL; ./recall-server.ts). */
    recallsUrl: string;
  }
}

export const TEST_ADMIN_EMAIL = E2E_ACCOUNTS.admin.email;

let stack: Stack | undefined;
let editor: LocalEditor | undefined;
let idp: DevIdp | undefined;
let hook: HookServer | undefined;
let recalls: RecallServer | undefined;
let regulators: RegulatorServer | undefined;

/** The e2e stack's folder (scripts/lib/stack-folder.ts), kept between runs: its next build starts warm. */
const FOLDER = 'e2e';

/**
 * The watchers' records in the stack's local Netlify Blobs folder (kept across runs in the stack's
 * folder, like the rest of the admin state): removed, so each run's watchers start afresh
 * (test/e2e/watchers.test.ts reads their first run).
 */
function forgetWatchers() {
  const blobs = path.join(stackFolder(ROOT, FOLDER), '.netlify/blobs-serve');
  for (const tree of ['entries', 'metadata'])
    rmSync(path.join(blobs, tree, 'unlinked/site:admin-state/record/watch'), {
      recursive: true,
      force: true,
    });
}

export async function setup(project: TestProject) {
  forgetWatchers();
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const clientSecret = randomBytes(24).toString('base64url');
  hook = await startHookServer();
  recalls = await startRecallServer(E2E_RECALLS);
  regulators = await startRegulatorServer(); // Health Canada and the Safety Gate, with no recalls
  idp = await startDevIdp({
    accounts: Object.values(E2E_ACCOUNTS),
    clients: [{ client_id: 'catalog-e2e', client_secret: clientSecret, redirect_uris: [`${base}/api/auth/callback`] }],
  });
  const env: Record<string, string> = {
    CONTEXT: 'dev',
    AUTH_SECRET: randomBytes(48).toString('base64url'),
    ADMIN_EMAILS: `${TEST_ADMIN_EMAIL}, ${E2E_ACCOUNTS.otherAdmin.email}`,
    CURATOR_EMAILS: E2E_CURATOR_EMAILS,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: 'catalog-e2e',
    OIDC_CLIENT_SECRET: clientSecret,
    ...(await startTestDns()).env, // check_links resolves through a loopback DNS server (attack tests)
    // Proposals go to a repository of their own, never to the checkout under test, nor to GitHub
    // (a token in the shell of whoever runs the tests must not reach a real repository).
    PROPOSALS_REPO_DIR: (proposalsRepo = contentRepository('e2e-proposals-')).dir,
    BUILD_HOOK_URL: hook.hookUrl,
    // The watchers: recalls from a loopback CPSC stand-in; their proposals ask these curators.
    RECALLS_API_URL: recalls.url,
    HEALTH_CANADA_RECALLS_URL: regulators.healthCanadaUrl,
    SAFETY_GATE_REPORTS_URL: regulators.safetyGateUrl,
    CURATOR_REVIEWERS: 'maya-curates,theo-picks',
  };
  // The browser editor's path, as npm start runs it (the gateway's loopback GitHub, the site
  // branch the stack builds from), on the same scratch repository.
  editor = await startLocalEditor({ repoDir: proposalsRepo.dir, siteUrl: base });
  Object.assign(env, editor.env);
  try {
    // Its own folder, whatever stacks run beside it.
    stack = await startStack({ port, env, folder: FOLDER });
  } catch (err) {
    await idp.stop();
    await hook.stop();
    await editor.stop();
    await recalls.stop();
    await regulators.stop();
    throw err;
  }
  // A signal (Ctrl-C, or `npm test` stopping this run because a step beside it failed) ends vitest
  // without the teardown below; the stack runs in a process group of its own and would outlive it.
  process.once('exit', stopAtExit);
  project.provide('baseUrl', stack.url);
  project.provide('stackEnv', { ...env, SITE_URL: stack.url });
  project.provide('hookPostsUrl', hook.postsUrl);
  project.provide('stackSite', stack.site!);
  project.provide('proposalsRepo', proposalsRepo.dir);
  project.provide('editorBranch', editor.site.branch);
  project.provide('githubUrl', editor.github.url);
  project.provide('githubToken', editor.env.GITHUB_TOKEN!);
  if (stack.rebuilder) editor.followPublishes(stack.rebuilder);
  const running = stack;
  hook.stackLog = () => running.output();
  project.provide('stackLogUrl', hook.stackLogUrl);
  project.provide('recallsUrl', recalls.url);
}

export async function teardown() {
  process.off('exit', stopAtExit);
  await stack?.stop();
  await editor?.stop();
  await idp?.stop();
  await hook?.stop();
  await recalls?.stop();
  await regulators?.stop();
  proposalsRepo?.remove();
}

let proposalsRepo: ScratchRepo | undefined;

/** What the teardown stops, done synchronously (as an `exit` listener must): signals and a removal. */
function stopAtExit() {
  const signal = (pid: number | undefined) => {
    try {
      if (pid) process.kill(pid, 'SIGTERM');
    } catch {}
  };
  signal(stack?.process.pid && -stack.process.pid); // its whole process group
  proposalsRepo?.remove();
}
