// In real Chromium on the served stack: an age typed into search sets the age filter, the page
// says so with a way to undo it, and the other words are searched ("blocks for a 2 year old" finds
// the blocks for ages 0–2); and a product's safety warning shows before the shop link as a box
// with a sign and the word "Warning", not as colour alone.
import axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ageBandsFor } from '../../src/catalog/ages.ts';
import { hazard } from '../../src/catalog/hazards.ts';
import { launchBrowser } from '../support/browser.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
let products: { slug: string; name: string; ageRange: string | null }[];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ products } = (await (await fetch(new URL('/api/products.json', baseUrl))).json()) as {
    products: typeof products;
  });
});
afterAll(async () => browser?.close());

/** Opens a page, recording console errors, page errors and failed requests. */
async function open(
  path: string,
  opts: { bypassCSP?: boolean } = {},
): Promise<{ page: Page; problems: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    bypassCSP: opts.bypassCSP ?? false,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('requestfailed', (r) => problems.push(`${r.url()} ${r.failure()?.errorText}`));
  await page.goto(new URL(path, baseUrl).href, { waitUntil: 'load' });
  return { page, problems, close: () => context.close() };
}

/** The slugs the results list, once the status says how many were found. */
async function results(page: Page): Promise<string[]> {
  await expect.poll(() => page.textContent('#search-status'), { timeout: 15_000 }).toMatch(/found\.$/);
  const n = Number(/^(\d+)/.exec((await page.textContent('#search-status'))!)?.[1] ?? 0);
  await expect.poll(() => page.locator('#search-results li').count(), { timeout: 15_000 }).toBe(Math.min(n, 20));
  return (await page.$$eval('#search-results li a', (as) => as.map((a) => a.getAttribute('href')!))).map((h) =>
    h.replace('/products/', ''),
  );
}

/** axe-core's violations on the page as it is now (axe is injected: the page's context bypasses its CSP). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axe.source });
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document);
    return result.violations.map((x) => `${x.id}: ${x.help} — ${x.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

const inBand = (slug: string, band: string) =>
  ageBandsFor(products.find((p) => p.slug === slug)!.ageRange).includes(band as never);

describe('search with an age in the words', () => {
  it('"blocks for a 2 year old" sets ages 0–2, says so, and finds the blocks for those ages', async () => {
    const v = await open('/search');
    try {
      await v.page.fill('#search-q', 'blocks');
      const anyAge = await results(v.page);
      expect(anyAge.some((s) => !inBand(s, '0-2'))).toBe(true);

      await v.page.fill('#search-q', 'blocks for a 2 year old');
      await expect.poll(() => v.page.inputValue('#search-age'), { timeout: 5_000 }).toBe('0-2');
      const note = v.page.locator('#search-typed-age');
      await note.waitFor({ state: 'visible' });
      expect(await v.page.textContent('#search-typed-age-text')).toBe(
        'Age set to Babies & toddlers (0–2) from “for a 2 year old”, searching for “blocks”.',
      );
      await expect.poll(async () => (await results(v.page)).join(), { timeout: 15_000 }).not.toBe(anyAge.join());
      const found = await results(v.page);
      expect(found).toContain('soft-activity-blocks');
      for (const slug of found) expect(inBand(slug, '0-2'), slug).toBe(true);
      for (const slug of found) expect(anyAge).toContain(slug);
      const address = new URL(v.page.url()).searchParams;
      expect([address.get('q'), address.get('age')]).toEqual(['blocks for a 2 year old', '0-2']);

      // Undo: back to any age, the note gone, the words searched as typed.
      await v.page.click('#search-typed-age-undo');
      await note.waitFor({ state: 'hidden' });
      expect(await v.page.inputValue('#search-age')).toBe('');
      await expect.poll(() => new URL(v.page.url()).searchParams.get('age')).toBeNull();
      expect(v.problems).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it('a shared address keeps the age the words set, and "toddler" alone lists only ages 0–2', async () => {
    const v = await open('/search?q=toddler&age=0-2');
    try {
      const found = await results(v.page);
      expect(found.length).toBeGreaterThan(0);
      for (const slug of found) expect(inBand(slug, '0-2'), slug).toBe(true);
      expect(await v.page.locator('#search-typed-age').isVisible()).toBe(true);
      await v.page.click('#search-typed-age-undo');
      expect(await v.page.inputValue('#search-age')).toBe('');
      expect(v.problems).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it('choosing an age by hand wins over the words', async () => {
    const v = await open('/search');
    try {
      await v.page.fill('#search-q', 'teens');
      await expect.poll(() => v.page.inputValue('#search-age')).toBe('13-plus');
      await v.page.selectOption('#search-age', '9-12');
      await v.page.locator('#search-typed-age-text').waitFor({ state: 'hidden' });
      await v.page.waitForTimeout(400);
      expect(await v.page.inputValue('#search-age')).toBe('9-12');
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
      const v = await open(path, { bypassCSP: true });
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
