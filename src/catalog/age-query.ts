// An age in a search query, as a parent types it ("blocks for a 2 year old", "toddler", "age 7",
// "teens", "3-year-old"): the age band it names and the words left to search. The search page sets
// its age filter from it (src/scripts/search.ts); a range ("ages 3-8") or an age past 18 is no age.
import { AGE_BANDS, type AgeBandSlug } from './ages.ts';

export interface AgeInQuery {
  /** The age band the words name. */
  band: AgeBandSlug;
  /** The words that named it, as typed ("for a 2 year old"). */
  said: string;
  /** The query without them: the words to search (may be empty). */
  rest: string;
}

/** "for", "for a", "for my" … before an age: part of the phrase, not words to search. */
const FOR = String.raw`(?:\bfor\s+)?(?:\b(?:a|an|my|our|the)\s+)?`;
const NUMBER = String.raw`(\d{1,2})`;
/** Units as words: a bare "m" is metres as often as months ("50 m line"). */
const YEARS = String.raw`(?:years?|yrs?)`;
const MONTHS = String.raw`(?:months?|mos?)`;
/** Not the start of a range: "ages 3-8" names no one band. */
const NO_RANGE = String.raw`(?!\s*(?:-|–|—|to)\s*\d)`;

/** The forms, tried in order: each names a number and its unit, or a word. */
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

/** Words that name an age band. */
const WORDS: readonly { re: RegExp; band: AgeBandSlug }[] = [
  { re: /babies|baby|infants?|newborns?|toddlers?/, band: '0-2' },
  { re: /pre-?schoolers?|pre-?school/, band: '3-5' },
  { re: /tweens?/, band: '9-12' },
  { re: /teens?|teenagers?/, band: '13-plus' },
];
const WORD = new RegExp(String.raw`${FOR}\b(${WORDS.map((w) => w.re.source).join('|')})\b`, 'i');

function inMonths(n: string, unit: string): number {
  return /^m/i.test(unit) ? Number(n) : Number(n) * 12;
}

/** The band an age in months falls in, or null past 18 years (not a child's age). */
function bandOf(months: number): AgeBandSlug | null {
  if (months > 18 * 12) return null;
  return AGE_BANDS.find((b) => months >= b.minMonths && (b.maxMonths === null || months <= b.maxMonths))!.slug;
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The first age `query` names, with the words left to search, or null when it names none. */
export function ageInQuery(query: string): AgeInQuery | null {
  for (const form of FORMS) {
    const m = form.re.exec(query);
    if (!m) continue;
    const band = bandOf(form.months(m));
    if (band === null) continue;
    return found(query, m, band);
  }
  const m = WORD.exec(query);
  if (!m) return null;
  const word = m[1]!.toLowerCase();
  return found(query, m, WORDS.find((w) => new RegExp(`^(?:${w.re.source})$`).test(word))!.band);
}

function found(query: string, m: RegExpExecArray, band: AgeBandSlug): AgeInQuery {
  return { band, said: clean(m[0]), rest: clean(query.slice(0, m.index) + ' ' + query.slice(m.index + m[0].length)) };
}
