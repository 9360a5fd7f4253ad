// The search index's records, one per published product, built from the catalog view (never from
// the HTML): the text Pagefind indexes (the fields the schema marks `siteSearch`), the fields a
// result shows (its price in each market it is sold in, its warnings in the page's words and in a
// market's form), and the category, age and market filters.
import { CATEGORIES } from '../config/site.ts';
import { ageFiltersOf, type AgeFilters } from '../catalog/age-filter.ts';
import { productBodyText } from '../catalog/body.ts';
import { fieldText, type CatalogView } from '../catalog/catalog.ts';
import { offersOf } from '../catalog/markets.ts';
import { cardPrice, offerPrice } from '../catalog/offer-words.ts';
import { noticeWords } from '../catalog/hazards.ts';
import { SITE_SEARCH_FIELDS, type CatalogEntry, type FieldKey } from '../catalog/schema.ts';
import { productPath } from '../catalog/urls.ts';

export interface SearchRecord {
  url: string;
  /** Indexed text. The name comes first, so a search for a product's exact name ranks it first. */
  content: string;
  language: 'en';
  /**
   * Shown in a result: the name, brand, ages, the first offer's price with its market, the price in
   * each market (`price_us`…), and the warnings in the page's words (`warning`) with, where a
   * market's form differs, that form (`warning_eu`, `warning_other`).
   */
  meta: { title: string; brand: string; ages: string; price: string } & Record<string, string>;
  /** Category slugs, as the search page's select names them, the month its ages start and end, its markets. */
  filters: { category: string[]; market: string[] } & AgeFilters;
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

/** A result's price in each market, and its warnings in each form that differs from the page's. */
function offerMeta(entry: CatalogEntry): Record<string, string> {
  const d = entry.data;
  const offers = offersOf(d);
  const meta: Record<string, string> = Object.fromEntries(offers.map((o) => [`price_${o.market}`, offerPrice(o)]));
  const page = noticeWords(
    d.warnings,
    offers.map((o) => o.currency),
  );
  if (!page) return meta;
  meta.warning = page;
  for (const [key, currency] of [
    ['warning_eu', 'EUR'],
    ['warning_other', 'USD'],
  ] as const) {
    const words = noticeWords(d.warnings, [currency]);
    if (words !== page) meta[key] = words;
  }
  return meta;
}

export function searchRecord(entry: CatalogEntry): SearchRecord {
  const d = entry.data;
  const ages = agesOf(entry);
  const text = RECORD_FIELDS.map((k) => recordText(entry, k));
  return {
    url: productPath(d.slug),
    content: text.filter(Boolean).join(' '),
    language: 'en',
    meta: { title: d.name, brand: d.brand, ages, price: cardPrice(d), ...offerMeta(entry) },
    filters: { category: [...d.categories], ...ageFiltersOf(d.ageRange), market: offersOf(d).map((o) => o.market) },
  };
}

/** One record per published product, in slug order. */
export function* searchRecords(view: CatalogView): Generator<SearchRecord> {
  for (const e of view.products) yield searchRecord(e);
}
