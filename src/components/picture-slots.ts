// Where product pictures sit in the layout (src/styles/site.css), as the browser needs to know it
// to pick a size before the stylesheet arrives: each slot's `sizes` and the widths the Image CDN is
// asked for. A card's picture is 7.5rem wide on phones (the card turns into a row), a full column
// on narrow screens, then a grid column of 15rem or more; the product page's picture is the whole
// column on phones and about half the page beside the text from 52rem. Widths cover those slots at
// one to three device pixels per CSS pixel.
import type { CatalogEntry } from '../catalog/schema.ts';
import { imageCdnUrl, isPhoto } from '../catalog/urls.ts';

export const SLOTS = {
  card: {
    sizes:
      '(max-width: 30rem) 7.5rem, (max-width: 33rem) calc(100vw - 2rem), (max-width: 48rem) calc(50vw - 1.5rem), (max-width: 64rem) calc(33vw - 1.5rem), 17rem',
    widths: [120, 240, 360, 480, 720, 960],
    /** The box the picture is drawn in when its own size is not known (a remote photo). */
    box: [480, 360],
  },
  hero: {
    sizes:
      '(min-width: 72rem) 35rem, (min-width: 52rem) calc(52vw - 3.5rem), (min-width: 40rem) calc(100vw - 3rem), calc(100vw - 2rem)',
    widths: [360, 480, 640, 800, 1080, 1280, 1600],
    box: [800, 600],
  },
} as const;

export type Slot = keyof typeof SLOTS;

/** Cards in the first screen (a row of the widest grid): their pictures load at once, the rest lazily. */
export const EAGER_CARDS = 4;

export interface PictureSources {
  /** AVIF first (the smallest), WebP for the browsers without it. */
  avif: string;
  webp: string;
  /** The WebP of a middle width: the `src` of browsers that read no srcset. */
  fallback: string;
  sizes: string;
  width: number;
  height: number;
}

/** A photo's Image CDN sources for a slot, never wider than the photo itself; null for an SVG drawing. */
export function pictureSources(entry: CatalogEntry, slot: Slot): PictureSources | null {
  const src = entry.data.imageUrl;
  if (src === null || !isPhoto(src)) return null;
  const { sizes, widths, box } = SLOTS[slot];
  const [width, height] = entry.picture ? [entry.picture.width, entry.picture.height] : box;
  const fitting = widths.filter((w) => !entry.picture || w <= entry.picture.width);
  const usable = fitting.length ? fitting : [Math.min(widths[0]!, width)];
  const set = (fm: 'avif' | 'webp') => usable.map((w) => `${imageCdnUrl(src, { w, fm })} ${w}w`).join(', ');
  const middle = usable[Math.min(2, usable.length - 1)]!;
  return {
    avif: set('avif'),
    webp: set('webp'),
    fallback: imageCdnUrl(src, { w: middle, fm: 'webp' }),
    sizes,
    width,
    height,
  };
}
