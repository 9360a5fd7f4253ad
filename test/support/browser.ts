// Launches Debian's Chromium through playwright-core for the browser checks. Fails loudly (never
// skips) when /usr/bin/chromium is missing, and keeps Chromium off the network beyond loopback.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is required for the browser checks but ${CHROMIUM_PATH} does not exist. ` +
        'Install it with `apt-get install -y chromium` (bash .ci/run does this on a fresh machine).',
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}
