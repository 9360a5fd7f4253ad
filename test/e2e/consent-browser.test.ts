// The consent page in real Chromium, under its own strict CSP: it loads with no console error or
// failed request (its stylesheet included), axe-core finds no violations, Allow leads through the
// provider's sign-in back to the client with a code, and Deny returns access_denied.
import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT, freePort } from '../../scripts/lib/stack.ts';
import { axeViolations, launchBrowser } from '../support/browser.ts';
import { fetchFrom, randomLoopback } from '../support/from-ip.ts';
import { E2E_ACCOUNTS } from '../support/oidc.ts';

const base = inject('baseUrl');
let REDIRECT = '';
let browser: Browser;
let app: Server;

beforeAll(async () => {
  browser = await launchBrowser();
  // The MCP client's redirect URI: a real loopback listener, as a desktop client runs one.
  const port = await freePort();
  app = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('client got it'));
  await new Promise<void>((resolve) => app.listen(port, '127.0.0.1', resolve));
  REDIRECT = `http://127.0.0.1:${port}/oauth/callback`;
});
afterAll(async () => {
  await browser?.close();
  app?.close();
});

async function consentUrl(): Promise<string> {
  const res = await fetchFrom(randomLoopback())(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [REDIRECT], client_name: 'MCP Inspector' }),
  });
  const { client_id } = (await res.json()) as { client_id: string };
  return `${base}/api/auth/authorize?${new URLSearchParams({
    client_id,
    redirect_uri: REDIRECT,
    response_type: 'code',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'browser-state',
  })}`;
}

/** A fresh browser that records every error while pages load. */
async function open() {
  const context: BrowserContext = await browser.newContext();
  const problems: string[] = [];
  const page: Page = await context.newPage();
  // A failed load is recorded with its URL below; the console repeats it without one.
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    const url = new URL(r.url());
    // The development provider's pages have no favicon; only the catalog's own answers count.
    const foreignIcon = url.pathname === '/favicon.ico' && url.origin !== new URL(base).origin;
    if (r.status() >= 400 && !foreignIcon) problems.push(`HTTP ${r.status()} for ${r.url()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
  return { context, page, problems };
}

/** Waits for a navigation; on failure says where the browser is and what the page shows. */
async function arrive(page: Page, where: (u: URL) => boolean) {
  try {
    await page.waitForURL(where, { timeout: 20_000 });
  } catch {
    const text = (await page.textContent('body').catch(() => ''))?.replace(/\s+/g, ' ').slice(0, 400);
    throw new Error(`the browser stayed at ${page.url()}: ${text}`);
  }
}

describe('the consent page in Chromium', () => {
  it('loads cleanly under its CSP, names the app, and has no axe-core violations', async () => {
    const url = await consentUrl();
    const strict = await open();
    try {
      const res = await strict.page.goto(url);
      expect(res?.status()).toBe(200);
      expect(await strict.page.locator('h1').textContent()).toContain('MCP Inspector');
      expect(await strict.page.locator('.auth-facts').textContent()).toContain('an app on this computer');
      // The stylesheet applied (the CSP allows it): the Allow button has the brand colour.
      const bg = await strict.page
        .locator('button[value="allow"]')
        .evaluate((b) => getComputedStyle(b).backgroundColor);
      expect(bg).toBe('rgb(47, 107, 90)');
      await mkdir(path.join(ROOT, 'screenshots'), { recursive: true });
      await strict.page.screenshot({ path: path.join(ROOT, 'screenshots', 'consent.png'), fullPage: true });
      expect(strict.problems).toEqual([]);
      expect(await axeViolations(strict.page)).toEqual([]);
    } finally {
      await strict.context.close();
    }
  });

  it('Allow leads to the provider’s sign-in and back to the client with a code and the state', async () => {
    const { context, page, problems } = await open();
    try {
      await page.goto(await consentUrl());
      await page.click('button[value="allow"]');
      await arrive(page, (u) => u.origin === inject('stackEnv').OIDC_ISSUER);
      await page.fill('input[name="email"]', E2E_ACCOUNTS.admin.email);
      await page.fill('input[name="password"]', E2E_ACCOUNTS.admin.password);
      await page.click('button[type="submit"]');
      await arrive(page, (u) => u.href.startsWith(REDIRECT));
      const back = new URL(page.url());
      expect(back.searchParams.get('code')).toBeTruthy();
      expect(back.searchParams.get('state')).toBe('browser-state');
      expect(back.searchParams.get('iss')).toBe(base);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('Deny returns access_denied to the client', async () => {
    const { context, page } = await open();
    try {
      await page.goto(await consentUrl());
      await page.click('button[value="deny"]');
      await arrive(page, (u) => u.href.startsWith(REDIRECT));
      expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
    } finally {
      await context.close();
    }
  });
});
