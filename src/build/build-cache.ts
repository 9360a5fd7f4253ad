// The build cache: one folder (Astro's cacheDir) that a build leaves for the next one, beside the
// previous dist/ (both kept by the Netlify build plugin in netlify/plugins/build-cache). It holds
// Astro's content store and incremental-build manifest, and under catalog/ what the catalog
// outputs know about the last build. A build starts warm only when the last one into the same
// dist/ finished and passed its proof; otherwise it empties dist/ and forgets what it knew.
import { createHash } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { ASTRO_INCREMENTAL } from './astro-internals.ts';

/** The default build cache folder (astro.config.mjs; ASTRO_CACHE_DIR moves it). */
export const BUILD_CACHE_DIR = '.build-cache';

/** Our part of the cache, relative to the cache folder. */
const CATALOG_DIR = 'catalog';
const STATE_FILE = 'catalog/build-state.json';

interface BuildState {
  outDir: string;
  /** True once the build that wrote `outDir` passed its proof. */
  complete: boolean;
}

export interface BuildStart {
  /** Whether dist/ and the cache came from a finished build into the same folder. */
  warm: boolean;
  /** Why the build starts cold (for the log). */
  reason: string | null;
}

/** A file of our part of the cache (made on first write). */
export const cacheFile = (cacheDir: string, name: string) => path.join(cacheDir, CATALOG_DIR, name);

export function readCacheJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

export function writeCacheJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value));
}

/**
 * Decides cold or warm and marks the build as running. A cold start empties `outDir` (Astro is
 * told not to: it would also empty a warm one) and drops every manifest that describes old output.
 */
export function startBuild(cacheDir: string, outDir: string): BuildStart {
  const state = readCacheJson<BuildState>(path.join(cacheDir, STATE_FILE));
  const reason = !state
    ? 'no previous build'
    : state.outDir !== outDir
      ? `the previous build wrote ${state.outDir}`
      : !state.complete
        ? 'the previous build did not finish'
        : !existsSync(outDir)
          ? 'no previous output'
          : null;
  if (reason) {
    if (existsSync(outDir))
      for (const name of readdirSync(outDir)) rmSync(path.join(outDir, name), { recursive: true, force: true });
    rmSync(path.join(cacheDir, ASTRO_INCREMENTAL.manifest), { force: true });
    rmSync(path.join(cacheDir, CATALOG_DIR), { recursive: true, force: true });
  }
  writeCacheJson(path.join(cacheDir, STATE_FILE), { outDir, complete: false } satisfies BuildState);
  linkPageCopies(cacheDir, outDir);
  return { warm: reason === null, reason };
}

/** Marks the build as finished and proven: the next build into `outDir` may start warm. */
export function finishBuild(cacheDir: string, outDir: string): void {
  writeCacheJson(path.join(cacheDir, STATE_FILE), { outDir, complete: true } satisfies BuildState);
}

/**
 * Astro's incremental build keeps a copy of every page it renders under cacheDir/dist, to restore
 * pages into an empty output folder. Our output folder is kept whole between builds, so that copy
 * would only double every page write: the copy folder is made a link to the output folder itself.
 * Astro then rewrites a page it just wrote (cheap, no new file), restores nothing (a page missing
 * from dist/ is rendered again) and, when a page disappears, deletes it from dist/.
 */
function linkPageCopies(cacheDir: string, outDir: string): void {
  const copies = path.join(cacheDir, ASTRO_INCREMENTAL.pageCopies);
  let stat;
  try {
    stat = lstatSync(copies);
  } catch {
    stat = null;
  }
  if (stat) rmSync(copies, { recursive: true, force: true });
  mkdirSync(cacheDir, { recursive: true });
  mkdirSync(outDir, { recursive: true });
  symlinkSync(path.relative(cacheDir, outDir) || '.', copies, 'dir');
}

/**
 * A digest of the code and settings that make the outputs (every source file, the lockfile, the
 * Astro config): an output whose own key is unchanged is rewritten anyway when this changes.
 */
export function codeVersion(root: string, extra: readonly string[] = []): string {
  const h = createHash('sha1');
  const add = (rel: string) => {
    const abs = path.join(root, rel);
    if (!existsSync(abs)) return;
    if (lstatSync(abs).isDirectory()) {
      for (const name of readdirSync(abs).sort()) add(path.join(rel, name));
      return;
    }
    h.update(rel).update('\0').update(readFileSync(abs)).update('\0');
  };
  for (const rel of ['src', 'package-lock.json', 'astro.config.mjs']) add(rel);
  for (const x of extra) h.update(x).update('\0');
  return h.digest('base64url');
}
