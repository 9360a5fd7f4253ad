// How fast the curators' editor opens on a throttled phone (360 × 740, Slow 4G, 4× slower CPU), in
// real Chromium against ./editor-stand.ts (brotli and Cache-Control as Netlify serves them): the
// median of 3 runs for a first visit (empty cache, signing in) and a repeat visit (signed in,
// cache warm) of the time to the first pixel, the time until the editor is usable (the list of
// products shown and its new-product button enabled) and the bytes downloaded.
//   node scripts/bench/editor-load.ts [checkout]   (default: this one; another worktree measures "before")
//   RUNS=5 node scripts/bench/editor-load.ts      (5 runs of each instead of 3)
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.ts';
import {
  machineLoad,
  PHONE,
  PHONE_IN_WORDS,
  SERVER_NAME,
  startEditorStand,
  throttleLikePhone,
} from './editor-stand.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const checkout = process.argv[2] ?? process.cwd();

interface Visit {
  firstPixelMs: number;
  usableMs: number;
  bytes: number;
}

/** Throttles `page` like the phone and counts the bytes it receives (encoded, as on the wire). */
async function phone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await throttleLikePhone(cdp);
  const counter = { bytes: 0 };
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => (counter.bytes += e.encodedDataLength));
  return counter;
}

/** The new-product button of the list, in either checkout's words. */
const newProduct = (page: Page) =>
  page
    .locator('a, button')
    .filter({ hasText: /^(＋ Product|Add a product|New Product|＋ product)$/i })
    .first();

async function visit(context: BrowserContext, url: string, signIn: boolean): Promise<Visit> {
  const page = await context.newPage();
  const counter = await phone(page);
  const start = Date.now();
  await page.goto(`${url}/admin/`, { waitUntil: 'commit' });
  if (signIn) {
    const button = page.getByRole('button', { name: /^(sign in|login)$/i });
    await button.waitFor({ timeout: 180_000 });
    await button.tap();
  }
  const button = newProduct(page);
  await button.waitFor({ timeout: 180_000 });
  while (!(await button.isEnabled())) await page.waitForTimeout(50);
  const usableMs = Date.now() - start;
  // The first paint, as the browser records it (relative to the navigation's start).
  const firstPixelMs = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  );
  await page.waitForTimeout(1000); // late chunks
  const bytes = counter.bytes;
  await page.close();
  return { firstPixelMs, usableMs, bytes };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const stand = await startEditorStand(checkout);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
const first: Visit[] = [];
const repeat: Visit[] = [];
const loadBefore = machineLoad();
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({
      viewport: { width: PHONE.width, height: PHONE.height },
      isMobile: true,
      hasTouch: true,
    });
    first.push(await visit(context, stand.url, true));
    repeat.push(await visit(context, stand.url, false));
    await context.close();
  }
} finally {
  await browser.close();
  await stand.stop();
}
const row = (name: string, v: Visit[]) =>
  `${name.padEnd(13)} first pixel ${(median(v.map((x) => x.firstPixelMs)) / 1000).toFixed(1)} s   usable ${(median(v.map((x) => x.usableMs)) / 1000).toFixed(1)} s   ${(median(v.map((x) => x.bytes)) / 1024).toFixed(0)} KiB   (runs: ${v.map((x) => (x.usableMs / 1000).toFixed(1)).join(', ')} s usable)`;
console.log(`editor load, ${checkout}`);
console.log(`${PHONE_IN_WORDS}; median of ${RUNS}`);
console.log(`server: ${SERVER_NAME}`);
console.log(row('first visit', first));
console.log(row('repeat visit', repeat));
console.log(`machine: before ${loadBefore}; after ${machineLoad()}`);
