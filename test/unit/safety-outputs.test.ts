// Where a product's safety warnings show: the product page's warning box (before the shop link, a
// sign and the word "Warning", never colour alone), its Markdown twin, llms-full.txt and the
// category dumps, with the EU's form for a product priced in euros; and where warnings and barcodes
// never go: the public JSON (13 fields) and the site's search records.
import { describe, expect, it } from 'vitest';
import { catalogView, toProduct } from '../../src/catalog/catalog.ts';
import { hazard } from '../../src/catalog/hazards.ts';
import { Product } from '../../src/catalog/schema.ts';
import { sectionHtml, warningsSection } from '../../src/components/product-sections.ts';
import { catalogSnapshot, productJson, snapshotJson } from '../../src/outputs/json.ts';
import { categoryDump, llmsFullTxt } from '../../src/outputs/llms.ts';
import { productMarkdown } from '../../src/outputs/markdown.ts';
import { pagesOf } from '../../src/outputs/pages.ts';
import { searchRecord } from '../../src/outputs/search-records.ts';
import { twinMarkdown } from '../../src/outputs/twins.ts';
import { AT, entry } from '../support/products.ts';

const BASE = 'https://catalog.test';
const SMALL_PARTS = hazard('small-parts').text;
const MARBLES = hazard('marbles').text;
const EU = 'Not suitable for children under 36 months. Small parts. Marbles.';

const marbleRun = entry({
  slug: 'marble-run',
  name: 'Marble Run',
  ageRange: '4–8 years',
  categories: ['kits'],
  currency: 'EUR',
  warnings: ['marbles', 'small-parts'],
  barcodes: ['4006381333931'],
});
const tiles = entry({
  slug: 'tiles',
  name: 'Tiles',
  ageRange: '3+ years',
  categories: ['kits'],
  currency: 'USD',
  warnings: ['magnets'],
  barcodes: ['036000291452'],
});
const plain = entry({ slug: 'plain', name: 'Plain Blocks', categories: ['kits'], currency: 'USD' });
const view = catalogView([marbleRun, tiles, plain], AT);
const md = productMarkdown(BASE);

describe('the product page', () => {
  it('shows each warning with a sign, the word "Warning:", the rule’s words and its source', () => {
    const html = sectionHtml(warningsSection(marbleRun));
    expect(html).toMatch(/^<section class="safety" aria-labelledby="safety-heading">/);
    expect(html).toContain('<h2 id="safety-heading" class="visually-hidden">Safety warnings</h2>');
    const items = html.match(/<li class="safety__item">.*?<\/li>/g)!;
    expect(items).toHaveLength(3);
    for (const item of items) {
      expect(item).toMatch(/<svg[^>]*aria-hidden="true"/);
      expect(item).toContain('<strong>Warning:</strong>');
    }
    expect(items[0]).toContain(`${SMALL_PARTS} <span class="safety__source">(16 CFR 1500.19)</span>`);
    expect(items[1]).toContain(MARBLES);
    expect(items[2]).toContain(`${EU} <span class="safety__source">(Directive 2009/48/EC, Annex V)</span>`);
  });

  it('has no warning box for a product without warnings, and no EU form outside euros', () => {
    expect(warningsSection(plain)).toBeNull();
    expect(sectionHtml(warningsSection(tiles))).not.toContain('36 months');
  });

  it('writes the texts escaped as the page’s other texts are', () => {
    const html = sectionHtml(warningsSection(entry({ slug: 'b', warnings: ['button-batteries'] })));
    expect(html).toContain('(Reese&#39;s Law, 16 CFR 1263)');
  });
});

describe('the Markdown twin, llms-full.txt and the category dump', () => {
  const page = pagesOf(view).find((p) => p.path === '/products/marble-run')!;
  const outputs = {
    twin: twinMarkdown(page, view, md),
    'llms-full.txt': llmsFullTxt(view, md),
    'llms/kits.txt': categoryDump(view, 'kits', md),
  };

  it.each(Object.entries(outputs))('%s: each warning, before the facts, with its source', (_, text) => {
    const section = text.slice(text.indexOf('Marble Run\n'));
    const lines = section.split('\n');
    const at = (needle: string) => lines.findIndex((l) => l.includes(needle));
    expect(lines[at(SMALL_PARTS)]).toBe(`**⚠ Warning:** ${SMALL_PARTS} (16 CFR 1500.19)`);
    expect(lines[at(MARBLES)]).toBe(`**⚠ Warning:** ${MARBLES} (16 CFR 1500.19)`);
    expect(lines[at(EU)]).toBe(`**⚠ Warning:** ${EU} (Directive 2009/48/EC, Annex V)`);
    expect(at(SMALL_PARTS)).toBeLessThan(at('- Brand:'));
  });

  it('the other products’ sections have their own warnings only', () => {
    const full = outputs['llms-full.txt'];
    const plainSection = full.slice(full.indexOf('## Plain Blocks'), full.indexOf('## Tiles'));
    expect(plainSection).not.toContain('Warning');
    const tilesSection = full.slice(full.indexOf('## Tiles'));
    expect(tilesSection).toContain(`**⚠ Warning:** ${hazard('magnets').text}`);
    expect(tilesSection).not.toContain('36 months');
  });
});

describe('the public outputs', () => {
  it('keep exactly the 13 public fields: no warnings, barcodes or noWarningNeeded', () => {
    const snap = catalogSnapshot(view, BASE);
    const text = snapshotJson(snap.products.map(productJson), AT);
    for (const p of snap.products) expect(Object.keys(Product.parse(p))).toHaveLength(13);
    expect(Object.keys(toProduct(marbleRun, BASE))).toHaveLength(13);
    expect(text).not.toMatch(/warnings|barcodes|noWarningNeeded|4006381333931|036000291452|CHOKING/);
  });

  it('search records show warnings in the page’s words (a result’s, not searched), never barcodes or ids', () => {
    const record = searchRecord(marbleRun);
    expect(JSON.stringify(record)).not.toMatch(/4006381333931|small-parts/);
    expect(record.content).not.toMatch(/CHOKING/);
    expect(record.meta.warning).toMatch(/^CHOKING HAZARD/);
  });
});
