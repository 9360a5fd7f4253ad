// What the build read of each product picture (dimensions, format, size), kept between builds by a
// key of the picture's content that costs no read (src/catalog/images.ts): a build whose pictures
// did not change reads none of them.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PictureCache } from '../catalog/images.ts';
import type { Picture } from '../catalog/schema.ts';

/** Where the cache lives, relative to the build cache folder (emptied with it on a cold start). */
export const PICTURE_CACHE_FILE = 'catalog/pictures.json';

export function openPictureCache(cacheDir: string): PictureCache {
  const file = path.join(cacheDir, PICTURE_CACHE_FILE);
  let old: Record<string, Picture> = {};
  try {
    old = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Picture>;
  } catch {
    // No cache yet, or one that cannot be read: every picture is read.
  }
  const kept: Record<string, Picture> = {};
  return {
    get(key) {
      const hit = old[key];
      if (hit) kept[key] = hit;
      return hit;
    },
    set(key, picture) {
      kept[key] = picture;
    },
    save() {
      mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(kept));
      renameSync(tmp, file);
    },
  };
}
