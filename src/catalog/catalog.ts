// The one data module: which products are published, in what order, and how a product file
// becomes the public Product. Pages, outputs, the admin tools and the checks all ask it.
import { CATEGORY_SLUGS, type CategorySlug } from '../config/site.ts';
import { AGE_BANDS, ageBandsFor, type AgeBandSlug } from './ages.ts';
import { PUBLIC_KEYS, type CatalogEntry, type FieldKey, type Product } from './schema.ts';

export type Status = 'published' | 'draft' | 'scheduled';

/** Published means `published: true` and no `publishAt` after `at`. */
export function statusOf(entry: CatalogEntry, at: Date): Status {
  if (!entry.data.published) return 'draft';
  const when = entry.data.publishAt;
  return when && when.getTime() > at.getTime() ? 'scheduled' : 'published';
}

/** Code-point order of slugs: stable, locale-independent, documented in the OpenAPI description. */
export const bySlug = (a: CatalogEntry, b: CatalogEntry) =>
  a.data.slug < b.data.slug ? -1 : a.data.slug > b.data.slug ? 1 : 0;

/** Every published product at `at`, ordered by slug. */
export function publishedEntries(entries: readonly CatalogEntry[], at: Date): CatalogEntry[] {
  return entries.filter((e) => statusOf(e, at) === 'published').sort(bySlug);
}

/** Makes a site path absolute against the base URL; leaves absolute URLs alone. */
export function absoluteUrl(pathOrUrl: string, base: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${base}${pathOrUrl}`;
}

/** A field's value as a product file holds it: `description` is the body. */
export function fieldValue(entry: CatalogEntry, key: FieldKey): unknown {
  return key === 'description' ? entry.description : entry.data[key];
}

/** A field's value as text (a list joined with commas), or null when it has none. */
export function fieldText(entry: CatalogEntry, key: FieldKey): string | null {
  const value = fieldValue(entry, key);
  if (value === null || value === undefined) return null;
  // A list of records (offers in other markets) reads as each record's values: "uk 1999 GBP https://…".
  if (Array.isArray(value))
    return value.map((v: unknown) => (v !== null && typeof v === 'object' ? Object.values(v).join(' ') : v)).join(', ');
  return value instanceof Date ? value.toISOString() : String(value);
}

/**
 * The public Product: exactly the contract's fields, in its order, nulls present. Values are the
 * file's, but for a local image's site path, which becomes absolute, and lists, which are copied.
 */
export function toProduct(entry: CatalogEntry, base: string): Product {
  const product: Record<string, unknown> = {};
  for (const key of PUBLIC_KEYS) {
    const value = fieldValue(entry, key);
    product[key] =
      key === 'imageUrl' && typeof value === 'string'
        ? absoluteUrl(value, base)
        : Array.isArray(value)
          ? [...(value as unknown[])]
          : value;
  }
  return product as Product;
}

export interface CatalogView {
  at: Date;
  products: CatalogEntry[];
  staffPicks: CatalogEntry[];
  byCategory: Map<CategorySlug, CatalogEntry[]>;
  byAgeBand: Map<AgeBandSlug, CatalogEntry[]>;
  /** The products of each age band, by category (the filter pages). */
  byAgeAndCategory: Map<AgeBandSlug, Map<CategorySlug, CatalogEntry[]>>;
}

/** Groups the published products once for the pages and outputs that browse them. */
export function catalogView(entries: readonly CatalogEntry[], at: Date): CatalogView {
  const products = publishedEntries(entries, at);
  const byCategory = new Map<CategorySlug, CatalogEntry[]>(CATEGORY_SLUGS.map((c) => [c, []]));
  const byAgeBand = new Map<AgeBandSlug, CatalogEntry[]>(AGE_BANDS.map((b) => [b.slug, []]));
  const byAgeAndCategory = new Map<AgeBandSlug, Map<CategorySlug, CatalogEntry[]>>(
    AGE_BANDS.map((b) => [b.slug, new Map(CATEGORY_SLUGS.map((c) => [c, []]))]),
  );
  for (const e of products) {
    for (const c of e.data.categories) byCategory.get(c)!.push(e);
    for (const b of ageBandsFor(e.data.ageRange)) {
      byAgeBand.get(b)!.push(e);
      const inBand = byAgeAndCategory.get(b)!;
      for (const c of e.data.categories) inBand.get(c)!.push(e);
    }
  }
  const staffPicks = products.filter((e) => e.data.staffPick);
  return { at, products, staffPicks, byCategory, byAgeBand, byAgeAndCategory };
}

/** "$24.99", "24,99 €", or "Price not listed"; prices are minor units. */
export function formatPrice(price: number | null, currency: string, locale = 'en-US'): string {
  if (price === null) return 'Price not listed';
  const key = `${locale}|${currency}`;
  let fmt = formatters.get(key);
  if (!fmt) formatters.set(key, (fmt = new Intl.NumberFormat(locale, { style: 'currency', currency })));
  return fmt.format(price / 100);
}
/** One formatter per locale and currency: building one costs far more than formatting. */
const formatters = new Map<string, Intl.NumberFormat>();
