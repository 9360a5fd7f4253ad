// The parsed entry of every valid product file, kept in the build cache between builds and keyed
// by a digest of the file's text and of the code: the content loader and the outputs worker parse
// (YAML + the schema) only the files that changed. A file with a problem is never kept, so it is
// parsed, and reported, every time; the loader still checks every slug against every other.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { ParseCache } from '../catalog/load.ts';
import type { CatalogEntry } from '../catalog/schema.ts';

export type { ParseCache };

/** Where the cache lives, relative to the build cache folder (emptied with it on a cold start). */
export const PARSE_CACHE_FILE = 'catalog/parsed-product-files.v8';

interface Stored {
  version: string;
  /** Repository-relative file → [digest of its text, its entry]. */
  files: Record<string, [string, CatalogEntry]>;
}

const digest = (text: string) => createHash('sha1').update(text).digest('base64url');

/** Opens the cache in `cacheDir`; `version` is a digest of the code (an older code's entries are ignored). */
export function openParseCache(cacheDir: string, version: string): ParseCache {
  const file = path.join(cacheDir, PARSE_CACHE_FILE);
  let old: Stored['files'] = {};
  try {
    const stored = deserialize(readFileSync(file)) as Stored;
    if (stored.version === version) old = stored.files;
  } catch {
    // No cache yet, or one that cannot be read: every file is parsed.
  }
  const kept: Stored['files'] = {};
  let hits = 0;
  return {
    get(f, text) {
      const hit = old[f];
      if (!hit || hit[0] !== digest(text)) return undefined;
      hits++;
      kept[f] = hit;
      return hit[1];
    },
    set(f, text, entry) {
      kept[f] = [digest(text), entry];
    },
    save() {
      mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, serialize({ version, files: kept } satisfies Stored));
      renameSync(tmp, file);
    },
    get hits() {
      return hits;
    },
  };
}
