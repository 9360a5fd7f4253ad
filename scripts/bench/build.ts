// The production build as `npm run build` runs it, pointed at a temporary content folder and
// output folder; cache clearing for cold builds; and where the build's time went, from its log.
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { stripVTControlCharacters } from 'node:util';
import path from 'node:path';

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * The shell steps of package.json's `build` script, with `npm run x` expanded, the Node version
 * check dropped and `--outDir` added to `astro build`.
 */
export function buildSteps(root: string, outDir: string, astroConfig?: string): string[] {
  const scripts = (
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  const expand = (script: string, depth: number): string[] =>
    script
      .split('&&')
      .map((s) => s.trim())
      .filter((s) => s && !/check-node\.cjs/.test(s))
      .flatMap((s) => {
        const run = /^npm run (?:--silent |-s )?([\w:.-]+)(.*)$/.exec(s);
        if (run && depth < 5 && scripts[run[1]!]) return expand(`${scripts[run[1]!]}${run[2] ?? ''}`, depth + 1);
        // `VAR=value astro build` (an environment prefix, its value quoted or not) is still the Astro build.
        if (/^(?:[A-Z_][A-Z0-9_]*=(?:"[^"]*"|\S*)\s+)*astro build\b/.test(s))
          return [`${s} --outDir ${q(outDir)}${astroConfig ? ` --config ${q(astroConfig)}` : ''}`];
        return [s];
      });
  return expand(scripts.build ?? 'astro build', 0);
}

/** Whether astro.config.mjs reads ASTRO_CACHE_DIR (a build-private content-layer store). */
export function supportsCacheDirEnv(root: string): boolean {
  return /ASTRO_CACHE_DIR/.test(readFileSync(path.join(root, 'astro.config.mjs'), 'utf8'));
}

/** Clears everything that makes a build warm: the content-layer store, Vite's cache, `.astro/`. */
export async function clearAstroCaches(root: string, cacheDir: string | null): Promise<string[]> {
  const dirs = [
    path.join(root, '.astro'),
    path.join(root, 'node_modules/.vite'),
    cacheDir ?? path.join(root, 'node_modules/.astro'),
  ];
  const cleared = dirs.filter((d) => existsSync(d));
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  return cleared;
}

/** A page line of Astro's build log ("  ├─ /products/x.html (+3ms)"). */
export const isPageLine = (line: string) => /(?:^|\s)[├└]─\s*\/\S*/.test(line);

export interface Phase {
  name: string;
  startMs: number;
  endMs: number;
  ms: number;
}

/** Astro's log lines without their terminal colours. */
export const strip = (s: string) => stripVTControlCharacters(s);

/**
 * Phases from a timestamped build log: node start (until the first line), content sync, Vite,
 * page rendering (first to last page line), and what came after the last page (outputs, writing).
 */
export function phases(log: { ms: number; line: string }[], wallMs: number): Phase[] {
  const lines = log.map((l) => ({ ms: l.ms, line: strip(l.line) }));
  const find = (re: RegExp, from = 0) => lines.find((l, i) => i >= from && re.test(l.line));
  const idx = (re: RegExp) => lines.findIndex((l) => re.test(l.line));
  const out: Phase[] = [];
  const add = (name: string, a: number | undefined, b: number | undefined) => {
    if (a !== undefined && b !== undefined && b >= a) out.push({ name, startMs: a, endMs: b, ms: b - a });
  };
  add('node start + config (until first log line)', 0, lines[0]?.ms);
  const syncStart = idx(/Syncing content|\[content\]/);
  const synced = find(/Synced content|content synced|product files loaded/i, Math.max(syncStart, 0));
  add('content sync', lines[syncStart]?.ms, synced?.ms);
  const viteStart = idx(/Building static entrypoints|\[vite\] building|\[build\] Building/i);
  const viteEnd = find(/built in|Completed in/i, Math.max(viteStart, 0));
  add('vite (static entrypoints)', lines[viteStart]?.ms, viteEnd?.ms);
  const pages = lines.filter((l) => isPageLine(l.line));
  const renderStart = idx(/generating static routes/i);
  const renderEnd = find(/Completed in/i, renderStart === -1 ? lines.length : renderStart) ?? pages.at(-1);
  add(`render + write ${pages.length} pages`, lines[renderStart]?.ms ?? pages[0]?.ms, renderEnd?.ms);
  const complete = find(/\[build\] Complete|Complete!/i);
  add('after the pages (build:done integrations, outputs)', renderEnd?.ms, complete?.ms);
  add('after astro (other build steps, exit)', complete?.ms ?? renderEnd?.ms, wallMs);
  return out;
}
