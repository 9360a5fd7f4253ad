// The site's URL scheme in one place. Pages live at extension-less paths; each page's Markdown
// twin is the same path plus ".md" (the home page's twin is /index.md).
import type { AgeBandSlug } from './ages.ts';

export const productPath = (slug: string) => `/products/${slug}`;
export const productJsonPath = (slug: string) => `/api/products/${slug}`;
export const categoryPath = (slug: string) => `/categories/${slug}`;
export const agePath = (slug: AgeBandSlug) => `/ages/${slug}`;
export const CATALOG_JSON_PATH = '/api/products.json';

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
