// The site's URL scheme in one place. Pages live at extension-less paths; each page's Markdown
// twin is the same path plus ".md" (the home page's twin is /index.md). A list's page N > 1 is its
// path plus "/N": product slugs must contain a letter (schema.ts), so "/products/2" is never a product.
import type { CategorySlug } from '../config/site.ts';
import type { AgeBandSlug } from './ages.ts';

export const PRODUCTS_PATH = '/products';
export const CATEGORIES_PATH = '/categories';
export const AGES_PATH = '/ages';
export const STAFF_PICKS_PATH = '/staff-picks';
export const SEARCH_PATH = '/search';
export const ABOUT_PATH = '/about';
/** The one page for agents and developers: the ways into the catalog as data. */
export const DEVELOPERS_PATH = '/for-developers';
/** The curators' browser editor (Decap CMS), its configuration and Decap's script. */
export const EDITOR_PATH = '/admin';
export const EDITOR_CONFIG_PATH = `${EDITOR_PATH}/config.yml`;
/**
 * Where the build puts Decap's script (composed from its packages by src/build/editor-bundle.ts), in
 * a folder named by its release: a file there never changes, so browsers keep it (immutable).
 */
export const EDITOR_BUNDLE_DIR = '/decap';
export const decapBundlePath = (version: string) => `${EDITOR_BUNDLE_DIR}/${version}/decap-cms.js`;
/**
 * The project's own editor code (src/editor/, bundled by the build): `editor-<hash>.js`, which the
 * editor's page names, and the chunks it imports, each named by its content's hash, so immutable.
 */
export const EDITOR_CODE_DIR = '/editor-code';
/** The editor's stylesheet. */
export const EDITOR_STYLE_PATH = `${EDITOR_PATH}/editor.css`;
/** The site's stylesheet as the editor's preview loads it (a copy of src/styles/site.css). */
export const PREVIEW_STYLE_PATH = `${EDITOR_PATH}/preview.css`;
/** The plain GET form of the list pages submits here; netlify.toml redirects it to a list page. */
export const BROWSE_PATH = '/browse';
/** The search index (Pagefind's files), written by src/build/search-index.ts. */
export const SEARCH_INDEX_PATH = '/pagefind';
/** The value of the browse form's "any age" / "any category" choice. */
export const ANY = 'any';

export const productPath = (slug: string) => `${PRODUCTS_PATH}/${slug}`;
export const productJsonPath = (slug: string) => `/api/products/${slug}`;
export const categoryPath = (slug: string) => `${CATEGORIES_PATH}/${slug}`;
export const agePath = (slug: AgeBandSlug) => `${AGES_PATH}/${slug}`;
/** A filter page: the products of one age band in one category. */
export const ageCategoryPath = (band: AgeBandSlug, category: CategorySlug) => `${AGES_PATH}/${band}/${category}`;
export const CATALOG_JSON_PATH = '/api/products.json';

/** Page `n` (from 1) of the list at `listPath`: page 1 is the list's own path. */
export const listPagePath = (listPath: string, n: number) => (n === 1 ? listPath : `${listPath}/${n}`);

/** The Markdown twin of an HTML page path: "/" → "/index.md", "/products/x" → "/products/x.md". */
export function twinPath(pagePath: string): string {
  const p = pagePath.replace(/\/+$/, '');
  return p === '' ? '/index.md' : `${p}.md`;
}

/** The HTML page of a twin path, the inverse of `twinPath`. */
export function pageOfTwin(twin: string): string {
  const p = twin.replace(/\.md$/, '');
  return p === '/index' ? '/' : p;
}

/**
 * Where product pictures are served: a local `imageUrl` is this prefix plus a file name of the
 * product images folder (src/catalog/images.ts), which the build copies for published products only.
 */
export const PRODUCT_IMAGES_PATH = '/images/products/';
/** A local picture's site path: one file name (letters, digits, `_`, `-`, dots between them) under PRODUCT_IMAGES_PATH. */
export const LOCAL_IMAGE_PATH = /^\/images\/products\/[\w-]+(?:\.[\w-]+)+$/;

/** The file name of a local product picture, or null for a remote one (or none). */
export function localImageName(imageUrl: string | null): string | null {
  return imageUrl !== null && LOCAL_IMAGE_PATH.test(imageUrl) ? imageUrl.slice(PRODUCT_IMAGES_PATH.length) : null;
}

/** Whether a picture is a photo (served resized by the Image CDN) rather than an SVG drawing. */
export const isPhoto = (imageUrl: string) => !/\.svg$/i.test(new URL(imageUrl, 'http://site.invalid').pathname);

/** Netlify answers under this folder with its own services (the Image CDN, functions), never with a file. */
export const NETLIFY_RESERVED_DIR = '/.netlify/';
/** Netlify's Image CDN: resizes and converts a local or allowed remote picture on request, at the edge. */
export const IMAGE_CDN_PATH = `${NETLIFY_RESERVED_DIR}images`;

export interface ImageCdnOptions {
  /** Width in pixels (the height follows the picture's ratio unless `h` is given). */
  w: number;
  h?: number;
  /** `cover` crops to exactly w×h. */
  fit?: 'cover';
  fm: 'avif' | 'webp' | 'jpg';
}

/** The Image CDN's address of a picture (a site path or an allowed https URL) at a size and format. */
export function imageCdnUrl(src: string, o: ImageCdnOptions): string {
  // Slashes and colons may stand in a query as they are: shorter pages, readable addresses.
  const url = encodeURIComponent(src).replace(/%2F/g, '/').replace(/%3A/g, ':');
  const rest = [`w=${o.w}`, ...(o.h === undefined ? [] : [`h=${o.h}`]), ...(o.fit ? [`fit=${o.fit}`] : [])];
  return `${IMAGE_CDN_PATH}?url=${url}&${rest.join('&')}&fm=${o.fm}`;
}

/** Link previews (Open Graph, Twitter cards) show images at this size and ratio. */
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;
/** The site's link-preview image (a PNG): for pages without a product picture. */
export const SITE_IMAGE = { url: '/og-image.png', ...PREVIEW_SIZE } as const;
/** Where the build writes PNG previews of local SVG images (link previews reject SVG). */
export const PREVIEWS_DIR = '/images/previews/';

export interface PreviewImage {
  url: string;
  width?: number;
  height?: number;
}

/**
 * The image a link preview can show for a product image: a photo as the Image CDN's PREVIEW_SIZE
 * crop of it (JPEG, which every preview reads), a local SVG as the PREVIEW_SIZE PNG the build
 * renders from it (src/build/preview-images.ts), and null for a remote SVG or no image (the page
 * then shows SITE_IMAGE).
 */
export function previewImageOf(imageUrl: string | null): PreviewImage | null {
  if (imageUrl === null) return null;
  if (isPhoto(imageUrl))
    return {
      url: imageCdnUrl(imageUrl, { w: PREVIEW_SIZE.width, h: PREVIEW_SIZE.height, fit: 'cover', fm: 'jpg' }),
      ...PREVIEW_SIZE,
    };
  const drawn = drawnPreviewOf(imageUrl);
  return drawn ? { url: drawn, ...PREVIEW_SIZE } : null;
}

/**
 * The PNG the build draws for a product image (src/build/preview-images.ts): a local SVG's, under
 * PREVIEWS_DIR; null for every other image (a photo's preview is the Image CDN's, drawn on request).
 */
export function drawnPreviewOf(imageUrl: string | null): string | null {
  const local = imageUrl === null || isPhoto(imageUrl) ? null : localImageName(imageUrl);
  return local ? `${PREVIEWS_DIR}products/${local.replace(/\.svg$/i, '')}.png` : null;
}
