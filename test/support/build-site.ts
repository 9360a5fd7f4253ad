// Full `astro build`s for the scheduling and rebuild tests, isolated from any other build of the
// repository: a temporary outDir and content-layer cache (ASTRO_CACHE_DIR), a fixed SITE_URL.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

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

/** Builds the site from `contentDir` cold, in a temporary folder, as if the clock read `buildTime`. */
export async function buildSite(contentDir: string, buildTime: string): Promise<Build> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'ops-build-'));
  const outDir = path.join(tmp, 'out');
  let log: string;
  try {
    log = await astroBuild(contentDir, buildTime, {
      outDir,
      cacheDir: path.join(tmp, 'cache'),
      adminOut: path.join(tmp, 'admin-catalog.json'),
    });
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
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
    remove: () => rmSync(tmp, { recursive: true, force: true }),
  };
}
