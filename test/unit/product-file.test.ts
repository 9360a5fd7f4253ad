// The product-file serializer: every field written in the schema's order, values that read back
// exactly through the YAML front-matter reader and the loader, slugs and prices derived as curators type them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFrontMatter } from '../../src/catalog/front-matter.ts';
import { parseProductFile } from '../../src/catalog/load.ts';
import {
  serializeProductFile,
  slugFromName,
  yamlString,
  type ProductFileData,
} from '../../src/catalog/product-file.ts';
import { ProductFrontmatter } from '../../src/catalog/schema.ts';
import { productData } from '../support/products.ts';
import { toMinorUnits } from '../../src/catalog/money.ts';

/** Every field set to a value the writer must quote or keep exactly. */
const base: ProductFileData = productData({
  slug: 'marble-run-starter',
  name: 'Marble Run: Starter Set #2',
  brand: 'Hape\'s "Quadrilla"',
  ageRange: null,
  categories: ['kits', 'educational-toys'],
  price: 4999,
  currency: 'CAD',
  imageUrl: '/images/products/marble-run-starter.svg',
  url: 'https://example.com/marble-run?ref=abc#top',
  staffPick: true,
  pickedBy: 'theo',
  whyWePicked: 'yes',
  published: false,
});

const frontmatterKeys = (text: string) =>
  text
    .split('\n---\n')[0]!
    .split('\n')
    .slice(1)
    .map((l) => l.slice(0, l.indexOf(':')));

describe('serializeProductFile', () => {
  it('writes every field in the order of the schema, nulls as null, and the body after the frontmatter', () => {
    const text = serializeProductFile(base, '  A wooden marble run.\n\nWith ramps.  ');
    // An optional field is written only when set (none is set here).
    const order = Object.entries(ProductFrontmatter.shape)
      .filter(([, schema]) => !schema.safeParse(undefined).success)
      .map(([k]) => k);
    expect(frontmatterKeys(text)).toEqual(order);
    expect(text).toContain('\nageRange: null\n');
    expect(text.endsWith('---\nA wooden marble run.\n\nWith ramps.\n')).toBe(true);
  });

  it('reads back through the loader as the same product', () => {
    const text = serializeProductFile({ ...base, publishAt: '2031-02-03T04:05:06Z' }, 'Body.');
    const { entry, problems } = parseProductFile('content/products/marble-run-starter.md', text);
    expect(problems).toEqual([]);
    expect(entry!.data).toEqual({ ...base, publishAt: new Date('2031-02-03T04:05:06Z') });
    expect(entry!.description).toBe('Body.');
    expect(text).toContain('\npublishAt: 2031-02-03T04:05:06Z\n');
  });

  it('writes a Date publishAt without milliseconds and leaves every optional field out when unset', () => {
    const text = serializeProductFile({ ...base, publishAt: new Date('2030-01-01T00:00:00Z') }, null);
    expect(text).toContain('\npublishAt: 2030-01-01T00:00:00Z\n');
    const optional = Object.keys(ProductFrontmatter.shape).filter(
      (k) => ProductFrontmatter.shape[k as keyof ProductFileData].safeParse(undefined).success,
    );
    expect(optional).toContain('publishAt');
    const unset = serializeProductFile(base, null);
    for (const k of optional) expect(unset, k).not.toContain(`\n${k}:`);
    expect(unset.endsWith('\n---\n')).toBe(true);
  });

  it('refuses a missing required field and an unknown field', () => {
    const { brand: _brand, ...noBrand } = base;
    expect(() => serializeProductFile(noBrand as ProductFileData, null)).toThrow(/"brand" is missing/);
    expect(() => serializeProductFile({ ...base, colour: 'red' } as ProductFileData, null)).toThrow(/colour/);
  });

  it('quotes strings that YAML would read as something else', () => {
    expect(yamlString('Wooden Rainbow Stacker')).toBe('Wooden Rainbow Stacker');
    expect(yamlString('https://example.com/x')).toBe('https://example.com/x');
    for (const s of [
      'true',
      'No',
      'null',
      '~',
      '3–6 years',
      '2024-01-01',
      '- dash',
      'a: b',
      'a #b',
      '',
      ' lead',
      '@x',
      "'q'",
    ]) {
      expect(yamlString(s)).toMatch(/^"/);
    }
    expect(yamlString('a,b', true)).toBe('"a,b"');
  });

  it('round-trips any string through the front-matter reader', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'grapheme' }),
          fc.constantFrom('on', 'NULL', '0x1F', '1_000', '.inf', '12:30', '!tag', '*alias'),
        ),
        (s) => {
          const parsed = readFrontMatter(`---\nv: ${yamlString(s)}\nw: [${yamlString(s, true)}]\n---\n`);
          if (!parsed.ok) throw new Error(parsed.problem.message);
          expect(parsed.data.v).toBe(s);
          expect(parsed.data.w).toEqual([s]);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('slugFromName', () => {
  it.each([
    ['Wooden Rainbow Stacker', 'wooden-rainbow-stacker'],
    ["Grimm's Große Regenbogen", 'grimms-grosse-regenbogen'],
    ['Crème brûlée Kit — Édition Œuvre', 'creme-brulee-kit-edition-oeuvre'],
    ['Løkke & Søn 3D Puzzle', 'lokke-and-son-3d-puzzle'],
    ['  --Hello,   World!--  ', 'hello-world'],
    ['日本', ''],
  ])('%s → %s', (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });

  it('stays within 200 characters and ends on a whole word', () => {
    const slug = slugFromName('word '.repeat(80));
    expect(slug.length).toBeLessThanOrEqual(200);
    expect(slug).toMatch(/^word(-word)*$/);
  });
});

describe('toMinorUnits', () => {
  it.each([
    ['24.99', 2499],
    ['24.9', 2490],
    ['24', 2400],
    ['0.07', 7],
    ['', null],
  ])('%s → %s', (input, cents) => {
    expect(toMinorUnits(input)).toBe(cents);
  });

  it.each(['24,99', '$24.99', '24.999', '-3', 'abc'])('refuses %s', (input) => {
    expect(() => toMinorUnits(input)).toThrow(/not a price/);
  });
});
