// schema.org Product data for a product page, serialised safely for a
// <script type="application/ld+json"> data block (never executed).
import { CATEGORIES } from '../config/site.ts';
import { parseAgeRange } from '../catalog/ages.ts';
import { toProduct } from '../catalog/catalog.ts';
import type { CatalogEntry } from '../catalog/schema.ts';

const years = (months: number) => Math.round((months / 12) * 100) / 100;

/** The JSON-LD object; `pageUrl` is the absolute URL of the product page. */
export function productJsonLd(entry: CatalogEntry, pageUrl: string, base: string): Record<string, unknown> {
  const p = toProduct(entry, base);
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    brand: { '@type': 'Brand', name: p.brand },
    url: pageUrl,
    category: p.categories.map((c) => CATEGORIES[c].label),
  };
  const description = p.description ?? p.whyWePicked;
  if (description) ld.description = description;
  if (p.imageUrl) ld.image = p.imageUrl;
  if (p.price !== null) {
    ld.offers = {
      '@type': 'Offer',
      url: p.url,
      // Prices are stored in minor units; schema.org wants major units.
      price: (p.price / 100).toFixed(2),
      priceCurrency: p.currency,
    };
  }
  const span = p.ageRange === null ? null : parseAgeRange(p.ageRange);
  if (span) {
    const audience: Record<string, unknown> = { '@type': 'PeopleAudience', suggestedMinAge: years(span.minMonths) };
    if (span.maxMonths !== null) audience.suggestedMaxAge = years(span.maxMonths);
    ld.audience = audience;
  }
  return ld;
}

/** JSON text that cannot close the surrounding <script> element or start an HTML comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
