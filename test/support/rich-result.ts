// What a product page's JSON-LD needs to be valid under Google's structured-data rules, as a list of
// what is wrong (empty when valid). Shared by the unit test of the builder and the HTTP check of
// every page. The rules, as Google Search Central documents them:
// - Product snippet: a Product needs `name` and at least one of `offers`, `review`, `aggregateRating`.
// - Offer: `price` (a number, not negative) and `priceCurrency` (ISO 4217).
// - Review: `author` (a Person or Organization with a name) and `reviewRating` with a `ratingValue`;
//   a review without a rating is an error.
// - Breadcrumb: a BreadcrumbList of at least two ListItems, each with `position`, `name` and `item`.
// Anything else (a WebPage) has no required properties for a rich result.

export function richResultProblems(ld: Record<string, any>): string[] {
  const problems: string[] = [];
  if (ld['@context'] !== 'https://schema.org') problems.push('@context is not https://schema.org');
  if (ld['@type'] === 'Product') {
    if (typeof ld.name !== 'string' || !ld.name) problems.push('Product: name');
    if (!ld.offers && !ld.review && !ld.aggregateRating)
      problems.push('Product: one of offers, review, aggregateRating');
  }
  const offers = ld.offers ? [ld.offers].flat() : [];
  for (const o of offers) {
    if (o['@type'] !== 'Offer') problems.push('offers.@type');
    if (!/^\d+(\.\d+)?$/.test(String(o.price)) || Number(o.price) < 0) problems.push('offers.price (a number)');
    if (!/^[A-Z]{3}$/.test(o.priceCurrency ?? '')) problems.push('offers.priceCurrency (ISO 4217)');
  }
  for (const r of ld.review ? [ld.review].flat() : []) {
    if (!['Person', 'Organization'].includes(r.author?.['@type']) || !r.author?.name) problems.push('review.author');
    if (r.reviewRating?.ratingValue === undefined) problems.push('review.reviewRating (a review must be rated)');
  }
  const crumbs = ld.breadcrumb ?? (ld['@type'] === 'BreadcrumbList' ? ld : null);
  if (crumbs) {
    const items = crumbs.itemListElement ?? [];
    if (crumbs['@type'] !== 'BreadcrumbList' || items.length < 2) problems.push('breadcrumb: two ListItems or more');
    items.forEach((it: Record<string, any>, i: number) => {
      if (it['@type'] !== 'ListItem' || it.position !== i + 1 || !it.name || !it.item)
        problems.push(`breadcrumb item ${i + 1}: @type ListItem, position, name, item`);
    });
  }
  return problems;
}
