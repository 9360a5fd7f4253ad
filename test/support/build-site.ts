// Full `astro build`s for the scheduling and rebuild tests, isolated from any other build of the
// repository: a temporary outDir and content-layer cache (ASTRO_CACHE_DIR), a fixed SITE_URL. The
// fixture catalog's builds are shared within a run (fixtureBuild).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** Five products: published, published by a past publishAt, unpriced, a draft, scheduled. */
export const FIXTURE_CATALOG = path.join(ROOT, 'test/fixtures/catalog');
export const SITE = 'https://catalog.example';
const ASTRO = path.join(ROOT, 'node_modules/astro/bin/astro.mjs');
const run = promisify(execFile);

export interface Build {
  outDir: string;
  /** What `astro build` printed (stdout and stderr). */
  log: string;
  /** Every file of the output, as paths relative to outDir with forward slashes, sorted. */
  files(): string[];
  read(file: string): string;
  bytes(file: string): Buffer;
  remove(): void;
}

export interface BuildDirs {
  outDir: string;
  /** Astro's content-layer store and the build cache (ASTRO_CACHE_DIR). */
  cacheDir: string;
  /** Where the admin catalog goes, instead of the repository's .generated/. */
  adminOut: string;
}

/** The `astro build` command of `contentDir` into `dirs`, as if the clock read `buildTime`. */
export function astroBuildCommand(
  contentDir: string,
  buildTime: string,
  dirs: BuildDirs,
  env: Record<string, string> = {},
) {
  return {
    file: process.execPath,
    args: [ASTRO, 'build', '--outDir', dirs.outDir],
    options: {
      cwd: ROOT,
      env: {
        ...process.env,
        PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
        CATALOG_CONTENT_DIR: contentDir,
        CATALOG_BUILD_TIME: buildTime,
        ASTRO_CACHE_DIR: dirs.cacheDir,
        SITE_URL: SITE,
        ASTRO_TELEMETRY_DISABLED: '1',
        ADMIN_CATALOG_OUT: dirs.adminOut,
        ...env,
      },
    },
  };
}

/**
 * One `astro build` of `contentDir` into `dirs`, as if the clock read `buildTime`; returns what it
 * printed. Kept folders make the next build into them warm, as on Netlify.
 */
export async function astroBuild(
  contentDir: string,
  buildTime: string,
  dirs: BuildDirs,
  env: Record<string, string> = {},
): Promise<string> {
  const { file, args, options } = astroBuildCommand(contentDir, buildTime, dirs, env);
  try {
    const out = await run(file, args, { ...options, maxBuffer: 64 * 1024 * 1024 });
    return `${out.stdout}\n${out.stderr}`;
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `astro build failed (CATALOG_BUILD_TIME=${buildTime}):\n${e.stdout ?? ''}\n${e.stderr ?? e.message}`,
      { cause: err },
    );
  }
}

/** The build in `folder` (its output in `folder/out`), which `remove` deletes. */
function builtIn(folder: string, log: string, remove: () => void): Build {
  const outDir = path.join(folder, 'out');
  return {
    outDir,
    log,
    files: () =>
      (readdirSync(outDir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
        .filter((d) => d.isFile())
        .map((d) => path.relative(outDir, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
        .sort(),
    read: (file) => readFileSync(path.join(outDir, file), 'utf8'),
    bytes: (file) => readFileSync(path.join(outDir, file)),
    remove,
  };
}

/** Builds the site from `contentDir` cold into a new temporary folder; returns the folder and what it printed. */
async function buildFresh(contentDir: string, buildTime: string, parent = tmpdir()) {
  const folder = mkdtempSync(path.join(parent, 'ops-build-'));
  try {
    const log = await astroBuild(contentDir, buildTime, {
      outDir: path.join(folder, 'out'),
      cacheDir: path.join(folder, 'cache'),
      adminOut: path.join(folder, 'admin-catalog.json'),
    });
    return { folder, log };
  } catch (err) {
    rmSync(folder, { recursive: true, force: true });
    throw err;
  }
}

/** Builds the site from `contentDir` cold, in a temporary folder, as if the clock read `buildTime`. */
export async function buildSite(contentDir: string, buildTime: string): Promise<Build> {
  const { folder, log } = await buildFresh(contentDir, buildTime);
  return builtIn(folder, log, () => rmSync(folder, { recursive: true, force: true }));
}

/** A shared build, and when the build that made it ran (this machine's clock, ms). */
export type SharedBuild = Build & { ran: { from: number; to: number } };

/**
 * The fixture catalog built cold as if the clock read `buildTime`, once per run for each time: the
 * first file that asks builds it into the run's folder (./fixture-builds.ts, the integration
 * project's global setup), keyed by the fixture's files, the time and the site's address; later
 * files read that build. Read it, never change it: its `remove()` leaves it to the run's end.
 */
export async function fixtureBuild(buildTime: string): Promise<SharedBuild> {
  const runFolder = inject('fixtureBuilds');
  // One instant, one key, however it is written.
  const at = new Date(buildTime).toISOString();
  const key = createHash('sha256').update(`${SITE}\n${at}\n`);
  for (const name of readdirSync(FIXTURE_CATALOG).sort())
    key.update(`${name}\n`).update(readFileSync(path.join(FIXTURE_CATALOG, name)));
  const folder = path.join(runFolder, key.digest('hex').slice(0, 16));
  const about = path.join(folder, 'about-the-build.json');
  if (!existsSync(about)) {
    const from = Date.now();
    const made = await buildFresh(FIXTURE_CATALOG, at, runFolder);
    const ran = { from, to: Date.now() };
    writeFileSync(path.join(made.folder, 'about-the-build.json'), JSON.stringify({ log: made.log, ran }));
    try {
      renameSync(made.folder, folder);
    } catch {
      // Another worker's build of the same inputs got there first: read that one.
      rmSync(made.folder, { recursive: true, force: true });
    }
  }
  const { log, ran } = JSON.parse(readFileSync(about, 'utf8')) as { log: string; ran: SharedBuild['ran'] };
  return { ...builtIn(folder, log, () => {}), ran };
}
