// In real Chromium on the served stack: a child's age in search keeps the products whose ages include
// it ("blocks for a 2 year old"), the page says so with a way to search every age, each search is a
// history step, the first result is on a phone's first screen; where she lives keeps that market's
// products in its money; and a safety warning shows before the shop link and on a result, with a
// sign and the word "Warning", not as colour alone.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseAgeRange } from '../../src/catalog/ages.ts';
import { hazard } from '../../src/catalog/hazards.ts';
import { axeViolations, launchBrowser } from '../support/browser.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
let products: { slug: string; name: string; ageRange: string | null; categories: string[] }[];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ products } = (await (await fetch(new URL('/api/products.json', baseUrl))).json()) as {
    products: typeof products;
  });
});
afterAll(async () => browser?.close());

/** Opens a page, recording console errors, page errors and failed requests of every page of its context. */
async function open(
  path: string,
  opts: { viewport?: { width: number; height: number } } = {},
): Promise<{ page: Page; problems: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({
    viewport: opts.viewport ?? { width: 390, height: 844 },
  });
  const problems: string[] = [];
  context.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  context.on('weberror', (e) => problems.push(e.error().message));
  context.on('requestfailed', (r) => problems.push(`${r.url()} ${r.failure()?.errorText}`));
  const page = await context.newPage();
  await page.goto(new URL(path, baseUrl).href, { waitUntil: 'load' });
  return { page, problems, close: () => context.close() };
}

/** Whether a product's ages include the span (a child's age, or a word's span of months). */
const includes = (slug: string, minMonths: number, maxMonths = minMonths) => {
  const span = parseAgeRange(products.find((p) => p.slug === slug)!.ageRange ?? '');
  return span !== null && span.minMonths <= maxMonths && (span.maxMonths ?? Infinity) >= minMonths;
};

/** The slugs listed once a search has answered (none found included), and the status line. */
async function listed(page: Page): Promise<{ slugs: string[]; status: string }> {
  await expect.poll(() => page.textContent('#search-status'), { timeout: 15_000 }).toMatch(/found/);
  const status = (await page.textContent('#search-status'))!;
  // "3 products found, then 2 products that do not say their ages.": both are listed.
  const n = [...status.matchAll(/(\d+) products?/g)].reduce((sum, m) => sum + Number(m[1]), 0);
  await expect.poll(() => page.locator('#search-results li a').count(), { timeout: 15_000 }).toBe(Math.min(n, 20));
  const hrefs = await page.$$eval('#search-results li a', (as) => as.map((a) => a.getAttribute('href')!));
  return { slugs: hrefs.map((h) => h.replace('/products/', '')), status };
}

describe('search for a child’s age, on a 360 px phone', () => {
  const phone = { viewport: { width: 360, height: 740 } };

  it('/search?q=puzzle&age=2 lists puzzles, only those whose ages include 24 months, the first on the first screen', async () => {
    const v = await open('/search?q=puzzle&age=2', phone);
    try {
      const { slugs } = await listed(v.page);
      expect(slugs.length).toBeGreaterThan(0);
      for (const slug of slugs) {
        expect(includes(slug, 24), slug).toBe(true);
        expect(products.find((p) => p.slug === slug)!.categories, slug).toContain('puzzles');
      }
      const first = (await v.page.locator('#search-results li').first().boundingBox())!;
      expect(first.y + first.height).toBeLessThanOrEqual(740);
      expect(await v.page.inputValue('#search-age')).toBe('2');
      expect(v.problems).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it('"blocks for a 2 year old" keeps ages that include 2 years; "all ages" searches "blocks"; back returns', async () => {
    const v = await open('/search', phone);
    try {
      await v.page.fill('#search-q', 'blocks');
      await v.page.press('#search-q', 'Enter');
      const anyAge = (await listed(v.page)).slugs;
      expect(anyAge).toContain('soft-activity-blocks');

      await v.page.fill('#search-q', 'blocks for a 2 year old');
      await v.page.press('#search-q', 'Enter');
      const note = v.page.locator('#search-typed-age');
      await note.waitFor({ state: 'visible' });
      expect(await v.page.textContent('#search-typed-age-text')).toBe(
        'Ages that include 2 years, from “for a 2 year old”, searching for “blocks”.',
      );
      await expect.poll(() => new URL(v.page.url()).searchParams.get('q')).toBe('blocks for a 2 year old');
      const exact = await listed(v.page);
      for (const slug of exact.slugs) expect(anyAge).toContain(slug);
      // The 0–12 months blocks are a baby's, not a 2-year-old's.
      expect(exact.slugs).not.toContain('soft-activity-blocks');
      for (const slug of exact.slugs)
        expect(includes(slug, 24) || products.find((p) => p.slug === slug)!.ageRange === null, slug).toBe(true);

      // Undo: every age, the other words kept and searched.
      await v.page.click('#search-typed-age-undo');
      await note.waitFor({ state: 'hidden' });
      expect(await v.page.inputValue('#search-q')).toBe('blocks');
      await expect.poll(async () => (await listed(v.page)).slugs.join()).toBe(anyAge.join());
      expect(new URL(v.page.url()).searchParams.get('q')).toBe('blocks');

      // Each search is a step of the history: back returns to the last one.
      await v.page.goBack();
      await note.waitFor({ state: 'visible' });
      expect(await v.page.inputValue('#search-q')).toBe('blocks for a 2 year old');
      expect(v.problems).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it('"toddler" keeps the ages that meet 12 months–3 years, and choosing an age by hand wins over the words', async () => {
    const v = await open('/search?q=toddler', phone);
    try {
      const { slugs, status } = await listed(v.page);
      expect(slugs.length).toBeGreaterThan(0);
      const stated = /then (\d+) products? that do not say their ages/.exec(status);
      const withAges = slugs.slice(0, slugs.length - Number(stated?.[1] ?? 0));
      for (const slug of withAges) expect(includes(slug, 12, 36), slug).toBe(true);
      // With the note of the typed age above them, the results still start on the first screen.
      expect((await v.page.locator('#search-results li').first().boundingBox())!.y).toBeLessThan(740);
      await v.page.fill('#search-q', 'teens books');
      await expect.poll(() => v.page.textContent('#search-typed-age-text')).toMatch(/from “teens”/);
      await v.page.selectOption('#search-age', '9-12');
      await v.page.locator('#search-typed-age').waitFor({ state: 'hidden' });
      expect(await v.page.inputValue('#search-q')).toBe('books');
      await expect.poll(() => new URL(v.page.url()).searchParams.get('age')).toBe('9-12');
      expect(v.problems).toEqual([]);
    } finally {
      await v.close();
    }
  });
});

describe('where she lives', () => {
  it('/search?where=ca shows prices only in CA$; her own choice is remembered on her device', async () => {
    const v = await open('/search?where=ca', { viewport: { width: 360, height: 740 } });
    try {
      const { slugs } = await listed(v.page);
      expect(slugs.length).toBeGreaterThan(0);
      const prices = await v.page.$$eval('#search-results .result__meta', (ps) => ps.map((p) => p.textContent!));
      for (const p of prices) expect(p).toMatch(/CA\$\d/);
      for (const p of prices) expect(p.replace(/CA\$/g, '')).not.toMatch(/[$€£]/);
      const first = (await v.page.locator('#search-results li').first().boundingBox())!;
      expect(first.y + first.height).toBeLessThanOrEqual(740);
      await v.page.selectOption('#search-where', 'uk');
      await expect.poll(() => new URL(v.page.url()).searchParams.get('where')).toBe('uk');
      // Remembered: a new tab on her device opens the search in her choice. (Leaving this page
      // instead cancelled its last requests of search results when the machine was busy.)
      const again = await v.page.context().newPage();
      await again.goto(new URL('/search', baseUrl).href);
      expect(await again.inputValue('#search-where')).toBe('uk');
      expect(v.problems).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it('a product sold in two markets shows both offers on its page, and one on its card for each market', async () => {
    const v = await open('/products/chunky-farm-puzzle');
    try {
      const buttons = await v.page.locator('.buy .button').allInnerTexts();
      expect(buttons.map((b) => b.replace(/\s+/g, ' ').trim())).toEqual([
        'See it at the shop in Canada (affiliate link)',
        'See it at the shop in the United States (affiliate link)',
      ]);
      const hrefs = await v.page.$$eval('.buy .button', (as) => as.map((a) => a.getAttribute('href')));
      expect(new Set(hrefs).size).toBe(2);
      for (const [where, money] of [
        ['ca', /CA\$12\.99/],
        ['us', /(^|[^A])\$9\.99/],
      ] as const) {
        await v.page.goto(new URL(`/search?q=chunky+farm&where=${where}`, baseUrl).href);
        await listed(v.page);
        const card = v.page.locator('#search-results li', { hasText: 'Chunky Farm' });
        expect(await card.locator('.result__meta').textContent()).toMatch(money);
      }
      expect(v.problems).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it('a result of a product with a warning shows the sign and the page’s words', async () => {
    const v = await open('/search?q=magnetic+building+tiles');
    try {
      await listed(v.page);
      const card = v.page.locator('#search-results li', { hasText: 'Magnetic' }).first();
      const line = card.locator('.card__warning');
      expect(await line.locator('svg[aria-hidden="true"]').count()).toBe(1);
      expect((await line.innerText()).replace(/\s+/g, ' ')).toBe(`Warning: ${hazard('magnets').text}`);
      expect(v.problems).toEqual([]);
    } finally {
      await v.close();
    }
  });
});

describe('a product page with a safety warning', () => {
  it('shows it before the shop link, as a box with a sign and the word "Warning"', async () => {
    const v = await open('/products/magnetic-building-tiles-60');
    try {
      const box = v.page.locator('section.safety');
      expect(await box.isVisible()).toBe(true);
      const item = box.locator('li').first();
      expect(await item.innerText()).toBe(`Warning: ${hazard('magnets').text} (${hazard('magnets').source})`);
      expect(await item.locator('svg[aria-hidden="true"]').count()).toBe(1);
      const boxTop = (await box.boundingBox())!.y;
      const buttonTop = (await v.page.locator('.buy .button').boundingBox())!.y;
      expect(boxTop).toBeLessThan(buttonTop);
      // Not colour alone: a visible border and the word, whatever the colours.
      expect(await box.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('solid');
      expect(await v.page.getByRole('region', { name: 'Safety warnings' }).count()).toBe(1);
      expect(v.problems).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it('has no axe-core violations, and neither has the search page showing a typed age', async () => {
    for (const path of ['/products/gravitrax-starter-set', '/search?q=toddler%20blocks']) {
      const v = await open(path);
      try {
        if (path.startsWith('/search')) await v.page.locator('#search-typed-age').waitFor({ state: 'visible' });
        else expect(await v.page.locator('section.safety li').count()).toBe(3);
        expect(await axeViolations(v.page), path).toEqual([]);
      } finally {
        await v.close();
      }
    }
  });
});
