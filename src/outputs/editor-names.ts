// The names the browser editor's configuration (./editor-config.ts) and its code (src/editor/)
// share (its addresses are in src/catalog/urls.ts). Free of Node modules: the editor runs in the browser.

/** The collection's name: the editor's branches are `cms/<collection>/<slug>`. */
export const EDITOR_COLLECTION = 'products';
/**
 * The recall watch list's collection (Decap's `files` kind, one file: content/recall-watch.yml) and
 * that file's name in it: Decap saves it on the branch `cms/<collection>/<file's name>`.
 */
export const WATCH_COLLECTION = 'recalls';
export const WATCH_FILE_NAME = 'recall-watch';
/** The name under which src/editor/watch-format.ts registers the watch list's reader and writer. */
export const WATCH_FORMAT = 'recall-watch-file';
/** The name under which src/editor/format.ts registers the product-file reader and writer. */
export const PRODUCT_FORMAT = 'product-file';
/** The name of src/editor/media.ts's media library: uploads only inside a product's form. */
export const ENTRY_MEDIA_LIBRARY = 'in-the-form-only';

/**
 * The base branch of the editor's local proxy for the stack at `siteUrl` (npm start): its own
 * worktree's branch, one per stack (named by the site's port, so it stays the same from one start
 * to the next), so that publishing locally never moves the checkout's branch.
 */
export const localEditorBranch = (siteUrl: string) => {
  const url = new URL(siteUrl);
  return `cms-base/${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
};
