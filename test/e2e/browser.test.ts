// Browser checks against the served stack in real Chromium: every page type loads cleanly (no
// console errors, page errors or failed requests), its internal links resolve, axe-core finds no
// violations, there is no client JavaScript, product JSON-LD parses, and 360px has no sideways scroll.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CATEGORY_SLUGS } from '../../src/config/site.ts';
import { AGE_BANDS } from '../../src/catalog/ages.ts';
import { agePath, categoryPath, twinPath } from '../../src/catalog/urls.ts';
import { ROOT } from '../../scripts/lib/stack.ts';
import { launchBrowser } from '../support/browser.ts';

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
async function visit(pagePath: string, opts: { width?: number; bypassCSP?: boolean } = {}): Promise<Visit> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: 900 },
    bypassCSP: opts.bypassCSP ?? false,
  });
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

const pages = [
  { name: 'home', path: () => '/' },
  { name: 'product', path: () => productPath },
  { name: 'category', path: () => categoryPath(CATEGORY_SLUGS[0]) },
  { name: 'age band', path: () => agePath(AGE_BANDS[1].slug) },
  { name: 'staff picks', path: () => '/staff-picks' },
  { name: 'about', path: () => '/about' },
];

describe.each(pages)('the $name page', ({ path: pathOf }) => {
  it('loads with status 200, no console errors, page errors or failed requests, and no client JavaScript', async () => {
    const v = await visit(pathOf());
    try {
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
      expect(markup).toMatchObject({ scripts: 0, inlineStyles: 0, handlers: 0, skipLink: '#main' });
    } finally {
      await v.close();
    }
  });

  it('has internal links that all resolve with 200', async () => {
    const v = await visit(pathOf());
    try {
      const hrefs = await v.page.$$eval('a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href));
      const internal = [
        ...new Set(
          hrefs.filter((h) => new URL(h).origin === new URL(baseUrl).origin).map((h) => h.replace(/#.*$/, '')),
        ),
      ];
      expect(internal.length).toBeGreaterThan(5);
      const statuses = await Promise.all(internal.map(async (url) => ({ url, status: await statusOf(url) })));
      expect(statuses.filter((s) => s.status !== 200)).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it('has no axe-core violations', async () => {
    // axe is injected as a script, which the site's CSP rightly forbids: this context bypasses CSP.
    const v = await visit(pathOf(), { bypassCSP: true });
    try {
      await v.page.addScriptTag({ content: axe.source });
      const violations = await v.page.evaluate(async () => {
        const result = await (window as unknown as { axe: typeof axe }).axe.run(document);
        return result.violations.map(
          (x) => `${x.id} (${x.impact}): ${x.help} — ${x.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
      });
      expect(violations).toEqual([]);
    } finally {
      await v.close();
    }
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

describe('screenshots and small screens', () => {
  it.each([
    { name: 'home', path: () => '/' },
    { name: 'product', path: () => productPath },
  ])(
    'writes a full-page screenshot of the $name page and has no horizontal scroll at 360px',
    async ({ name, path: pathOf }) => {
      const wide = await visit(pathOf());
      try {
        await wide.page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
      } finally {
        await wide.close();
      }
      const narrow = await visit(pathOf(), { width: 360 });
      try {
        await narrow.page.screenshot({ path: path.join(SCREENSHOTS, `${name}-360.png`), fullPage: true });
        const { scrollWidth, innerWidth } = await narrow.page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      } finally {
        await narrow.close();
      }
    },
  );
});
