// How long a curator waits when she saves a product with a phone's photo (3000 × 2000, about 4 MB,
// with its camera's EXIF and GPS) on a throttled phone (360 × 740, Slow 4G, 4× slower CPU), in
// real Chromium against ./editor-stand.ts: from picking the photo and tapping Save until
// the form has nothing left to save (the stand keeps saves in memory: no upload), the median of 3 runs.
//   node scripts/bench/editor-photo-save.ts [checkout]   (default: this one; another worktree measures "before")
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.ts';
import {
  fileSize,
  machineLoad,
  PHONE,
  PHONE_IN_WORDS,
  SERVER_NAME,
  startEditorStand,
  throttleLikePhone,
} from './editor-stand.ts';

const RUNS = 3;
const checkout = process.argv[2] ?? process.cwd();
const SLUGS = ['azul-tile-game', 'codenames', 'djeco-animal-memory'];

/** A phone's photo: noisy enough to weigh what a camera's JPEG weighs (about 4 MB at 3000 × 2000). */
async function phonePhoto(file: string) {
  const [w, h] = [3000, 2000];
  const pixels = Buffer.alloc(w * h * 3);
  let s = 12345;
  for (let i = 0; i < pixels.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = ((i / 3) % w) / 12 + ((s >> 16) & 63);
  }
  await sharp(pixels, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 92 })
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100' } })
    .toFile(file);
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'editor-photo-'));
const photo = path.join(scratch, 'IMG_4032.jpg');
await phonePhoto(photo);
const photoBytes = fileSize(photo);
const stand = await startEditorStand(checkout);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
const times: number[] = [];
const loadBefore = machineLoad();
try {
  for (const slug of SLUGS.slice(0, RUNS)) {
    const context = await browser.newContext({
      viewport: { width: PHONE.width, height: PHONE.height },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`${stand.url}/admin/`);
    await page.getByRole('button', { name: /^(sign in|login)$/i }).tap();
    await page.goto(`${stand.url}/admin/#/collections/products/entries/${slug}`);
    const file = page.locator('input[type="file"]');
    await file.waitFor({ state: 'attached', timeout: 120_000 });
    // The phone from here on (the form was opened unthrottled: this measures the save).
    const cdp = await context.newCDPSession(page);
    await throttleLikePhone(cdp);
    const start = Date.now();
    await file.setInputFiles(photo);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    while (!(await save.isEnabled())) await page.waitForTimeout(50);
    await save.tap();
    // The stand's backend keeps the save in memory (scripts/bench/editor-stand.ts): done when Decap
    // has nothing left to save. The upload to the gateway is not part of this figure.
    await page.waitForTimeout(200);
    while (await save.isEnabled()) {
      if (Date.now() - start > 300_000) throw new Error(`${slug}: no save after 300 s`);
      await page.waitForTimeout(100);
    }
    times.push(Date.now() - start);
    await context.close();
  }
} finally {
  await browser.close();
  await stand.stop();
  rmSync(scratch, { recursive: true, force: true });
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`editor photo save, ${checkout}`);
console.log(`${PHONE_IN_WORDS}; median of ${RUNS}`);
console.log(`server: ${SERVER_NAME}`);
console.log(`photo picked: 3000×2000 JPEG, ${(photoBytes / 1e6).toFixed(1)} MB`);
console.log(
  `pick to saved (in the browser: shrinking, encoding, the form; no upload): ${(median(times) / 1000).toFixed(1)} s (runs: ${times.map((t) => (t / 1000).toFixed(1)).join(', ')} s)`,
);
console.log(`machine: before ${loadBefore}; after ${machineLoad()}`);
