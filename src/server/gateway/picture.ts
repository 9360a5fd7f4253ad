// Pictures never reach the repository with the place they were taken: every photo the editor sends
// as a blob is written again without its EXIF, XMP and IPTC data (GPS position, camera, owner),
// turned upright first (as its orientation tag said), its colour profile kept. The build's own
// stripping (src/build/product-images.ts) stays as a second line. SVG drawings are text and pass as they are.
import { PHOTOS } from '../../config/site.ts';
import { pictureFormat } from '../../catalog/images.ts';

/** The photo formats rewritten (sharp's names, as PHOTOS lists them). */
const FORMATS = new Set(Object.keys(PHOTOS.formats));

export type Rewritten =
  /** A photo, written again; `hadMetadata`: whether the original carried EXIF, XMP or IPTC data. */
  | { kind: 'photo'; bytes: Buffer; format: string; hadMetadata: boolean }
  /** Not a picture sharp reads as a photo (a product file, an SVG drawing): kept as it is. */
  | { kind: 'other' }
  /** A picture of another kind (HEIC, TIFF, GIF…), which could carry metadata the gateway does not remove. */
  | { kind: 'refused'; format: string };

/** The blob's bytes as they may be stored: a photo without metadata, anything else as it is, or refused. */
export async function withoutMetadata(bytes: Buffer): Promise<Rewritten> {
  const { default: sharp } = await import('sharp');
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    return { kind: 'other' };
  }
  const format = pictureFormat(meta);
  if (!format || format === 'svg') return { kind: 'other' };
  if (!FORMATS.has(format)) return { kind: 'refused', format };
  // sharp writes no metadata unless told to: only the colour profile is kept.
  const image = sharp(bytes, { failOn: 'error' }).autoOrient().keepIccProfile();
  const out =
    format === 'jpeg'
      ? image.jpeg({ quality: 90 })
      : format === 'png'
        ? image.png()
        : format === 'webp'
          ? image.webp({ quality: 90 })
          : image.avif({ quality: 80 });
  return { kind: 'photo', bytes: await out.toBuffer(), format, hadMetadata: !!(meta.exif || meta.xmp || meta.iptc) };
}
