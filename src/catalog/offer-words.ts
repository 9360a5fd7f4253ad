// A product's offers as every page words them: the price with the market it is for ("$24.99 in
// the US"), one line per market on its page, and the market of a price on a card ("$24.99 · US").
import { formatPrice } from './catalog.ts';
import { market, offersOf, type Offer, type Offered } from './markets.ts';

/** "$24.99" or "Price not listed". */
export const offerPrice = (o: Offer): string => formatPrice(o.price, o.currency);

/** "$24.99 in the United States". */
export const offerInWords = (o: Offer): string => `${offerPrice(o)} in ${market(o.market).name}`;

/** A card's price: the first offer's, with its market ("$24.99 · US"), and how many more markets sell it. */
export function cardPrice(d: Offered): string {
  const [first, ...more] = offersOf(d);
  const others = more.length ? ` (+${more.length} ${more.length === 1 ? 'market' : 'markets'})` : '';
  const where = first!.price === null ? '' : ` · ${market(first!.market).short}`;
  return `${offerPrice(first!)}${where}${others}`;
}
