// A child's age as a search filter: the records' start and end months, and the filter that keeps
// the products whose ages include it.
import { describe, expect, it } from 'vitest';
import { ageFiltersFor, ageFiltersOf } from '../../src/catalog/age-filter.ts';

describe('a record says where its ages start and end', () => {
  it.each([
    ['0–12 months', ['0'], ['12']],
    ['3–6 years', ['36'], ['72']],
    ['8+ years', ['96'], ['up']],
    [null, ['none'], []],
  ])('%j', (ageRange, agefrom, ageto) => {
    expect(ageFiltersOf(ageRange)).toEqual({ agefrom, ageto });
  });
});

describe('a search for an age keeps the ranges that include it', () => {
  const ranges = ['0–12 months', '12 months–3 years', '18 months–2 years', '3–6 years', '8+ years', '2–4 years'];
  const known = { agefrom: {} as Record<string, number>, ageto: {} as Record<string, number> };
  for (const r of [...ranges, null]) {
    const f = ageFiltersOf(r);
    for (const v of f.agefrom) known.agefrom[v] = 1;
    for (const v of f.ageto) known.ageto[v] = 1;
  }
  /** The ranges a filter keeps, as Pagefind would: each filter any of its values. */
  const kept = (minMonths: number, maxMonths: number | null) => {
    const f = ageFiltersFor({ minMonths, maxMonths }, known);
    return ranges.filter((r) => {
      const o = ageFiltersOf(r);
      return f.agefrom.any.includes(o.agefrom[0]!) && (f.ageto?.any.includes(o.ageto[0]!) ?? true);
    });
  };
  it('2 years: the ranges that include 24 months', () => {
    expect(kept(24, 24)).toEqual(['12 months–3 years', '18 months–2 years', '2–4 years']);
  });
  it('18 months', () => {
    expect(kept(18, 18)).toEqual(['12 months–3 years', '18 months–2 years']);
  });
  it('9 years: an open-ended range', () => {
    expect(kept(108, 108)).toEqual(['8+ years']);
  });
  it('a toddler (12–36 months): every range that meets it', () => {
    expect(kept(12, 36)).toEqual(['0–12 months', '12 months–3 years', '18 months–2 years', '3–6 years', '2–4 years']);
  });
  it('an end every range meets is left out (less work), and a product stating no age still is not kept', () => {
    expect(ageFiltersFor({ minMonths: 0, maxMonths: 0 }, known).ageto).toBeUndefined();
    expect(ageFiltersFor({ minMonths: 0, maxMonths: 0 }, known).agefrom.any).not.toContain('none');
    expect(kept(0, 0)).toEqual(['0–12 months']);
  });
  it('no range matches: a value no record holds, not an empty list', () => {
    expect(ageFiltersFor({ minMonths: 0, maxMonths: 0 }, { agefrom: { 36: 1 }, ageto: { 72: 1 } })).toEqual({
      agefrom: { any: ['-'] },
    });
    expect(ageFiltersFor({ minMonths: 99, maxMonths: 99 }, { agefrom: { 36: 1 }, ageto: { 72: 1, 120: 1 } })).toEqual({
      agefrom: { any: ['36'] },
      ageto: { any: ['120'] },
    });
  });
});
