// The admin view of the catalog, computed once per loaded catalog: each product's public
// projection plus its status, schedule, source and search text. The tools query this.
import { statusOf, toProduct, type Status } from '../../catalog/catalog.ts';
import { ageBandsFor, parseAgeRange, type AgeBandSlug, type AgeSpan } from '../../catalog/ages.ts';
import type { CatalogEntry, Product } from '../../catalog/schema.ts';
import type { AdminCatalog } from './snapshot.ts';

export interface AdminRow {
  entry: CatalogEntry;
  product: Product;
  /** Status as of the data's build time: what the public site shows. */
  status: Status;
  ageBands: AgeBandSlug[];
  ageSpan: AgeSpan | null;
  /** Lower-cased name, brand, description and editorial note. */
  haystack: string;
}

export interface AdminIndex {
  catalog: AdminCatalog;
  rows: AdminRow[];
  bySlug: Map<string, AdminRow>;
}

const cache = new WeakMap<AdminCatalog, Map<string, AdminIndex>>();

export function adminIndex(catalog: AdminCatalog, base: string): AdminIndex {
  let perBase = cache.get(catalog);
  if (!perBase) cache.set(catalog, (perBase = new Map()));
  const hit = perBase.get(base);
  if (hit) return hit;
  const rows = catalog.entries.map((entry): AdminRow => {
    const product = toProduct(entry, base);
    return {
      entry,
      product,
      status: statusOf(entry, catalog.builtAt),
      ageBands: ageBandsFor(product.ageRange),
      ageSpan: product.ageRange === null ? null : parseAgeRange(product.ageRange),
      haystack: [product.name, product.brand, product.description ?? '', product.whyWePicked ?? ''].join('\n').toLowerCase(),
    };
  });
  const index = { catalog, rows, bySlug: new Map(rows.map((r) => [r.product.slug, r])) };
  perBase.set(base, index);
  return index;
}
