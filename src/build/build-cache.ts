// The build cache: one folder (Astro's cacheDir) that a build leaves for the next one, beside the
// previous dist/ (both kept by the Netlify build plugin in netlify/plugins/build-cache). It holds
// Astro's content store and incremental-build manifest, and under catalog/ what the catalog
// outputs know about the last build. A build starts warm only when the last one into the same
// dist/ finished and passed its proof; otherwise it starts from an empty folder and forgets what
// it knew. Either way it writes into a staging folder beside dist/ (./staging.ts), which replaces
// dist/ only once the proof has passed: a build that fails or is killed leaves the last good site.
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
import { PARSE_CACHE_FILE } from './parse-cache.ts';
import { PICTURE_CACHE_FILE } from './picture-cache.ts';
import { prepareStage, publishStage, stagingDir, undoCutShortSwap, type LiveFiles } from './staging.ts';
import { isAlive } from './turns.ts';

/** The default build cache folder (astro.config.mjs; ASTRO_CACHE_DIR moves it). */
export const BUILD_CACHE_DIR = '.build-cache';

/** Our part of the cache, relative to the cache folder. */
const CATALOG_DIR = 'catalog';
const STATE_FILE = 'catalog/build-state.json';

const LOCK_FILE = 'catalog-build.lock';
/** Caches of what the inputs are (keyed by their content), which a cold start keeps. */
const INPUT_CACHES = new Set([PARSE_CACHE_FILE, PICTURE_CACHE_FILE]);
/** The file whose size and time identify the output a finished build left (its build time inside). */
const FINGERPRINT_FILE = 'api/products.json';

interface BuildState {
  outDir: string;
  /** True once the build that wrote `outDir` passed its proof. */
  complete: boolean;
  /**
   * A digest of what the finished build left in `outDir` (its catalog JSON, which holds the build
   * time): a dist/ from another build (a partial or out-of-step restore) differs. A digest, not a
   * file time, because the Netlify cache may restore files with new times.
   */
  output?: { size: number; sha1: string };
}

export interface BuildStart {
  /** Whether dist/ and the cache came from a finished build into the same folder. */
  warm: boolean;
  /** Why the build starts cold (for the log). */
  reason: string | null;
  /** On a warm start, what will still be redone from scratch (for the log). */
  note: string | null;
  /** The live files linked into the staging folder, for finishBuild to check (./staging.ts). */
  live: LiveFiles;
}

/** The log line of a build's start: the truth about what is kept. */
export const describeStart = (s: BuildStart) =>
  s.warm ? `warm build: keeping what did not change${s.note ? ` (${s.note})` : ''}` : `cold build: ${s.reason}`;

function fingerprint(outDir: string): BuildState['output'] {
  try {
    const bytes = readFileSync(path.join(outDir, FINGERPRINT_FILE));
    return { size: bytes.length, sha1: createHash('sha1').update(bytes).digest('hex') };
  } catch {
    return undefined;
  }
}

/** Why the previous build's state cannot start a warm build, or null when it can. */
function coldReason(stateFile: string, outDir: string): string | null {
  if (!existsSync(stateFile)) return 'no previous build';
  let state: Partial<BuildState> | null;
  try {
    state = JSON.parse(readFileSync(stateFile, 'utf8')) as Partial<BuildState> | null;
  } catch (err) {
    return `the previous build's state (${stateFile}) could not be read: ${(err as Error).message}`;
  }
  if (!state || typeof state.outDir !== 'string' || typeof state.complete !== 'boolean')
    return `the previous build's state (${stateFile}) is incomplete`;
  if (state.outDir !== outDir) return `the previous build wrote ${state.outDir}`;
  if (!state.complete) return 'the previous build did not finish';
  if (!existsSync(outDir)) return 'no previous output';
  const now = fingerprint(outDir);
  if (!state.output || !now || now.size !== state.output.size || now.sha1 !== state.output.sha1)
    return `${outDir} is not the output the cached build left (its ${FINGERPRINT_FILE} differs): a partial or out-of-step restore`;
  return null;
}

/**
 * Taken before anything else of a build (the integration does, before it reads the product files).
 * Refuses a second build into the same cache while one runs (two would overwrite each other's
 * files); a lock left by a build that died is taken over.
 */
export function lockBuild(cacheDir: string, outDir: string): void {
  mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, LOCK_FILE);
  const held = readCacheJson<{ pid: number; startedAt: string }>(file);
  if (held && held.pid !== process.pid && isAlive(held.pid))
    throw new Error(
      `Another build is running into ${outDir} (process ${held.pid}, started ${held.startedAt}). Wait for it ` +
        `to finish or stop it; two builds into one folder would overwrite each other. If no build is running, delete ${file}.`,
    );
  writeCacheJson(file, { pid: process.pid, startedAt: new Date().toISOString() });
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
 * Decides cold or warm from the output folder the last build published, marks the build as
 * running and prepares its staging folder (./staging.ts): that output as hard links on a warm
 * start (kept files keep their times, for the ledgers), empty on a cold one. The output folder
 * itself is not touched. A cold start drops every manifest that describes old output.
 */
export function startBuild(
  cacheDir: string,
  outDir: string,
  opts: { keptFilesChanged?: () => string[] } = {},
): BuildStart {
  undoCutShortSwap(outDir);
  let reason = coldReason(path.join(cacheDir, STATE_FILE), outDir);
  if (reason === null && opts.keptFilesChanged) {
    const changed = opts.keptFilesChanged();
    if (changed.length)
      reason = `${changed.length} kept file${changed.length === 1 ? '' : 's'} changed since the last build proved ${changed.length === 1 ? 'it' : 'them'} (${changed.slice(0, 3).join(', ')}${changed.length > 3 ? ', …' : ''})`;
  }
  const note =
    reason === null && !existsSync(path.join(cacheDir, ASTRO_INCREMENTAL.manifest))
      ? "Astro's page manifest is missing, so every page is rendered again"
      : null;
  if (reason) {
    rmSync(path.join(cacheDir, ASTRO_INCREMENTAL.manifest), { force: true });
    // What described the old output goes; what describes the inputs (parsed product files, picture
    // sizes: keyed by content, read before this point) stays.
    const catalogDir = path.join(cacheDir, CATALOG_DIR);
    if (existsSync(catalogDir))
      for (const name of readdirSync(catalogDir))
        if (!INPUT_CACHES.has(`${CATALOG_DIR}/${name}`))
          rmSync(path.join(catalogDir, name), { recursive: true, force: true });
  }
  const live = prepareStage(outDir, reason === null);
  writeCacheJson(path.join(cacheDir, STATE_FILE), { outDir, complete: false } satisfies BuildState);
  linkPageCopies(cacheDir, stagingDir(outDir));
  return { warm: reason === null, reason, note, live };
}

/**
 * After the proof passed: the staging folder becomes the output folder (./staging.ts), and the
 * build is marked finished, so the next build into `outDir` may start warm.
 */
export function finishBuild(cacheDir: string, outDir: string, live: LiveFiles = new Map()): void {
  publishStage(outDir, live);
  const output = fingerprint(outDir);
  writeCacheJson(path.join(cacheDir, STATE_FILE), {
    outDir,
    complete: true,
    ...(output ? { output } : {}),
  } satisfies BuildState);
  rmSync(path.join(cacheDir, LOCK_FILE), { force: true });
}

/**
 * Astro's incremental build keeps a copy of every page it renders under cacheDir/dist, to restore
 * pages into an empty output folder. Our staging folder starts as the whole last output (linked),
 * so that copy would only double every page write: the copy folder is made a link to the staging
 * folder itself. Astro then rewrites a page it just wrote (cheap, no new file), restores nothing
 * (a page missing from the folder is rendered again) and, when a page disappears, deletes it.
 */
function linkPageCopies(cacheDir: string, stage: string): void {
  const copies = path.join(cacheDir, ASTRO_INCREMENTAL.pageCopies);
  let stat;
  try {
    stat = lstatSync(copies);
  } catch {
    stat = null;
  }
  if (stat) rmSync(copies, { recursive: true, force: true });
  mkdirSync(cacheDir, { recursive: true });
  symlinkSync(path.relative(cacheDir, stage) || '.', copies, 'dir');
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
