// The products a watcher looks at, read from the deployed admin catalog: each one's slug, status,
// link, brand, name, barcodes and file. The status is a column; the rest comes from each record.
import type { Status } from '../../catalog/catalog.ts';
import { toGtin14 } from '../../catalog/gtin.ts';
import type { AdminCatalog } from '../admin-catalog/admin-index.ts';

export interface WatchedProduct {
  slug: string;
  status: Status;
  url: string;
  brand: string;
  name: string;
  /** Its barcodes, each as GTIN-14 (the one form they are compared in); empty when it has none. */
  barcodes: string[];
  /** `content/products/<slug>.md`. */
  sourcePath: string;
}

/** The products whose status (as of the deployed build) is one of `statuses`, in slug order. */
export function watchedProducts(catalog: AdminCatalog, statuses: readonly Status[]): WatchedProduct[] {
  const wanted = new Set(statuses);
  const status = catalog.column('status');
  const out: WatchedProduct[] = [];
  for (let i = 0; i < catalog.count; i++) {
    if (!wanted.has(status[i]!)) continue;
    const entry = catalog.entry(i);
    out.push({
      slug: entry.data.slug,
      status: status[i]!,
      url: entry.data.url,
      brand: entry.data.brand,
      name: entry.data.name,
      barcodes: [...new Set((entry.data.barcodes ?? []).map(toGtin14).filter((g): g is string => g !== null))],
      sourcePath: entry.sourcePath,
    });
  }
  return out;
}
