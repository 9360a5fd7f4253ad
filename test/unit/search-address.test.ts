// The search page's address: read and written back unchanged, a child's age and old band links.
import { describe, expect, it } from 'vitest';
import { ageOfParam, ageParam, readSearchAddress, searchAddress } from '../../src/catalog/search-address.ts';

describe('the address round trip', () => {
  it.each([
    { q: 'puzzle', category: '', age: '2', where: '' },
    { q: 'blocks for a 2 year old', category: 'educational-toys', age: '', where: 'uk' },
    { q: '', category: 'books', age: '18m', where: 'ca' },
    { q: 'wooden & bright', category: '', age: '0-2', where: 'eu' },
    { q: '', category: '', age: '', where: 'us' },
    { q: '', category: '', age: '', where: '' },
  ])('%j', (state) => {
    expect(readSearchAddress(searchAddress(state))).toEqual(state);
  });

  it('writes the keys in a fixed order and nothing for an empty search', () => {
    expect(searchAddress({ where: 'ca', age: '2', category: 'books', q: 'a b' })).toBe(
      '?q=a+b&category=books&age=2&where=ca',
    );
    expect(searchAddress({ q: '', category: '', age: '', where: '' })).toBe('');
  });

  it('leaves out what the page does not know', () => {
    expect(readSearchAddress('?q=%20kite%20&category=spaceships&age=30&where=mars&x=1')).toEqual({
      q: 'kite',
      category: '',
      age: '',
      where: '',
    });
  });
});

describe('age in the address', () => {
  it.each([
    ['2', 24, 24],
    ['18m', 18, 18],
    ['0', 0, 0],
    ['18', 216, 216],
    ['0-2', 0, 35],
    ['13-plus', 156, null],
  ])('%j', (param, minMonths, maxMonths) => {
    expect(ageOfParam(param)).toEqual({ minMonths, maxMonths });
  });

  it.each(['19', '217m', '2y', '-2', '3-8', 'toddler', ''])('%j is no age', (param) => {
    expect(ageOfParam(param)).toBeNull();
  });

  it.each([
    [24, '2'],
    [18, '18m'],
    [0, '0'],
    [30, '30m'],
  ])('%i months is written %j and read back', (months, param) => {
    expect(ageParam(months)).toBe(param);
    expect(ageOfParam(param)).toEqual({ minMonths: months, maxMonths: months });
  });
});
