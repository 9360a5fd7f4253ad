// The folder a `netlify serve` stack runs in: one per stack, outside the checkout, so that stacks
// side by side (`npm start` and `npm test`'s e2e stack, or two `npm start`s) share nothing they
// write. netlify-cli keeps its state in `.netlify/` of the folder it runs in (functions and edge
// bundles, its serve folders, the local Blobs server's files), and each stack's build writes its
// own site (its SITE_URL is in every page), build cache and admin catalog there too.
//
// Outside the checkout because netlify-cli takes the git repository's root as the project's root:
// a folder inside the checkout would be built as the checkout itself. In the folder:
//   netlify.toml   the checkout's, with a build command that builds the checkout into this folder's
//                  dist/, and the checkout's .env files named
//   netlify/       a copy (functions, edge functions, the build plugin, Deno's import map), made
//                  anew at each start: netlify-cli's function bundler refuses a linked folder
//   src, node_modules   links to the checkout's (the functions import ../../src/…; the edge
//                  bundler resolves npm packages from here)
//   written by the stack: dist/ (with .dist-next/ and .dist-previous/ beside it), .build-cache/,
//                  .generated/admin-catalog/ (bundled into the functions, as on Netlify), .netlify/
import { createHash } from 'node:crypto';
import { cpSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'smol-toml';
import { ADMIN_CATALOG_DIR } from '../../src/admin/catalog-format.ts';
import { BUILD_CACHE_DIR } from '../../src/build/build-cache.ts';

/** Where this checkout's stack folders live (one parent per checkout). */
export function stacksDir(root: string): string {
  const id = createHash('sha1').update(path.resolve(root)).digest('hex').slice(0, 10);
  return path.join(tmpdir(), `little-hands-catalog-stacks-${id}`);
}

/** The folder of the stack called `name` (`port-8888` for `npm start` on 8888, `e2e` for the tests). */
export const stackFolder = (root: string, name: string) => path.join(stacksDir(root), name);

/** netlify-cli's default .env files, highest priority first (netlify-cli/dist/utils/dot-env.js). */
const ENV_FILES = ['.env.development.local', '.env.local', '.env.development', '.env'];

const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/**
 * Makes (or refreshes) the stack folder `dir` for the checkout at `root`. Returns the environment
 * its build needs: the build cache and the admin catalog inside the folder.
 */
export function prepareStackFolder(root: string, dir: string): Record<string, string> {
  mkdirSync(dir, { recursive: true });
  const config = parse(readFileSync(path.join(root, 'netlify.toml'), 'utf8')) as {
    build?: Record<string, unknown>;
    dev?: Record<string, unknown>;
  };
  const publish = String(config.build?.publish ?? 'dist');
  config.build = {
    ...config.build,
    command: `cd ${shellQuote(root)} && npm run build -- --outDir ${shellQuote(path.join(dir, publish))}`,
  };
  config.dev = { ...config.dev, envFiles: ENV_FILES.map((f) => path.join(root, f)) };
  writeFileSync(
    path.join(dir, 'netlify.toml'),
    `# Made by scripts/lib/stack-folder.ts from ${path.join(root, 'netlify.toml')} at each start: edit that one.\n` +
      stringify(config),
  );
  rmSync(path.join(dir, 'netlify'), { recursive: true, force: true });
  cpSync(path.join(root, 'netlify'), path.join(dir, 'netlify'), { recursive: true });
  for (const name of ['src', 'node_modules']) {
    const link = path.join(dir, name);
    if (!lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink()) symlinkSync(path.join(root, name), link, 'dir');
  }
  return {
    ASTRO_CACHE_DIR: path.join(dir, BUILD_CACHE_DIR),
    ADMIN_CATALOG_OUT: path.join(dir, ADMIN_CATALOG_DIR),
  };
}

/** The site folder a stack folder's build publishes (netlify.toml's `publish`). */
export function stackSite(root: string, dir: string): string {
  const config = parse(readFileSync(path.join(root, 'netlify.toml'), 'utf8')) as { build?: { publish?: string } };
  return path.join(dir, config.build?.publish ?? 'dist');
}
