// The search index's records, one per published product, built from the catalog view (never from
// the HTML): the text Pagefind indexes, the fields a result shows, and the category and age filters.
import { CATEGORIES } from '../config/site.ts';
import { ageBandsFor } from '../catalog/ages.ts';
import { productBodyText } from '../catalog/body.ts';
import { fieldText, formatPrice, type CatalogView } from '../catalog/catalog.ts';
import { SEARCHABLE_FIELDS, type CatalogEntry } from '../catalog/schema.ts';
import { productPath } from '../catalog/urls.ts';

export interface SearchRecord {
  url: string;
  /** Indexed text. The name comes first, so a search for a product's exact name ranks it first. */
  content: string;
  language: 'en';
  /** Shown in a result: the name, brand, ages and price. */
  meta: { title: string; brand: string; ages: string; price: string };
  /** Category slugs and age band slugs, as the search page's selects name them. */
  filters: { category: string[]; age: string[] };
}

/** The searchable fields after the name and brand, which lead every record's text. */
const MORE_TEXT = SEARCHABLE_FIELDS.filter((k) => k !== 'name' && k !== 'brand');

export function searchRecord(entry: CatalogEntry): SearchRecord {
  const d = entry.data;
  const ages = d.ageRange ?? 'Age not stated';
  const text = [
    `${d.name}.`,
    `By ${d.brand}.`,
    `Ages ${ages}.`,
    `${d.categories.map((c) => CATEGORIES[c].label).join(', ')}.`,
    // A Markdown body is searched as its words, without the markup.
    ...MORE_TEXT.map((k) => (k === 'description' ? productBodyText(d.slug, entry.description) : fieldText(entry, k))),
  ];
  return {
    url: productPath(d.slug),
    content: text.filter(Boolean).join(' '),
    language: 'en',
    meta: { title: d.name, brand: d.brand, ages, price: formatPrice(d.price, d.currency) },
    filters: { category: [...d.categories], age: ageBandsFor(d.ageRange) },
  };
}

/** One record per published product, in slug order. */
export function* searchRecords(view: CatalogView): Generator<SearchRecord> {
  for (const e of view.products) yield searchRecord(e);
}
