// Which requests under /api/products/ may reach the static files: only a path whose one segment has
// the shape of a slug. Anything else (encoded slashes or dots, over-long or odd slugs) gets the JSON
// 404 at once, so no path trick can make the static server resolve some other file.
import { isSlugShaped } from '../catalog/slug.ts';
import { PAGE_CACHE_CONTROL } from './markdown-response.ts';
import { addSecurityHeaders } from '../contract/security-headers.ts';

export const PRODUCTS_PREFIX = '/api/products/';

/**
 * True when the raw (still percent-encoded) pathname may go on to the static files: any path outside
 * /api/products/ (such as /api/products.json), and under it exactly one slug-shaped segment.
 */
export function mayServeProductPath(pathname: string): boolean {
  if (!pathname.startsWith(PRODUCTS_PREFIX)) return true;
  return isSlugShaped(pathname.slice(PRODUCTS_PREFIX.length));
}

/** Headers of the JSON 404, as the static rules give /api/products/*, with the security headers. */
export const NOT_FOUND_HEADERS: Record<string, string> = Object.fromEntries(
  addSecurityHeaders(
    new Headers({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': PAGE_CACHE_CONTROL,
      'access-control-allow-origin': '*',
    }),
  ),
);
