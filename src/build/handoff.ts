// What the content loader read, handed to the rest of the build as one file in the build cache.
// The loader runs in Vite's module graph, the catalog-outputs integration in Node's (one process,
// two copies of every module) and the outputs worker in a process of its own: a module variable
// reaches none of them, a file reaches all three, and reading it back is far cheaper than reading
// and parsing every product file again.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadResult } from '../catalog/load.ts';
import type { CatalogEntry } from '../catalog/schema.ts';

/** Where the hand-off lives, relative to the build cache folder (Astro's cacheDir). */
export const HANDOFF_FILE = 'catalog/loaded-product-files.json';

interface HandoffJson {
  /** The absolute folder the product files were read from. */
  dir: string;
  result: LoadResult;
}

const fileIn = (cacheDir: string) => path.join(cacheDir, HANDOFF_FILE);

/** Records what the loader read from `dir` (absolute) for this build. */
export function writeCatalogHandoff(cacheDir: string, dir: string, result: LoadResult): void {
  mkdirSync(path.dirname(fileIn(cacheDir)), { recursive: true });
  writeFileSync(fileIn(cacheDir), JSON.stringify({ dir, result } satisfies HandoffJson));
}

/** Forgets the previous build's hand-off, so a build never reads one its own loader did not write. */
export function clearCatalogHandoff(cacheDir: string): void {
  rmSync(fileIn(cacheDir), { force: true });
}

/** What the loader read from `dir` in this build, or undefined when it did not run (or read another folder). */
export function readCatalogHandoff(cacheDir: string, dir: string): LoadResult | undefined {
  let json: HandoffJson;
  try {
    json = JSON.parse(readFileSync(fileIn(cacheDir), 'utf8')) as HandoffJson;
  } catch {
    return undefined;
  }
  if (json.dir !== dir) return undefined;
  // Dates travel as ISO strings; a loop instead of a reviver keeps the parse fast.
  for (const e of json.result.entries as CatalogEntry[]) {
    const at = e.data.publishAt as Date | string | undefined;
    if (typeof at === 'string') e.data.publishAt = new Date(at);
  }
  return json.result;
}
