// The Pagefind search index under /pagefind/, built from the catalog view's search records (never
// from the HTML) by Pagefind's own indexer, a process of its own that works while the outputs are
// written. Pagefind cannot update an index: it is rebuilt when any record changed (a digest of all
// of them says so) and kept whole otherwise; of a rebuilt index only the changed files are written.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as pagefind from 'pagefind';
import type { CatalogView } from '../catalog/catalog.ts';
import { SEARCH_INDEX_PATH } from '../catalog/urls.ts';
import { distFileOf } from '../outputs/pages.ts';
import { searchRecord, type SearchRecord } from '../outputs/search-records.ts';
import { writeAnew } from './staging.ts';

/** Pagefind's packaged interfaces: the search page has its own, so these are never written. */
const UNUSED = new Set([
  'pagefind-ui.js',
  'pagefind-ui.css',
  'pagefind-modular-ui.js',
  'pagefind-modular-ui.css',
  'pagefind-component-ui.js',
  'pagefind-component-ui.css',
  'pagefind-highlight.js',
]);

/** What the last build's index was made from (a digest of its records) and its files (path under /pagefind/ → digest). */
export interface SearchIndexLedger {
  records: string;
  files: Record<string, string>;
}

export interface SearchIndexStats {
  records: number;
  /** Whether the index was rebuilt (false: its records were unchanged and its files kept). */
  rebuilt: boolean;
  written: number;
  ms: number;
  ledger: SearchIndexLedger;
}

const digest = (data: string | Uint8Array) => createHash('sha1').update(data).digest('base64url');

/** Where the index lives in a build folder. */
export const searchIndexDir = (outDir: string) => path.join(outDir, distFileOf(SEARCH_INDEX_PATH));

/** The index's entry file, relative to the build folder. */
export const SEARCH_ENTRY_FILE = `${distFileOf(SEARCH_INDEX_PATH)}/pagefind-entry.json`;

/** Builds the Pagefind index of `records` in memory: its files, relative to /pagefind/. */
async function indexRecords(records: SearchRecord[]) {
  const fail = (what: string, errors: string[]) => {
    throw new Error(`Pagefind could not ${what}: ${errors.join('; ')}`);
  };
  try {
    const created = await pagefind.createIndex({ forceLanguage: 'en' });
    if (!created.index) fail('start', created.errors);
    const index = created.index!;
    // Sent in batches: the indexer reads them in order from one pipe, and nothing piles up.
    for (let i = 0; i < records.length; i += 500) {
      const added = await Promise.all(records.slice(i, i + 500).map((r) => index.addCustomRecord(r)));
      const failed = added.flatMap((a) => a.errors);
      if (failed.length) fail('index every product', failed);
    }
    const got = await index.getFiles();
    if (got.errors.length) fail('build the index', got.errors);
    await index.deleteIndex();
    return got.files.filter((f) => !UNUSED.has(f.path));
  } finally {
    await pagefind.close();
  }
}

/**
 * Starts indexing when the records are not those of the index already in `outDir`; `files`
 * resolves once Pagefind holds the new index's files in memory, or is null when nothing changed.
 */
export function indexSearchRecords(outDir: string, view: CatalogView, previous?: SearchIndexLedger) {
  const started = performance.now();
  const records = view.products.map(searchRecord);
  const recordsDigest = digest(JSON.stringify(records));
  const target = searchIndexDir(outDir);
  const kept =
    previous !== undefined &&
    previous.records === recordsDigest &&
    Object.keys(previous.files).every((f) => existsSync(path.join(target, f)));
  const files = kept ? null : indexRecords(records);
  files?.catch(() => {}); // reported when awaited in writeSearchIndex
  return { records: records.length, recordsDigest, files, started };
}

/** Writes the index `indexSearchRecords` made: new and changed files, and removes the others. */
export async function writeSearchIndex(
  outDir: string,
  job: ReturnType<typeof indexSearchRecords>,
  previous?: SearchIndexLedger,
  onWrite?: (relPath: string, content: Uint8Array) => void,
): Promise<SearchIndexStats> {
  const target = searchIndexDir(outDir);
  const built = await job.files;
  if (!built)
    return {
      records: job.records,
      rebuilt: false,
      written: 0,
      ms: performance.now() - job.started,
      ledger: previous!,
    };
  const files: Record<string, string> = {};
  let written = 0;
  for (const f of built) {
    const d = digest(f.content);
    files[f.path] = d;
    const file = path.join(target, f.path);
    if (previous?.files[f.path] === d && existsSync(file)) continue;
    mkdirSync(path.dirname(file), { recursive: true });
    writeAnew(file);
    writeFileSync(file, f.content);
    onWrite?.(f.path, f.content);
    written++;
  }
  // Files of an older index: gone from this one.
  if (existsSync(target))
    for (const rel of readdirSync(target, { recursive: true, withFileTypes: true }))
      if (rel.isFile()) {
        const relPath = path.relative(target, path.join(rel.parentPath, rel.name)).split(path.sep).join('/');
        if (!(relPath in files)) rmSync(path.join(target, relPath));
      }
  return {
    records: job.records,
    rebuilt: true,
    written,
    ms: performance.now() - job.started,
    ledger: { records: job.recordsDigest, files },
  };
}

/** How many records a Pagefind index holds, from its pagefind-entry.json. */
export function searchIndexSize(entry: { languages: Record<string, { page_count: number }> }): number {
  return Object.values(entry.languages).reduce((n, l) => n + l.page_count, 0);
}
