// An age in a search query, as a parent types it ("blocks for a 2 year old", "toddler", "age 7",
// "teens", "3-year-old"): the child's age in months and the words left to search. The search page
// keeps the products whose ages include it (src/scripts/search.ts); a range ("ages 3-8") or an age
// past 18 is no age.
import type { AgeSpan } from './ages.ts';

export interface AgeInQuery {
  /** The child's age in months: one month for "2 year old", a span for a word ("toddler": 12–36). */
  span: AgeSpan & { maxMonths: number };
  /** The words that named it, as typed ("for a 2 year old"). */
  said: string;
  /** The query without them: the words to search (may be empty). */
  rest: string;
}

/** The oldest age a search reads: past it an age is not a child's. */
export const OLDEST_MONTHS = 18 * 12;

/** "for", "for a", "for my" … before an age: part of the phrase, not words to search. */
const FOR = String.raw`(?:\bfor\s+)?(?:\b(?:a|an|my|our|the)\s+)?`;
const NUMBER = String.raw`(\d{1,2})`;
/** Units as words: a bare "m" is metres as often as months ("50 m line"). */
const YEARS = String.raw`(?:years?|yrs?)`;
const MONTHS = String.raw`(?:months?|mos?)`;
/** Not the start of a range: "ages 3-8" names no one age. */
const NO_RANGE = String.raw`(?!\s*(?:-|–|—|to)\s*\d)`;

/** The forms, tried in order: each names a number and its unit. */
const FORMS: readonly { re: RegExp; months: (m: RegExpExecArray) => number }[] = [
  // "2 year old", "3-year-old", "18 month old", "for 2 year olds", "2yo", "2 y.o."
  {
    re: new RegExp(String.raw`${FOR}\b${NUMBER}\s*-?\s*(${YEARS}|${MONTHS})\s*-?\s*olds?\b`, 'i'),
    months: (m) => inMonths(m[1]!, m[2]!),
  },
  { re: new RegExp(String.raw`${FOR}\b${NUMBER}\s*y\.?\s*o\b\.?`, 'i'), months: (m) => Number(m[1]) * 12 },
  // "age 7", "ages 7", "aged 18 months", "age 7+"
  {
    re: new RegExp(String.raw`${FOR}\bag(?:es?|ed)\s+${NUMBER}(?:\s*(${YEARS}|${MONTHS})\b)?${NO_RANGE}\+?`, 'i'),
    months: (m) => inMonths(m[1]!, m[2] ?? 'years'),
  },
  // "for 7 years", "12 months"
  {
    re: new RegExp(String.raw`${FOR}\b${NUMBER}\s*(${YEARS}|${MONTHS})\b${NO_RANGE}\+?`, 'i'),
    months: (m) => inMonths(m[1]!, m[2]!),
  },
];

/** Words that name an age, as a span of months. */
const WORDS: readonly { re: RegExp; minMonths: number; maxMonths: number }[] = [
  { re: /newborns?/, minMonths: 0, maxMonths: 3 },
  { re: /babies|baby|infants?/, minMonths: 0, maxMonths: 12 },
  { re: /toddlers?/, minMonths: 12, maxMonths: 36 },
  { re: /pre-?schoolers?|pre-?school/, minMonths: 36, maxMonths: 71 },
  { re: /tweens?/, minMonths: 108, maxMonths: 155 },
  { re: /teens?|teenagers?/, minMonths: 156, maxMonths: OLDEST_MONTHS },
];
const WORD = new RegExp(String.raw`${FOR}\b(${WORDS.map((w) => w.re.source).join('|')})\b`, 'i');

function inMonths(n: string, unit: string): number {
  return /^m/i.test(unit) ? Number(n) : Number(n) * 12;
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The first age `query` names, with the words left to search, or null when it names none. */
export function ageInQuery(query: string): AgeInQuery | null {
  for (const form of FORMS) {
    const m = form.re.exec(query);
    if (!m) continue;
    const months = form.months(m);
    if (months > OLDEST_MONTHS) continue;
    return found(query, m, months, months);
  }
  const m = WORD.exec(query);
  if (!m) return null;
  const word = m[1]!.toLowerCase();
  const w = WORDS.find((x) => new RegExp(`^(?:${x.re.source})$`).test(word))!;
  return found(query, m, w.minMonths, w.maxMonths);
}

function found(query: string, m: RegExpExecArray, minMonths: number, maxMonths: number): AgeInQuery {
  return {
    span: { minMonths, maxMonths },
    said: clean(m[0]),
    rest: clean(query.slice(0, m.index) + ' ' + query.slice(m.index + m[0].length)),
  };
}

/** An age in months as a parent says it: "18 months", "2 years", "2 years 6 months". */
export function monthsInWords(months: number): string {
  const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  if (months < 24) return unit(months, 'month');
  const y = Math.floor(months / 12);
  return months % 12 ? `${unit(y, 'year')} ${unit(months % 12, 'month')}` : unit(y, 'year');
}

/** A span of ages in words: one age, or "12 months–3 years". */
export function spanInWords(span: AgeInQuery['span']): string {
  return span.minMonths === span.maxMonths
    ? monthsInWords(span.minMonths)
    : `${monthsInWords(span.minMonths)}–${monthsInWords(span.maxMonths)}`;
}
