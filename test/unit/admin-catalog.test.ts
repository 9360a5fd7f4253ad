// The admin catalog: written by the build (src/admin/write-catalog.ts), read back in parts (index,
// search text, one record per result) with dates and every character intact; the same answers
// as reading the product files directly. (A broken product file fails the build first:
// test/integration/admin-catalog.test.ts.)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bySlug } from '../../src/catalog/catalog.ts';
import { FIELDS } from '../../src/catalog/schema.ts';
import { loadCatalog } from '../../src/catalog/load.ts';
import { writeAdminCatalog } from '../../src/admin/write-catalog.ts';
import { INDEX_FILE, RECORDS_FILE } from '../../src/admin/catalog-format.ts';
import { adminIndex } from '../../src/server/admin-catalog/admin-index.ts';
import { catalogFilesSource, contentSource } from '../../src/server/admin-catalog/sources.ts';
import { FIXTURE_FILES, fixtureDir } from '../support/mcp.ts';

const out = mkdtempSync(path.join(tmpdir(), 'admin-catalog-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));
const BUILT = new Date('2026-01-01T00:00:00Z');
const { 'broken-file.md': _broken, ...VALID } = FIXTURE_FILES;

describe('the admin catalog', () => {
  it('holds every product (drafts and scheduled included) and reads back what the files say', async () => {
    const fx = fixtureDir(VALID);
    try {
      const dir = path.join(out, 'catalog');
      const direct = await loadCatalog('content/products', fx.root);
      writeAdminCatalog(dir, direct.entries, BUILT);
      const catalog = await catalogFilesSource([path.join(out, 'missing'), dir]).load();
      const sorted = [...direct.entries].sort(bySlug);
      expect(catalog.column('slug')).toEqual(sorted.map((e) => e.data.slug));
      expect(sorted.map((_, i) => catalog.entry(i))).toEqual(sorted);
      expect(catalog.entry(sorted.findIndex((e) => e.data.slug === 'gamma-book')).data.publishAt).toBeInstanceOf(Date);
      expect(catalog.builtAt.toISOString()).toBe('2026-01-01T00:00:00.000Z');
      // The index has no product text beyond what filters need: records are read per result.
      expect(readFileSync(path.join(dir, INDEX_FILE), 'utf8')).not.toContain(sorted[0]!.data.whyWePicked ?? '\u0000');
    } finally {
      fx.cleanup();
    }
  });

  it('answers as the product files do: rows, search text, audit findings', async () => {
    const fx = fixtureDir(VALID);
    try {
      const dir = path.join(out, 'same');
      const direct = await loadCatalog('content/products', fx.root);
      writeAdminCatalog(dir, direct.entries, BUILT);
      const files = adminIndex(await catalogFilesSource([dir]).load(), 'https://x.test');
      const content = adminIndex(await contentSource({ root: fx.root, clock: () => BUILT }).load(), 'https://x.test');
      const view = (i: typeof files) =>
        i.rows.map((r) => ({
          slug: r.slug,
          status: r.status,
          publishAt: r.publishAt,
          sourcePath: r.sourcePath,
          fields: FIELDS.map((f) => r.field(f.key)),
          ageBands: r.ageBands,
          product: r.product,
        }));
      expect(view(files)).toEqual(view(content));
      // Text search: every word of every name, alone and two together, a word in no product, none.
      const words = [...new Set(files.rows.flatMap((r) => r.product.name.toLowerCase().split(/\s+/)))];
      const queries = [[], ['no-such-word'], ...words.map((w) => [w]), ...words.map((w, i) => [w, words.at(i - 1)!])];
      const matches = (i: typeof files, q: string[]) => i.rows.map((_, n) => i.catalog.textMatch(q)(n));
      for (const q of queries) expect(matches(files, q), q.join(' ')).toEqual(matches(content, q));
      expect(matches(files, []).every(Boolean)).toBe(true);
      expect(matches(files, ['no-such-word']).some(Boolean)).toBe(false);
      expect(files.catalog.findings()).toEqual(content.catalog.findings());
    } finally {
      fx.cleanup();
    }
  });

  it('reads back every character intact (é, –, emoji, CJK, line separators) at its byte offset', async () => {
    const fx = fixtureDir(VALID);
    try {
      const { entries } = await loadCatalog('content/products', fx.root);
      entries.sort(bySlug);
      entries[0]!.data.name = 'Crème brûlée – puzzle 🧩 拼图';
      entries[0]!.description = 'Ages 3–5 · “quoted” \u2028 line\u2029 end';
      const dir = path.join(out, 'unicode');
      writeAdminCatalog(dir, entries, BUILT);
      const catalog = await catalogFilesSource([dir]).load();
      expect(entries.map((_, i) => catalog.entry(i))).toEqual(entries);
      const match = (...words: string[]) => catalog.textMatch(words)(0);
      expect(match('crème', 'brûlée', '–', '🧩', '拼图')).toBe(true);
      expect(match('crème', 'brulee')).toBe(false);
      expect(match('“quoted”')).toBe(true);
      expect(readFileSync(path.join(dir, RECORDS_FILE), 'utf8').split('\n')).toHaveLength(entries.length + 1);
    } finally {
      fx.cleanup();
    }
  });

  it('a missing catalog is a clear error', async () => {
    await expect(catalogFilesSource([path.join(out, 'nope')]).load()).rejects.toThrow(
      /admin catalog is missing.*npm run build/,
    );
  });
});
