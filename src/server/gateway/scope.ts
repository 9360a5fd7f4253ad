// A save changes only its own entry: the changes of `cms/products/<slug>` against the site's
// branch may touch `content/products/<slug>.md` and that product's pictures
// (`content/images/products/<slug>.<picture extension>`), the recall watch list's branch only its
// file. A tree names no branch, so the gateway judges this when a branch is created or moved and
// again when it is published, on the comparison of the site's branch with the exact commit.
import { isPictureFileName, PRODUCTS_DIR } from '../../catalog/content-paths.ts';
import { PRODUCT_IMAGES_DIR } from '../../catalog/images.ts';
import { RECALL_WATCH_FILE } from '../../catalog/recall-watch-file.ts';
import { WATCH_COLLECTION } from '../../outputs/editor-names.ts';
import { editorItemOf } from '../proposals/backend.ts';

/** A changed file as GitHub's comparison lists it. */
export interface RangeFile {
  filename: string;
  status: string;
  previous_filename?: string;
}

/** Whether `file` belongs to the entry the editor branch `branch` holds. */
export function inEntry(branch: string, file: string): boolean {
  const item = editorItemOf(branch);
  if (!item) return false;
  if (item.collection === WATCH_COLLECTION) return file === RECALL_WATCH_FILE;
  if (file === `${PRODUCTS_DIR}/${item.name}.md`) return true;
  const prefix = `${PRODUCT_IMAGES_DIR}/${item.name}.`;
  return (
    file.startsWith(prefix) &&
    !file.slice(prefix.length).includes('.') &&
    isPictureFileName(file.slice(PRODUCT_IMAGES_DIR.length + 1))
  );
}

/** The first file of the changes outside the branch's entry, or null when every one is inside. */
export function outsideEntry(branch: string, files: readonly RangeFile[]): string | null {
  for (const f of files)
    for (const name of [f.filename, ...(f.previous_filename ? [f.previous_filename] : [])])
      if (!inEntry(branch, name)) return name;
  return null;
}

/** A file in a curator's words: a product by its address, a picture by its product's, the watch list by name. */
function fileInWords(file: string): string {
  // eslint-disable-next-line no-control-regex
  const shown = file.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 80);
  if (file === RECALL_WATCH_FILE) return 'the recall watch list';
  if (file.startsWith(`${PRODUCTS_DIR}/`) && file.endsWith('.md'))
    return `the product “${shown.slice(PRODUCTS_DIR.length + 1, -3)}”`;
  if (file.startsWith(`${PRODUCT_IMAGES_DIR}/`))
    return `the picture of “${shown.slice(PRODUCT_IMAGES_DIR.length + 1).replace(/\.[^.]*$/, '')}”`;
  return shown;
}

/** What the editor shows when a save would change more than its own entry. */
export function outsideEntryInWords(branch: string, file: string): string {
  const item = editorItemOf(branch);
  const own =
    item?.collection === WATCH_COLLECTION
      ? 'the recall watch list only'
      : `“${item?.name ?? branch}” only: its product and its pictures`;
  return `These changes would also change ${fileInWords(file)}, but a save changes ${own}. Reload the editor and save again; a change to another product is saved on that product.`;
}
