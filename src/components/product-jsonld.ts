// schema.org Product data for a product page (typed with schema-dts), shaped as a product snippet
// rich result: `offers` when the product is priced, the curator's note as a `Review` by its curator,
// and always at least one of the two (the schema requires a price or a note of published products).
// Serialised safely for a <script type="application/ld+json"> data block (never executed).
import type { Offer, Organization, Person, Product, Review, WithContext } from 'schema-dts';
import { CATALOG_LAUNCHED_AT, CATEGORIES, CURATORS, DATA_LICENSE, SITE_NAME } from '../config/site.ts';
import { parseAgeRange } from '../catalog/ages.ts';
import { productBodyText } from '../catalog/body.ts';
import { toProduct } from '../catalog/catalog.ts';
import type { CatalogEntry } from '../catalog/schema.ts';

const years = (months: number) => Math.round((months / 12) * 100) / 100;

/** Prices are stored in minor units; schema.org wants the amount in major units. */
const majorUnits = (minor: number) => (minor / 100).toFixed(2);

/** Who wrote the note: the curator named in `pickedBy`, else the curators as a team. */
function noteAuthor(entry: CatalogEntry, base: string): Person | Organization {
  const code = entry.data.pickedBy;
  if (code)
    return {
      '@type': 'Person',
      name: CURATORS[code].name,
      jobTitle: CURATORS[code].role,
      url: `${base}/about#curators`,
    };
  return { '@type': 'Organization', name: `${SITE_NAME} curators`, url: `${base}/about` };
}

/** The JSON-LD object; `pageUrl` is the absolute URL of the product page. */
export function productJsonLd(entry: CatalogEntry, pageUrl: string, base: string): WithContext<Product> {
  const p = toProduct(entry, base);
  const ld: WithContext<Product> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    brand: { '@type': 'Brand', name: p.brand },
    url: pageUrl,
    category: p.categories.map((c) => CATEGORIES[c].label),
  };
  const description = productBodyText(p.slug, entry.description) ?? p.whyWePicked;
  if (description) ld.description = description;
  if (p.imageUrl) ld.image = p.imageUrl;
  if (p.price !== null) {
    const offer: Offer = { '@type': 'Offer', url: p.url, price: majorUnits(p.price), priceCurrency: p.currency };
    ld.offers = offer;
  }
  if (p.whyWePicked) {
    // A review without a rating needs an author and a date: the date it was listed (publishAt, else launch).
    const review: Review = {
      '@type': 'Review',
      name: 'Why we picked it',
      reviewBody: p.whyWePicked,
      author: noteAuthor(entry, base),
      datePublished: (entry.data.publishAt ?? CATALOG_LAUNCHED_AT).toISOString().slice(0, 10),
      publisher: { '@type': 'Organization', name: SITE_NAME, url: `${base}/` },
      license: DATA_LICENSE.url,
    };
    ld.review = review;
  }
  const span = p.ageRange === null ? null : parseAgeRange(p.ageRange);
  if (span) {
    ld.audience = {
      '@type': 'PeopleAudience',
      suggestedMinAge: years(span.minMonths),
      ...(span.maxMonths !== null ? { suggestedMaxAge: years(span.maxMonths) } : {}),
    };
  }
  return ld;
}

/** JSON text that cannot close the surrounding <script> element or start an HTML comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
