// Starts the same stack `npm start` runs, once for the whole e2e project, on a free loopback port,
// with a real development OpenID provider upstream and a per-run admin configuration that tests
// read through `inject()`. No REDIS_URL: the admin side's shared store is netlify-cli's local
// Netlify Blobs server, the zero-configuration path.
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { startDevIdp, type DevIdp } from '../../scripts/dev-idp.ts';
import { freePort, startStack, type Stack } from '../../scripts/lib/stack.ts';
import { E2E_ACCOUNTS } from './oidc.ts';
import { startTestDns } from './test-dns.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The environment the stack's functions run with (AUTH_SECRET, ADMIN_EMAILS, OIDC_*, …). */
    stackEnv: Record<string, string>;
  }
}

export const TEST_ADMIN_EMAIL = E2E_ACCOUNTS.admin.email;

let stack: Stack | undefined;
let idp: DevIdp | undefined;

export async function setup(project: TestProject) {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const clientSecret = randomBytes(24).toString('base64url');
  idp = await startDevIdp({
    accounts: Object.values(E2E_ACCOUNTS),
    clients: [{ client_id: 'catalog-e2e', client_secret: clientSecret, redirect_uris: [`${base}/api/auth/callback`] }],
  });
  const env: Record<string, string> = {
    CONTEXT: 'dev',
    AUTH_SECRET: randomBytes(48).toString('base64url'),
    ADMIN_EMAILS: `${TEST_ADMIN_EMAIL}, ${E2E_ACCOUNTS.otherAdmin.email}`,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: 'catalog-e2e',
    OIDC_CLIENT_SECRET: clientSecret,
    ...(await startTestDns()).env, // check_links resolves through a loopback DNS server (attack tests)
  };
  try {
    stack = await startStack({ port, env });
  } catch (err) {
    await idp.stop();
    throw err;
  }
  project.provide('baseUrl', stack.url);
  project.provide('stackEnv', { ...env, SITE_URL: stack.url });
}

export async function teardown() {
  await stack?.stop();
  await idp?.stop();
}
