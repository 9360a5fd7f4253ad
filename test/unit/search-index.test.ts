// The sharded search index: an edit re-indexes only the edited product's shard and writes only
// that shard's changed files, and the result is the index a build from nothing writes, byte for byte.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogView } from '../../src/catalog/catalog.ts';
import {
  indexSearchRecords,
  searchIndexDir,
  searchShardOf,
  writeSearchIndex,
} from '../../src/integrations/search-index.ts';
import { AT, entry, synthetic } from '../support/products.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'search-index-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const files = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
    .sort();

async function index(
  outDir: string,
  entries: ReturnType<typeof synthetic>,
  previous?: Parameters<typeof writeSearchIndex>[2],
) {
  const written: string[] = [];
  const view = catalogView(entries, AT);
  const stats = await writeSearchIndex(outDir, indexSearchRecords(outDir, view, previous, SHARDS), previous, (f) =>
    written.push(f),
  );
  return { stats, written };
}

// The site ships one shard (SHARDS); the split is tested with two so that it keeps working.
const SHARDS = 2;

describe('the sharded search index', () => {
  const before = synthetic(40);
  const edited = before.map((e, i) => (i === 7 ? entry({ ...e.data, name: 'Quite Renamed Telescope' }) : e));
  const shard = searchShardOf(before[7]!.data.slug, SHARDS);

  it('spreads the products over every shard by a stable hash of the slug', () => {
    const used = new Set(before.map((e) => searchShardOf(e.data.slug, SHARDS)));
    expect(used.size).toBe(SHARDS);
    expect(searchShardOf(before[7]!.data.slug, SHARDS)).toBe(shard);
  });

  it('rebuilds only the edited shard, and equals an index built from nothing', async () => {
    const warm = path.join(tmp, 'warm');
    const first = await index(warm, before);
    expect(first.stats.rebuilt).toBe(SHARDS);

    const same = await index(warm, before, first.stats.ledger);
    expect(same.stats).toMatchObject({ rebuilt: 0, written: 0 });

    const again = await index(warm, edited, first.stats.ledger);
    expect(again.stats.rebuilt).toBe(1);
    expect(again.written.length).toBeGreaterThan(0);
    for (const f of again.written) expect(f.startsWith(`${shard}/`), f).toBe(true);

    const cold = path.join(tmp, 'cold');
    const fresh = await index(cold, edited);
    expect(again.stats.ledger).toEqual(fresh.stats.ledger);
    const [w, c] = [searchIndexDir(warm), searchIndexDir(cold)];
    expect(files(w)).toEqual(files(c));
    for (const f of files(c)) expect(readFileSync(path.join(w, f)).equals(readFileSync(path.join(c, f))), f).toBe(true);
  });

  it('writes the script and WebAssembly once, in the first shard that the others merge into', async () => {
    const all = files(searchIndexDir(path.join(tmp, 'cold')));
    expect(all.filter((f) => f.endsWith('pagefind.js'))).toEqual([path.join('0', 'pagefind.js')]);
    expect(all.filter((f) => /wasm\./.test(f)).every((f) => f.startsWith(`0${path.sep}`))).toBe(true);
    for (let k = 0; k < SHARDS; k++) expect(all).toContain(path.join(String(k), 'pagefind-entry.json'));
  });
});
