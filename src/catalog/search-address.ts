// The search page's address: what a search is (its words, category, a child's age and where she
// lives), read from `/search?…` and written back, so a search can be shared and each one is a step
// of the history. `age` is a child's age (`2` years, `18m` months) or, from older links, an age
// band (`0-2`); `where` a market (`us`, `ca`, `eu`, `uk`).
import { CATEGORY_SLUGS } from '../config/site.ts';
import { OLDEST_MONTHS } from './age-query.ts';
import { AGE_BANDS, type AgeSpan } from './ages.ts';
import { MARKET_IDS } from './markets.ts';

export interface SearchState {
  /** The words as typed (an age in them included). */
  q: string;
  /** A category slug, or '' for any. */
  category: string;
  /** The age as the address writes it, or '' for any. */
  age: string;
  /** A market's id, or '' for anywhere. */
  where: string;
}

const AGE_PARAM = /^(\d{1,3})(m?)$/;

/** The ages an address's `age` names: a band's span, or one month; null when it names none. */
export function ageOfParam(age: string): AgeSpan | null {
  const band = AGE_BANDS.find((b) => b.slug === age);
  if (band) return { minMonths: band.minMonths, maxMonths: band.maxMonths };
  const m = AGE_PARAM.exec(age);
  if (!m) return null;
  const months = m[2] ? Number(m[1]) : Number(m[1]) * 12;
  return months <= OLDEST_MONTHS ? { minMonths: months, maxMonths: months } : null;
}

/** A child's age in months as the address writes it: whole years as `2`, else months as `18m`. */
export const ageParam = (months: number): string => (months % 12 === 0 ? String(months / 12) : `${months}m`);

/** The search an address holds; a value the page does not know is left out. */
export function readSearchAddress(search: string): SearchState {
  const p = new URLSearchParams(search);
  const category = p.get('category') ?? '';
  const age = p.get('age') ?? '';
  const where = p.get('where') ?? '';
  return {
    q: (p.get('q') ?? '').trim(),
    category: (CATEGORY_SLUGS as readonly string[]).includes(category) ? category : '',
    age: ageOfParam(age) ? age : '',
    where: (MARKET_IDS as readonly string[]).includes(where) ? where : '',
  };
}

/** The address's query part for a search ('' for none), its keys in a fixed order. */
export function searchAddress(state: SearchState): string {
  const p = new URLSearchParams();
  for (const key of ['q', 'category', 'age', 'where'] as const) if (state[key]) p.set(key, state[key]);
  return p.size ? `?${p}` : '';
}
