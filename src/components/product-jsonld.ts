// schema.org data for a product page (typed with schema-dts), valid under Google's product-snippet
// rules. A priced product is a `Product` with an `Offer` per market (price in major units, the
// market as `eligibleRegion`); the curator's note
// is its `description` (with the product's own text), not a `Review`: Google requires a rating of
// every review, and curators do not rate. An unpriced product would be a Product with neither an
// offer, a rated review nor an aggregate rating, which Google reports as an error, so its page
// describes itself as a `WebPage` with its `BreadcrumbList` instead. Serialised safely for a
// <script type="application/ld+json"> data block (never executed).
//
// Barcodes and safety warnings (file-only fields, never in the public JSON; the decision is in
// README.md, "Decisions the spec left open"):
// - A Product carries its first barcode as schema.org `gtin` (which takes GTIN-8, 12, 13 and 14):
//   the number is printed on every box, so it says nothing the product does not, and it lets a
//   search engine tie the page to the exact product, as Google's product snippets recommend.
// - Warnings are not in the JSON-LD: schema.org's Product has no property for a safety warning
//   (`warning` is a Drug's), and writing them into `description` would make a search snippet of
//   them out of context. The page shows them, in the rule's words, above the shop link.
import type { BreadcrumbList, Offer, Product, WebPage, WithContext } from 'schema-dts';
import { CATEGORIES, SITE_NAME } from '../config/site.ts';
import { parseAgeRange } from '../catalog/ages.ts';
import { productBodyText } from '../catalog/body.ts';
import { toProduct } from '../catalog/catalog.ts';
import type { CatalogEntry } from '../catalog/schema.ts';
import { categoryPath } from '../catalog/urls.ts';
import { market, offersOf } from '../catalog/markets.ts';

const years = (months: number) => Math.round((months / 12) * 100) / 100;

/** Prices are stored in minor units; schema.org wants the amount in major units. */
const majorUnits = (minor: number) => (minor / 100).toFixed(2);

/** The page's place in the site, as its breadcrumbs show it: Home › first category › product. */
function breadcrumb(entry: CatalogEntry, pageUrl: string, base: string): BreadcrumbList {
  const category = entry.data.categories[0]!;
  const crumbs = [
    { name: SITE_NAME, item: `${base}/` },
    { name: CATEGORIES[category].label, item: `${base}${categoryPath(category)}` },
    { name: entry.data.name, item: pageUrl },
  ];
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, ...c })),
  };
}

/** The JSON-LD object; `pageUrl` is the absolute URL of the product page. */
export function productJsonLd(
  entry: CatalogEntry,
  pageUrl: string,
  base: string,
): WithContext<Product> | WithContext<WebPage> {
  const p = toProduct(entry, base);
  // The note first (why it is here), then the product's own text.
  const description =
    [p.whyWePicked, productBodyText(p.slug, entry.description)].filter(Boolean).join('\n\n') || undefined;
  if (p.price === null)
    return {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: `${p.name} by ${p.brand}`,
      url: pageUrl,
      ...(description ? { description } : {}),
      ...(p.imageUrl ? { primaryImageOfPage: { '@type': 'ImageObject', url: p.imageUrl } } : {}),
      breadcrumb: breadcrumb(entry, pageUrl, base),
    };
  // An Offer per market that names a price, each with the region it is sold in.
  const offers: Offer[] = offersOf(entry.data).flatMap((o) =>
    o.price === null
      ? []
      : [
          {
            '@type': 'Offer',
            url: o.url,
            price: majorUnits(o.price),
            priceCurrency: o.currency,
            // ISO 3166-1 alpha-2 (EU is its reserved code for the European Union).
            eligibleRegion: market(o.market).region,
          },
        ],
  );
  const ld: WithContext<Product> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    brand: { '@type': 'Brand', name: p.brand },
    url: pageUrl,
    category: p.categories.map((c) => CATEGORIES[c].label),
    ...(description ? { description } : {}),
    ...(p.imageUrl ? { image: p.imageUrl } : {}),
    ...(entry.data.barcodes?.length ? { gtin: entry.data.barcodes[0] } : {}),
    offers: offers.length === 1 ? offers[0]! : offers,
  };
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
