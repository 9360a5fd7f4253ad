// The Pagefind search index under /pagefind/, built from the catalog view's search records (never
// from the HTML) by Pagefind's own indexer, a process of its own that works while the outputs are
// written. The index is split into shards by a hash of the slug (/pagefind/0/, /pagefind/1/, …):
// Pagefind cannot update an index, so a shard is rebuilt only when one of its records changed, and
// only its changed files are written. The search page loads shard 0 and merges the others.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as pagefind from 'pagefind';
import type { CatalogView } from '../catalog/catalog.ts';
import { SEARCH_INDEX_PATH, SEARCH_INDEX_SHARDS, searchShardPath } from '../catalog/urls.ts';
import { distFileOf } from '../outputs/pages.ts';
import { searchRecord, type SearchRecord } from '../outputs/search-records.ts';

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
/** A merged shard is searched with the first shard's script and WebAssembly, so its own are not written. */
const FIRST_SHARD_ONLY = /^(pagefind\.js|pagefind-worker\.js|wasm\.[^/]+\.pagefind)$/;

/**
 * What the last build's index was made from, shard by shard (a digest of each shard's records), and
 * which files it has (path under /pagefind/ → digest).
 */
export interface SearchIndexLedger {
  shards: string[];
  files: Record<string, string>;
}

export interface SearchIndexStats {
  records: number;
  /** How many shards were rebuilt (0: every shard's records were unchanged and its files kept). */
  rebuilt: number;
  written: number;
  ms: number;
  ledger: SearchIndexLedger;
}

const digest = (data: string | Uint8Array) => createHash('sha1').update(data).digest('base64url');

/** Where the index lives in a build folder. */
export const searchIndexDir = (outDir: string) => path.join(outDir, distFileOf(SEARCH_INDEX_PATH));

/** The shard a product's record goes to: a stable hash of its slug, so an edit moves nothing. */
export const searchShardOf = (slug: string, shardCount = SEARCH_INDEX_SHARDS) =>
  createHash('sha1').update(slug).digest().readUInt32BE(0) % shardCount;

/** A shard's folder under /pagefind/ ("0/"). */
const shardPrefix = (shard: number) => searchShardPath(shard).slice(SEARCH_INDEX_PATH.length + 1);

/** Builds one shard's Pagefind index in memory: its files, relative to the shard's folder. */
async function indexShard(records: SearchRecord[]) {
  const fail = (what: string, errors: string[]) => {
    throw new Error(`Pagefind could not ${what}: ${errors.join('; ')}`);
  };
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
}

/**
 * Starts indexing, into `outDir`'s index, every shard whose records are not those of the shard
 * already there; `files` resolves once Pagefind holds the new shards' files in memory (paths under
 * /pagefind/), or is null when no shard changed.
 */
export function indexSearchRecords(
  outDir: string,
  view: CatalogView,
  previous?: SearchIndexLedger,
  shardCount = SEARCH_INDEX_SHARDS,
) {
  const started = performance.now();
  const shards = Array.from({ length: shardCount }, (): SearchRecord[] => []);
  for (const e of view.products) shards[searchShardOf(e.data.slug, shardCount)]!.push(searchRecord(e));
  const digests = shards.map((records) => digest(JSON.stringify(records)));
  const target = searchIndexDir(outDir);
  const kept = (shard: number) =>
    previous !== undefined &&
    previous.shards[shard] === digests[shard] &&
    Object.keys(previous.files)
      .filter((f) => f.startsWith(shardPrefix(shard)))
      .every((f) => existsSync(path.join(target, f)));
  const stale = digests.map((_, shard) => shard).filter((shard) => !kept(shard));
  const files = stale.length
    ? (async () => {
        try {
          const out: { path: string; content: Uint8Array }[] = [];
          for (const shard of stale)
            for (const f of await indexShard(shards[shard]!))
              if (shard === 0 || !FIRST_SHARD_ONLY.test(f.path))
                out.push({ path: shardPrefix(shard) + f.path, content: f.content });
          return out;
        } finally {
          await pagefind.close();
        }
      })()
    : null;
  files?.catch(() => {}); // reported when awaited in writeSearchIndex
  return { records: view.products.length, digests, stale, files, started };
}

/** Writes the shards that `indexSearchRecords` made: new and changed files, and removes the others. */
export async function writeSearchIndex(
  outDir: string,
  job: ReturnType<typeof indexSearchRecords>,
  previous?: SearchIndexLedger,
  onWrite?: (relPath: string, content: Uint8Array) => void,
): Promise<SearchIndexStats> {
  const target = searchIndexDir(outDir);
  const ledger: Record<string, string> = {};
  // The files of the shards kept as they are.
  const stale = new Set(job.stale.map(shardPrefix));
  for (const [f, d] of Object.entries(previous?.files ?? {}))
    if (![...stale].some((prefix) => f.startsWith(prefix))) ledger[f] = d;
  let written = 0;
  for (const f of (await job.files) ?? []) {
    const d = digest(f.content);
    ledger[f.path] = d;
    const file = path.join(target, f.path);
    if (previous?.files[f.path] === d && existsSync(file)) continue;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, f.content);
    onWrite?.(f.path, f.content);
    written++;
  }
  // Files of an older index: gone from this one.
  if (job.stale.length && existsSync(target))
    for (const rel of readdirSync(target, { recursive: true, withFileTypes: true }))
      if (rel.isFile()) {
        const relPath = path.relative(target, path.join(rel.parentPath, rel.name)).split(path.sep).join('/');
        if (!(relPath in ledger)) rmSync(path.join(target, relPath));
      }
  return {
    records: job.records,
    rebuilt: job.stale.length,
    written,
    ms: performance.now() - job.started,
    ledger: { shards: job.digests, files: ledger },
  };
}

/** The entry file of each shard, relative to the build folder. */
export const searchShardEntries = () =>
  Array.from({ length: SEARCH_INDEX_SHARDS }, (_, k) => `${distFileOf(searchShardPath(k))}pagefind-entry.json`);

/** How many records a Pagefind index holds, from its pagefind-entry.json. */
export function searchIndexSize(entry: { languages: Record<string, { page_count: number }> }): number {
  return Object.values(entry.languages).reduce((n, l) => n + l.page_count, 0);
}
