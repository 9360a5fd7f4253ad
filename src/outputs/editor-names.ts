// The names the browser editor's configuration (./editor-config.ts) and its code (src/editor/)
// share (its addresses are in src/catalog/urls.ts). Free of Node modules: the editor runs in the browser.

/** The collection's name: the editor's branches are `cms/<collection>/<slug>`. */
export const EDITOR_COLLECTION = 'products';
/** The name under which src/editor/format.ts registers the product-file reader and writer. */
export const PRODUCT_FORMAT = 'product-file';
/** The name of src/editor/media.ts's media library: uploads only inside a product's form. */
export const ENTRY_MEDIA_LIBRARY = 'in-the-form-only';

/**
 * The base branch of the editor's local proxy on port `port` (npm start): its own worktree's
 * branch, one per stack, so that publishing locally never moves the checkout's branch.
 */
export const localEditorBranch = (port: number | string) => `cms-base/${port}`;
