// What a generated page is made from, as a short key: Astro's incremental build (the `cacheKey` of
// each getStaticPaths entry) renders a page again only when its key or its code changed.
import { createHash } from 'node:crypto';
import type { CatalogView } from '../catalog/catalog.ts';
import { relatedLists, type ListPage, type ProductList } from '../catalog/lists.ts';
import type { CatalogEntry } from '../catalog/schema.ts';

const hash = (text: string) => createHash('sha1').update(text).digest('base64url');

// An entry appears on its own page and in several lists: each is hashed once per build.
const digests = new WeakMap<CatalogEntry, string>();

/** A digest of everything a product file says (front matter, body, where it lives). */
export function entryDigest(entry: CatalogEntry): string {
  let d = digests.get(entry);
  if (d === undefined) digests.set(entry, (d = hash(JSON.stringify(entry))));
  return d;
}

/** A product page shows its product and nothing else that can change without the code changing. */
export const productPageKey = (entry: CatalogEntry): string => entryDigest(entry);

/**
 * A list page shows its list's title and size, its place among the list's pages, the lists
 * around it with their counts, and the cards of its own products.
 */
export function listPageKey(
  list: ProductList,
  page: Pick<ListPage, 'number' | 'count' | 'entries'>,
  view: CatalogView,
) {
  return hash(
    JSON.stringify([
      list.path,
      list.title,
      list.entries.length,
      page.number,
      page.count,
      relatedLists(list, view),
      page.entries.map(entryDigest),
    ]),
  );
}
