// A child's age as a search filter: each product's record names the month its ages start and end
// (src/outputs/search-records.ts), and a search for an age keeps the products whose span includes it.
import { parseAgeRange, type AgeSpan } from './ages.ts';

/** The record's value for ages that never end ("8+ years"), and for a product that states none. */
export const OPEN_END = 'up';
export const NO_AGE = 'none';

export type AgeFilters = {
  /** The month its ages start, or NO_AGE. */
  agefrom: string[];
  /** The month they end, or OPEN_END; empty when no age is stated. */
  ageto: string[];
};

/** What a product's search record says of its ages. */
export function ageFiltersOf(ageRange: string | null): AgeFilters {
  const span = ageRange === null ? null : parseAgeRange(ageRange);
  if (!span) return { agefrom: [NO_AGE], ageto: [] };
  return { agefrom: [String(span.minMonths)], ageto: [span.maxMonths === null ? OPEN_END : String(span.maxMonths)] };
}

/** Pagefind's compound filter: any of these values. */
export type AnyOf = { any: string[] };

/**
 * The filters that keep the products whose ages overlap `span` (a child's age: include it), from
 * the values the index holds (Pagefind's `filters()`): started by its end, not ended before its start.
 */
export function ageFiltersFor(
  span: AgeSpan,
  known: { agefrom?: Record<string, number>; ageto?: Record<string, number> },
): { agefrom: AnyOf; ageto?: AnyOf } {
  const hi = span.maxMonths ?? Number.POSITIVE_INFINITY;
  const from = Object.keys(known.agefrom ?? {}).filter((v) => v !== NO_AGE && Number(v) <= hi);
  const ends = Object.keys(known.ageto ?? {});
  const to = ends.filter((v) => v === OPEN_END || Number(v) >= span.minMonths);
  // Pagefind reads an empty `any` as no condition: a value no record holds matches nothing instead.
  const agefrom = { any: from.length ? from : ['-'] };
  // An end every product with ages meets says nothing (a product stating none has no end, and no
  // start among `from`): left out, the search does half the work.
  return to.length === ends.length ? { agefrom } : { agefrom, ageto: { any: to.length ? to : ['-'] } };
}

/** The filter of the products that state no age (shown after the others). */
export const NO_AGE_FILTER = { agefrom: NO_AGE };
