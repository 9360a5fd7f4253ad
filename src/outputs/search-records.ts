// The search index's records, one per published product, built from the catalog view (never from
// the HTML): the text Pagefind indexes (the fields the schema marks `siteSearch`), the fields a
// result shows, and the category and age filters.
import { CATEGORIES } from '../config/site.ts';
import { ageFiltersOf, type AgeFilters } from '../catalog/age-filter.ts';
import { productBodyText } from '../catalog/body.ts';
import { fieldText, formatPrice, type CatalogView } from '../catalog/catalog.ts';
import { SITE_SEARCH_FIELDS, type CatalogEntry, type FieldKey } from '../catalog/schema.ts';
import { productPath } from '../catalog/urls.ts';

export interface SearchRecord {
  url: string;
  /** Indexed text. The name comes first, so a search for a product's exact name ranks it first. */
  content: string;
  language: 'en';
  /** Shown in a result: the name, brand, ages and price. */
  meta: { title: string; brand: string; ages: string; price: string };
  /** Category slugs, as the search page's select names them, and the month its ages start and end. */
  filters: { category: string[] } & AgeFilters;
}

/** A record's ages text, and what a result shows for them. */
const agesOf = (entry: CatalogEntry) => entry.data.ageRange ?? 'Age not stated';

/** How a field reads in a record where its text alone would not do: as the product page words it. */
const WORDED: Partial<Record<FieldKey, (entry: CatalogEntry) => string | null>> = {
  name: (e) => `${e.data.name}.`,
  brand: (e) => `By ${e.data.brand}.`,
  ageRange: (e) => `Ages ${agesOf(e)}.`,
  categories: (e) => `${e.data.categories.map((c) => CATEGORIES[c].label).join(', ')}.`,
  // A Markdown body is searched as its words, without the markup.
  description: (e) => productBodyText(e.data.slug, e.description),
};

/** The facts that lead a record, in this order: the name first, so a search for a product's exact name ranks it first. */
const LEAD: readonly FieldKey[] = ['name', 'brand', 'ageRange', 'categories'];
/** The site-searchable fields in the order a record holds them: the lead, then the others in the schema's order. */
const RECORD_FIELDS = [
  ...LEAD.filter((k) => SITE_SEARCH_FIELDS.includes(k)),
  ...SITE_SEARCH_FIELDS.filter((k) => !LEAD.includes(k)),
];

/** What a product's record holds of one field (null when the field is empty). */
export const recordText = (entry: CatalogEntry, key: FieldKey): string | null =>
  (WORDED[key] ?? ((e: CatalogEntry) => fieldText(e, key)))(entry);

export function searchRecord(entry: CatalogEntry): SearchRecord {
  const d = entry.data;
  const ages = agesOf(entry);
  const text = RECORD_FIELDS.map((k) => recordText(entry, k));
  return {
    url: productPath(d.slug),
    content: text.filter(Boolean).join(' '),
    language: 'en',
    meta: { title: d.name, brand: d.brand, ages, price: formatPrice(d.price, d.currency) },
    filters: { category: [...d.categories], ...ageFiltersOf(d.ageRange) },
  };
}

/** One record per published product, in slug order. */
export function* searchRecords(view: CatalogView): Generator<SearchRecord> {
  for (const e of view.products) yield searchRecord(e);
}
