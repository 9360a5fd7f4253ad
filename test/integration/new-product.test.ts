// `npm run new-product` as a curator runs it: a child process writing into a temporary folder
// (never content/), from arguments or from answers typed on stdin. (How typed text becomes a
// field's value, in process: test/unit/new-product.test.ts.)
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/catalog/load.ts';
import { FIELDS, type FieldKey } from '../../src/catalog/schema.ts';
import { runNewProduct } from '../support/new-product.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'new-product-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[], input?: string) => runNewProduct(dir, args, input);

const basic = [
  '--name',
  "Grimm's Große Regenbogen",
  '--brand',
  "Grimm's",
  '--categories',
  'educational-toys,puzzles',
  '--url',
  'https://example.com/rainbow',
  '--currency',
  'eur',
];
/** `basic` with a price: a published product needs a price or an editorial note. */
const priced = [...basic, '--price', '24.99'];

describe('npm run new-product', () => {
  it('writes a valid, published product with every field present and prints the path and next steps', async () => {
    const res = run([...basic, '--ages', '12 months–6 years', '--price', '89.50']);
    expect(res.err).toBe('');
    expect(res.code).toBe(0);
    const file = path.join(dir, 'grimms-grosse-regenbogen.md');
    expect(res.out).toContain(`Wrote ${file}`);
    expect(res.out).toMatch(/set published: false to keep it a draft/);
    expect(res.out).toMatch(/npm run validate/);
    expect(res.out).toMatch(/pull request/);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^---\nslug: grimms-grosse-regenbogen\nname: Grimm's Große Regenbogen\n/);
    for (const line of [
      'ageRange: "12 months–6 years"',
      'price: 8950',
      'currency: EUR',
      'imageUrl: null',
      'pickedBy: null',
      'whyWePicked: null',
      'staffPick: false',
      'published: true',
    ]) {
      expect(text).toContain(`\n${line}\n`);
    }
    const { entries, problems } = await loadCatalog(dir);
    expect(problems).toEqual([]);
    expect(entries.map((e) => e.data.categories)).toEqual([['educational-toys', 'puzzles']]);
  });

  it('writes safety warnings and barcodes from their flags, and suggests a warning the product may need', async () => {
    const withWarnings = run([
      ...priced,
      '--name',
      'Marble Run',
      '--ages',
      '4–8 years',
      '--warnings',
      'small-parts, marbles',
      '--barcodes',
      '036000291452',
    ]);
    expect(withWarnings.code).toBe(0);
    const text = readFileSync(path.join(dir, 'marble-run.md'), 'utf8');
    expect(text).toContain('\nwarnings: [small-parts, marbles]\n');
    expect(text).toContain('\nbarcodes: ["036000291452"]\n');
    expect(withWarnings.out).not.toContain('Safety:');

    const without = run([...priced, '--name', 'Bead Box', '--ages', '3–5 years', '--why', 'Sixty beads.']);
    expect(without.code).toBe(0);
    expect(without.out).toMatch(/\nSafety: no small parts warning, for ages 3–5 years .*16 CFR 1500\.19/);
    expect(without.out).toContain('`noWarningNeeded: "…"`');
  });

  it('refuses a mistyped barcode with the digit expected, and a small-parts warning for under-3s', () => {
    const barcode = run([...priced, '--barcodes', '036000291453']);
    expect(barcode.code).toBe(2);
    expect(barcode.err).toMatch(/--barcodes: the barcode "036000291453" ends in 3, but .* would be 2/);
    const under3 = run([...priced, '--ages', '18 months–3 years', '--warnings', 'small-parts']);
    expect(under3.code).not.toBe(0);
    expect(under3.err).toMatch(/warnings: lists small-parts, but the ages \(18 months–3 years\) start below 3 years/);
    expect(under3.err).toContain('16 CFR 1501');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('keeps a draft when asked, with the curator of a staff pick', async () => {
    const res = run([
      ...basic,
      '--draft',
      '--staff-pick',
      '--picked-by',
      'maya',
      '--why',
      'Twelve arches: a tunnel, a cradle, a bridge.',
    ]);
    expect(res.code).toBe(0);
    expect(res.out).toMatch(/Set published: true/);
    const { entries } = await loadCatalog(dir);
    expect(entries[0]!.data).toMatchObject({
      published: false,
      staffPick: true,
      pickedBy: 'maya',
      whyWePicked: 'Twelve arches: a tunnel, a cradle, a bridge.',
      price: null,
      ageRange: null,
    });
  });

  it('refuses to overwrite an existing product and suggests a free slug', () => {
    expect(run(priced).code).toBe(0);
    const before = readFileSync(path.join(dir, 'grimms-grosse-regenbogen.md'), 'utf8');
    const again = run([...priced, '--brand', 'Someone else']);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/already exists; nothing was written/);
    expect(again.err).toContain('--slug grimms-grosse-regenbogen-2');
    expect(readFileSync(path.join(dir, 'grimms-grosse-regenbogen.md'), 'utf8')).toBe(before);
  });

  it('refuses a published product with neither a price nor an editorial note', () => {
    const res = run(basic);
    expect(res.code).toBe(1);
    expect(res.err).toMatch(/whyWePicked: is required when `price` is null/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('writes nothing when the validator refuses the product', () => {
    const res = run([...priced, '--staff-pick']);
    expect(res.code).toBe(1);
    expect(res.err).toMatch(/pickedBy: a staff pick must name its curator/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each([
    [['--price', '24,99'], /--price: "24,99" is not a price/],
    [['--ages', 'toddlers'], /--ages: cannot be read as an age range \(got "toddlers"\)\. Fix: Write it like/],
    [['--currency', 'GBP'], /--currency: .*\(got "GBP"\)\. Fix: Use one of USD, CAD, EUR/],
    [
      ['--categories', 'robots'],
      /--categories: .*\(got "robots" at \[0\]\)\. Fix: List one or more of: educational-toys/,
    ],
    [['--url', 'example.com'], /--url: .*\(got "example\.com"\)\. Fix: Paste the full link including https:\/\//],
  ])('rejects a bad argument %j', (extra, message) => {
    const res = run([...priced, ...extra]);
    expect(res.code).toBe(2);
    expect(res.err).toMatch(message);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('names the missing arguments when it cannot ask', () => {
    const res = run(['--name', 'Sand Kit']);
    expect(res.code).toBe(2);
    expect(res.err).toMatch(/Missing --brand, --categories, --currency, --url/);
    expect(res.err).toMatch(/Usage: npm run new-product/);
  });

  it('asks for each missing field and asks again after a wrong answer', async () => {
    // What a curator types at each question, wrong answers first; any other question (a field
    // added later) is left empty, in the order the script asks them (the schema's).
    const typed: Partial<Record<FieldKey, string[]>> = {
      name: ['Sand & Water Kit'],
      brand: ['Acme'],
      ageRange: ['toddlers', '3–6 years'],
      categories: ['robots', 'kits, outdoor-play'],
      price: ['12.5'],
      currency: ['cad'],
      url: ['example.com', 'https://example.com/sand'],
      staffPick: ['y'],
      pickedBy: ['', 'theo'],
    };
    const answers = FIELDS.filter((f) => f.meta.cli.prompt).flatMap((f) => typed[f.key] ?? ['']);
    const res = run(['--interactive'], `${answers.join('\n')}\n`);
    expect(res.err).toBe('');
    expect(res.code).toBe(0);
    expect(res.out).toMatch(/\(got "robots" at \[0\]\)\. Fix: List one or more of/);
    expect(res.out).toMatch(/cannot be read as an age range \(got "toddlers"\)/);
    expect(res.out).toMatch(/Invalid URL \(got "example\.com"\)/);
    expect(res.out).toMatch(/a staff pick must name its curator/);
    const { entries, problems } = await loadCatalog(dir);
    expect(problems).toEqual([]);
    expect(entries[0]!.data).toMatchObject({
      slug: 'sand-and-water-kit',
      categories: ['kits', 'outdoor-play'],
      ageRange: '3–6 years',
      currency: 'CAD',
      price: 1250,
      staffPick: true,
      pickedBy: 'theo',
      published: true,
    });
  });

  it('never touches the real content folder', () => {
    run(priced);
    expect(existsSync(path.join(ROOT, 'content/products/grimms-grosse-regenbogen.md'))).toBe(false);
  });
});

describe('typed text as a field’s value (the options and the answers)', () => {
  it('writes a category list typed with spaces after the commas', async () => {
    const args = priced.map((a) => (a === 'educational-toys,puzzles' ? 'educational-toys, puzzles' : a));
    const res = run(args);
    expect(res.err).toBe('');
    const { entries } = await loadCatalog(dir);
    expect(entries[0]!.data.categories).toEqual(['educational-toys', 'puzzles']);
  });
});
