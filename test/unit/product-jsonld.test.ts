// A product page's JSON-LD under Google's rules (test/support/rich-result.ts): a priced product is a
// Product with its offer in major units and the curator's note in its description (no unrated
// Review); an unpriced product is a WebPage with its breadcrumb, never an invalid Product.
import { describe, expect, it } from 'vitest';
import { jsonForScript, productJsonLd } from '../../src/components/product-jsonld.ts';
import { CATEGORIES } from '../../src/config/site.ts';
import { entry } from '../support/products.ts';
import { richResultProblems } from '../support/rich-result.ts';

const BASE = 'https://catalog.test';
const page = (slug: string) => `${BASE}/products/${slug}`;

describe('product JSON-LD', () => {
  it('a priced product is a Product with an offer in major units, and the note leads its description', () => {
    const e = entry({ slug: 'priced', price: 2499, currency: 'EUR', pickedBy: 'theo', whyWePicked: 'Towers!' });
    const ld = productJsonLd(e, page('priced'), BASE) as Record<string, any>;
    expect(richResultProblems(ld)).toEqual([]);
    expect(ld['@type']).toBe('Product');
    expect(ld.offers).toEqual({
      '@type': 'Offer',
      url: e.data.url,
      price: '24.99',
      priceCurrency: 'EUR',
      eligibleRegion: 'EU',
    });
    expect(ld.description).toMatch(/^Towers!/);
    expect(ld.review).toBeUndefined();
  });

  it('a product sold in several markets has an Offer per priced market, each with its region', () => {
    const e = entry({
      slug: 'two-markets',
      price: 2499,
      currency: 'USD',
      otherMarkets: [
        { market: 'uk', price: 1999, currency: 'GBP', url: 'https://shop.example.co.uk/x' },
        { market: 'ca', price: null, currency: 'CAD', url: 'https://shop.example.ca/x' },
      ],
    });
    const ld = productJsonLd(e, page('two-markets'), BASE) as Record<string, any>;
    expect(richResultProblems(ld)).toEqual([]);
    expect(ld.offers).toEqual([
      { '@type': 'Offer', url: e.data.url, price: '24.99', priceCurrency: 'USD', eligibleRegion: 'US' },
      {
        '@type': 'Offer',
        url: 'https://shop.example.co.uk/x',
        price: '19.99',
        priceCurrency: 'GBP',
        eligibleRegion: 'GB',
      },
    ]);
  });

  it('an unpriced product is a WebPage with its breadcrumb: no Product node Google would reject', () => {
    const e = entry({ slug: 'unpriced', price: null, whyWePicked: 'Sand, water, an afternoon.' });
    const ld = productJsonLd(e, page('unpriced'), BASE) as Record<string, any>;
    expect(richResultProblems(ld)).toEqual([]);
    expect(ld['@type']).toBe('WebPage');
    expect(ld.description).toMatch(/^Sand, water, an afternoon\./);
    expect(ld.breadcrumb.itemListElement.map((i: { name: string; item: string }) => [i.name, i.item])).toEqual([
      ['Little Hands Catalog', `${BASE}/`],
      [CATEGORIES[e.data.categories[0]!].label, `${BASE}/categories/${e.data.categories[0]}`],
      [e.data.name, page('unpriced')],
    ]);
  });

  it('a priced product without a note is valid through its offer alone', () => {
    const e = entry({ slug: 'bare', price: 100, whyWePicked: null });
    const ld = productJsonLd(e, page('bare'), BASE) as Record<string, any>;
    expect(richResultProblems(ld)).toEqual([]);
  });

  it.each([
    ['a Product with neither offer, review nor rating', { '@type': 'Product', name: 'x' }, /one of offers/],
    [
      'an unrated review (what the pages used to carry)',
      { '@type': 'Product', name: 'x', review: { '@type': 'Review', author: { '@type': 'Person', name: 'A' } } },
      /must be rated/,
    ],
    [
      'a price that is no number',
      { '@type': 'Product', name: 'x', offers: { '@type': 'Offer', price: '$5', priceCurrency: 'USD' } },
      /offers\.price/,
    ],
    [
      'a breadcrumb of one item',
      { '@type': 'WebPage', breadcrumb: { '@type': 'BreadcrumbList', itemListElement: [] } },
      /two ListItems/,
    ],
  ])('the rules catch %s', (_, ld, problem) => {
    expect(richResultProblems({ '@context': 'https://schema.org', ...ld }).join('; ')).toMatch(problem);
  });

  it('serialises so that no text can close the script element', () => {
    const e = entry({ slug: 'x', name: '</script><script>alert(1)</script>' });
    const text = jsonForScript(productJsonLd(e, page('x'), BASE));
    expect(text).not.toMatch(/<|>/);
    expect(JSON.parse(text).name).toBe('</script><script>alert(1)</script>');
  });

  it('a Product carries its first barcode as gtin; an unpriced page carries none, and no warning reaches either', () => {
    const over = { warnings: ['magnets'], barcodes: ['036000291452', '4006381333931'] };
    const priced = productJsonLd(entry({ slug: 'tiles', price: 999, ...over }), page('tiles'), BASE) as Record<
      string,
      any
    >;
    expect(richResultProblems(priced)).toEqual([]);
    expect(priced.gtin).toBe('036000291452');
    const unpriced = productJsonLd(
      entry({ slug: 'tiles', price: null, whyWePicked: 'Towers.', ...over }),
      page('tiles'),
      BASE,
    ) as Record<string, any>;
    expect(unpriced.gtin).toBeUndefined();
    for (const ld of [priced, unpriced]) {
      expect(JSON.stringify(ld)).not.toMatch(/magnet|warning|CHOKING/i);
    }
    const bare = productJsonLd(entry({ slug: 'bare', price: 999 }), page('bare'), BASE) as Record<string, any>;
    expect(bare).not.toHaveProperty('gtin');
  });
});
