// The admin view of the catalog, computed once per loaded catalog: each product's public
// projection plus its status, schedule, source and search text. The tools query this.
import { statusOf, toProduct, type Status } from '../../catalog/catalog.ts';
import { ageBandsOf, parseAgeRange, type AgeBandSlug, type AgeSpan } from '../../catalog/ages.ts';
import type { CatalogEntry, Product } from '../../catalog/schema.ts';
import type { AdminCatalog } from './snapshot.ts';

export interface AdminRow {
  readonly entry: CatalogEntry;
  readonly product: Product;
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

const haystackOf = (p: Product) => [p.name, p.brand, p.description ?? '', p.whyWePicked ?? ''].join('\n').toLowerCase();

/** Age spans by age-range text: a catalog repeats a few hundred texts over thousands of products. */
type SpanCache = Map<string, { span: AgeSpan | null; bands: AgeBandSlug[] }>;

/**
 * One product's admin view. The public projection and the search text are made on first use:
 * the first call after a cold start reads 10,000 rows and should not build what it never reads.
 */
class Row implements AdminRow {
  readonly entry: CatalogEntry;
  readonly status: Status;
  readonly ageSpan: AgeSpan | null;
  readonly ageBands: AgeBandSlug[];
  readonly #base: string;
  #product: Product | undefined;
  #haystack: string | undefined;
  constructor(entry: CatalogEntry, status: Status, base: string, spans: SpanCache) {
    this.entry = entry;
    this.status = status;
    this.#base = base;
    const text = entry.data.ageRange;
    let age = text === null ? undefined : spans.get(text);
    if (text !== null && !age) {
      const span = parseAgeRange(text);
      spans.set(text, (age = { span, bands: ageBandsOf(span) }));
    }
    this.ageSpan = age?.span ?? null;
    this.ageBands = age?.bands ?? [];
  }
  get product(): Product {
    return (this.#product ??= toProduct(this.entry, this.#base));
  }
  get haystack(): string {
    return (this.#haystack ??= haystackOf(this.product));
  }
}

const cache = new WeakMap<AdminCatalog, Map<string, AdminIndex>>();

export function adminIndex(catalog: AdminCatalog, base: string): AdminIndex {
  let perBase = cache.get(catalog);
  if (!perBase) cache.set(catalog, (perBase = new Map()));
  const hit = perBase.get(base);
  if (hit) return hit;
  const spans: SpanCache = new Map();
  const rows = catalog.entries.map((entry) => new Row(entry, statusOf(entry, catalog.builtAt), base, spans));
  const index = { catalog, rows, bySlug: new Map(rows.map((r) => [r.entry.data.slug, r])) };
  perBase.set(base, index);
  return index;
}
