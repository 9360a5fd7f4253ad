// The browser editor reads and writes product files with the project's own parser and
// line-preserving editor (src/editor/format.ts), never Decap's YAML writer: an unchanged form writes
// the file back byte for byte, a changed price changes one line, and a new product is written as
// `npm run new-product` writes one.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProductFile } from '../../src/catalog/load.ts';
import { PRODUCTS_DIR } from '../../src/catalog/content-paths.ts';
import { newProductFile } from '../../src/catalog/product-file.ts';
import { productFormat } from '../../src/editor/format.ts';
import { fileValue, fileValues } from '../../src/editor/form-data.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const files = readdirSync(path.join(ROOT, PRODUCTS_DIR)).filter((f) => f.endsWith('.md'));
const read = (f: string) => readFileSync(path.join(ROOT, PRODUCTS_DIR, f), 'utf8');
const changedLines = (a: string, b: string) => {
  const x = a.split('\n');
  const y = b.split('\n');
  expect(y.length).toBe(x.length);
  return x.flatMap((line, i) => (line === y[i] ? [] : [[line, y[i]]]));
};

describe('an existing product file', () => {
  it.each(files)('%s: read and written back unchanged, byte for byte', (f) => {
    const text = read(f);
    expect(productFormat.toFile(productFormat.fromFile(text))).toBe(text);
  });

  it('with its price changed to 24.99 (2499) differs in that one line', () => {
    const text = read('azul-tile-game.md');
    const form = productFormat.fromFile(text);
    const out = productFormat.toFile({ ...form, price: 2499 });
    expect(changedLines(text, out)).toEqual([['price: 3999', 'price: 2499']]);
  });

  it('keeps comments, quotes and flow lists on the lines it does not change', () => {
    const text = read('azul-tile-game.md')
      .replace('---\nslug:', '---\n# picked at the fair\nslug:')
      .replace('brand: Plan B Games', 'brand: "Plan B Games"');
    const form = productFormat.fromFile(text);
    const out = productFormat.toFile({ ...form, ageRange: '8 years and up' });
    expect(out).toContain('# picked at the fair\n');
    expect(out).toContain('brand: "Plan B Games"\n');
    expect(out).toContain('categories: [games]\n');
    expect(changedLines(text, out)).toEqual([['ageRange: "8+ years"', 'ageRange: "8 years and up"']]);
  });

  it('with a renamed product keeps its slug and file: only the name line changes', () => {
    const text = read('azul-tile-game.md');
    const out = productFormat.toFile({ ...productFormat.fromFile(text), name: 'Azul: Summer Pavilion' });
    expect(changedLines(text, out)).toEqual([['name: Azul', 'name: "Azul: Summer Pavilion"']]);
  });

  it('with its description emptied loses its body, and the file still parses', () => {
    const text = read('azul-tile-game.md');
    const out = productFormat.toFile({ ...productFormat.fromFile(text), description: '' });
    expect(out.endsWith('---\n')).toBe(true);
    expect(parseProductFile(`${PRODUCTS_DIR}/azul-tile-game.md`, out).problems).toEqual([]);
  });

  it('that cannot be read says why, with the validator’s fix', () => {
    expect(() => productFormat.fromFile('---js\nslug: x\n---\n')).toThrow(/front matter in any other language/);
  });
});

describe('a new product from the form', () => {
  const form = {
    name: 'Magnetic Tiles Starter Set',
    slug: 'magnetic-tiles-starter-set',
    brand: 'Fixture Blocks',
    description: '',
    ageRange: '',
    categories: ['educational-toys'],
    price: 3999,
    currency: 'USD',
    imageUrl: '/images/products/magnetic-tiles-starter-set.jpg',
    url: 'https://shop.example.com/tiles',
    staffPick: false,
    pickedBy: undefined,
    whyWePicked: 'Flat tiles become towers and rockets.',
    published: true,
    publishAt: '',
  };

  it('is written exactly as the admin tools and new-product write one, and validates', () => {
    const out = productFormat.toFile(form);
    const { description: _, ...fields } = fileValues(form);
    expect(out).toBe(newProductFile({ ...fields, name: form.name } as never, form.slug));
    expect(parseProductFile(`${PRODUCTS_DIR}/${form.slug}.md`, out).problems).toEqual([]);
    expect(out).toContain('ageRange: null\n');
    expect(out).toContain('pickedBy: null\n');
    expect(out).not.toContain('publishAt');
  });

  it('keeps a scheduled time as a YAML timestamp', () => {
    expect(productFormat.toFile({ ...form, publishAt: '2026-12-01T09:00:00Z' })).toContain(
      'publishAt: 2026-12-01T09:00:00Z\n',
    );
  });
});

describe('form values as a product file holds them', () => {
  it.each([
    ['ageRange', '', null],
    ['ageRange', '  ', null],
    ['publishAt', '', undefined],
    ['categories', [], []],
    ['pickedBy', undefined, null],
    ['staffPick', undefined, false],
    ['name', 'Blocks ', 'Blocks '],
  ] as const)('%s: %o → %o', (key, value, expected) => {
    expect(fileValue(key, value)).toEqual(expected);
  });

  it('reads Immutable.js lists as plain lists', () => {
    expect(fileValue('categories', { toJS: () => ['books'] })).toEqual(['books']);
  });
});
