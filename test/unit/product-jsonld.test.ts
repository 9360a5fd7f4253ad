// A product page's JSON-LD as a product snippet rich result: name, and an offer (priced) or a review
// (the curator's note, by its curator), with each one's required properties; parseable by a browser.
import { describe, expect, it } from 'vitest';
import { jsonForScript, productJsonLd } from '../../src/components/product-jsonld.ts';
import { CURATORS } from '../../src/config/site.ts';
import { entry } from '../support/products.ts';
import { richResultProblems } from '../support/rich-result.ts';

const BASE = 'https://catalog.test';
const page = (slug: string) => `${BASE}/products/${slug}`;

describe('product JSON-LD', () => {
  it('a priced product with a curator note has an offer in major units and a review by its curator', () => {
    const e = entry({ slug: 'priced', price: 2499, currency: 'EUR', pickedBy: 'theo', whyWePicked: 'Towers!' });
    const ld = productJsonLd(e, page('priced'), BASE) as Record<string, any>;
    expect(richResultProblems(ld)).toEqual([]);
    expect(ld.offers).toEqual({
      '@type': 'Offer',
      url: e.data.url,
      price: '24.99',
      priceCurrency: 'EUR',
    });
    expect(ld.review.author).toMatchObject({ '@type': 'Person', name: CURATORS.theo.name });
    expect(ld.review.reviewBody).toBe('Towers!');
  });

  it('an unpriced product is still a valid result through its review', () => {
    const e = entry({ slug: 'unpriced', price: null, pickedBy: null, whyWePicked: 'Sand, water, an afternoon.' });
    const ld = productJsonLd(e, page('unpriced'), BASE) as Record<string, any>;
    expect(ld.offers).toBeUndefined();
    expect(richResultProblems(ld)).toEqual([]);
    expect(ld.review.author).toMatchObject({ '@type': 'Organization' });
    expect(ld.review.datePublished).toBe('2026-01-01');
  });

  it('a scheduled product dates its review by the day it went live', () => {
    const e = entry({ slug: 'dated', publishAt: new Date('2026-03-04T09:00:00Z') });
    expect((productJsonLd(e, page('dated'), BASE) as Record<string, any>).review.datePublished).toBe('2026-03-04');
  });

  it('a priced product without a note is valid through its offer alone', () => {
    const e = entry({ slug: 'bare', price: 100, whyWePicked: null });
    const ld = productJsonLd(e, page('bare'), BASE) as Record<string, any>;
    expect(ld.review).toBeUndefined();
    expect(richResultProblems(ld)).toEqual([]);
  });

  it('the check itself catches a product with neither', () => {
    expect(richResultProblems({ '@context': 'https://schema.org', '@type': 'Product', name: 'x' })).toEqual([
      'one of offers, review, aggregateRating',
    ]);
  });

  it('serialises so that no text can close the script element', () => {
    const e = entry({ slug: 'x', name: '</script><script>alert(1)</script>' });
    const text = jsonForScript(productJsonLd(e, page('x'), BASE));
    expect(text).not.toMatch(/<|>/);
    expect(JSON.parse(text).name).toBe('</script><script>alert(1)</script>');
  });
});
