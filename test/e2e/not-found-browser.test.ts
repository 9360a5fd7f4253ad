// Unknown paths in real Chromium: a dead link shows the 404 as readable text, not a download, and
// the home page loads without CSP violations. (Over plain HTTP: ./not-found.test.ts.)
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';

const base = inject('baseUrl');

describe('in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('a dead link shows the 404 as readable text, not a download', async () => {
    const page = await browser.newPage();
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    const res = await page.goto(new URL('/no-such-page', base).href);
    expect(res?.status()).toBe(404);
    const text = await page.innerText('body');
    expect(text).toContain('# Page not found');
    expect(text).toContain('`/no-such-page`');
    expect(downloaded).toBe(false);
    await page.close();
  });

  it('the home page loads without Content-Security-Policy violations', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`Refused to load: CSP ${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const res = await page.goto(new URL('/', base).href, { waitUntil: 'load' });
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(violations).toEqual([]);
    await page.close();
  });
});
