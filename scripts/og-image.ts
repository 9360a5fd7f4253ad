// `node scripts/og-image.ts`: redraws public/og-image.png, the site's 1200×630 link-preview image
// (the wordmark's blocks, the name and the tagline). Run it after changing the name or tagline;
// the PNG is committed so the build needs no fonts.
import path from 'node:path';
import sharp from 'sharp';
import { SITE_NAME, SITE_TAGLINE } from '../src/config/site.ts';
import { SITE_IMAGE } from '../src/catalog/urls.ts';
import { ROOT } from './lib/stack.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const { width, height } = SITE_IMAGE;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="100%" height="100%" fill="#fbf7f1"/>
  <rect x="0" y="${height - 24}" width="${width}" height="24" fill="#2f6b5a"/>
  <g transform="translate(90 150) scale(9)">
    <rect x="3" y="17" width="12" height="12" rx="2.5" fill="#c8553d"/>
    <rect x="17" y="17" width="12" height="12" rx="2.5" fill="#e9a23b"/>
    <rect x="10" y="3" width="12" height="12" rx="2.5" fill="#2f6b5a"/>
  </g>
  <text x="440" y="300" font-family="DejaVu Serif, Georgia, serif" font-weight="700" font-size="72" fill="#27221e">${esc(SITE_NAME.replace(/ Catalog$/, ''))}</text>
  <text x="440" y="385" font-family="DejaVu Serif, Georgia, serif" font-weight="700" font-size="72" fill="#27221e">Catalog</text>
  <text x="90" y="520" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#5a5049">${esc(SITE_TAGLINE)}</text>
</svg>`;
const out = path.join(ROOT, 'public', SITE_IMAGE.url);
await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(out);
console.log(`wrote ${path.relative(ROOT, out)}`);
