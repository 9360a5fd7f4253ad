// Writes the Pagefind search index into dist/pagefind/ from the catalog's search records, through
// Pagefind's Node API (its indexer runs as a child process); no HTML file is read.
import { rmSync } from 'node:fs';
import path from 'node:path';
import * as pagefind from 'pagefind';
import type { CatalogView } from '../catalog/catalog.ts';
import { SEARCH_INDEX_PATH } from '../catalog/urls.ts';
import { distFileOf } from '../outputs/pages.ts';
import { searchRecords } from '../outputs/search-records.ts';

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

export interface SearchIndexStats {
  records: number;
  ms: number;
}

export async function writeSearchIndex(outDir: string, view: CatalogView): Promise<SearchIndexStats> {
  const started = performance.now();
  const fail = (what: string, errors: string[]) => {
    throw new Error(`Pagefind could not ${what}: ${errors.join('; ')}`);
  };
  const created = await pagefind.createIndex({ forceLanguage: 'en' });
  if (!created.index) fail('start', created.errors);
  const index = created.index!;
  try {
    // Every record is sent at once: the indexer reads them in order from one pipe.
    const added = await Promise.all([...searchRecords(view)].map((r) => index.addCustomRecord(r)));
    const failed = added.flatMap((a) => a.errors);
    if (failed.length) fail('index every product', failed);
    const target = path.join(outDir, distFileOf(SEARCH_INDEX_PATH));
    const written = await index.writeFiles({ outputPath: target });
    if (written.errors.length) fail('write the index', written.errors);
    for (const f of UNUSED) rmSync(path.join(target, f), { force: true });
    return { records: added.length, ms: performance.now() - started };
  } finally {
    await pagefind.close();
  }
}
