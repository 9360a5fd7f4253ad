// Copies the local pictures of published products from the product images folder into the
// output (src/catalog/images.ts says why they are not in public/). A photo that carries metadata
// (EXIF, XMP or IPTC: a phone's photo holds where and when it was taken, GPS coordinates
// included) is written again without it, turned upright as its orientation said and with its
// colour profile kept, so no published picture reveals where it was taken; any other picture is
// copied as it is. A picture whose source did not change since the last build, and whose copy is
// still there, is not copied again.
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { CatalogView } from '../catalog/catalog.ts';
import { pictureFormat } from '../catalog/images.ts';
import { localImageName, PRODUCT_IMAGES_PATH } from '../catalog/urls.ts';
import { PHOTOS } from '../config/site.ts';
import { writeAnew } from './staging.ts';

export interface ImageCopyStats {
  images: number;
  copied: number;
  /** Photos written again without their metadata. */
  stripped: number;
  /** Each copy under outDir → `size:mtime` of the source it was copied from, `>` the copy's size. */
  ledger: Record<string, string>;
}

/** Writes `source` to `target` without metadata when it is a photo that has some; true if it did. */
export async function copyWithoutMetadata(source: string, target: string): Promise<boolean> {
  const meta = await sharp(source).metadata();
  const format = pictureFormat(meta) as keyof typeof PHOTOS.formats | undefined;
  const photo = format !== undefined && format in PHOTOS.formats;
  if (!photo || !(meta.exif || meta.xmp || meta.iptc || (meta.orientation ?? 1) !== 1)) {
    copyFileSync(source, target);
    return false;
  }
  // sharp writes no metadata unless asked: the output keeps only the colour profile.
  const image = sharp(source).rotate().keepIccProfile();
  const encoded =
    format === 'jpeg'
      ? image.jpeg({ quality: 92, mozjpeg: true })
      : format === 'png'
        ? image.png()
        : format === 'webp'
          ? image.webp({ quality: 92 })
          : image.avif({ quality: 80 });
  await encoded.toFile(target);
  return true;
}

export async function copyProductImages(
  outDir: string,
  view: CatalogView,
  imagesDir: string,
  previous: Record<string, string> = {},
): Promise<ImageCopyStats> {
  const ledger: Record<string, string> = {};
  let copied = 0;
  let stripped = 0;
  for (const e of view.products) {
    const name = localImageName(e.data.imageUrl);
    if (name === null) continue;
    const file = `${PRODUCT_IMAGES_PATH}${name}`.slice(1);
    if (file in ledger) continue;
    const source = path.join(imagesDir, name);
    let stat;
    try {
      stat = statSync(source);
    } catch {
      throw new Error(
        `${e.sourcePath}: imageUrl points to ${e.data.imageUrl}, but ${source} does not exist. ` +
          'Add the picture there, or correct imageUrl (npm run validate lists every such problem).',
      );
    }
    const stamp = `${stat.size}:${stat.mtimeMs}`;
    const target = path.join(outDir, file);
    const kept = previous[file];
    if (kept?.startsWith(`${stamp}>`) && existsSync(target) && kept === `${stamp}>${statSync(target).size}`) {
      ledger[file] = kept;
      continue;
    }
    mkdirSync(path.dirname(target), { recursive: true });
    writeAnew(target);
    if (await copyWithoutMetadata(source, target)) stripped++;
    ledger[file] = `${stamp}>${statSync(target).size}`;
    copied++;
  }
  return { images: Object.keys(ledger).length, copied, stripped, ledger };
}
