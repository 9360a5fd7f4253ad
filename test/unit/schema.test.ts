// The public projection (exactly the contract's 13 keys, nulls present, absolute image URLs) and
// the one published filter (drafts, scheduled and past-scheduled products; slug order).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishedEntries, statusOf, toProduct } from '../../src/catalog/catalog.ts';
import { loadCatalog } from '../../src/catalog/load.ts';
import { PRODUCTS_DIR } from '../../src/catalog/content-paths.ts';
import { FILE_ONLY_KEYS, Product, ProductFrontmatter } from '../../src/catalog/schema.ts';
import { EVERY_FIELD, entry as productEntry, productData, type ProductOverrides } from '../support/products.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The Product fields in the order of the contract's table (service-spec.md, "Product"). */
const CONTRACT_KEYS = [
  'slug',
  'name',
  'brand',
  'description',
  'ageRange',
  'categories',
  'price',
  'currency',
  'imageUrl',
  'url',
  'staffPick',
  'pickedBy',
  'whyWePicked',
];

/** The product these tests project; every other field is the factory's. */
const STACKER = {
  slug: 'test-stacker',
  name: 'Test Stacker',
  brand: 'Test Brand',
  ageRange: '1–3 years',
  categories: ['educational-toys', 'puzzles'],
  price: 2499,
  currency: 'CAD',
  imageUrl: '/images/products/test-stacker.svg',
  url: 'https://shop.example.com/test-stacker?ref=littlehands',
  staffPick: true,
  pickedBy: 'maya',
  whyWePicked: 'It stacks.',
};
const BASE = productData(STACKER);
const entry = (over: ProductOverrides = {}, description: string | null = 'A stacker.') =>
  productEntry({ ...STACKER, ...over }, description);

describe.each([
  ['priced, no note', { price: 2499, whyWePicked: null, published: true }, true],
  ['a note, no price', { price: null, whyWePicked: 'Builds towers.', published: true }, true],
  ['neither, published', { price: null, whyWePicked: null, published: true }, false],
  ['neither, a draft', { price: null, whyWePicked: null, published: false }, true],
] as const)('a product file with %s', (_name, over, ok) => {
  it(ok ? 'is valid' : 'is refused on whyWePicked, naming the price', () => {
    const res = ProductFrontmatter.safeParse({ ...BASE, ...over });
    expect(res.success).toBe(ok);
    if (!res.success) {
      expect(res.error.issues.map((i) => i.path.join('.'))).toEqual(['whyWePicked']);
      expect(res.error.issues[0]!.message).toMatch(/required when `price` is null/);
    }
  });
});

describe('toProduct', () => {
  const base = 'https://catalog.example.org';

  it('has exactly the 13 contract keys, in the contract order', () => {
    expect(Object.keys(toProduct(entry(), base))).toEqual(CONTRACT_KEYS);
    expect(Object.keys(Product.shape)).toEqual(CONTRACT_KEYS);
  });

  it('keeps nullable fields present as null', () => {
    // A draft: a published product needs a price or a note, but a draft may still lack both.
    const bare = entry(
      {
        ageRange: null,
        price: null,
        imageUrl: null,
        staffPick: false,
        pickedBy: null,
        whyWePicked: null,
        published: false,
      },
      null,
    );
    const p = toProduct(bare, base);
    expect(Object.keys(p)).toEqual(CONTRACT_KEYS);
    const nullable = CONTRACT_KEYS.filter((k) => Product.shape[k as keyof Product].safeParse(null).success);
    expect(nullable.length).toBeGreaterThan(0);
    for (const key of nullable) expect(p).toHaveProperty(key, null);
    expect(JSON.parse(JSON.stringify(p))).toEqual(p);
  });

  it('carries the fields through and passes the strict public schema', () => {
    const p = toProduct(entry(), base);
    expect(p).toEqual({
      slug: 'test-stacker',
      name: 'Test Stacker',
      brand: 'Test Brand',
      description: 'A stacker.',
      ageRange: '1–3 years',
      categories: ['educational-toys', 'puzzles'],
      price: 2499,
      currency: 'CAD',
      imageUrl: `${base}/images/products/test-stacker.svg`,
      url: 'https://shop.example.com/test-stacker?ref=littlehands',
      staffPick: true,
      pickedBy: 'maya',
      whyWePicked: 'It stacks.',
    });
    expect(Product.parse(p)).toEqual(p);
  });

  it('makes a site-path image absolute against the given base and leaves an https image alone', () => {
    expect(toProduct(entry(), 'http://127.0.0.1:4321').imageUrl).toBe(
      'http://127.0.0.1:4321/images/products/test-stacker.svg',
    );
    const remote = 'https://images.shop.example.com/stacker.svg';
    expect(toProduct(entry({ imageUrl: remote }), base).imageUrl).toBe(remote);
  });

  it('never leaks a file-only field or the source path', () => {
    expect(FILE_ONLY_KEYS.length).toBeGreaterThan(0);
    const p = toProduct(entry(EVERY_FIELD), base) as Record<string, unknown>;
    for (const key of [...FILE_ONLY_KEYS, 'sourcePath', 'data']) expect(p).not.toHaveProperty(key);
  });
});

describe('statusOf', () => {
  const at = new Date('2026-12-01T09:00:00Z');

  it.each([
    { label: 'published: true without publishAt', over: { published: true }, status: 'published' },
    { label: 'published: false', over: { published: false }, status: 'draft' },
    {
      label: 'published: false with a past publishAt',
      over: { published: false, publishAt: '2026-06-01T09:00:00Z' },
      status: 'draft',
    },
    { label: 'a publishAt after the build time', over: { publishAt: '2027-03-01T09:00:00Z' }, status: 'scheduled' },
    {
      label: 'a publishAt one second after the build time',
      over: { publishAt: '2026-12-01T09:00:01Z' },
      status: 'scheduled',
    },
    { label: 'a publishAt equal to the build time', over: { publishAt: '2026-12-01T09:00:00Z' }, status: 'published' },
    { label: 'a publishAt before the build time', over: { publishAt: '2026-06-01T09:00:00Z' }, status: 'published' },
    {
      label: 'a publishAt with an offset, before the build time',
      over: { publishAt: '2026-12-01T09:30:00+01:00' },
      status: 'published',
    },
  ] as const)('$label is $status', ({ over, status }) => {
    expect(statusOf(entry(over), at)).toBe(status);
  });
});

describe('publishedEntries', () => {
  const all = [
    entry({ slug: 'ab' }),
    entry({ slug: 'draft-one', published: false }),
    entry({ slug: 'a1' }),
    entry({ slug: 'later-one', publishAt: '2027-03-01T09:00:00Z' }),
    entry({ slug: 'a-b', publishAt: '2026-06-01T09:00:00Z' }),
    entry({ slug: 'a' }),
  ];

  it('keeps only published products, ordered by slug in code-point order', () => {
    expect(publishedEntries(all, new Date('2026-12-01T00:00:00Z')).map((e) => e.data.slug)).toEqual([
      'a',
      'a-b',
      'a1',
      'ab',
    ]);
  });

  it('lets the build time decide scheduled products', () => {
    expect(publishedEntries(all, new Date('2026-05-01T00:00:00Z')).map((e) => e.data.slug)).toEqual(['a', 'a1', 'ab']);
    expect(publishedEntries(all, new Date('2027-03-01T09:00:00Z')).map((e) => e.data.slug)).toEqual([
      'a',
      'a-b',
      'a1',
      'ab',
      'later-one',
    ]);
  });

  it('does not reorder its input', () => {
    const before = all.map((e) => e.data.slug);
    publishedEntries(all, new Date('2026-12-01T00:00:00Z'));
    expect(all.map((e) => e.data.slug)).toEqual(before);
  });

  it('holds back the real catalog’s drafts and scheduled products and lets the past-scheduled one through', async () => {
    const { entries } = await loadCatalog(PRODUCTS_DIR, ROOT);
    const at = new Date('2026-12-01T00:00:00Z');
    const held = entries.filter((e) => statusOf(e, at) !== 'published').map((e) => [e.data.slug, statusOf(e, at)]);
    expect(held.filter(([, s]) => s === 'draft').length).toBeGreaterThanOrEqual(2);
    expect(held.filter(([, s]) => s === 'scheduled').length).toBeGreaterThanOrEqual(2);
    const published = publishedEntries(entries, at).map((e) => e.data.slug);
    for (const [slug] of held) expect(published).not.toContain(slug);
    const pastScheduled = entries.filter(
      (e) => e.data.published && e.data.publishAt && e.data.publishAt.getTime() <= at.getTime(),
    );
    expect(pastScheduled.length).toBeGreaterThanOrEqual(1);
    for (const e of pastScheduled) expect(published).toContain(e.data.slug);
  });
});
