// Product pictures on disk. A local picture lives in the product images folder, outside public/
// (which the build copies whole, whatever a product's status): the build copies the pictures of
// published products only, so unpublishing or scheduling a product takes its picture down too.
// The validator and the build check the folder here: every local `imageUrl` names a file that
// exists, and no picture is left in public/, where it would be published regardless.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { lineOf, type Problem } from './problems.ts';
import type { CatalogEntry } from './schema.ts';
import { localImageName, PRODUCT_IMAGES_PATH } from './urls.ts';

/** The product images folder, relative to the repository root (CATALOG_IMAGES_DIR moves it). */
export const PRODUCT_IMAGES_DIR = 'content/images/products';

/** Where product pictures used to live: public/ is copied as it is, so none may be left there. */
export const PUBLIC_IMAGES_DIR = `public${PRODUCT_IMAGES_PATH.replace(/\/$/, '')}`;

export interface ImageCheck {
  /** Mistakes the build refuses. */
  problems: Problem[];
  /** Pictures no product uses: harmless (never copied), named so curators can tidy up. */
  notes: Problem[];
}

const filesIn = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isFile() && !d.name.startsWith('.'))
        .map((d) => d.name)
        .sort()
    : [];

const rel = (root: string, abs: string) => path.relative(root, abs).split(path.sep).join('/');

/**
 * Checks the pictures of every product file (published or not: a draft's picture must be there
 * before it is published). `imagesDir` is absolute; paths in messages are relative to `root`.
 * `orphans` notes the pictures no product uses: only meaningful when `entries` are the catalog
 * the folder belongs to (not a folder of test fixtures checked against the catalog's pictures).
 */
export function checkProductImages(
  entries: readonly CatalogEntry[],
  imagesDir: string,
  root: string,
  { orphans = true } = {},
): ImageCheck {
  const problems: Problem[] = [];
  const present = new Set(filesIn(imagesDir));
  const used = new Set<string>();
  const folder = rel(root, imagesDir);
  for (const e of entries) {
    const name = localImageName(e.data.imageUrl);
    if (name === null) continue;
    used.add(name);
    if (present.has(name)) continue;
    problems.push({
      file: e.sourcePath,
      line: lineOf(readFileSync(path.join(root, e.sourcePath), 'utf8'), 'imageUrl'),
      field: 'imageUrl',
      message: `points to ${e.data.imageUrl}, but ${folder}/${name} does not exist`,
      fix: `Add the picture as ${folder}/${name}, correct the file name, or write \`imageUrl: null\`.`,
    });
  }
  for (const name of filesIn(path.join(root, PUBLIC_IMAGES_DIR))) {
    problems.push({
      file: `${PUBLIC_IMAGES_DIR}/${name}`,
      line: null,
      field: '(file)',
      message:
        'is a product picture in public/, which every build publishes whatever the product’s status, so ' +
        'an unpublished product’s picture would stay online',
      fix: `Move it to the product images folder: git mv ${PUBLIC_IMAGES_DIR}/${name} ${PRODUCT_IMAGES_DIR}/${name}`,
    });
  }
  const notes = [...present]
    .filter((name) => orphans && !used.has(name))
    .map((name): Problem => ({
      file: `${folder}/${name}`,
      line: null,
      field: '(file)',
      message: 'is used by no product file (it is never published)',
      fix: `Delete it, or point a product’s imageUrl at ${PRODUCT_IMAGES_PATH}${name}.`,
    }));
  return { problems, notes };
}

/** The absolute product images folder: `dir` (CATALOG_IMAGES_DIR) when given, else PRODUCT_IMAGES_DIR under `root`. */
export const productImagesDir = (root: string, dir?: string) => path.resolve(root, dir || PRODUCT_IMAGES_DIR);

const MEDIA_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** The media type of a picture by its file name's extension. */
export const imageMediaType = (name: string) =>
  MEDIA_TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
