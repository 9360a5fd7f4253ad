// Copies the local pictures of published products from the product images folder into the
// output (src/catalog/images.ts says why they are not in public/). A picture whose source did not
// change since the last build, and whose copy is still there at its size, is not copied again.
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CatalogView } from '../catalog/catalog.ts';
import { localImageName, PRODUCT_IMAGES_PATH } from '../catalog/urls.ts';
import { writeAnew } from './staging.ts';

export interface ImageCopyStats {
  images: number;
  copied: number;
  /** Each copy under outDir → `size:mtime` of the source it was copied from. */
  ledger: Record<string, string>;
}

export function copyProductImages(
  outDir: string,
  view: CatalogView,
  imagesDir: string,
  previous: Record<string, string> = {},
): ImageCopyStats {
  const ledger: Record<string, string> = {};
  let copied = 0;
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
    ledger[file] = stamp;
    const target = path.join(outDir, file);
    if (previous[file] === stamp && existsSync(target) && statSync(target).size === stat.size) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    writeAnew(target);
    copyFileSync(source, target);
    copied++;
  }
  return { images: Object.keys(ledger).length, copied, ledger };
}
