// Reads the human-written `ageRange` ("0–12 months", "3–6 years", "8+ years", "13+") into months,
// and sorts products into the age bands the site browses by.

export interface AgeSpan {
  /** Youngest age in months. */
  minMonths: number;
  /** Oldest age in months; null when open-ended ("8+ years"). */
  maxMonths: number | null;
}

const UNIT = '(months?|mos?|years?|yrs?)';
const RANGE = new RegExp(
  `^(?:ages?\\s+)?(\\d{1,2})\\s*${UNIT}?\\s*(?:(?:-|–|—|to)\\s*(\\d{1,2})\\s*${UNIT}?|(\\+)\\s*${UNIT}?)?\\s*(?:and up)?$`,
  'i',
);

function months(value: number, unit: string | undefined): number {
  return unit && /^mo/i.test(unit) ? value : value * 12;
}

/**
 * Forms of an age range the site reads (CONTRIBUTING's table says more): a hyphen, an en dash or
 * "to" between the numbers, months or years (a bare number is years), "+" or "and up" for open-ended.
 */
export const AGE_RANGE_EXAMPLES = [
  '0–12 months',
  '18 months–3 years',
  '3–6 years',
  '3 to 6 years',
  'ages 3-6',
  '8+',
  '8 years and up',
  '5 years',
] as const;

/** Parses an age range, or returns null when it cannot be read. */
export function parseAgeRange(text: string): AgeSpan | null {
  const m = RANGE.exec(text.trim());
  if (!m) return null;
  const [, fromRaw, fromUnitBefore, toRaw, toUnit, plus, plusUnit] = m;
  const fromUnit = fromUnitBefore ?? plusUnit;
  const from = Number(fromRaw);
  if (toRaw !== undefined) {
    // "0-12 months": the unit after the second number applies to both; "18 months–3 years" keeps its own.
    const unitTo = toUnit ?? fromUnit;
    const unitFrom = fromUnit ?? unitTo;
    const span = { minMonths: months(from, unitFrom), maxMonths: months(Number(toRaw), unitTo) };
    return span.maxMonths >= span.minMonths ? span : null;
  }
  if (plus || /and up$/i.test(text.trim())) return { minMonths: months(from, fromUnit), maxMonths: null };
  const exact = months(from, fromUnit);
  return { minMonths: exact, maxMonths: exact };
}

export const AGE_BANDS = [
  { slug: '0-2', label: 'Babies & toddlers (0–2)', minMonths: 0, maxMonths: 35 },
  { slug: '3-5', label: 'Preschool (3–5)', minMonths: 36, maxMonths: 71 },
  { slug: '6-8', label: 'Early school (6–8)', minMonths: 72, maxMonths: 107 },
  { slug: '9-12', label: 'Tweens (9–12)', minMonths: 108, maxMonths: 155 },
  { slug: '13-plus', label: 'Teens (13+)', minMonths: 156, maxMonths: null },
] as const;
export type AgeBand = (typeof AGE_BANDS)[number];
export type AgeBandSlug = AgeBand['slug'];

/** The bands an age range overlaps; empty when the range is unknown. */
export function ageBandsFor(ageRange: string | null): AgeBandSlug[] {
  return ageBandsOf(ageRange === null ? null : parseAgeRange(ageRange));
}

/** The bands a parsed age span overlaps; empty for null. */
export function ageBandsOf(span: AgeSpan | null): AgeBandSlug[] {
  if (!span) return [];
  const hi = span.maxMonths ?? Number.POSITIVE_INFINITY;
  return AGE_BANDS.filter((b) => span.minMonths <= (b.maxMonths ?? Number.POSITIVE_INFINITY) && hi >= b.minMonths).map(
    (b) => b.slug,
  );
}
