// The browsable lists and their pages (src/catalog/lists.ts), the URL helpers they use, and the
// page set built from them: which lists exist, how they split, and that no two pages share a path.
import { describe, expect, it } from 'vitest';
import { AGE_BANDS } from '../../src/catalog/ages.ts';
import { catalogView } from '../../src/catalog/catalog.ts';
import { listPage, listPages, listsOfKind, PAGE_SIZE, pageCount, productLists } from '../../src/catalog/lists.ts';
import { Slug } from '../../src/catalog/schema.ts';
import { listPagePath, previewImageOf, twinPath } from '../../src/catalog/urls.ts';
import { CATEGORY_SLUGS } from '../../src/config/site.ts';
import { pagesOf } from '../../src/outputs/pages.ts';
import { AT, entry, SAMPLE, synthetic } from '../support/products.ts';

const small = catalogView(SAMPLE, AT);
const big = catalogView(synthetic(1000), AT);

describe('page counts and page paths', () => {
  it.each([
    [0, 1],
    [1, 1],
    [PAGE_SIZE, 1],
    [PAGE_SIZE + 1, 2],
    [PAGE_SIZE * 3, 3],
    [PAGE_SIZE * 3 + 1, 4],
  ])('%i products → %i pages', (n, pages) => expect(pageCount(n)).toBe(pages));

  it.each([
    ['/products', 1, '/products'],
    ['/products', 2, '/products/2'],
    ['/ages/3-5/books', 12, '/ages/3-5/books/12'],
  ])('page of %s number %i is %s', (base, n, path) => expect(listPagePath(base, n)).toBe(path));
});

describe('the lists', () => {
  it('are all products, staff picks, every category and band (even empty), then the non-empty band × category pairs', () => {
    const kinds = productLists(small).map((l) => l.kind);
    expect(kinds.slice(0, 2)).toEqual(['all', 'staff-picks']);
    expect(kinds.filter((k) => k === 'category')).toHaveLength(CATEGORY_SLUGS.length);
    expect(kinds.filter((k) => k === 'age')).toHaveLength(AGE_BANDS.length);
    // SAMPLE: ant-farm (3–6 years, kits + outdoor-play), zebra-puzzle (3–6, puzzles), moon-book (0–3, books).
    expect(listsOfKind(small, 'age-category').map((l) => l.path)).toEqual([
      '/ages/0-2/books',
      '/ages/3-5/kits',
      '/ages/3-5/books',
      '/ages/3-5/puzzles',
      '/ages/3-5/outdoor-play',
      '/ages/6-8/kits',
      '/ages/6-8/puzzles',
      '/ages/6-8/outdoor-play',
    ]);
    for (const l of productLists(big)) if (l.kind === 'age-category') expect(l.entries.length).toBeGreaterThan(0);
  });

  it('a filter page holds exactly the products in both its band and its category', () => {
    for (const l of listsOfKind(big, 'age-category')) {
      const inBand = new Set(big.byAgeBand.get(l.band));
      const expected = big.byCategory.get(l.category)!.filter((e) => inBand.has(e));
      expect(l.entries).toEqual(expected);
    }
  });

  it('splits a list into pages of PAGE_SIZE in order, with prev/next and nothing lost or repeated', () => {
    const all = listsOfKind(big, 'all')[0]!;
    const pages = listPages(all);
    expect(pages).toHaveLength(Math.ceil(1000 / PAGE_SIZE));
    expect(pages.flatMap((p) => p.entries)).toEqual(all.entries);
    expect(pages.slice(0, -1).every((p) => p.entries.length === PAGE_SIZE)).toBe(true);
    expect(pages[0]).toMatchObject({ number: 1, path: '/products', prev: null, next: '/products/2', start: 0 });
    expect(pages.at(-1)).toMatchObject({
      path: `/products/${pages.length}`,
      next: null,
      start: (pages.length - 1) * PAGE_SIZE,
    });
    expect(pages[1]!.prev).toBe('/products');
  });

  it('an empty list still has its one page; a page out of range is an error', () => {
    const empty = listsOfKind(small, 'category').find((l) => l.entries.length === 0)!;
    expect(listPages(empty)).toHaveLength(1);
    expect(() => listPage(empty, 2)).toThrow(RangeError);
    expect(() => listPage(empty, 0)).toThrow(RangeError);
  });
});

describe('the page set', () => {
  it('has one page per list page, every path once, each with its twin', () => {
    for (const view of [small, big]) {
      const pages = pagesOf(view);
      const paths = pages.map((p) => p.path);
      expect(new Set(paths).size).toBe(paths.length);
      const listPageCount = productLists(view).reduce((n, l) => n + pageCount(l.entries.length), 0);
      expect(pages.filter((p) => p.kind === 'list')).toHaveLength(listPageCount);
      for (const p of pages) expect(p.twin).toBe(twinPath(p.path));
    }
  });

  it('keeps page numbers and product slugs apart: a slug needs a letter', () => {
    expect(Slug.safeParse('2').success).toBe(false);
    expect(Slug.safeParse('2024').error?.issues[0]?.message).toMatch(/at least one letter.*page number/);
    expect(Slug.safeParse('set-2024').success).toBe(true);
    expect(() => entry({ slug: '12' })).toThrow(/at least one letter/);
    const numbered = pagesOf(big).filter((p) => /^\/products\/\d+$/.test(p.path));
    expect(numbered.every((p) => p.kind === 'list')).toBe(true);
  });

  it('titles a list page after page 1 with its number', () => {
    const pages = pagesOf(big);
    expect(pages.find((p) => p.path === '/products')!.title).toBe('All products');
    expect(pages.find((p) => p.path === '/products/2')!.title).toBe(`All products, page 2 of ${pageCount(1000)}`);
  });
});

describe('link-preview images', () => {
  it.each([
    [null, null],
    ['/images/products/kite.svg', { url: '/images/previews/products/kite.png', width: 1200, height: 630 }],
    [
      '/images/products/kite.png',
      {
        url: '/.netlify/images?url=/images/products/kite.png&w=1200&h=630&fit=cover&fm=jpg',
        width: 1200,
        height: 630,
      },
    ],
    [
      'https://images.shop.example.com/kite.jpg?w=800',
      {
        url: '/.netlify/images?url=https://images.shop.example.com/kite.jpg%3Fw%3D800&w=1200&h=630&fit=cover&fm=jpg',
        width: 1200,
        height: 630,
      },
    ],
    ['https://images.shop.example.com/kite.svg', null],
  ])('%s → %j', (image, preview) => expect(previewImageOf(image)).toEqual(preview));
});
