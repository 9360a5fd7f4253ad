// Starts the same stack `npm start` runs, once for the whole e2e project, on a free loopback port,
// with a per-run admin configuration that tests can read through `inject()`.
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { startStack, type Stack } from '../../scripts/lib/stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The environment the stack's functions run with (AUTH_SECRET, ADMIN_EMAILS, …). */
    stackEnv: Record<string, string>;
  }
}

export const TEST_ADMIN_EMAIL = 'ada@example.test';

let stack: Stack | undefined;

export async function setup(project: TestProject) {
  const env: Record<string, string> = {
    CONTEXT: 'dev',
    AUTH_SECRET: randomBytes(48).toString('base64url'),
    ADMIN_EMAILS: `${TEST_ADMIN_EMAIL}, grace@example.test`,
  };
  stack = await startStack({ env });
  project.provide('baseUrl', stack.url);
  project.provide('stackEnv', { ...env, SITE_URL: stack.url });
}

export async function teardown() {
  await stack?.stop();
}
