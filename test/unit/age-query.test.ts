// An age in a search query as parents type it: the age band it names and the words left to search.
import { describe, expect, it } from 'vitest';
import { ageInQuery } from '../../src/catalog/age-query.ts';

describe.each([
  // query, band, said, rest
  ['blocks for a 2 year old', '0-2', 'for a 2 year old', 'blocks'],
  ['for a 2 year old', '0-2', 'for a 2 year old', ''],
  ['toddler', '0-2', 'toddler', ''],
  ['Toddlers puzzles', '0-2', 'Toddlers', 'puzzles'],
  ['gifts for my baby', '0-2', 'for my baby', 'gifts'],
  ['newborn', '0-2', 'newborn', ''],
  ['18 month old stacking', '0-2', '18 month old', 'stacking'],
  ['12 months', '0-2', '12 months', ''],
  ['3-year-old', '3-5', '3-year-old', ''],
  ['puzzle for 3 year olds', '3-5', 'for 3 year olds', 'puzzle'],
  ['preschool games', '3-5', 'preschool', 'games'],
  ['Pre-schooler art', '3-5', 'Pre-schooler', 'art'],
  ['4yo', '3-5', '4yo', ''],
  ['kit for a 5 y.o.', '3-5', 'for a 5 y.o.', 'kit'],
  ['age 7', '6-8', 'age 7', ''],
  ['science kits ages 8', '6-8', 'ages 8', 'science kits'],
  ['aged 10 puzzles', '9-12', 'aged 10', 'puzzles'],
  ['age 7+', '6-8', 'age 7+', ''],
  ['books 6 years', '6-8', '6 years', 'books'],
  ['tween crafts', '9-12', 'tween', 'crafts'],
  ['teens', '13-plus', 'teens', ''],
  ['games for teenagers', '13-plus', 'for teenagers', 'games'],
  ['13 year old', '13-plus', '13 year old', ''],
  ['age 18', '13-plus', 'age 18', ''],
])('%j', (query, band, said, rest) => {
  it(`names ${band}, leaving ${JSON.stringify(rest)}`, () => {
    expect(ageInQuery(query)).toEqual({ band, said, rest });
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
