// Browsing over real HTTP on the local Netlify stack: the index pages, the paginated lists (rel
// links, pager, twins, last page, out of range), the browse form's redirects (netlify.toml, matched
// by Netlify's own redirect engine), link-preview tags and the search page's own CSP.
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { AGE_BANDS, ageBandsFor } from '../../src/catalog/ages.ts';
import { PAGE_SIZE } from '../../src/catalog/lists.ts';
import type { Product } from '../../src/catalog/schema.ts';
import { CATEGORY_SLUGS } from '../../src/config/site.ts';
import { SEARCH_INDEX_PATH } from '../../src/catalog/urls.ts';
import { searchIndexSize } from '../../src/build/search-index.ts';

const base = inject('baseUrl');
const get = (path: string, init: RequestInit = {}) => fetch(new URL(path, base), { redirect: 'manual', ...init });
const html = async (path: string) => {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  return res.text();
};
const attr = (page: string, re: RegExp) => re.exec(page)?.[1] ?? null;
const relLink = (page: string, rel: string) => attr(page, new RegExp(`<link rel="${rel}" href="([^"]+)"`));
const cards = (page: string) => (page.match(/<article class="card"/g) ?? []).length;

let count = 0;
let pages = 0;
let sampleSlug = '';
let products: Product[] = [];
beforeAll(async () => {
  const catalog = (await (await get('/api/products.json')).json()) as { count: number; products: Product[] };
  products = catalog.products;
  count = catalog.count;
  pages = Math.ceil(count / PAGE_SIZE);
  sampleSlug = catalog.products[0]!.slug;
  // The pagination checks need a second page.
  expect(pages, `the repository's catalog (${count} products) must fill more than one page`).toBeGreaterThan(1);
});

describe.each(['/products', '/categories', '/ages'])('index page %s', (path) => {
  it('answers 200 HTML with its Markdown twin, is in the sitemap and linked from the header', async () => {
    const page = await html(path);
    expect(attr(page, /<link rel="canonical" href="([^"]+)"/)).toBe(new URL(path, base).href);
    const twin = await get(`${path}.md`);
    expect(twin.status).toBe(200);
    expect(twin.headers.get('content-type')).toMatch(/^text\/markdown/);
    const md = await get(path, { headers: { accept: 'text/markdown' } });
    expect(await md.text()).toBe(await twin.text());
    const sitemap = await (await get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${new URL(path, base).href}</loc>`);
    const nav = /<nav aria-label="Main">([\s\S]*?)<\/nav>/.exec(await html('/'))![1]!;
    expect(nav).toContain(`href="${path}"`);
  });
});

describe('pagination of all products', () => {
  it('page 1 lives at /products with PAGE_SIZE cards, rel="next" and a visible pager', async () => {
    const page = await html('/products');
    expect(cards(page)).toBe(PAGE_SIZE);
    expect(relLink(page, 'prev')).toBeNull();
    expect(relLink(page, 'next')).toBe('/products/2');
    expect(page).toMatch(/<nav class="pager" aria-label="Pages of this list">/);
    expect(page).toMatch(/<a class="pager__step" href="\/products\/2" rel="next">/);
    expect(page).toMatch(/href="\/products" aria-current="page"/);
  });

  it('the last page holds the rest, links back with rel="prev" and has no next', async () => {
    const page = await html(`/products/${pages}`);
    expect(cards(page)).toBe(count - (pages - 1) * PAGE_SIZE);
    expect(relLink(page, 'prev')).toBe(pages === 2 ? '/products' : `/products/${pages - 1}`);
    expect(relLink(page, 'next')).toBeNull();
    expect(page).toContain(`page ${pages} of ${pages}`);
    expect(attr(page, /<link rel="canonical" href="([^"]+)"/)).toBe(new URL(`/products/${pages}`, base).href);
  });

  it('every page has its twin, listing the same products', async () => {
    for (let n = 1; n <= pages; n++) {
      const path = n === 1 ? '/products' : `/products/${n}`;
      const page = await html(path);
      const slugs = [...page.matchAll(/<h2 class="card__title">\s*<a href="\/products\/([^"]+)"/g)].map((m) => m[1]);
      const twin = await (await get(`${path}.md`)).text();
      const twinSlugs = [...twin.matchAll(/\/products\/([a-z0-9-]*[a-z][a-z0-9-]*)\.md\)/g)].map((m) => m[1]);
      expect(twinSlugs, path).toEqual(slugs);
    }
  });

  it.each([() => `/products/${pages + 1}`, () => '/products/0', () => '/products/1', () => '/staff-picks/99'])(
    'a page out of range (%#) is the 404',
    async (path) => {
      const res = await get(path());
      expect(res.status).toBe(404);
      expect(await res.text()).toMatch(/^# Page not found\n/);
    },
  );
});

describe('the browse form and its redirects', () => {
  it('list pages carry a plain GET form to /browse with age and category', async () => {
    const page = await html('/categories/kits');
    const form = /<form class="browse" action="\/browse" method="get"[\s\S]*?<\/form>/.exec(page)?.[0] ?? '';
    expect(form).toContain('name="age"');
    expect(form).toContain('name="category"');
    expect(form).toMatch(/<option value="kits" selected>/);
  });

  it.each([
    ['age=3-5&category=books', '/ages/3-5/books'],
    ['age=any&category=books', '/categories/books'],
    ['age=6-8&category=any', '/ages/6-8'],
    ['age=any&category=any', '/products'],
    ['age=9-12', '/ages/9-12'],
    ['category=games', '/categories/games'],
    ['age=any', '/products'],
    ['category=any', '/products'],
    ['', '/products'],
  ])('/browse?%s → 302 to %s, which answers 200', async (query, target) => {
    const res = await get(`/browse?${query}`);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!, base);
    expect(location.pathname).toBe(target);
    expect((await fetch(location)).status).toBe(200);
  });

  it.each(['age=7-9&category=books', 'age=3-5&category=toys', 'age=&category=books', 'age=0-2&category=../../api'])(
    '/browse?%s lands on the 404, never a 5xx',
    async (query) => {
      const res = await fetch(new URL(`/browse?${query}`, base));
      expect(res.status).toBe(404);
    },
  );

  it('an empty category lands on the age band (/ages/3-5/ is served as /ages/3-5)', async () => {
    const res = await fetch(new URL('/browse?age=3-5&category=', base));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<link rel="canonical" href="' + new URL('/ages/3-5', base).href + '"');
  });

  it('an age band × category pair without products has no page: the 404', async () => {
    const empty = CATEGORY_SLUGS.flatMap((c) => AGE_BANDS.map((b) => [b.slug, c] as const)).find(
      ([band, c]) => !products.some((p) => p.categories.includes(c) && ageBandsFor(p.ageRange).includes(band)),
    );
    expect(empty, 'the repository catalog should leave at least one pair empty').toBeDefined();
    const res = await fetch(new URL(`/browse?age=${empty![0]}&category=${empty![1]}`, base));
    expect(res.status).toBe(404);
  });

  it('a Markdown request is redirected too, and gets the twin of the page it lands on', async () => {
    const accept = { accept: 'text/markdown' };
    const res = await get('/browse?age=3-5&category=books', { headers: accept });
    expect(res.status).toBe(302);
    const landed = await fetch(new URL(res.headers.get('location')!, base), { headers: accept });
    expect(landed.status).toBe(200);
    expect(landed.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(await landed.text()).toBe(await (await get('/ages/3-5/books.md')).text());
  });
});

describe('link previews', () => {
  const meta = (page: string, key: string) =>
    attr(page, new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`));

  it('a product page shares its own picture, absolute, as a PNG that answers 200', async () => {
    const page = await html(`/products/${sampleSlug}`);
    expect(meta(page, 'og:type')).toBe('product');
    expect(meta(page, 'twitter:card')).toBe('summary_large_image');
    const image = meta(page, 'og:image')!;
    expect(image.startsWith(base)).toBe(true);
    expect(meta(page, 'twitter:image')).toBe(image);
    const res = await fetch(image);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/(png|jpeg|webp|gif)/);
  });

  it.each(['/', '/products', '/ages/3-5/books', '/search'])(
    '%s has title, description, type, an absolute site image and a Twitter card',
    async (path) => {
      const page = await html(path);
      for (const key of ['og:title', 'og:description', 'twitter:title', 'twitter:description'])
        expect(meta(page, key)?.length, key).toBeGreaterThan(3);
      expect(meta(page, 'og:type')).toBe('website');
      expect(meta(page, 'og:image')).toBe(new URL('/og-image.png', base).href);
      const res = await fetch(meta(page, 'og:image')!);
      expect(res.headers.get('content-type')).toBe('image/png');
    },
  );
});

describe('script and CSP', () => {
  it('/search alone loads script, and its CSP alone allows WebAssembly', async () => {
    const search = await get('/search');
    expect(search.headers.get('content-security-policy')).toMatch(/script-src 'self' 'wasm-unsafe-eval';/);
    expect(await search.text()).toMatch(/<script type="module" src="\/_astro\/[^"]+\.js"><\/script>/);
    for (const path of ['/', '/products', `/products/${sampleSlug}`, '/ages', '/categories/kits']) {
      const res = await get(path);
      expect(res.headers.get('content-security-policy'), path).toMatch(/script-src 'self';/);
      expect(await res.text(), path).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    }
  });

  it('the search index is served, one record per product', async () => {
    const res = await get(`${SEARCH_INDEX_PATH}/pagefind-entry.json`);
    expect(res.status).toBe(200);
    expect(searchIndexSize((await res.json()) as { languages: Record<string, { page_count: number }> })).toBe(count);
    expect((await get(`${SEARCH_INDEX_PATH}/pagefind.js`)).status).toBe(200);
  });
});
