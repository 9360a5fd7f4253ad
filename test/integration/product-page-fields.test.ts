// HEAVY (one full `astro build` of a one-product catalog, a few seconds): what a product page
// shows of its fields. A product with every field set (each field's example) is built into a real
// site. The site's search index is public, so it may hold a field only if the page shows it: every
// word the record holds of each site-searchable field (`siteSearch` in src/catalog/schema.ts) must
// be visible on the page. And the page's Markdown twin says what the page says: a field whose words
// the page shows has them in the twin too (a row added to the page needs its line in the twin), and
// whatever the page shows only when a field is set (found by building the product once more with
// that field empty, so it does not depend on how a value is worded) is said on a line of the twin.
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

/**
 * The sample product with every field set: each field's example, a choice whose example is empty
 * its first option, a yes/no field yes (a staff pick, then, names its curator).
 */
const FULL = {
  ...EVERY_FIELD,
  ...Object.fromEntries(
    FIELDS.flatMap((f): [string, unknown][] => {
      const kind = fieldKind(f).value;
      if (f.meta.example !== null && f.meta.example !== false) return [];
      if (kind.type === 'choice') return [[f.key, kind.options[0]]];
      if (kind.type === 'boolean') return [[f.key, true]];
      return [];
    }),
  ),
  imageUrl: null,
  published: true,
};

/** The fields the page may show or not: each can be left empty (null, left out, or false). */
const EMPTIABLE = FIELDS.filter((f) => {
  const kind = fieldKind(f);
  return f.key !== 'description' && (kind.nullable || kind.optional || kind.value.type === 'boolean');
});
/**
 * The sample product again with one field empty, as `<slug>-without-<n>`. A draft has no page, so
 * `published` has no variant; a staff pick names its curator, so without `pickedBy` it is no staff
 * pick either.
 */
const UNBUILDABLE = ['published'];
const EMPTIED_WITH: Record<string, string[]> = { pickedBy: ['staffPick'] };
const variantSlug = (key: string) => `${String(EVERY_FIELD.slug)}-without-${EMPTIABLE.findIndex((f) => f.key === key)}`;
const emptied = (key: string) => {
  const over: Record<string, unknown> = { ...FULL, slug: variantSlug(key) };
  // A barcode names one product (the validator refuses it twice), and no page shows it: the
  // variants carry none.
  delete over.barcodes;
  for (const k of [key, ...(EMPTIED_WITH[key] ?? [])]) {
    const kind = fieldKind(field(k as Parameters<typeof field>[0]));
    if (kind.nullable) over[k] = null;
    else if (kind.optional) delete over[k];
    else over[k] = false;
  }
  return over;
};

let dir: string;
let build: Build;
/** The fields built a second time with the field empty. */
let variants: string[];
let product: CatalogEntry;
let shown: Set<string>;
let twin: Set<string>;

/** A text's words, lower-cased: what a search matches on. */
const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

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
  const text = productFile(FULL, field('description').meta.example as string);
  writeFileSync(path.join(dir, `${slug}.md`), text);
  const parsed = parseProductFile(`content/products/${slug}.md`, text);
  expect(parsed.problems).toEqual([]);
  product = parsed.entry!;
  const bare = productFile(BARE, null);
  writeFileSync(path.join(dir, `${BARE.slug}.md`), bare);
  expect(parseProductFile(`content/products/${BARE.slug}.md`, bare).problems).toEqual([]);
  variants = [];
  for (const f of EMPTIABLE.filter((x) => !UNBUILDABLE.includes(x.key))) {
    const file = productFile(emptied(f.key), field('description').meta.example as string);
    expect(parseProductFile(`content/products/${variantSlug(f.key)}.md`, file).problems, f.key).toEqual([]);
    writeFileSync(path.join(dir, `${variantSlug(f.key)}.md`), file);
    variants.push(f.key);
  }
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

/** A page's texts as a reader sees them, one per text between tags: "No batteries needed", "$89.50". */
function pageTexts(html: string): Set<string> {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  const texts = main
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/g, ' ')
    // Hidden from readers (a curator's initial in an avatar, an icon).
    .replace(/<(\w+)\b[^>]*\baria-hidden="true"[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .split(/<[^>]*>/)
    .map((t) => [...visibleWords(`<body>${t}</body>`)].join(' '))
    .filter(Boolean);
  return new Set(texts);
}

/**
 * What the page shows because `key` is set: the texts of the sample product's page that its page
 * without the field lacks. Each must be said on one line of the twin (every word of it on that
 * line): any word anywhere in the twin is not enough, a value's words ("no", "batteries",
 * "needed") are often elsewhere in it when the field's own line is missing.
 */
const shownBy = (key: string) => {
  const without = pageTexts(build.read(`products/${variantSlug(key)}.html`));
  return [...pageTexts(build.read(`products/${String(EVERY_FIELD.slug)}.html`))].filter((t) => !without.has(t));
};
const notSaidIn = (twinText: string, texts: string[]) => {
  const lines = twinText.split('\n').map((l) => new Set(wordsOf(l)));
  return texts.filter((t) => !lines.some((line) => wordsOf(t).every((w) => line.has(w))));
};

describe('the Markdown twin says every field its page shows', () => {
  it('builds the sample product again with each field that may be empty left empty', () => {
    expect(variants).toEqual(EMPTIABLE.map((f) => f.key).filter((k) => !UNBUILDABLE.includes(k)));
    // The fields whose absence the page shows at all.
    expect(variants.filter((k) => shownBy(k).length > 0)).toEqual(
      expect.arrayContaining(['ageRange', 'price', 'whyWePicked', 'staffPick']),
    );
  });

  it('says on a line of its own whatever the page shows only when a field is set, however it is worded', () => {
    const md = build.read(`products/${String(EVERY_FIELD.slug)}.md`);
    const missing = Object.fromEntries(
      variants.map((k) => [k, notSaidIn(md, shownBy(k))] as const).filter(([, texts]) => texts.length > 0),
    );
    expect(
      missing,
      'the product page shows these texts when the field is set but its Markdown twin has no line saying them: add them to src/outputs/markdown.ts (productBodyBlocks)',
    ).toEqual({});
  });

  it('finds a field’s line missing from the twin even when its words are elsewhere in it', () => {
    const md = build.read(`products/${String(EVERY_FIELD.slug)}.md`);
    const shown = shownBy('ageRange');
    // The twin without its ages line, the words of that line scattered over the others.
    const without = md
      .split('\n')
      .filter((l) => !/^\W*Ages:/.test(l))
      .concat(shown.flatMap(wordsOf).map((w) => `${w} elsewhere`))
      .join('\n');
    expect(shown.flatMap(wordsOf).every((w) => wordsOf(without).includes(w))).toBe(true);
    expect(notSaidIn(without, shown)).not.toEqual([]);
    expect(notSaidIn(md, shown)).toEqual([]);
  });

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
