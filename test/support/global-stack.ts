// Starts the same stack `npm start` runs, once for the whole e2e project, on a free loopback port.
import type { TestProject } from 'vitest/node';
import { startStack, type Stack } from '../../scripts/lib/stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let stack: Stack | undefined;

export async function setup(project: TestProject) {
  stack = await startStack({ env: { CONTEXT: 'dev' } });
  project.provide('baseUrl', stack.url);
}

export async function teardown() {
  await stack?.stop();
}
