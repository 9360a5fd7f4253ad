// Editing a product file for a proposal: only the changed fields' lines move, everything else in
// the file stays byte for byte, and the build's parser reads back exactly the requested values.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldValue } from '../../src/catalog/catalog.ts';
import { editProductFile } from '../../src/catalog/edit-product.ts';
import { parseProductFile } from '../../src/catalog/load.ts';
import { FIELDS, type FieldKey } from '../../src/catalog/schema.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FILE = 'content/products/codenames.md';
const original = readFileSync(path.join(ROOT, FILE), 'utf8');

/** Lines of `after` that differ from `before`, as [removed, added]. */
function diff(before: string, after: string): [string[], string[]] {
  const a = before.split('\n');
  const b = after.split('\n');
  return [a.filter((l) => !b.includes(l)), b.filter((l) => !a.includes(l))];
}
const parsed = (text: string) => {
  const res = parseProductFile(FILE, text);
  expect(res.problems).toEqual([]);
  return res.entry!;
};

describe('editProductFile', () => {
  it('changes one line for a new price, and nothing else', () => {
    const edited = editProductFile(original, { price: 1799 });
    expect(diff(original, edited)).toEqual([['price: 1999'], ['price: 1799']]);
    expect(edited.length).toBe(original.length);
  });

  it('replaces a folded multi-line note by one line, leaving the lines around it alone', () => {
    const edited = editProductFile(original, { whyWePicked: 'Two teams, one grid: words become a party game.' });
    const [removed, added] = diff(original, edited);
    expect(removed[0]).toBe('whyWePicked: >-');
    expect(removed).toHaveLength(4);
    expect(added).toEqual(['whyWePicked: "Two teams, one grid: words become a party game."']);
    expect(edited).toContain('pickedBy: null\nwhyWePicked: "Two teams');
    // The next line is the file's own (codenames.md lists its other markets before `published`).
    expect(edited).toMatch(/party game\."\n(otherMarkets: .*\n)?published: true\n---\n/);
  });

  it('adds a missing optional field on its own line in schema order, and removes it with null', () => {
    const scheduled = editProductFile(original, { publishAt: new Date('2027-03-01T09:00:00Z') });
    expect(diff(original, scheduled)).toEqual([[], ['publishAt: 2027-03-01T09:00:00Z']]);
    expect(scheduled).toContain('published: true\npublishAt: 2027-03-01T09:00:00Z\n---\n');
    expect(editProductFile(scheduled, { publishAt: null })).toBe(original);
  });

  it('replaces only the body for a new description, and removes it with null', () => {
    const described = editProductFile(original, { description: 'A word game for two teams.' });
    expect(described).toBe(`${original}A word game for two teams.\n`);
    expect(editProductFile(described, { description: null })).toBe(original);
  });

  it('keeps a CRLF file in CRLF', () => {
    const crlf = original.replace(/\n/g, '\r\n');
    const edited = editProductFile(crlf, { price: 100, currency: 'EUR' });
    expect(edited).toBe(crlf.replace('price: 1999', 'price: 100').replace('currency: USD', 'currency: EUR'));
  });

  it('refuses a text that is not a product file', () => {
    expect(() => editProductFile('no front matter', { price: 1 })).toThrow(/---/);
  });

  it.each(FIELDS.filter((f) => f.key !== 'slug').map((f) => [f.key, f.meta.example] as const))(
    'writes %s so that the build reads back exactly the new value',
    (key, value) => {
      const edited = editProductFile(original, { [key]: value } as Partial<Record<FieldKey, unknown>>);
      const before = parsed(original);
      const after = parsed(edited);
      for (const f of FIELDS)
        expect(fieldValue(after, f.key), f.key).toEqual(f.key === key ? value : fieldValue(before, f.key));
    },
  );
});
