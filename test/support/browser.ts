// Launches Chromium (CHROME_PATH, else Debian's) through playwright-core for the browser checks.
// Fails loudly (never skips) when it is missing, and keeps Chromium off the network beyond loopback.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
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
