// `node scripts/demo-photos.ts`: renders the demo catalog's photos, made for this repository from
// its own SVG drawings: each drawing on a warm tabletop with a soft shadow, 1600×1200, in the four
// photo formats the catalog accepts (so every test and the local stack serve real photos of each).
// The files are committed; run this again only to change them. They are the project's own work,
// under the catalog's licence (docs/reference.md, "Decisions the spec left open").
import { rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { PRODUCT_IMAGES_DIR } from '../src/catalog/images.ts';
import { ROOT } from './lib/stack.ts';

const WIDTH = 1600;
const HEIGHT = 1200;

/** Which drawings become photos, and in which format each is saved. */
const PHOTOS = [
  ['delta-kite', 'jpg'],
  ['wooden-rainbow-stacker', 'jpg'],
  ['snap-circuits-jr', 'jpg'],
  ['story-time-chess', 'webp'],
  ['magnetic-building-tiles-60', 'webp'],
  ['strider-balance-bike', 'png'],
  ['thing-explainer', 'png'],
  ['crystal-growing-kit', 'avif'],
] as const;

/** The tabletop: a warm wood-coloured gradient with a pale spot of light. */
const TABLE = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs>
    <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f3e7d3"/><stop offset="1" stop-color="#d9bf98"/>
    </linearGradient>
    <radialGradient id="light" cx="0.35" cy="0.3" r="0.7">
      <stop offset="0" stop-color="#fffaf0" stop-opacity="0.75"/><stop offset="1" stop-color="#fffaf0" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#5a4630" stop-opacity="0.35"/><stop offset="1" stop-color="#5a4630" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#wood)"/>
  <rect width="100%" height="100%" fill="url(#light)"/>
  <ellipse cx="${WIDTH / 2}" cy="${HEIGHT * 0.86}" rx="${WIDTH * 0.34}" ry="${HEIGHT * 0.07}" fill="url(#shadow)"/>
</svg>`;

const dir = path.join(ROOT, PRODUCT_IMAGES_DIR);
for (const [slug, ext] of PHOTOS) {
  const drawing = await sharp(path.join(dir, `${slug}.svg`), { density: 288 })
    .resize({ width: Math.round(WIDTH * 0.7), height: Math.round(HEIGHT * 0.7), fit: 'inside' })
    .png()
    .toBuffer();
  const photo = sharp(Buffer.from(TABLE)).composite([{ input: drawing, gravity: 'center' }]);
  const out = path.join(dir, `${slug}.${ext}`);
  const encoded =
    ext === 'jpg'
      ? photo.jpeg({ quality: 84, mozjpeg: true })
      : ext === 'webp'
        ? photo.webp({ quality: 84 })
        : ext === 'png'
          ? photo.png({ compressionLevel: 9, palette: false })
          : photo.avif({ quality: 60 });
  const info = await encoded.toFile(out);
  // The drawing is now the photo's source only: the product shows the photo.
  rmSync(path.join(dir, `${slug}.svg`));
  console.log(`${path.relative(ROOT, out)}: ${info.width}×${info.height}, ${(info.size / 1024).toFixed(0)} KB`);
}
