// HEAVY (one full `astro build` of a one-product catalog, a few seconds): what a product page
// shows of its fields. A product with every field set (each field's example) is built into a real
// site. The site's search index is public, so it may hold a field only if the page shows it: every
// word the record holds of each site-searchable field (`siteSearch` in src/catalog/schema.ts) must
// be visible on the page. And the page's Markdown twin says what the page says: a field whose words
// the page shows has them in the twin too (a row added to the page needs its line in the twin).
// Beside it, a product with every field that may be empty left empty: the templates build its page
// and twin too (a row that assumes its field is set fails the build).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProductFile } from '../../src/catalog/load.ts';
import { fieldText } from '../../src/catalog/catalog.ts';
import { fieldKind } from '../../src/catalog/field-kinds.ts';
import { field, FIELDS, SITE_SEARCH_FIELDS, type CatalogEntry } from '../../src/catalog/schema.ts';
import { recordText, searchRecord } from '../../src/outputs/search-records.ts';
import { buildSite, type Build } from '../support/build-site.ts';
import { EVERY_FIELD, productFile } from '../support/products.ts';

/** After every example date (a scheduled example would keep the product off the site). */
const BUILD_TIME = '2099-01-01T00:00:00Z';

/**
 * Every field that may be null is null but the price (a published product needs a price or a note),
 * every optional one left out (the factory leaves them out).
 */
const BARE = {
  ...Object.fromEntries(
    FIELDS.filter((f) => f.key !== 'description' && fieldKind(f).nullable).map((f) => [f.key, null]),
  ),
  slug: 'bare-product',
  name: 'Bare Product',
  price: EVERY_FIELD.price,
  staffPick: false,
  published: true,
};

let dir: string;
let build: Build;
let product: CatalogEntry;
let shown: Set<string>;
let twin: Set<string>;

/** A text's words, lower-cased: what a search matches on. */
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** The words a reader sees in a page's body: no markup, attributes, scripts or styles; entities decoded. */
function visibleWords(html: string): Set<string> {
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
  const text = body
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) =>
      e.startsWith('#')
        ? String.fromCodePoint(
            parseInt(e.slice(e[1] === 'x' || e[1] === 'X' ? 2 : 1), e[1]?.toLowerCase() === 'x' ? 16 : 10),
          )
        : (ENTITIES[e.toLowerCase()] ?? m),
    );
  return new Set(wordsOf(text));
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'site-search-'));
  const slug = String(EVERY_FIELD.slug);
  const text = productFile(
    { ...EVERY_FIELD, imageUrl: null, published: true },
    field('description').meta.example as string,
  );
  writeFileSync(path.join(dir, `${slug}.md`), text);
  const parsed = parseProductFile(`content/products/${slug}.md`, text);
  expect(parsed.problems).toEqual([]);
  product = parsed.entry!;
  const bare = productFile(BARE, null);
  writeFileSync(path.join(dir, `${BARE.slug}.md`), bare);
  expect(parseProductFile(`content/products/${BARE.slug}.md`, bare).problems).toEqual([]);
  build = await buildSite(dir, BUILD_TIME);
  shown = visibleWords(build.read(`products/${slug}.html`));
  twin = new Set(wordsOf(build.read(`products/${slug}.md`)));
}, 180_000);
afterAll(() => {
  build?.remove();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the site’s public search index holds only what the product page shows', () => {
  it('reads the page as a reader sees it (words in links and attributes are not shown words)', () => {
    expect(shown.has(wordsOf(product.data.name)[0]!)).toBe(true);
    // The affiliate link's query (`?ref=littlehands`) is in an href only.
    expect(String(product.data.url)).toContain('littlehands');
    expect(shown.has('littlehands')).toBe(false);
  });

  it.each(SITE_SEARCH_FIELDS.map((k) => [k]))('%s: every word the record holds of it is on the page', (key) => {
    const text = recordText(product, key);
    expect(text, `${key} has no value in the sample product: give its example a value`).toBeTruthy();
    const missing = wordsOf(text!).filter((w) => !shown.has(w));
    expect(
      missing,
      `${key} is marked siteSearch but its product page does not show these words: show the field on the page (src/components/product-sections.ts, src/pages/products/[slug].astro) or drop the flag`,
    ).toEqual([]);
  });

  it('the whole record: no word of it is missing from the page', () => {
    expect(wordsOf(searchRecord(product).content).filter((w) => !shown.has(w))).toEqual([]);
  });
});

describe('the Markdown twin says every field its page shows', () => {
  it('has every word of each field whose words the page shows', () => {
    const onPage = FIELDS.filter((f) => {
      const text = fieldText(product, f.key);
      return text !== null && wordsOf(text).every((w) => shown.has(w));
    }).map((f) => f.key);
    // The page shows at least these; a field shown some other way (a price as $89.50) is not counted.
    expect(onPage).toEqual(expect.arrayContaining(['name', 'brand', 'description', 'ageRange', 'whyWePicked']));
    const notInTwin = Object.fromEntries(
      onPage
        .map((k) => [k, wordsOf(fieldText(product, k)!).filter((w) => !twin.has(w))] as const)
        .filter(([, missing]) => missing.length > 0),
    );
    expect(
      notInTwin,
      'the product page shows these fields but its Markdown twin does not: add them to src/outputs/markdown.ts (productBodyBlocks)',
    ).toEqual({});
  });
});

describe('a product with every field that may be empty left empty', () => {
  it('has its page and its Markdown twin, with its name', () => {
    const page = build.read(`products/${BARE.slug}.html`);
    const md = build.read(`products/${BARE.slug}.md`);
    expect(page).toContain('<h1');
    expect(page).toContain(BARE.name);
    expect(md).toContain(BARE.name);
  });
});
