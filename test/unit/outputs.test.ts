// The pure output builders: page list, JSON, twins, llms files and discovery files.
import { parseLlmsTxt } from '../support/llmstxt.ts';
import { describe, expect, it } from 'vitest';
import { AGE_BANDS } from '../../src/catalog/ages.ts';
import { catalogView, toProduct, type CatalogView } from '../../src/catalog/catalog.ts';
import { Product } from '../../src/catalog/schema.ts';
import { CATEGORY_SLUGS, CONTENT_SIGNAL_LINE, DATA_LICENSE, SITE_NAME } from '../../src/config/site.ts';
import { aboutPage } from '../../src/outputs/editorial.ts';
import { apiCatalog, atomFeed, newestProducts, robotsTxt, sitemapXml } from '../../src/outputs/discovery.ts';
import { catalogSnapshot, productJson, snapshotJson } from '../../src/outputs/json.ts';
import {
  categoryDump,
  firstSentence,
  LLMS_TXT_MAX_CHARS,
  LLMS_TXT_PICKS,
  llmsFullTxt,
  llmsSmallTxt,
  llmsTxt,
  SMALL_NOTE_MAX_CHARS,
} from '../../src/outputs/llms.ts';
import { productMarkdown, type ProductMarkdown } from '../../src/outputs/markdown.ts';
import { htmlFileOf, pagesOf } from '../../src/outputs/pages.ts';
import { listsOfKind, PAGE_SIZE, pageCount } from '../../src/catalog/lists.ts';
import { searchRecords } from '../../src/outputs/search-records.ts';
import { twinMarkdown } from '../../src/outputs/twins.ts';
import { AT, SAMPLE, synthetic } from '../support/products.ts';
import { CatalogSnapshot, ApiError, notFoundBody } from '../../src/contract/api.ts';

const BASE = 'https://catalog.test';
const view = catalogView(SAMPLE, AT);
const md = productMarkdown(BASE);
const sections = (s: string) => (s.match(/^## /gm) ?? []).length;
/** The Markdown twin of a page path of `v`. */
function twinsOf(v: CatalogView, m: ProductMarkdown) {
  const byPath = new Map(pagesOf(v).map((p) => [p.path, p]));
  return (path: string) => twinMarkdown(byPath.get(path)!, v, m);
}

describe('pagesOf', () => {
  const pages = pagesOf(view);
  it('lists home, about, the developers page, search, the two indexes, every page of every list, each published product, then the editor', () => {
    const lists = 2 + CATEGORY_SLUGS.length + AGE_BANDS.length + listsOfKind(view, 'age-category').length;
    expect(pages.length).toBe(6 + lists + 3 + 1);
    expect(pages.at(-1)).toMatchObject({ kind: 'editor', path: '/admin', twin: '/admin.md', listed: false });
    expect(pages.filter((p) => !p.listed).map((p) => p.path)).toEqual(['/admin']);
    expect(pages.slice(0, 8).map((p) => p.path)).toEqual([
      '/',
      '/about',
      '/for-developers',
      '/search',
      '/categories',
      '/ages',
      '/products',
      '/staff-picks',
    ]);
    expect(pages.filter((p) => p.kind === 'product').map((p) => p.path)).toEqual([
      '/products/ant-farm',
      '/products/moon-book',
      '/products/zebra-puzzle',
    ]);
  });
  it.each([
    ['/', '/index.md', 'index.html'],
    ['/products/ant-farm', '/products/ant-farm.md', 'products/ant-farm.html'],
    ['/categories/books', '/categories/books.md', 'categories/books.html'],
  ])('%s has twin %s and HTML file %s', (path, twin, html) => {
    expect(pages.find((p) => p.path === path)?.twin).toBe(twin);
    expect(htmlFileOf(path)).toBe(html);
  });
});

describe('JSON outputs', () => {
  const snap = catalogSnapshot(view, BASE);
  it('is a valid CatalogSnapshot of published products ordered by slug, at the build time', () => {
    expect(CatalogSnapshot.parse(snap)).toEqual(snap);
    expect(snap.products.map((p) => p.slug)).toEqual(['ant-farm', 'moon-book', 'zebra-puzzle']);
    expect(snap.generatedAt).toBe(AT.toISOString());
    expect(snap.count).toBe(3);
  });
  it('serializes each product once: the snapshot text equals JSON.stringify and contains each per-slug body', () => {
    const bodies = snap.products.map(productJson);
    const text = snapshotJson(bodies, AT);
    expect(text).toBe(JSON.stringify(snap));
    for (const b of bodies) {
      expect(text).toContain(b);
      expect(Object.keys(Product.parse(JSON.parse(b)))).toHaveLength(13);
    }
  });
  it('makes image paths absolute and keeps nulls', () => {
    const ant = toProduct(view.products[0]!, BASE);
    expect(ant.imageUrl).toBe(`${BASE}/images/products/ant.svg`);
    expect(ant.price).toBeNull();
  });
  it('has an ApiError not-found body pointing to products.json', () => {
    const body = ApiError.parse(notFoundBody(BASE));
    expect(body.error.code).toBe('not_found');
    expect(body.error.hint).toContain(`${BASE}/api/products.json`);
  });
});

describe('Markdown twins', () => {
  const pages = pagesOf(view);
  const twin = twinsOf(view, md);
  it.each(pages.map((p) => [p.path]))('%s opens with the pointer to its page and /llms.txt', (path) => {
    const first = twin(path).split('\n')[0]!;
    expect(first).toBe(`> Markdown twin of <${BASE}${path}>. Agent index: <${BASE}/llms.txt>`);
  });
  it('renders a product with its facts, description, note and curator', () => {
    const t = twin('/products/zebra-puzzle');
    expect(t).toContain('\n# Zebra Puzzle\n');
    expect(t).toContain('- Price: $24.99 USD');
    expect(t).toContain('<https://shop.example/sample>');
    expect(t).toContain('**Why we picked it:** Because it is good. Picked by Maya (Early-years educator).');
  });
  it('keeps curator headings below the product heading', () => {
    const t = twin('/products/ant-farm');
    expect(t).toContain('### Care');
    expect(t).not.toMatch(/^# Care/m);
  });
  it('keeps quotes and ampersands in names readable', () => {
    expect(twinMarkdown({ ...pages.find((p) => p.path === '/products/moon-book')! }, view, md)).toContain(
      '# Goodnight "Moon" & Co',
    );
  });
  it("lists a category's products and only those", () => {
    const t = twin('/categories/kits');
    expect(t).toContain('[Ant Farm]');
    expect(t).not.toContain('Zebra');
  });
  it('gives the about twin the text of the about page source, links made absolute', () => {
    const t = twin('/about');
    expect(t).toContain(`\n# ${aboutPage().title}\n`);
    for (const h of ['Editorial policy', 'How we choose', 'Curators', 'Affiliate links', 'Licence and use'])
      expect(t).toContain(`\n## ${h}\n`);
    expect(t).toContain(`${SITE_NAME} is a short list of physical, screen-free things`);
    expect(t).toContain('- **Maya**, Early-years educator');
    expect(t).toContain(`[${DATA_LICENSE.name}](${DATA_LICENSE.url})`);
    expect(t).toContain(`(${BASE}/for-developers)`);
    expect(t).not.toMatch(/props\.|<Curators|\]\(\//);
  });
  it('gives the developers twin its page: the ways in, the content signal', () => {
    const t = twin('/for-developers');
    expect(t).toContain(`\`Content-Signal: ${CONTENT_SIGNAL_LINE}\``);
    expect(t).toContain(`[llms.txt](${BASE}/llms.txt)`);
    expect(t).not.toMatch(/props\.|\]\(\//);
  });
  it('never mentions unpublished products', () => {
    for (const p of pages) expect(twin(p.path)).not.toMatch(/Quokka|Xylo|secret-draft|later-kit/);
  });
});

describe('Markdown twins of the browse pages', () => {
  const big = catalogView(synthetic(1000), AT);
  const bigPages = pagesOf(big);
  const bigMd = productMarkdown(BASE);
  const twinOf = twinsOf(big, bigMd);
  const lines = (t: string) => (t.match(/^- \[/gm) ?? []).length;
  const twin = twinsOf(view, md);
  const last = pageCount(1000);

  it('page 1 of all products lists the first PAGE_SIZE, says where it is, and links the next and last twins', () => {
    const t = twinOf('/products');
    expect(t).toContain('\n# All products\n');
    expect(lines(t)).toBe(PAGE_SIZE);
    expect(t).toContain(`1000 products, ordered by slug. Page 1 of ${last}: products 1–${PAGE_SIZE}.`);
    expect(t).toContain(`[Next page](${BASE}/products/2.md)`);
    expect(t).toContain(`[Last page (${last})](${BASE}/products/${last}.md)`);
    expect(t).not.toContain('Previous page');
  });

  it('the last page holds the rest and links back', () => {
    const t = twinOf(`/products/${last}`);
    expect(lines(t)).toBe(1000 - (last - 1) * PAGE_SIZE);
    expect(t).toContain(`[Previous page](${BASE}/products/${last - 1}.md)`);
    expect(t).not.toContain('Next page');
    expect(t).toContain(`# All products, page ${last} of ${last}`);
  });

  it('every product appears on exactly one page of each list it belongs to', () => {
    const seen = bigPages
      .filter((p) => p.kind === 'list' && p.list.kind === 'all')
      .flatMap((p) =>
        [...twinMarkdown(p, big, bigMd).matchAll(/\/products\/([a-z0-9-]*[a-z][a-z0-9-]*)\.md\)/g)].map((m) => m[1]),
      );
    expect(seen).toEqual(big.products.map((e) => e.data.slug));
  });

  it('a category links its age filter pages, a filter page links its wider lists', () => {
    expect(twin('/categories/kits')).toContain(`[Preschool (3–5)](${BASE}/ages/3-5/kits.md) (1 product)`);
    const f = twin('/ages/3-5/kits');
    expect(f).toContain('# Science & building kits for Preschool (3–5)');
    expect(f).toContain('[Ant Farm]');
    expect(f).not.toContain('Zebra');
    expect(f).toContain(`(${BASE}/ages/3-5.md)`);
    expect(f).toContain(`(${BASE}/categories/kits.md)`);
  });

  it('the indexes list counts, never products, so they stay small at any size', () => {
    for (const path of ['/categories', '/ages']) {
      const t = twinOf(path);
      expect(t).not.toMatch(/\/products\/[a-z]/);
      expect(t.length).toBeLessThan(6000);
    }
    expect(twinOf('/ages')).toContain(`/ages/3-5/kits.md`);
  });

  it('the search twin points agents at the data and the browse pages', () => {
    const t = twin('/search');
    expect(t).toContain(`(${BASE}/api/products.json)`);
    expect(t).toContain(`(${BASE}/llms-full.txt)`);
    expect(t).toContain(`(${BASE}/categories/books.md)`);
  });

  it('the llms dumps stay complete: every product, not one page of them', () => {
    expect(sections(llmsFullTxt(big, bigMd))).toBe(1000);
  });
});

describe('search records', () => {
  const records = [...searchRecords(view)];
  it('hold exactly the published products, name first, with category and age filters', () => {
    expect(records.map((r) => r.url)).toEqual(['/products/ant-farm', '/products/moon-book', '/products/zebra-puzzle']);
    const ant = records[0]!;
    expect(ant.content.startsWith('Ant Farm. By Brand. Ages 3–6 years.')).toBe(true);
    expect(ant.content).toContain('Watch ants dig.');
    expect(ant.meta).toEqual({
      title: 'Ant Farm',
      brand: 'Brand',
      ages: '3–6 years',
      price: 'Price not listed',
      price_us: 'Price not listed',
    });
    expect(ant.filters).toEqual({ category: ['kits', 'outdoor-play'], agefrom: ['36'], ageto: ['72'], market: ['us'] });
    expect(JSON.stringify(records)).not.toMatch(/Quokka|Xylo|secret-draft|later-kit/);
  });
});

describe('llms files', () => {
  it('llms.txt has the llmstxt.org shape with absolute links and the agent notes', () => {
    const t = llmsTxt(view, md);
    expect(t.startsWith(`# ${SITE_NAME}\n\n> `)).toBe(true);
    for (const h of ['Key pages', 'Catalog data', 'Full text', 'Staff picks']) expect(t).toContain(`\n## ${h}\n`);
    for (const url of [
      '/index.md',
      '/about.md',
      '/staff-picks.md',
      '/api/products.json',
      '/openapi.json',
      '/llms-full.txt',
      '/llms-small.txt',
      '/llms/books.txt',
      '/ages/0-2.md',
      '/products.md',
      '/ages.md',
    ])
      expect(t).toContain(`(${BASE}${url})`);
    expect(t).toMatch(/Authorization header/);
    expect(t).toMatch(/admin-only/);
    expect(t).toMatch(/minor units/);
    expect(t).toContain('\n**Licence and use**\n');
    expect(t).toContain(DATA_LICENSE.url);
    expect(t).toContain('Not covered: product images');
    expect(t).toContain('Content-Signal: search=yes, ai-input=yes, ai-train=yes');
    // Every link is absolute: to this site, or the licence's own page.
    expect(t.replaceAll(`](${DATA_LICENSE.url})`, '')).not.toMatch(/\]\((?!https:\/\/catalog\.test)/);
  });
  it('llms.txt reads as the llmstxt.org grammar says: prose before the first H2, then only linked items', () => {
    const parsed = parseLlmsTxt(llmsTxt(view, md));
    expect(parsed.errors).toEqual([]);
    expect(parsed.title).toBe(SITE_NAME);
    expect(parsed.summary).toMatch(/screen-free/);
    // The notes for agents and the licence are free text before the sections.
    expect(parsed.info).toMatch(/\*\*Notes for agents\*\*[\s\S]*Authorization header[\s\S]*\*\*Licence and use\*\*/);
    expect(Object.keys(parsed.sections)).toEqual([
      'Key pages',
      'Categories',
      'Ages',
      'Catalog data',
      'Full text',
      'Staff picks',
      'Optional',
    ]);
    // Every item's text after its link is its notes (a parser keeps nothing else).
    const items = Object.values(parsed.sections).flat();
    expect(items.filter((it) => it.notes === null)).toEqual([]);
    expect(parsed.sections['Staff picks']!.map((it) => it.notes)).toContain(
      'by Brand · 3–6 years · $24.99 · US · staff pick',
    );
  });
  it('the llmstxt.org reader refuses what parsers drop: prose in a section, a bullet without a link, text after a link', () => {
    const bad =
      '# T\n\n> S\n\n## A\n\nSome prose.\n- just a note\n- [x](https://x.test) (aside)\n- [y](https://y.test): ok\n';
    expect(parseLlmsTxt(bad).errors).toEqual([
      'line 7: not a "- [title](url): notes" item: Some prose.',
      'line 8: not a "- [title](url): notes" item: - just a note',
      'line 9: not a "- [title](url): notes" item: - [x](https://x.test) (aside)',
    ]);
  });
  it('llms-full.txt has one ## section per published product', () => {
    const t = llmsFullTxt(view, md);
    expect(sections(t)).toBe(3);
    expect(t).toContain('## Ant Farm');
    expect(t).not.toMatch(/Quokka|Xylo/);
  });
  it('llms-small.txt has one line per published product: linked name, ages, price, first sentence of the note', () => {
    const t = llmsSmallTxt(view, BASE);
    const lines = t.split('\n').filter((l) => l.startsWith('- ['));
    expect(lines).toEqual([
      '- [Ant Farm](/products/ant-farm.md) · 3–6 years · Price not listed · Because it is good.',
      expect.stringMatching(/^- \[Goodnight "Moon" & Co\]\(\/products\/moon-book\.md\) · /),
      '- [Zebra Puzzle](/products/zebra-puzzle.md) · 3–6 years · $24.99 · US · Because it is good.',
    ]);
    expect(t).toContain(`relative to ${BASE}`);
    expect(t).not.toMatch(/Quokka|Xylo/);
  });
  it.each([
    ['One. Two.', 'One.'],
    ['Builds towers! Then more.', 'Builds towers!'],
    ['No stop at the end', 'No stop at the end'],
    ['Ages 3.5 and up. More.', 'Ages 3.5 and up.'],
    ['Line one\nstill one. Two.', 'Line one still one.'],
  ])('firstSentence(%j) is %j', (input, expected) => expect(firstSentence(input)).toBe(expected));
  it('firstSentence cuts a long sentence at a word', () => {
    const long = `${'word '.repeat(60)}end.`;
    const cut = firstSentence(long);
    expect(cut.length).toBeLessThanOrEqual(SMALL_NOTE_MAX_CHARS + 1);
    expect(cut).toMatch(/word…$/);
  });
  it('a category dump holds exactly that category', () => {
    const t = categoryDump(view, 'kits', md);
    expect(sections(t)).toBe(view.byCategory.get('kits')!.length);
  });
  it(`llms.txt stays under ${LLMS_TXT_MAX_CHARS} characters with 10,000 products`, () => {
    const big = catalogView(synthetic(10_000), AT);
    const t = llmsTxt(big, productMarkdown(BASE));
    expect(t.length).toBeLessThan(LLMS_TXT_MAX_CHARS);
    expect(t).toContain('10000 published products');
    expect((t.match(/synthetic-product-with/g) ?? []).length).toBe(LLMS_TXT_PICKS);
  });
});

describe('discovery files', () => {
  it("sitemap lists every page of the public site once, absolute, and not the curators' editor", () => {
    const pages = pagesOf(view);
    const locs = [...sitemapXml(pages, BASE).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(pages.filter((p) => p.kind !== 'editor').map((p) => `${BASE}${p.path}`));
    expect(locs).not.toContain(`${BASE}/admin`);
  });
  it('feed orders by publishAt, newest first, undated after, and escapes XML', () => {
    expect(newestProducts(view).map((e) => e.data.slug)).toEqual(['zebra-puzzle', 'ant-farm', 'moon-book']);
    const feed = atomFeed(view, BASE);
    expect(feed).toContain('<title>Goodnight &quot;Moon&quot; &amp; Co</title>');
    expect(feed).toContain('<updated>2026-01-01T00:00:00.000Z</updated>');
    expect((feed.match(/<entry>/g) ?? []).length).toBe(3);
  });
  it('robots.txt points to the sitemap and declares the content signals inside the * group', () => {
    const robots = robotsTxt(BASE);
    expect(robots).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    const group = robots.slice(robots.indexOf('User-agent: *'));
    expect(group.split('\n')[1]).toBe('Content-Signal: search=yes, ai-input=yes, ai-train=yes');
    expect(robots).toContain(DATA_LICENSE.url);
    // Comment lines only before the group: a crawler reads the directives, people the comments.
    for (const line of robots.slice(0, robots.indexOf('User-agent: *')).split('\n').filter(Boolean))
      expect(line.startsWith('#')).toBe(true);
  });
  it('robots.txt claims no freshness the catalog lacks: prices change when a curator edits, stock is not tracked', () => {
    const robots = robotsTxt(BASE);
    expect(robots).not.toMatch(/every\s+(#\s*)?hour|hourly|availability change/i);
    expect(robots).toMatch(/availability is not tracked/);
    expect(robots).toMatch(/changes when a curator\s+(#\s*)?edits it/);
  });
  it('api-catalog is an RFC 9727 linkset naming openapi.json', () => {
    const { linkset } = apiCatalog(BASE);
    expect(linkset[0]!.anchor).toBe(`${BASE}/.well-known/api-catalog`);
    expect(linkset[0]!['service-desc'][0]!.href).toBe(`${BASE}/openapi.json`);
  });
});
