// Pictures never reach the repository with the place they were taken: every photo the editor sends
// as a blob is written again without its EXIF, XMP and IPTC data (GPS position, camera, owner),
// turned upright first (as its orientation tag said), its colour profile kept. The build's own
// stripping (src/build/product-images.ts) stays as a second line. Text (a product file) passes as
// it is; binary bytes that do not decode whole as a photo within PHOTOS.maxPixels are refused.
import { PHOTOS } from '../../config/site.ts';
import { pictureFormat } from '../../catalog/images.ts';

/** The photo formats rewritten (sharp's names, as PHOTOS lists them). */
const FORMATS = new Set(Object.keys(PHOTOS.formats));

export type Rewritten =
  /** A photo, written again; `hadMetadata`: whether the original carried EXIF, XMP or IPTC data. */
  | { kind: 'photo'; bytes: Buffer; format: string; hadMetadata: boolean }
  /** Bytes no decoder reads as a picture (a picture with junk before it, a truncated one). */
  | { kind: 'unreadable' }
  /** A picture of more pixels than PHOTOS.maxPixels (a decompression bomb, or a scan far past any screen). */
  | { kind: 'too-large'; width: number; height: number }
  /** A picture of another kind (HEIC, TIFF, GIF, SVG…), which could carry metadata the gateway does not remove. */
  | { kind: 'refused'; format: string };

/** Binary bytes as a picture may be stored: a photo without metadata, or why not. */
export async function withoutMetadata(bytes: Buffer): Promise<Rewritten> {
  const { default: sharp } = await import('sharp');
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    // Only the header is read here: the pixel limit is judged below, in words.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { kind: 'unreadable' };
  }
  const format = pictureFormat(meta);
  if (!format) return { kind: 'unreadable' };
  if (!FORMATS.has(format)) return { kind: 'refused', format };
  const [width, height] = [meta.width ?? 0, meta.height ?? 0];
  if (width * height > PHOTOS.maxPixels) return { kind: 'too-large', width, height };
  // sharp writes no metadata unless told to: only the colour profile is kept. Every pixel is
  // decoded, so a picture that only starts well is refused, not stored.
  const image = sharp(bytes, { failOn: 'error', limitInputPixels: PHOTOS.maxPixels }).autoOrient().keepIccProfile();
  const out =
    format === 'jpeg'
      ? image.jpeg({ quality: 90 })
      : format === 'png'
        ? image.png()
        : format === 'webp'
          ? image.webp({ quality: 90 })
          : image.avif({ quality: 80 });
  try {
    return { kind: 'photo', bytes: await out.toBuffer(), format, hadMetadata: !!(meta.exif || meta.xmp || meta.iptc) };
  } catch {
    return { kind: 'unreadable' };
  }
}

/** Whether bytes are text (UTF-8 without NUL): a product file or a drawing, never a photo. */
export function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
