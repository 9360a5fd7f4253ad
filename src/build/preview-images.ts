// Link previews reject SVG: this renders each local SVG image of a published product once into a
// PREVIEW_SIZE PNG (the picture centred on the site's background), at the path drawnPreviewOf()
// gives it (the product page's og:image). Photos get none here: their previews are the Image CDN's
// crops. A preview whose picture did not change since the last build is kept.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { CatalogView } from '../catalog/catalog.ts';
import { drawnPreviewOf, localImageName, PREVIEW_SIZE } from '../catalog/urls.ts';
import { distFileOf } from '../outputs/pages.ts';
import { writeAnew } from './staging.ts';

/** The site's background colour (--c-bg in site.css): a preview looks like the page it comes from. */
const BACKGROUND = '#fbf7f1';

export interface PreviewStats {
  images: number;
  /** How many were drawn this time (the others were kept). */
  rendered: number;
  ms: number;
  /** Each preview's file under outDir → digest of the picture it was drawn from. */
  ledger: Record<string, string>;
}

/** Renders the previews of every published product's local SVG image; each distinct image once. */
export async function writePreviewImages(
  outDir: string,
  view: CatalogView,
  imagesDir: string,
  previous: Record<string, string> = {},
): Promise<PreviewStats> {
  const started = performance.now();
  const jobs = new Map<string, string>();
  for (const e of view.products) {
    const preview = drawnPreviewOf(e.data.imageUrl);
    if (preview && !jobs.has(preview)) jobs.set(preview, path.join(imagesDir, localImageName(e.data.imageUrl)!));
  }
  const ledger: Record<string, string> = {};
  let rendered = 0;
  const render = async ([url, source]: [string, string]) => {
    if (!existsSync(source)) throw new Error(`${source}: image of a published product is missing`);
    const file = distFileOf(url);
    const target = path.join(outDir, file);
    const digest = createHash('sha1').update(readFileSync(source)).digest('base64url');
    ledger[file] = digest;
    if (previous[file] === digest && existsSync(target)) return;
    rendered++;
    mkdirSync(path.dirname(target), { recursive: true });
    writeAnew(target);
    // Drawn at the size it is shown (an SVG at the default 72 dpi is its own width), centred.
    const { width = PREVIEW_SIZE.width, height = PREVIEW_SIZE.height } = await sharp(source).metadata();
    const density = Math.min(2400, 72 * Math.min(PREVIEW_SIZE.width / width, PREVIEW_SIZE.height / height));
    await sharp(source, { density })
      .resize({ ...PREVIEW_SIZE, fit: 'contain', background: BACKGROUND })
      .flatten({ background: BACKGROUND })
      // Fast zlib level: these are flat drawings, and the build pays for every image.
      .png({ compressionLevel: 2 })
      .toFile(target);
  };
  // libvips renders on its own threads: a few images at a time keep both cores busy.
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await render(job);
    }),
  );
  return { images: jobs.size, rendered, ms: performance.now() - started, ledger };
}
