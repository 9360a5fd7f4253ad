// Each field of a product file is said once, in src/catalog/schema.ts, with its metadata; every
// list of fields elsewhere is derived from it. These tests fail when a derived list misses a field:
// the public projection, the admin tools' new-product input and the file it writes, the options of
// `npm run new-product`, the admin index's columns, the search text, and the test factory.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLUMN_NAMES, columnValue, searchLine } from '../../src/admin/catalog-format.ts';
import { fieldValue, toProduct } from '../../src/catalog/catalog.ts';
import { parseProductFile } from '../../src/catalog/load.ts';
import {
  newProductFile,
  newProductInput,
  serializeProductFile,
  type NewProductFields,
} from '../../src/catalog/product-file.ts';
import { FIELDS, Product, ProductFrontmatter, SEARCHABLE_FIELDS, type FieldKey } from '../../src/catalog/schema.ts';
import { searchRecord } from '../../src/outputs/search-records.ts';
import { entry, productData } from '../support/products.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const KEYS = FIELDS.map((f) => f.key);

describe('the fields of a product file', () => {
  it('are the public fields in the contract’s order, then the frontmatter-only ones, each once', () => {
    expect(KEYS).toEqual([...Object.keys(Product.shape), 'published', 'publishAt']);
    expect(new Set(KEYS)).toEqual(new Set([...Object.keys(ProductFrontmatter.shape), 'description']));
  });

  it.each(FIELDS.map((f) => [f.key, f] as const))('%s has a fix, a valid example and its own option', (_, f) => {
    expect(f.meta.fix.length).toBeGreaterThan(10);
    expect(f.schema.safeParse(f.meta.example).success).toBe(true);
    const flags = FIELDS.flatMap((g) => [g.meta.cli.flag, g.meta.cli.off]).filter(Boolean);
    expect(flags.filter((x) => x === f.meta.cli.flag)).toHaveLength(1);
  });
});

describe('lists derived from the fields', () => {
  const sample = entry({ publishAt: new Date('2020-01-01T00:00:00Z') });

  it('the public Product carries every public field from the file (a local image made absolute)', () => {
    const product = toProduct(sample, 'https://x.test');
    expect(Object.keys(product)).toEqual(Object.keys(Product.shape));
    for (const key of Object.keys(Product.shape) as (keyof typeof product)[]) {
      const expected = key === 'imageUrl' ? `https://x.test${String(sample.data.imageUrl)}` : fieldValue(sample, key);
      expect(product[key], key).toEqual(expected);
    }
  });

  it('the admin tools take every field as input, and the file they write holds every value given', () => {
    expect(Object.keys(newProductInput().shape)).toEqual(KEYS);
    const given = Object.fromEntries(
      FIELDS.map((f) => [f.key, f.meta.example instanceof Date ? f.meta.example.toISOString() : f.meta.example]),
    ) as Record<FieldKey, unknown>;
    const input = newProductInput().parse(given) as NewProductFields;
    const { entry: written, problems } = parseProductFile(
      `content/products/${String(given.slug)}.md`,
      newProductFile(input, String(given.slug)),
    );
    expect(problems).toEqual([]);
    for (const f of FIELDS) expect(fieldValue(written!, f.key), f.key).toEqual(f.meta.example);
  });

  it('npm run new-product offers an option for every field', () => {
    const res = spawnSync(process.execPath, ['scripts/new-product.ts', '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(res.status).toBe(0);
    for (const f of FIELDS) {
      expect(res.stdout, f.key).toContain(`--${f.meta.cli.flag}`);
      if (f.meta.cli.off) expect(res.stdout, f.key).toContain(`--${f.meta.cli.off}`);
    }
  });

  it('the admin index has a column for every indexed field, holding the file’s value', () => {
    for (const f of FIELDS.filter((g) => g.meta.indexed)) {
      expect(COLUMN_NAMES, f.key).toContain(f.key);
      expect(columnValue(f.key, sample, 'published'), f.key).toEqual(fieldValue(sample, f.key));
    }
  });

  it('text search finds a word of every searchable field, in the search index and the admin search', () => {
    expect(SEARCHABLE_FIELDS.length).toBeGreaterThan(0);
    const words = Object.fromEntries(SEARCHABLE_FIELDS.map((k) => [k, `zq${k.toLowerCase()}word`]));
    const over = Object.fromEntries(
      SEARCHABLE_FIELDS.filter((k) => k !== 'description').map((k) => [k, `Text with ${words[k]} in it`]),
    );
    const e = entry(over, `A description with ${words.description ?? ''} in it.`);
    const record = searchRecord(e).content;
    const line = searchLine(e);
    for (const k of SEARCHABLE_FIELDS) {
      expect(record, k).toContain(words[k]);
      expect(line, k).toContain(words[k]);
    }
  });

  it('the test factory writes every required field, and its product passes the schema', () => {
    const data = productData();
    for (const f of FIELDS.filter((g) => g.key !== 'description' && !g.schema.safeParse(undefined).success))
      expect(data, f.key).toHaveProperty(f.key);
    expect(
      parseProductFile('content/products/x.md', serializeProductFile({ ...data, slug: 'x' }, null)).problems,
    ).toEqual([]);
  });
});
