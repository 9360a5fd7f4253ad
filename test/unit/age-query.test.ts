// An age in a search query as parents type it: the child's age in months it names and the words left to search.
import { describe, expect, it } from 'vitest';
import { ageInQuery, monthsInWords, spanInWords } from '../../src/catalog/age-query.ts';

describe.each([
  // query, [from, to] in months, said, rest
  ['blocks for a 2 year old', [24, 24], 'for a 2 year old', 'blocks'],
  ['for a 2 year old', [24, 24], 'for a 2 year old', ''],
  ['toddler', [12, 36], 'toddler', ''],
  ['Toddlers puzzles', [12, 36], 'Toddlers', 'puzzles'],
  ['gifts for my baby', [0, 12], 'for my baby', 'gifts'],
  ['newborn', [0, 3], 'newborn', ''],
  ['18 month old stacking', [18, 18], '18 month old', 'stacking'],
  ['12 months', [12, 12], '12 months', ''],
  ['3-year-old', [36, 36], '3-year-old', ''],
  ['puzzle for 3 year olds', [36, 36], 'for 3 year olds', 'puzzle'],
  ['preschool games', [36, 71], 'preschool', 'games'],
  ['Pre-schooler art', [36, 71], 'Pre-schooler', 'art'],
  ['4yo', [48, 48], '4yo', ''],
  ['kit for a 5 y.o.', [60, 60], 'for a 5 y.o.', 'kit'],
  ['age 7', [84, 84], 'age 7', ''],
  ['science kits ages 8', [96, 96], 'ages 8', 'science kits'],
  ['aged 10 puzzles', [120, 120], 'aged 10', 'puzzles'],
  ['age 7+', [84, 84], 'age 7+', ''],
  ['books 6 years', [72, 72], '6 years', 'books'],
  ['tween crafts', [108, 155], 'tween', 'crafts'],
  ['teens', [156, 216], 'teens', ''],
  ['games for teenagers', [156, 216], 'for teenagers', 'games'],
  ['13 year old', [156, 156], '13 year old', ''],
  ['age 18', [216, 216], 'age 18', ''],
] as const)('%j', (query, [minMonths, maxMonths], said, rest) => {
  it(`names ${minMonths}–${maxMonths} months, leaving ${JSON.stringify(rest)}`, () => {
    expect(ageInQuery(query)).toEqual({ span: { minMonths, maxMonths }, said, rest });
  });
});

describe('no age', () => {
  it.each([
    'blocks',
    '',
    'puzzle 1000 pieces',
    'kite with 50 m line',
    'ages 3-8',
    'ages 3 to 8',
    'age 30',
    'canteen',
    'fifteen',
    'ballet shoes',
    '2 player game',
    'magnetic tiles 60',
  ])('%j', (query) => {
    expect(ageInQuery(query)).toBeNull();
  });
});

describe('ages in words', () => {
  it.each([
    [1, '1 month'],
    [18, '18 months'],
    [24, '2 years'],
    [30, '2 years 6 months'],
    [12 * 13, '13 years'],
  ])('%i months: %j', (months, words) => {
    expect(monthsInWords(months)).toBe(words);
  });
  it('a span reads from–to', () => {
    expect(spanInWords({ minMonths: 12, maxMonths: 36 })).toBe('12 months–3 years');
  });
});
