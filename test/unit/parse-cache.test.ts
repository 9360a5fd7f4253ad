// The parse cache: a second load of unchanged files parses none of them and returns the same
// entries; a changed file is parsed again, and a broken file is reported with the very problems an
// uncached load reports (the cache never hides one), as is a slug used twice.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/catalog/load.ts';
import { openParseCache } from '../../src/build/parse-cache.ts';
import { FIXTURE_CATALOG } from '../support/build-site.ts';
import { BROKEN_DIR } from '../support/broken-fixtures.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'parse-cache-'));
const content = path.join(tmp, 'content');
const cacheDir = path.join(tmp, 'cache');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** One build's load through the cache, saved as the build saves it. */
async function cachedLoad(version = 'v1') {
  const cache = openParseCache(cacheDir, version);
  const loaded = await loadCatalog(content, tmp, cache);
  cache.save();
  return { loaded, hits: cache.hits };
}
const fresh = () => loadCatalog(content, tmp);
const files = () => readdirSync(content).filter((n) => n.endsWith('.md'));

beforeEach(() => {
  rmSync(tmp, { recursive: true, force: true });
  cpSync(FIXTURE_CATALOG, content, { recursive: true });
});

describe('the parse cache', () => {
  it('answers unchanged files from the cache with the same entries, and parses a changed one', async () => {
    expect((await cachedLoad()).hits).toBe(0);
    const again = await cachedLoad();
    expect(again.hits).toBe(files().length);
    expect(again.loaded).toEqual(await fresh());
    expect(again.loaded.entries.some((e) => e.data.publishAt instanceof Date)).toBe(true);

    const f = path.join(content, 'ops-abacus-counting-frame.md');
    writeFileSync(f, readFileSync(f, 'utf8').replace(/price: \d+/, 'price: 2999'));
    const edited = await cachedLoad();
    expect(edited.hits).toBe(files().length - 1);
    expect(edited.loaded).toEqual(await fresh());
    expect(edited.loaded.entries.find((e) => e.data.slug === 'ops-abacus-counting-frame')!.data.price).toBe(2999);
  });

  it('ignores what another version of the code parsed', async () => {
    await cachedLoad('v1');
    expect((await cachedLoad('v2')).hits).toBe(0);
  });

  it('reports a file broken after it was cached with the problems an uncached load reports', async () => {
    await cachedLoad();
    const f = path.join(content, 'ops-crayon-rocks.md');
    writeFileSync(f, readFileSync(f, 'utf8').replace(/currency: \w+/, 'currency: GBP'));
    const broken = await cachedLoad();
    expect(broken.loaded.problems).toHaveLength(1);
    expect(broken.loaded).toEqual(await fresh());
    // And again: a broken file is never kept, so it is never answered from the cache.
    expect((await cachedLoad()).loaded.problems).toEqual(broken.loaded.problems);
  });

  it('reports every broken fixture, and a slug used twice, exactly as an uncached load', async () => {
    rmSync(content, { recursive: true });
    cpSync(path.resolve(BROKEN_DIR), content, { recursive: true });
    const first = await cachedLoad();
    const second = await cachedLoad();
    expect(second.hits).toBeGreaterThan(0); // the valid half of the duplicate pair
    expect(second.loaded).toEqual(await fresh());
    expect(first.loaded).toEqual(second.loaded);
    expect(second.loaded.problems.some((p) => /already used by/.test(p.message))).toBe(true);
  });
});
