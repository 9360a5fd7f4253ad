// Where a parent lives: the markets a product may be offered in, each with its own currency, and a
// product's offers in them (its first offer is its price, currency and url; `otherMarkets` the rest).
export const MARKETS = [
  { id: 'us', name: 'the United States', short: 'US', currency: 'USD', region: 'US' },
  { id: 'ca', name: 'Canada', short: 'Canada', currency: 'CAD', region: 'CA' },
  { id: 'eu', name: 'the European Union', short: 'EU', currency: 'EUR', region: 'EU' },
  { id: 'uk', name: 'the United Kingdom', short: 'UK', currency: 'GBP', region: 'GB' },
] as const;

export type Market = (typeof MARKETS)[number];
export type MarketId = Market['id'];
export type MarketCurrency = Market['currency'];
export const MARKET_IDS = MARKETS.map((m) => m.id) as [MarketId, ...MarketId[]];
export const MARKET_CURRENCIES = MARKETS.map((m) => m.currency) as [MarketCurrency, ...MarketCurrency[]];

/** One market by id. */
export const market = (id: MarketId): Market => MARKETS.find((m) => m.id === id)!;

/** The market whose money `currency` is (every currency is one market's). */
export const marketOfCurrency = (currency: string): Market | undefined => MARKETS.find((m) => m.currency === currency);

/** A product's offer in one market. */
export interface Offer {
  market: MarketId;
  /** Minor units of `currency`, or null when the price is not listed. */
  price: number | null;
  currency: MarketCurrency;
  url: string;
}

/** What a product holds of its offers: the first one's fields, and the others. */
export interface Offered {
  price: number | null;
  currency: string;
  url: string;
  otherMarkets?: readonly Offer[] | undefined;
}

/** Every offer of a product, the first first (its market is its currency's). */
export function offersOf(d: Offered): Offer[] {
  const m = marketOfCurrency(d.currency)!;
  const first: Offer = { market: m.id, price: d.price, currency: m.currency, url: d.url };
  return [first, ...(d.otherMarkets ?? [])];
}

/** The product's offer in market `id`, if it is sold there. */
export const offerIn = (d: Offered, id: MarketId): Offer | undefined => offersOf(d).find((o) => o.market === id);
