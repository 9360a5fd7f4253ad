// The safety rules a product file is checked against: a small-parts (or small-ball, marble) warning
// on a toy for under-3s is an error naming 16 CFR 1501; a toy for ages 3 to 6 that likely needs a
// warning gets a hint, which `noWarningNeeded` answers; a barcode two products share is a problem
// naming both files; and each warning's one text, with the EU's form for a product priced in euros.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAZARDS, HAZARD_IDS, notices } from '../../src/catalog/hazards.ts';
import { loadCatalog, parseProductFile } from '../../src/catalog/load.ts';
import { safetyHints, sharedBarcodes, suggestedWarnings } from '../../src/catalog/safety-check.ts';
import { entry, productFile } from '../support/products.ts';

describe('a warning that says "Not for children under 3 yrs." on a toy whose ages start below 3', () => {
  it.each([
    ['small-parts', '18 months–4 years'],
    ['small-parts', '0–12 months'],
    ['small-parts', '2–5 years'],
    ['small-balls', '2–5 years'],
    ['marbles', '12 months–6 years'],
  ])('%s for %s is an error naming the rule and both fixes', (warning, ageRange) => {
    const { entry: e, problems } = parseProductFile(
      'content/products/beads.md',
      productFile({ slug: 'beads', ageRange, warnings: [warning] }),
    );
    expect(e).toBeNull();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'content/products/beads.md', field: 'warnings' });
    expect(problems[0]!.line).toBeGreaterThan(1);
    expect(problems[0]!.message).toContain(`lists ${warning}, but the ages (${ageRange}) start below 3 years`);
    expect(problems[0]!.message).toContain('16 CFR 1501');
    expect(problems[0]!.fix).toContain('make the ages start at 3 years');
    expect(problems[0]!.fix).toContain(`remove \`${warning}\``);
  });

  it.each([
    ['small-parts', '3–6 years'],
    ['small-parts', '8+ years'],
    ['small-parts', null],
    ['magnets', '18 months–4 years'],
    ['cords', '0–12 months'],
    ['balloons', '2–5 years'],
  ])('%s for %s is accepted', (warning, ageRange) => {
    const { problems } = parseProductFile(
      'content/products/beads.md',
      productFile({ slug: 'beads', ageRange, warnings: [warning] }),
    );
    expect(problems).toEqual([]);
  });

  it('refuses a warning outside the closed list, and a repeated one', () => {
    const unknown = parseProductFile('content/products/beads.md', productFile({ slug: 'beads', warnings: ['sharp'] }));
    expect(unknown.problems[0]).toMatchObject({ field: 'warnings', message: expect.stringContaining('"sharp"') });
    expect(unknown.problems[0]!.fix).toContain(HAZARD_IDS.join(', '));
    const twice = parseProductFile(
      'content/products/beads.md',
      productFile({ slug: 'beads', warnings: ['magnets', 'magnets'] }),
    );
    expect(twice.problems[0]!.message).toMatch(/^must not repeat a warning/);
  });
});

describe('barcodes in a product file', () => {
  const problemsOf = (barcodes: unknown) =>
    parseProductFile('content/products/rings.md', productFile({ slug: 'rings', barcodes })).problems;

  it('accepts valid GTINs of every length', () => {
    expect(problemsOf(['96385074', '036000291452', '4006381333931', '15400141288763'])).toEqual([]);
  });

  it('names the expected check digit', () => {
    const [p] = problemsOf(['036000291453']);
    expect(p).toMatchObject({ field: 'barcodes', line: expect.any(Number) });
    expect(p!.message).toContain('ends in 3, but with the digits before it the last digit would be 2');
    expect(p!.fix).toContain('Copy the digits under the barcode');
  });

  it('refuses a number written without quotes (YAML would drop a UPC’s leading zero)', () => {
    const text = productFile({ slug: 'rings' }).replace('---\n', '---\nbarcodes: [36000291452]\n');
    const [p] = parseProductFile('content/products/rings.md', text).problems;
    expect(p).toMatchObject({ field: 'barcodes', fix: expect.stringContaining('in quotes') });
  });

  it('refuses the same barcode twice, a UPC-A and its EAN-13 included', () => {
    expect(problemsOf(['036000291452', '0036000291452'])[0]!.message).toMatch(/^must not list the same barcode twice/);
  });
});

describe('suggested warnings (validator hints)', () => {
  const base = { ageRange: '3–6 years', categories: ['educational-toys'], name: 'Wooden Blocks', whyWePicked: 'Good.' };

  it.each([
    ['a toy for 3–6 in a category where small parts are common', {}, ['small-parts']],
    ['one whose ages start at 5', { ageRange: '5–10 years', categories: ['kits'] }, ['small-parts']],
    ['a marble run for 4+', { ageRange: '4+ years', name: 'Marble Run', warnings: ['small-parts'] }, ['marbles']],
    ['magnetic tiles', { name: 'Magnetic Tiles', warnings: ['small-parts'] }, ['magnets']],
    ['a note that mentions balloons', { categories: ['books'], whyWePicked: 'Comes with two balloons.' }, ['balloons']],
    [
      'a note that mentions small balls',
      { categories: ['outdoor-play'], whyWePicked: 'Six small balls.' },
      ['small-balls'],
    ],
    ['no warning and a mention', { name: 'Magnetic Marble Run' }, ['small-parts', 'marbles', 'magnets']],
  ])('%s', (_, over, ids) => {
    expect(suggestedWarnings(entry({ ...base, ...over })).map((s) => s.id)).toEqual(ids);
  });

  it.each([
    ['a product that carries a warning', { warnings: ['small-parts'] }],
    [
      'a product answered with noWarningNeeded',
      { noWarningNeeded: 'Only large cards, no small pieces.', name: 'Marbles' },
    ],
    [
      'a product for under-3s (small parts are banned, not warned of)',
      { ageRange: '18 months–3 years', name: 'Marbles' },
    ],
    ['a product whose ages start at 6', { ageRange: '6–10 years', name: 'Marble Run' }],
    ['a product without ages', { ageRange: null, name: 'Marble Run' }],
    ['a category where small parts are rare', { categories: ['art-supplies'] }],
    [
      'words that only contain a hazard’s name',
      { categories: ['books'], name: 'Ballet Shoes', whyWePicked: 'Basketball.' },
    ],
  ])('none for %s', (_, over) => {
    expect(suggestedWarnings(entry({ ...base, ...over }))).toEqual([]);
  });

  it('a hint names the file, the field, its line, the rule and both answers', () => {
    const e = entry({ ...base, slug: 'marble-run', name: 'Marble Run' });
    const source = productFile({ ...base, slug: 'marble-run', name: 'Marble Run' });
    const [hint] = safetyHints([e], new Map([[e.sourcePath, source]]));
    expect(hint).toMatchObject({ file: 'content/products/marble-run.md', field: 'warnings' });
    expect(hint!.line).toBe(source.split('\n').findIndex((l) => l.startsWith('ageRange:')) + 1);
    expect(hint!.message).toContain('no small parts or marbles warning, for ages 3–6 years');
    expect(hint!.message).toContain('16 CFR 1500.19');
    expect(hint!.fix).toContain('`warnings: [small-parts, marbles]`');
    expect(hint!.fix).toContain('`noWarningNeeded: "…"`');
  });
});

describe('a barcode two products share', () => {
  it('is a problem on the later file, naming the first, whether written as UPC-A or EAN-13', () => {
    const a = entry({ slug: 'a', barcodes: ['036000291452'] });
    const b = entry({ slug: 'b', barcodes: ['4006381333931', '0036000291452'] });
    const c = entry({ slug: 'c', barcodes: ['96385074'] });
    const problems = sharedBarcodes([a, b, c]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      file: 'content/products/b.md',
      field: 'barcodes',
      message: '"0036000291452" is also a barcode of content/products/a.md: a barcode names one product',
    });
  });

  describe('the loader reports it, with its line', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'barcodes-'));
      await writeFile(path.join(dir, 'a.md'), productFile({ slug: 'a', barcodes: ['4006381333931'] }));
      await writeFile(path.join(dir, 'b.md'), productFile({ slug: 'b', barcodes: ['4006381333931'] }));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('as a problem of b.md', async () => {
      const { problems, entries } = await loadCatalog(dir, dir);
      expect(entries).toHaveLength(2);
      expect(problems).toEqual([
        expect.objectContaining({ file: 'b.md', field: 'barcodes', line: expect.any(Number) }),
      ]);
      expect(problems[0]!.message).toContain('also a barcode of a.md');
    });
  });
});

describe('the warnings’ texts', () => {
  it('are the exact words of 16 CFR 1500.19 for the four hazards it prescribes, citing it', () => {
    const byId = Object.fromEntries(HAZARDS.map((h) => [h.id, h]));
    expect(byId['small-parts']!.text).toBe('CHOKING HAZARD—Small parts. Not for children under 3 yrs.');
    expect(byId['small-balls']!.text).toBe('CHOKING HAZARD—Toy contains a small ball. Not for children under 3 yrs.');
    expect(byId.marbles!.text).toBe('CHOKING HAZARD—Toy contains a marble. Not for children under 3 yrs.');
    expect(byId.balloons!.text).toBe(
      'CHOKING HAZARD—Children under 8 yrs. can choke or suffocate on uninflated or broken balloons. Adult supervision required. Keep uninflated balloons from children. Discard broken balloons at once.',
    );
    for (const id of ['small-parts', 'small-balls', 'marbles', 'balloons']) {
      expect(byId[id]!.source).toBe('16 CFR 1500.19');
      expect(byId[id]!.prescribed).toBe(true);
    }
  });

  it('name their source where the words are the project’s own', () => {
    const byId = Object.fromEntries(HAZARDS.map((h) => [h.id, h]));
    expect(byId.magnets!.source).toMatch(/ASTM F963.*16 CFR 1250/);
    expect(byId['button-batteries']!.source).toMatch(/Reese's Law, 16 CFR 1263/);
    expect(byId.cords!.source).toMatch(/ASTM F963/);
    for (const h of HAZARDS.filter((x) => !x.prescribed)) expect(h.text.length).toBeGreaterThan(40);
  });

  it('show each warning once, in the list’s order, and the EU’s form once for a product priced in euros', () => {
    expect(notices(['marbles', 'small-parts'], 'USD').map((n) => n.text)).toEqual([HAZARDS[0].text, HAZARDS[2].text]);
    const eur = notices(['marbles', 'small-parts'], 'EUR');
    expect(eur).toHaveLength(3);
    expect(eur[2]).toEqual({
      text: 'Not suitable for children under 36 months. Small parts. Marbles.',
      source: 'Directive 2009/48/EC, Annex V',
    });
    expect(notices(['cords'], 'EUR')).toHaveLength(1);
    expect(notices(['small-parts'], 'CAD')).toHaveLength(1);
    expect(notices(undefined, 'EUR')).toEqual([]);
  });
});
