// What a product page's JSON-LD needs to be a product snippet rich result, as a list of what is
// missing (empty when valid). Shared by the unit test of the builder and the HTTP check of every page.

/** The properties a product snippet needs (Google Search Central, Product snippet, Review, Offer). */
export function richResultProblems(ld: Record<string, any>): string[] {
  const problems: string[] = [];
  if (ld['@context'] !== 'https://schema.org' || ld['@type'] !== 'Product') problems.push('not a schema.org Product');
  if (typeof ld.name !== 'string' || !ld.name) problems.push('name');
  if (!ld.offers && !ld.review && !ld.aggregateRating) problems.push('one of offers, review, aggregateRating');
  if (ld.offers) {
    const o = ld.offers;
    if (o['@type'] !== 'Offer') problems.push('offers.@type');
    if (!/^\d+(\.\d+)?$/.test(String(o.price)) || Number(o.price) < 0) problems.push('offers.price (a number)');
    if (!/^[A-Z]{3}$/.test(o.priceCurrency ?? '')) problems.push('offers.priceCurrency (ISO 4217)');
  }
  if (ld.review) {
    const r = ld.review;
    if (r['@type'] !== 'Review') problems.push('review.@type');
    if (!['Person', 'Organization'].includes(r.author?.['@type']) || !r.author?.name) problems.push('review.author');
    // A review without a rating is accepted when it has both an author and a date.
    if (!r.reviewRating && !/^\d{4}-\d{2}-\d{2}/.test(r.datePublished ?? '')) problems.push('review.datePublished');
    if (!r.reviewBody) problems.push('review.reviewBody');
  }
  return problems;
}
