// The JSON outputs: the catalog snapshot, one document per product, and the 404 body for unknown
// slugs (src/contract/api.ts). Each per-product document is byte-equal to its entry in the snapshot.
import { toProduct, type CatalogView } from '../catalog/catalog.ts';
import type { Product } from '../catalog/schema.ts';
import type { CatalogSnapshot } from '../contract/api.ts';

/** The snapshot as an object (for MCP tools and tests). Products are ordered by slug. */
export function catalogSnapshot(view: CatalogView, base: string): CatalogSnapshot {
  const products = view.products.map((e) => toProduct(e, base));
  return { count: products.length, generatedAt: view.at.toISOString(), products };
}

/** Compact JSON of one product: the exact bytes of `/api/products/{slug}`. */
export const productJson = (product: Product): string => JSON.stringify(product);

/**
 * Compact JSON of the snapshot built from already-serialized products, so each product is
 * serialized once and its per-slug file is byte-equal to its entry here. Equals
 * `JSON.stringify(catalogSnapshot(view))`.
 */
export function snapshotJson(productJsons: readonly string[], generatedAt: Date): string {
  const at = JSON.stringify(generatedAt.toISOString());
  return `{"count":${productJsons.length},"generatedAt":${at},"products":[${productJsons.join(',')}]}`;
}
