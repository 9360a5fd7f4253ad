// Bridges Astro's content collection to the data module: the pages ask here for the catalog view
// and never decide themselves what is published (src/catalog/catalog.ts does).
import { getCollection } from 'astro:content';
import { BUILD_TIME } from 'virtual:catalog/build-time';
import { catalogView, type CatalogView } from '../catalog/catalog.ts';
import type { CatalogEntry } from '../catalog/schema.ts';

/** Every product file the collection loaded, published or not. */
export async function catalogEntries(): Promise<CatalogEntry[]> {
  const items = await getCollection('products');
  return items.map((item) => (item.data as { entry: CatalogEntry }).entry);
}

let view: Promise<CatalogView> | undefined;

/** The published catalog at the build time, computed once per build and shared by every page. */
export function siteCatalog(): Promise<CatalogView> {
  view ??= catalogEntries().then((entries) => catalogView(entries, new Date(BUILD_TIME)));
  return view;
}
