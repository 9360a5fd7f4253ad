// Photos as makers supply them, for the benchmark: large JPEG and WebP files (3000 px wide, 1–5 MB)
// beside the demo pictures; an emulation of Netlify's Image CDN for the static server (resize and
// convert with sharp, as /.netlify/images does at the edge); and what a phone downloads of them on a
// list page, in real Chromium.
import { copyFileSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.ts';
import { scrollThroughPictures } from '../lib/scroll-pictures.ts';
import { imageMediaType } from '../../src/catalog/images.ts';
import { IMAGE_CDN_PATH } from '../../src/catalog/urls.ts';

/**
 * A stand-in for a maker's product shot: coloured detail at every scale (random blotches drawn
 * large, then fine grain), so it compresses like a real photo at full size and keeps detail when
 * the Image CDN shrinks it. A smooth gradient would shrink to almost nothing and flatter the numbers.
 */
async function makerPhoto(file: string, width: number, height: number, seed: number, format: 'jpeg' | 'webp') {
  let state = seed * 7919 + 1;
  const random = () => ((state = (state * 1103515245 + 12345) & 0x7fffffff) >> 16) & 255;
  const [cw, ch] = [Math.round(width / 8), Math.round(height / 8)];
  const coarse = Buffer.alloc(cw * ch * 3);
  for (let i = 0; i < coarse.length; i++) coarse[i] = random();
  const pixels = await sharp(coarse, { raw: { width: cw, height: ch, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.min(255, pixels[i]! + (random() % 16));
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  await (format === 'jpeg' ? image.jpeg({ quality: 90 }) : image.webp({ quality: 88 })).toFile(file);
}

/**
 * Fills `dir` with the repository's pictures and `count` makers' photos; returns their site paths.
 * Most photos are 3000×2250 JPEGs; every fourth is a 2400×1800 WebP.
 */
export async function writeBenchPictures(dir: string, repoImages: string, count: number): Promise<string[]> {
  for (const name of readdirSync(repoImages)) copyFileSync(path.join(repoImages, name), path.join(dir, name));
  for (let i = 0; i < count; i++) {
    const webp = i % 4 === 3;
    const name = `maker-photo-${String(i + 1).padStart(2, '0')}.${webp ? 'webp' : 'jpg'}`;
    await makerPhoto(path.join(dir, name), webp ? 2400 : 3000, webp ? 1800 : 2250, i * 37, webp ? 'webp' : 'jpeg');
  }
  return readdirSync(dir)
    .sort()
    .map((f) => `/images/products/${f}`);
}

/**
 * Answers `/.netlify/images?url=/images/…&w=&h=&fit=&fm=` from the built site, as Netlify's Image
 * CDN does (sharp's default quality per format; Netlify's encoder settings may differ a little).
 * Results are kept in memory, as the CDN caches them.
 */
export function imageCdn(dist: string) {
  const done = new Map<string, Promise<{ type: string; body: Buffer } | null>>();
  return (url: URL) => {
    if (url.pathname !== IMAGE_CDN_PATH) return null;
    let answer = done.get(url.search);
    if (!answer) {
      answer = (async () => {
        const src = url.searchParams.get('url') ?? '';
        if (!src.startsWith('/images/')) return null;
        const file = path.join(dist, path.posix.normalize(src));
        if (!file.startsWith(dist)) return null;
        const fm = (url.searchParams.get('fm') ?? 'webp') as 'avif' | 'webp' | 'jpg' | 'png';
        const w = Number(url.searchParams.get('w')) || undefined;
        const h = Number(url.searchParams.get('h')) || undefined;
        const fit = url.searchParams.get('fit') === 'cover' ? 'cover' : 'inside';
        const body = await sharp(await readFile(file))
          .resize({ width: w, height: h, fit, withoutEnlargement: true })
          .toFormat(fm === 'jpg' ? 'jpeg' : fm)
          .toBuffer();
        return { type: imageMediaType(`picture.${fm}`), body };
      })().catch(() => null);
      done.set(url.search, answer);
    }
    return answer;
  };
}

export interface PhotoTransfer {
  path: string;
  viewport: string;
  /** Image bytes received before any scrolling (the first screen, eager pictures). */
  firstScreenBytes: number;
  /** Image bytes received after scrolling to the bottom (every lazy picture loaded). */
  allBytes: number;
  images: number;
  /** Pictures on the page (every one should have been received: `images`). */
  pictures?: number;
  /** Responses by media type. */
  types: Record<string, number>;
  error?: string;
}

/** What a 360px phone (two device pixels per CSS pixel) downloads of a page's pictures. */
export async function photoTransfer(base: string, pagePath: string): Promise<PhotoTransfer> {
  const viewport = { width: 360, height: 740 };
  const result: PhotoTransfer = {
    path: pagePath,
    viewport: '360×740 CSS px at 2×',
    firstScreenBytes: 0,
    allBytes: 0,
    images: 0,
    types: {},
  };
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
  try {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 2 });
    const page = await context.newPage();
    let bytes = 0;
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'image') return;
      const body = await res.body().catch(() => Buffer.alloc(0));
      bytes += body.length;
      result.images++;
      const type = res.headers()['content-type'] ?? 'unknown';
      result.types[type] = (result.types[type] ?? 0) + 1;
    });
    await page.goto(new URL(pagePath, base).href, { waitUntil: 'networkidle' });
    result.firstScreenBytes = bytes;
    await scrollThroughPictures(page);
    await page.waitForLoadState('networkidle');
    result.allBytes = bytes;
    result.pictures = await page.evaluate(() => document.images.length);
  } catch (err) {
    result.error = err instanceof Error ? err.message : String(err);
  } finally {
    await browser.close();
  }
  return result;
}
