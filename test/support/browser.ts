// Launches Chromium (CHROME_PATH, else Debian's) through playwright-core for the browser checks.
// Fails loudly (never skips) when it is missing, and keeps Chromium off the network beyond loopback.
// Runs axe-core on a page as served, and finds Decap's notices.
import { existsSync } from 'node:fs';
import axe from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.ts';

export { CHROMIUM_PATH };

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is required for the browser checks but ${CHROMIUM_PATH} does not exist. ` +
        'Run `npm run preflight` to find or install one (npm test runs it first), or set CHROME_PATH.',
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS],
  });
}

/**
 * axe-core's violations on `page` as it is now. axe goes in over the DevTools protocol, which the
 * page's CSP does not govern (a script tag would need the CSP bypassed), so the page is checked
 * exactly as it is served.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document);
    return result.violations.map(
      (x) => `${x.id} (${x.impact}): ${x.help} — ${x.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  });
}

/** Decap's notice (a toast) saying `text`. */
export const decapNotice = (page: Page, text: string) => page.locator('.Toastify__toast', { hasText: text }).first();

/**
 * True once Decap shows the notice saying `text`, false if it does not within `timeout`. Decap takes
 * a notice away after a few seconds: started before the action that brings it, this cannot miss it.
 */
export const noticeShown = (page: Page, text: string, timeout = 120_000): Promise<boolean> =>
  decapNotice(page, text)
    .waitFor({ timeout })
    .then(
      () => true,
      () => false,
    );
