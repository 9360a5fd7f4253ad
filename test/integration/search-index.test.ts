// The search index: kept whole when no record changed; rebuilt when one did, writing only the files
// that changed and removing the ones gone, so the result is the index a build from nothing writes,
// byte for byte.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogView } from '../../src/catalog/catalog.ts';
import { indexSearchRecords, searchIndexDir, writeSearchIndex } from '../../src/build/search-index.ts';
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
  const stats = await writeSearchIndex(outDir, indexSearchRecords(outDir, view, previous), previous, (f) =>
    written.push(f),
  );
  return { stats, written };
}

describe('the search index', () => {
  const before = synthetic(40);
  const edited = before.map((e, i) => (i === 7 ? entry({ ...e.data, name: 'Quite Renamed Telescope' }) : e));

  it('is kept when no record changed, rebuilt when one did, and then equals an index built from nothing', async () => {
    const warm = path.join(tmp, 'warm');
    const first = await index(warm, before);
    expect(first.stats.rebuilt).toBe(true);
    expect(files(searchIndexDir(warm))).toContain('pagefind-entry.json');

    const same = await index(warm, before, first.stats.ledger);
    expect(same.stats).toMatchObject({ rebuilt: false, written: 0 });

    const again = await index(warm, edited, first.stats.ledger);
    expect(again.stats.rebuilt).toBe(true);
    expect(again.written.length).toBeGreaterThan(0);
    expect(again.written.length).toBeLessThan(Object.keys(again.stats.ledger.files).length);

    const cold = path.join(tmp, 'cold');
    const fresh = await index(cold, edited);
    expect(again.stats.ledger).toEqual(fresh.stats.ledger);
    const [w, c] = [searchIndexDir(warm), searchIndexDir(cold)];
    expect(files(w)).toEqual(files(c));
    for (const f of files(c)) expect(readFileSync(path.join(w, f)).equals(readFileSync(path.join(c, f))), f).toBe(true);
  });

  it('rebuilds a kept index whose files went missing', async () => {
    const dir = path.join(tmp, 'missing');
    const first = await index(dir, before);
    rmSync(path.join(searchIndexDir(dir), 'pagefind-entry.json'));
    expect((await index(dir, before, first.stats.ledger)).stats.rebuilt).toBe(true);
    expect(files(searchIndexDir(dir))).toContain('pagefind-entry.json');
  });
});
