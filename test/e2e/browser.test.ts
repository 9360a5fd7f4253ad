// Browser checks against the served stack in real Chromium: every page type loads cleanly (no
// console errors, page errors or failed requests), its internal links resolve, axe-core finds no
// violations, only /search has client JavaScript, product JSON-LD parses, 360px has no sideways
// scroll; search finds a product by name; a product page prints cleanly. One product page is
// README's picture of the site (docs/images/).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CATEGORY_SLUGS } from '../../src/config/site.ts';
import { AGE_BANDS } from '../../src/catalog/ages.ts';
import { agePath, ageCategoryPath, categoryPath, twinPath } from '../../src/catalog/urls.ts';
import { ROOT } from '../../scripts/lib/stack.ts';
import { axeViolations, launchBrowser } from '../support/browser.ts';
import { DOC_IMAGE_SIZE, writeDocImage } from '../support/doc-images.ts';

const baseUrl = inject('baseUrl');
const SCREENSHOTS = path.join(ROOT, 'screenshots');

let browser: Browser;
let productPath: string;
const linkStatus = new Map<string, Promise<number>>();

/** GET an internal URL once per run (pages share many links) and return its final status. */
function statusOf(url: string): Promise<number> {
  let s = linkStatus.get(url);
  if (!s) {
    s = fetch(url).then(async (res) => {
      await res.arrayBuffer();
      return res.status;
    });
    linkStatus.set(url, s);
  }
  return s;
}

interface Visit {
  page: Page;
  status: number | undefined;
  problems: string[];
  close(): Promise<void>;
}

/** Opens a page and records everything that went wrong while it loaded. */
async function visit(pagePath: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} (${req.failure()?.errorText})`));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()} for ${res.url()}`);
  });
  const res = await page.goto(new URL(pagePath, baseUrl).href, { waitUntil: 'load' });
  return { page, status: res?.status(), problems, close: () => context.close() };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const home = await (await fetch(baseUrl)).text();
  const first = /href="(\/products\/[a-z0-9-]+)"/.exec(home);
  if (!first)
    throw new Error('The home page links to no product page; the browser checks need at least one staff pick.');
  productPath = first[1]!;
  await mkdir(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

/** Every kind of page; `scripts` is how many scripts it loads (only /search has one). */
const pages = [
  { name: 'home', path: () => '/', scripts: 0 },
  { name: 'product', path: () => productPath, scripts: 0 },
  { name: 'all products', path: () => '/products', scripts: 0 },
  { name: 'all products page 2', path: () => '/products/2', scripts: 0 },
  { name: 'categories', path: () => '/categories', scripts: 0 },
  { name: 'category', path: () => categoryPath(CATEGORY_SLUGS[0]), scripts: 0 },
  { name: 'ages', path: () => '/ages', scripts: 0 },
  { name: 'age band', path: () => agePath(AGE_BANDS[1].slug), scripts: 0 },
  { name: 'age and category', path: () => ageCategoryPath(AGE_BANDS[1].slug, 'books'), scripts: 0 },
  { name: 'staff picks', path: () => '/staff-picks', scripts: 0 },
  { name: 'search', path: () => '/search', scripts: 1 },
  { name: 'about', path: () => '/about', scripts: 0 },
];

/** The links of a page as Chromium resolved them. */
const linksOf = (page: Page) => page.$$eval('a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href));

describe.each(pages)('the $name page', ({ name, path: pathOf, scripts }) => {
  /** One visit per page, under the site's CSP, that its tests share: at 1280 px, then narrowed to 360 px. */
  let v: Visit;
  beforeAll(async () => {
    v = await visit(pathOf());
  });
  afterAll(async () => {
    await v?.close();
  });

  it(`loads with status 200, no console errors, page errors or failed requests, and ${scripts} scripts`, async () => {
    expect(v.status).toBe(200);
    // Resources (the stylesheet, images, the favicon) have finished too.
    await v.page.waitForLoadState('networkidle');
    expect(v.problems).toEqual([]);
    const markup = await v.page.evaluate(() => ({
      lang: document.documentElement.lang,
      title: document.title,
      description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '',
      twin: document.querySelector('link[rel="alternate"][type="text/markdown"]')?.getAttribute('href') ?? '',
      scripts: [...document.scripts].filter((s) => s.type !== 'application/ld+json').length,
      inlineStyles: document.querySelectorAll('[style], style').length,
      handlers: [...document.querySelectorAll('*')].filter((el) =>
        [...el.attributes].some((a) => a.name.startsWith('on')),
      ).length,
      skipLink: document.querySelector('a.skip-link')?.getAttribute('href') ?? '',
    }));
    expect(markup.lang).toBe('en');
    expect(markup.title.length).toBeGreaterThan(3);
    expect(markup.description.length).toBeGreaterThan(20);
    // The stack builds with SITE_URL set to its own address, so canonical URLs point at it.
    expect(markup.canonical).toBe(new URL(pathOf(), baseUrl).href);
    expect(markup.twin).toBe(twinPath(pathOf()));
    expect(markup).toMatchObject({ scripts, inlineStyles: 0, handlers: 0, skipLink: '#main' });
  });

  it('has internal links that all resolve with 200', async () => {
    const internal = [
      ...new Set(
        (await linksOf(v.page))
          .filter((h) => new URL(h).origin === new URL(baseUrl).origin)
          .map((h) => h.replace(/#.*$/, '')),
      ),
    ];
    expect(internal.length).toBeGreaterThan(5);
    const statuses = await Promise.all(internal.map(async (url) => ({ url, status: await statusOf(url) })));
    expect(statuses.filter((s) => s.status !== 200)).toEqual([]);
  });

  it('has no axe-core violations', async () => {
    expect(await axeViolations(v.page)).toEqual([]);
  });

  it('writes full-page screenshots at 1280 and 360 px, and has no horizontal scroll at 360 px', async () => {
    const file = name.replace(/\W+/g, '-');
    await v.page.screenshot({ path: path.join(SCREENSHOTS, `${file}.png`), fullPage: true });
    await v.page.setViewportSize({ width: 360, height: 900 });
    await v.page.screenshot({ path: path.join(SCREENSHOTS, `${file}-360.png`), fullPage: true });
    const { scrollWidth, innerWidth } = await v.page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(innerWidth).toBe(360);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });
});

describe('the product page', () => {
  it('carries schema.org Product JSON-LD that parses, and an affiliate link marked sponsored', async () => {
    const v = await visit(productPath);
    try {
      const blocks = await v.page.$$eval('script[type="application/ld+json"]', (s) =>
        s.map((x) => x.textContent ?? ''),
      );
      expect(blocks).toHaveLength(1);
      const ld = JSON.parse(blocks[0]!) as Record<string, unknown>;
      expect(ld['@context']).toBe('https://schema.org');
      expect(ld['@type']).toBe('Product');
      expect(ld.name).toBe((await v.page.textContent('h1'))?.trim());
      expect(ld.url).toBe(new URL(productPath, baseUrl).href);
      const rels = await v.page.$$eval('a[rel~="sponsored"]', (as) => as.map((a) => a.getAttribute('rel')));
      expect(rels).toContain('sponsored noopener');
    } finally {
      await v.close();
    }
  });
});

describe('README’s picture of the site', () => {
  it('writes README’s picture of a product page (docs/images/product-page.png), the name in view', async () => {
    const v = await visit(productPath);
    try {
      await v.page.waitForLoadState('networkidle');
      expect(await writeDocImage(v.page, 'product-page.png')).toEqual(DOC_IMAGE_SIZE);
      const name = await v.page.locator('h1').boundingBox();
      expect(name && name.y + name.height).toBeLessThanOrEqual(DOC_IMAGE_SIZE.height);
    } finally {
      await v.close();
    }
  });
});

describe('search', () => {
  it("typing a product's name lists its page first, with no CSP violation", async () => {
    const catalog = (await (await fetch(new URL('/api/products.json', baseUrl))).json()) as {
      products: { slug: string; name: string }[];
    };
    const target = catalog.products[Math.floor(catalog.products.length / 2)]!;
    const v = await visit('/search');
    try {
      const violations: string[] = [];
      await v.page.exposeFunction('reportViolation', (d: string) => violations.push(d));
      await v.page.evaluate(() =>
        document.addEventListener('securitypolicyviolation', (e) =>
          (window as unknown as { reportViolation(d: string): void }).reportViolation(
            `${e.violatedDirective} ${e.blockedURI}`,
          ),
        ),
      );
      await v.page.fill('#search-q', target.name);
      const first = v.page.locator('#search-results li a').first();
      await first.waitFor({ timeout: 15_000 });
      expect(await first.getAttribute('href')).toBe(`/products/${target.slug}`);
      expect(await first.textContent()).toBe(target.name);
      expect(new URL(v.page.url()).searchParams.get('q')).toBe(target.name);
      await first.click();
      await v.page.waitForURL(`**/products/${target.slug}`);
      expect(violations).toEqual([]);
      expect(v.problems).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it('finds the first, a middle and the last product of the catalog by name', async () => {
    const catalog = (await (await fetch(new URL('/api/products.json', baseUrl))).json()) as {
      products: { slug: string; name: string }[];
    };
    const v = await visit('/search');
    try {
      const { products } = catalog;
      for (const target of [products[0], products[Math.floor(products.length / 2)], products.at(-1)]) {
        await v.page.fill('#search-q', target!.name);
        const first = v.page.locator('#search-results li a').first();
        await expect.poll(() => first.getAttribute('href'), { timeout: 15_000 }).toBe(`/products/${target!.slug}`);
      }
      expect(v.problems).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it('narrows by category: a filter alone lists only that category', async () => {
    const v = await visit('/search?category=books');
    try {
      const links = v.page.locator('#search-results li a');
      await links.first().waitFor({ timeout: 15_000 });
      const status = await v.page.textContent('#search-status');
      const books = (await (await fetch(new URL('/categories/books.md', baseUrl))).text()).match(/^(\d+) products?,/m);
      expect(status).toBe(`${books![1]} ${books![1] === '1' ? 'product' : 'products'} found.`);
      expect(v.problems).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it('without JavaScript, explains itself and offers the browse links', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(new URL('/search', baseUrl).href);
      expect(await page.locator('noscript').count()).toBe(1);
      expect(await page.locator('.notice').textContent()).toMatch(/needs JavaScript/);
      const hrefs = await page.$$eval('main a', (as) => as.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(
        expect.arrayContaining(['/products', '/categories', '/ages', '/categories/books', '/ages/3-5']),
      );
    } finally {
      await context.close();
    }
  });
});

describe('print', () => {
  it('a product page prints without navigation or forms, with the shop link written out', async () => {
    const v = await visit(productPath);
    try {
      await v.page.emulateMedia({ media: 'print' });
      const printed = await v.page.evaluate(() => {
        const shop = document.querySelector<HTMLAnchorElement>('a[rel~="sponsored"]')!;
        return {
          nav: getComputedStyle(document.querySelector('.site-header nav')!).display,
          shopUrl: shop.href,
          after: getComputedStyle(shop, '::after').content,
        };
      });
      expect(printed.nav).toBe('none');
      expect(printed.after).toContain(printed.shopUrl);
      await v.page.pdf({ path: path.join(SCREENSHOTS, 'product-print.pdf') });
    } finally {
      await v.close();
    }
  });
});
