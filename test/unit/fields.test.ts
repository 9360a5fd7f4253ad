// Each field of a product file is said once, in src/catalog/schema.ts, with its metadata; every
// list of fields elsewhere is derived from it. These tests fail when a derived list misses a field:
// the public projection, the admin view (get_product, search_products), the admin tools' new-product
// input and the file it writes, the browser editor's form, the admin index's columns, the site's
// and the admin's search text, and the test factory. (The options of `npm run new-product`, a child
// process: test/integration/fields.test.ts.)
import { describe, expect, it } from 'vitest';
import { COLUMN_NAMES, columnValue, searchLine } from '../../src/admin/catalog-format.ts';
import { fieldText, fieldValue, toProduct } from '../../src/catalog/catalog.ts';
import { parseProductFile } from '../../src/catalog/load.ts';
import {
  newProductFile,
  newProductInput,
  serializeProductFile,
  type NewProductFields,
} from '../../src/catalog/product-file.ts';
import {
  ADMIN_SEARCH_FIELDS,
  FIELDS,
  FILE_ONLY_KEYS,
  isPublic,
  Product,
  ProductFrontmatter,
  SITE_SEARCH_FIELDS,
  type FieldKey,
} from '../../src/catalog/schema.ts';
import { editorConfig } from '../../src/outputs/editor-config.ts';
import { recordText, searchRecord } from '../../src/outputs/search-records.ts';
import { adminIndex, catalogOfEntries } from '../../src/server/admin-catalog/admin-index.ts';
import { AdminProduct, adminProduct } from '../../src/server/mcp/schemas.ts';
import { AT, entry, EVERY_FIELD, productData } from '../support/products.ts';

const KEYS = FIELDS.map((f) => f.key);

describe('the fields of a product file', () => {
  it('are the public fields in the contract’s order, then the file-only ones in the schema’s, each once', () => {
    const fileOnly = Object.keys(ProductFrontmatter.shape).filter((k) => !Object.hasOwn(Product.shape, k));
    expect(FILE_ONLY_KEYS).toEqual(fileOnly);
    expect(KEYS).toEqual([...Object.keys(Product.shape), ...fileOnly]);
    expect(new Set(KEYS)).toEqual(new Set([...Object.keys(ProductFrontmatter.shape), 'description']));
    expect(KEYS).toHaveLength(new Set(KEYS).size);
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

  it('the admin index has a column for every indexed field, holding the file’s value', () => {
    for (const f of FIELDS.filter((g) => g.meta.indexed)) {
      expect(COLUMN_NAMES, f.key).toContain(f.key);
      expect(columnValue(f.key, sample, 'published'), f.key).toEqual(fieldValue(sample, f.key));
    }
  });

  it('the admin view (get_product, search_products) holds every field of the file, with the file’s value', () => {
    const shape = Object.keys(AdminProduct.shape);
    expect(shape.slice(0, KEYS.length)).toEqual(KEYS);
    const full = entry(EVERY_FIELD);
    const base = 'https://x.test';
    const view = adminProduct(adminIndex(catalogOfEntries([full], [], AT), base).rows[0]!) as Record<string, unknown>;
    expect(AdminProduct.parse(view)).toEqual(view);
    expect(Object.keys(view)).toEqual(shape);
    const product = toProduct(full, base) as Record<string, unknown>;
    for (const f of FIELDS) {
      const value = fieldValue(full, f.key);
      const expected = isPublic(f.key) ? product[f.key] : value instanceof Date ? value.toISOString() : value;
      expect(view[f.key], f.key).toEqual(expected);
    }
    // An optional field the file leaves out is null in the view (nulls present, as in the public JSON).
    const bare = adminProduct(adminIndex(catalogOfEntries([entry()], [], AT), base).rows[0]!) as Record<
      string,
      unknown
    >;
    for (const f of FIELDS.filter((g) => g.schema.safeParse(undefined).success)) expect(bare[f.key], f.key).toBeNull();
  });

  it('the browser editor has a field for every field of the file', () => {
    const collection = (
      editorConfig({ base: 'https://x.test', backend: { branch: 'main' } }).collections as {
        fields: { name: string }[];
      }[]
    )[0]!;
    expect(collection.fields.map((f) => f.name).sort()).toEqual([...KEYS].sort());
  });

  /** A product whose every text field marked `flag` holds a word of its own, where the field's schema takes one. */
  function markedProduct(keys: readonly FieldKey[]) {
    const words = Object.fromEntries(keys.map((k) => [k, `zq${k.toLowerCase()}word`]));
    const over: Record<string, unknown> = {};
    for (const k of keys.filter((k) => k !== 'description')) {
      const f = FIELDS.find((g) => g.key === k)!;
      const text = `Text with ${words[k]} in it`;
      const value = Array.isArray(f.meta.example) ? [text] : text;
      if (f.schema.safeParse(value).success) over[k] = value;
      else delete words[k];
    }
    return { words, e: entry({ ...EVERY_FIELD, ...over }, `A description with ${words.description ?? ''} in it.`) };
  }

  it('the site’s search index holds the words of every field marked siteSearch', () => {
    expect(SITE_SEARCH_FIELDS.length).toBeGreaterThan(0);
    const { words, e } = markedProduct(SITE_SEARCH_FIELDS);
    const record = searchRecord(e).content;
    for (const k of SITE_SEARCH_FIELDS) {
      expect(recordText(e, k), k).toBeTruthy();
      expect(record, k).toContain(recordText(e, k));
      if (words[k]) expect(record, k).toContain(words[k]);
    }
  });

  it('the admin search finds the words of every field marked adminSearch', () => {
    expect(ADMIN_SEARCH_FIELDS.length).toBeGreaterThan(0);
    const { words, e } = markedProduct(ADMIN_SEARCH_FIELDS);
    const line = searchLine(e);
    for (const k of ADMIN_SEARCH_FIELDS) {
      expect(line, k).toContain(fieldText(e, k)!.toLowerCase().replace(/\s+/g, ' '));
      if (words[k]) expect(line, k).toContain(words[k]);
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
