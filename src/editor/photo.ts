// A photo as the browser sends it: turned upright, at most PHOTO_LONG_SIDE pixels on its long side,
// and re-encoded on a canvas, which keeps the pixels only (no EXIF, XMP or IPTC: no place or camera).
// The gateway checks and strips again; this keeps a phone's 4 MB photo from crossing Slow 4G whole.
import { PHOTOS } from '../config/site.ts';
import { MESSAGES } from '../outputs/editor-words.ts';

/** The long side the editor shrinks a photo to (the site's largest rendition is smaller). */
export const PHOTO_LONG_SIDE = 2400;

/** What a picked file becomes: the file to send (named `<name>.<ext>`) and its size, or why not. */
export type PreparedPhoto =
  { ok: true; file: File; width: number; height: number; bytes: number } | { ok: false; problem: string };

const HEIC = /\.(heic|heif)$/i;

/** The type the photo is written in: JPEG stays JPEG; anything that may hold transparency becomes WebP. */
const outputType = (type: string) => (type === 'image/jpeg' ? 'image/jpeg' : 'image/webp');
export const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export async function preparePhoto(file: File, name: string): Promise<PreparedPhoto> {
  if (file.type === 'image/heic' || file.type === 'image/heif' || HEIC.test(file.name))
    return { ok: false, problem: MESSAGES.photoHeic };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { ok: false, problem: MESSAGES.photoUnreadable };
  }
  const { width, height } = bitmap;
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (short < PHOTOS.minShortSide) {
    bitmap.close();
    return { ok: false, problem: MESSAGES.photoTooSmall(short) };
  }
  // Shrink to the long side, but never below the smallest short side the site takes.
  const scale = Math.min(1, Math.max(PHOTO_LONG_SIDE / long, PHOTOS.minShortSide / short));
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d');
  if (!ctx) return { ok: false, problem: MESSAGES.photoUnreadable };
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, 0, 0, w, h);
  bitmap.close();
  const type = outputType(file.type);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.85));
  if (!blob) return { ok: false, problem: MESSAGES.photoUnreadable };
  const out = new File([blob], `${name}.${EXTENSIONS[type]}`, { type });
  return { ok: true, file: out, width: w, height: h, bytes: out.size };
}
