// The names inside Astro's build cache that this build relies on, in one place, read from
// Astro's own code (node_modules/astro/dist/core/build/incremental.js): the incremental build's
// manifest, and the folder where it keeps a copy of every page it renders (./build-cache.ts links
// that folder to the output folder, and drops the manifest when a build starts cold). An Astro
// release that renamed either would silently turn warm builds cold, or keep stale pages: the build
// reads the installed Astro's code first and stops, saying what to check, when they differ.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const ASTRO_INCREMENTAL = {
  /** The manifest of rendered pages and their keys, in Astro's cacheDir. */
  manifest: 'incremental-build.json',
  /** Where Astro keeps a copy of each rendered page, in its cacheDir. */
  pageCopies: 'dist',
} as const;

/** The Astro these names were read from (its version and file), for the message when they change. */
export const READ_FROM = { version: '7.3.5', file: 'dist/core/build/incremental.js' } as const;

/** The folder of the installed astro package, as this project resolves it. */
export function installedAstro(root: string): string {
  return path.dirname(createRequire(path.join(root, 'package.json')).resolve('astro/package.json'));
}

/** Stops the build unless the installed Astro still uses the names above. */
export function checkAstroInternals(root: string, astroDir = installedAstro(root)): void {
  const version = (JSON.parse(readFileSync(path.join(astroDir, 'package.json'), 'utf8')) as { version: string })
    .version;
  let code = '';
  try {
    code = readFileSync(path.join(astroDir, READ_FROM.file), 'utf8');
  } catch {
    // Missing file: reported below.
  }
  const constant = (name: string) => new RegExp(`const ${name} = "([^"]*)"`).exec(code)?.[1];
  const manifest = constant('INCREMENTAL_CACHE_FILE');
  const copies = constant('INCREMENTAL_OUTPUT_DIR')?.replace(/\/$/, '');
  if (manifest === ASTRO_INCREMENTAL.manifest && copies === ASTRO_INCREMENTAL.pageCopies) return;
  throw new Error(
    `Astro ${version} does not name its incremental-build files as the build expects ` +
      `(manifest "${ASTRO_INCREMENTAL.manifest}", page copies "${ASTRO_INCREMENTAL.pageCopies}/", read from ` +
      `Astro ${READ_FROM.version}; found ${manifest === undefined ? 'no manifest name' : `"${manifest}"`} and ` +
      `${copies === undefined ? 'no page-copies folder' : `"${copies}/"`} in node_modules/astro/${READ_FROM.file}). ` +
      `Check how that file names them, update src/build/astro-internals.ts and its test, and rebuild; ` +
      `until then the build stops rather than build warm on names that may be stale.`,
  );
}
