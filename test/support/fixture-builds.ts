// The integration project's global setup: a folder for this run's builds of the fixture catalog,
// which test/support/build-site.ts's fixtureBuild() shares between the files that build the same
// time (each build once per run, keyed by its inputs). Removed when the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run keeps its builds of the fixture catalog (./build-site.ts). */
    fixtureBuilds: string;
  }
}

export function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'fixture-builds-'));
  project.provide('fixtureBuilds', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
