// Where a product is sold: its offers (the first its price, currency and url), each market in its own
// currency, each once; the first in one of the public JSON's currencies; files written and read back.
import { describe, expect, it } from 'vitest';
import { fieldText, toProduct } from '../../src/catalog/catalog.ts';
import { validateProductText } from '../../src/catalog/load.ts';
import { MARKETS, offersOf } from '../../src/catalog/markets.ts';
import { cardPrice } from '../../src/catalog/offer-words.ts';
import { field, ProductFrontmatter } from '../../src/catalog/schema.ts';
import { entry, productData, productFile } from '../support/products.ts';

const uk = { market: 'uk', price: 1999, currency: 'GBP', url: 'https://shop.example.co.uk/x' };
const problemsOf = (over: Record<string, unknown>) =>
  ProductFrontmatter.safeParse(productData(over)).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('market rules', () => {
  it('each market pays in its own currency', () => {
    expect(MARKETS.map((m) => [m.id, m.currency])).toEqual([
      ['us', 'USD'],
      ['ca', 'CAD'],
      ['eu', 'EUR'],
      ['uk', 'GBP'],
    ]);
  });

  it('an old file (one price, currency and url) is one offer, in its currency’s market', () => {
    expect(problemsOf({ price: 1299, currency: 'CAD' })).toEqual([]);
    const e = entry({ price: 1299, currency: 'CAD', url: 'https://shop.example.ca/y' });
    expect(offersOf(e.data)).toEqual([
      { market: 'ca', price: 1299, currency: 'CAD', url: 'https://shop.example.ca/y' },
    ]);
  });

  it('other markets follow the first, in the file’s order', () => {
    expect(problemsOf({ currency: 'USD', otherMarkets: [uk] })).toEqual([]);
    const e = entry({ price: 2499, currency: 'USD', otherMarkets: [uk] });
    expect(offersOf(e.data).map((o) => o.market)).toEqual(['us', 'uk']);
    expect(cardPrice(e.data)).toBe('$24.99 · US (+1 market)');
  });

  it.each([
    [
      'a market in another’s currency',
      { otherMarkets: [{ ...uk, currency: 'EUR' }] },
      /otherMarkets\.0\.currency: is EUR, but the United Kingdom pays in GBP/,
    ],
    ['a market twice', { otherMarkets: [uk, uk] }, /otherMarkets: must not list a market twice/],
    [
      'the first offer’s market again',
      { currency: 'EUR', otherMarkets: [{ ...uk, market: 'eu', currency: 'EUR' }] },
      /otherMarkets\.0\.market: is eu, the first offer's market/,
    ],
    ['an unknown market', { otherMarkets: [{ ...uk, market: 'au' }] }, /otherMarkets\.0\.market/],
    ['a first offer in pounds (the public JSON knows USD, CAD and EUR)', { currency: 'GBP' }, /^currency:/],
    [
      'a price in an other market that is no whole number of cents',
      { otherMarkets: [{ ...uk, price: 19.99 }] },
      /otherMarkets\.0\.price/,
    ],
    ['a field an offer does not have', { otherMarkets: [{ ...uk, note: 'x' }] }, /otherMarkets\.0/],
  ])('refuses %s', (_, over, problem) => {
    expect(problemsOf(over).join('\n')).toMatch(problem);
  });

  it('the public Product keeps its 13 fields: the first offer, never the others', () => {
    const p = toProduct(entry({ price: 2499, currency: 'USD', otherMarkets: [uk] }), 'https://catalog.test');
    expect(Object.keys(p)).toHaveLength(13);
    expect([p.price, p.currency]).toEqual([2499, 'USD']);
    expect(JSON.stringify(p)).not.toContain('GBP');
  });

  it('a file with other markets is written and read back', () => {
    const v = validateProductText(productFile({ slug: 'two', otherMarkets: [uk] }));
    expect(v.problems).toEqual([]);
  });

  it('new-product reads "uk 19.99 https://…; eu 21.50 https://…" in each market’s money', () => {
    expect(field('otherMarkets').meta.cli.read!('uk 19.99 https://a.example/x; eu 21.50 https://b.example/y')).toEqual([
      { market: 'uk', price: 1999, currency: 'GBP', url: 'https://a.example/x' },
      { market: 'eu', price: 2150, currency: 'EUR', url: 'https://b.example/y' },
    ]);
    expect(() => field('otherMarkets').meta.cli.read!('mars 1 https://x.example')).toThrow(/not a market/);
  });
});

describe('other markets as text', () => {
  it('read as each offer’s values, not as objects', () => {
    const e = entry({ otherMarkets: [uk] });
    expect(fieldText(e, 'otherMarkets')).toBe('uk 1999 GBP https://shop.example.co.uk/x');
  });
});
