// Which checks a pull request needs. One that changes only content (product files, their pictures,
// the recall watcher's curations) gets the content checks (`npm run test:content`); any other
// change, and a change nothing shows to be content only, gets the whole suite (`npm test`).
import { PRODUCT_IMAGES_DIR } from '../../src/catalog/images.ts';
import { PRODUCTS_DIR } from '../../src/catalog/load.ts';
import { RECALL_WATCH_FILE } from '../../src/catalog/recall-watch-file.ts';

export type Scope = 'content' | 'full';

/** The paths a change may touch and still be content only: folders (any file inside) and files. */
export const CONTENT_FOLDERS = [PRODUCTS_DIR, PRODUCT_IMAGES_DIR] as const;
export const CONTENT_FILES = [RECALL_WATCH_FILE] as const;

export const isContent = (file: string) =>
  !file.split('/').includes('..') &&
  ((CONTENT_FILES as readonly string[]).includes(file) ||
    CONTENT_FOLDERS.some((dir) => file.startsWith(`${dir}/`) && file.length > dir.length + 1));

/**
 * Every path `git diff --name-status -z` names: both sides of a rename or a copy (a product file
 * moved out of content/ is a change outside it), the path of anything added, changed or deleted.
 */
export function changedPaths(nameStatusZ: string): string[] {
  const fields = nameStatusZ.split('\0');
  const paths: string[] = [];
  for (let i = 0; i < fields.length;) {
    const status = fields[i++];
    if (!status) continue;
    const count = /^[RC]/.test(status) ? 2 : 1;
    for (let k = 0; k < count; k++) {
      const file = fields[i++];
      if (file === undefined || file === '') throw new Error(`git diff --name-status: no path after "${status}"`);
      paths.push(file);
    }
  }
  return paths;
}

/** The scope of a change that touches `paths`, with the reason in a line. */
export function scopeOf(paths: readonly string[]): { scope: Scope; reason: string } {
  if (paths.length === 0)
    return { scope: 'full', reason: 'no changed file is known, so nothing shows the change is content only' };
  const other = paths.filter((p) => !isContent(p));
  if (other.length === 0)
    return {
      scope: 'content',
      reason: `${paths.length} changed file${paths.length === 1 ? '' : 's'}, all content (${[...CONTENT_FOLDERS, ...CONTENT_FILES].join(', ')})`,
    };
  const named = other.slice(0, 5).join(', ') + (other.length > 5 ? `, and ${other.length - 5} more` : '');
  return { scope: 'full', reason: `changes outside the content: ${named}` };
}
