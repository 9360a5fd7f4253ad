// Age ranges as curators write them, read into months, and the browse bands they land in.
import { describe, expect, it } from 'vitest';
import { AGE_BANDS, ageBandsFor, parseAgeRange } from '../../src/catalog/ages.ts';

describe.each([
  // text, minMonths, maxMonths
  ['0–12 months', 0, 12],
  ['0–6 months', 0, 6],
  ['6-18 months', 6, 18],
  ['6 mos–2 yrs', 6, 24],
  ['12 months–6 years', 12, 72],
  ['18 months to 3 years', 18, 36],
  ['3–6 years', 36, 72],
  ['2—4 yrs', 24, 48],
  ['  4–7 years  ', 48, 84],
  ['3 years', 36, 36],
  ['8+ years', 96, null],
  ['8 years+', 96, null],
  ['18+ months', 18, null],
  ['13+', 156, null],
  ['14+ years', 168, null],
  ['Ages 5 and up', 60, null],
  ['Age 10+', 120, null],
] as const)('parseAgeRange(%j)', (text, minMonths, maxMonths) => {
  it(`reads ${minMonths}–${maxMonths ?? '∞'} months`, () => {
    expect(parseAgeRange(text)).toEqual({ minMonths, maxMonths });
  });
});

describe.each(['toddlers', '', 'adults only', 'twelve months', '6–3 years', '3–6 weeks', '100+ years', '3 to', 'ages'])(
  'parseAgeRange(%j)',
  (text) => {
    it('cannot be read', () => {
      expect(parseAgeRange(text)).toBeNull();
    });
  },
);

describe.each([
  ['0–6 months', ['0-2']],
  ['0–35 months', ['0-2']],
  ['0–36 months', ['0-2', '3-5']],
  ['3 years', ['3-5']],
  ['5–6 years', ['3-5', '6-8']],
  ['8–12 years', ['6-8', '9-12']],
  ['8–13 years', ['6-8', '9-12', '13-plus']],
  ['12 months–6 years', ['0-2', '3-5', '6-8']],
  ['8+ years', ['6-8', '9-12', '13-plus']],
  ['13+', ['13-plus']],
  ['14+ years', ['13-plus']],
  [null, []],
  ['toddlers', []],
] as const)('ageBandsFor(%j)', (text, bands) => {
  it(`is ${bands.length ? bands.join(', ') : 'no band'}`, () => {
    expect(ageBandsFor(text)).toEqual(bands);
  });
});

describe('AGE_BANDS', () => {
  it('cover every age from birth with no gaps or overlaps, the last one open-ended', () => {
    expect(AGE_BANDS[0].minMonths).toBe(0);
    for (let i = 1; i < AGE_BANDS.length; i++) expect(AGE_BANDS[i]!.minMonths).toBe(AGE_BANDS[i - 1]!.maxMonths! + 1);
    expect(AGE_BANDS.at(-1)!.maxMonths).toBeNull();
  });
});
