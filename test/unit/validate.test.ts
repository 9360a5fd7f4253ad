// The validator speaks to curators: loadCatalog reports each broken fixture
// (test/support/broken-fixtures.ts) with the file, line, field, what is wrong and how to fix it, and
// loads the real catalog without a problem, with products in every list. `npm run validate` itself,
// a child process: test/integration/validate.test.ts.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ageBandsFor, AGE_BANDS } from '../../src/catalog/ages.ts';
import { catalogView } from '../../src/catalog/catalog.ts';
import { loadCatalog } from '../../src/catalog/load.ts';
import { PRODUCTS_DIR } from '../../src/catalog/content-paths.ts';
import { CATEGORY_SLUGS } from '../../src/config/site.ts';
import { BROKEN_CASES, BROKEN_DIR, BROKEN_LOADS } from '../support/broken-fixtures.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the broken fixtures', () => {
  it('has a case for every file but the one valid copy, and no case without a file', async () => {
    const files = (await readdir(path.join(ROOT, BROKEN_DIR))).sort();
    expect(files).toEqual(
      [...new Set([...BROKEN_CASES.map((c) => c.file), ...BROKEN_LOADS.map((s) => `${s}.md`)])].sort(),
    );
  });

  it('loadCatalog reports exactly the cases, in order, and loads no broken product', async () => {
    const { problems, entries } = await loadCatalog(BROKEN_DIR, ROOT);
    expect(problems).toHaveLength(BROKEN_CASES.length);
    problems.forEach((p, i) => {
      const c = BROKEN_CASES[i]!;
      expect(p, c.file).toEqual({
        file: `${BROKEN_DIR}/${c.file}`,
        line: c.line,
        field: c.field,
        message: expect.stringMatching(c.message),
        fix: expect.stringMatching(c.fix),
      });
    });
    expect(entries.map((e) => e.data.slug)).toEqual(BROKEN_LOADS);
  });
});

describe('the real catalog', () => {
  const at = new Date('2026-12-01T00:00:00Z');

  it('loads every file without a problem', async () => {
    const files = (await readdir(path.join(ROOT, PRODUCTS_DIR))).filter((n) => n.endsWith('.md'));
    const { entries, problems } = await loadCatalog(PRODUCTS_DIR, ROOT);
    expect(problems).toEqual([]);
    expect(entries).toHaveLength(files.length);
    expect(files.length).toBeGreaterThanOrEqual(48);
  });

  it('fills every category (5+) and every age band (4+) with published products', async () => {
    const view = catalogView((await loadCatalog(PRODUCTS_DIR, ROOT)).entries, at);
    for (const slug of CATEGORY_SLUGS) expect(view.byCategory.get(slug)!.length, slug).toBeGreaterThanOrEqual(5);
    for (const band of AGE_BANDS) expect(view.byAgeBand.get(band.slug)!.length, band.slug).toBeGreaterThanOrEqual(4);
  });

  it('has staff picks by both curators, and every staff pick names its curator', async () => {
    const view = catalogView((await loadCatalog(PRODUCTS_DIR, ROOT)).entries, at);
    const curators = new Set(view.staffPicks.map((e) => e.data.pickedBy));
    expect([...curators].sort()).toEqual(['maya', 'theo']);
  });

  it('reads every stated age range into at least one band', async () => {
    const { entries } = await loadCatalog(PRODUCTS_DIR, ROOT);
    const unread = entries.filter((e) => e.data.ageRange !== null && ageBandsFor(e.data.ageRange).length === 0);
    expect(unread.map((e) => `${e.data.slug}: ${e.data.ageRange}`)).toEqual([]);
  });
});
