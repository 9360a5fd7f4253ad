// The Pagefind search index, in two steps so that the indexer never runs beside the build's own
// peak memory: the outputs pass writes the search records (built from the catalog view, never
// from the HTML) into the build folder, and `node scripts/search-index.ts` (the step after
// `astro build` in `npm run build`) feeds them to Pagefind's Node API, which writes /pagefind/.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as pagefind from 'pagefind';
import type { CatalogView } from '../catalog/catalog.ts';
import { SEARCH_INDEX_PATH } from '../catalog/urls.ts';
import { distFileOf } from '../outputs/pages.ts';
import { searchRecords, type SearchRecord } from '../outputs/search-records.ts';

/** Where the records wait in the build folder for the index step, which removes them. */
export const SEARCH_RECORDS_FILE = '.search-records.jsonl';

/** Pagefind's packaged interfaces: the search page has its own, so these are never loaded. */
const UNUSED = [
  'pagefind-ui.js',
  'pagefind-ui.css',
  'pagefind-modular-ui.js',
  'pagefind-modular-ui.css',
  'pagefind-component-ui.js',
  'pagefind-component-ui.css',
  'pagefind-highlight.js',
];

/** Writes one JSON line per published product; returns how many. */
export function writeSearchRecords(outDir: string, view: CatalogView): number {
  const lines: string[] = [];
  for (const r of searchRecords(view)) lines.push(JSON.stringify(r));
  writeFileSync(path.join(outDir, SEARCH_RECORDS_FILE), lines.length ? `${lines.join('\n')}\n` : '');
  return lines.length;
}

export interface SearchIndexStats {
  records: number;
  ms: number;
}

/** Indexes the records the outputs pass left in `outDir`, writes /pagefind/ and removes the records. */
export async function writeSearchIndex(outDir: string): Promise<SearchIndexStats> {
  const started = performance.now();
  const source = path.join(outDir, SEARCH_RECORDS_FILE);
  const records = readFileSync(source, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as SearchRecord);
  const fail = (what: string, errors: string[]) => {
    throw new Error(`Pagefind could not ${what}: ${errors.join('; ')}`);
  };
  const created = await pagefind.createIndex({ forceLanguage: 'en' });
  if (!created.index) fail('start', created.errors);
  const index = created.index!;
  try {
    // Sent in batches: the indexer reads them in order from one pipe, and nothing piles up.
    for (let i = 0; i < records.length; i += 500) {
      const added = await Promise.all(records.slice(i, i + 500).map((r) => index.addCustomRecord(r)));
      const failed = added.flatMap((a) => a.errors);
      if (failed.length) fail('index every product', failed);
    }
    const target = path.join(outDir, distFileOf(SEARCH_INDEX_PATH));
    const written = await index.writeFiles({ outputPath: target });
    if (written.errors.length) fail('write the index', written.errors);
    for (const f of UNUSED) rmSync(path.join(target, f), { force: true });
  } finally {
    await pagefind.close();
  }
  // Checked here too: the build's own proof ran before the index existed.
  const entry = JSON.parse(
    readFileSync(path.join(outDir, distFileOf(SEARCH_INDEX_PATH), 'pagefind-entry.json'), 'utf8'),
  );
  const pages = searchIndexSize(entry);
  if (pages !== records.length) throw new Error(`The search index holds ${pages} records, not ${records.length}.`);
  rmSync(source);
  return { records: records.length, ms: performance.now() - started };
}

/** How many records a Pagefind index holds, from its pagefind-entry.json. */
export function searchIndexSize(entry: { languages: Record<string, { page_count: number }> }): number {
  return Object.values(entry.languages).reduce((n, l) => n + l.page_count, 0);
}
