// Barcodes (GTINs) read, checked and normalised, against barcodes printed on real products and in
// published worked examples, each with where it was published.
import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, gtinProblem, parseGtin, toGtin14 } from '../../src/catalog/gtin.ts';

// Real, published barcodes: [code, kind, where it was published]
const PUBLISHED: [string, string, string][] = [
  ['036000241457', 'UPC-A', "a box of tissues, Wikipedia's UPC article worked example"],
  ['036000291452', 'UPC-A', "the UPC-A symbol pictured in Wikipedia's Universal Product Code article"],
  ['4006381333931', 'EAN-13', "the EAN-13 symbol pictured in Wikipedia's International Article Number article"],
  [
    '5010017088439',
    'EAN-13',
    "a European consumer product, heelpbook's 'How to manually calculate an EAN-13 check digit'",
  ],
  ['9780964092303', 'EAN-13', "a book's EAN, utopia.knoware.nl's EAN-13 page (1996)"],
  ['9780306406157', 'EAN-13', "the ISBN-13 worked example in Wikipedia's ISBN article"],
  ['96385074', 'EAN-8', "the EAN-8 symbol pictured in Wikipedia's EAN-8 article"],
  ['15400141288763', 'GTIN-14', "the ITF-14 symbol pictured in Wikipedia's ITF-14 article"],
];

describe.each(PUBLISHED)('%s (%s: %s)', (code) => {
  it('is a valid barcode', () => {
    expect(gtinProblem(code)).toBeNull();
    expect(parseGtin(code)).toBe(code);
  });

  it('normalises to 14 digits without changing the digits', () => {
    const g14 = toGtin14(code);
    expect(g14).toHaveLength(14);
    expect(g14!.replace(/^0+/, '')).toBe(code.replace(/^0+/, ''));
  });

  it('names the expected check digit when the last digit is changed', () => {
    const right = Number(code.slice(-1));
    const wrong = `${code.slice(0, -1)}${(right + 1) % 10}`;
    const problem = gtinProblem(wrong);
    expect(problem).toContain(`ends in ${(right + 1) % 10}`);
    expect(problem).toContain(`would be ${right}`);
    expect(problem).toContain('cannot say which');
    expect(toGtin14(wrong)).toBeNull();
  });

  it('is refused when one digit in the middle is mistyped, and still names the right last digit', () => {
    const i = Math.floor(code.length / 2);
    const typo = `${code.slice(0, i)}${(Number(code[i]) + 1) % 10}${code.slice(i + 1)}`;
    const problem = gtinProblem(typo);
    expect(problem).toContain(`would be ${gtinCheckDigit(typo.slice(0, -1))}`);
    expect(problem).toContain(`ends in ${code.slice(-1)}`);
  });
});

describe('a UPC-A and the same EAN-13 or GTIN-14 compare equal as GTIN-14', () => {
  it.each([
    ['036000291452', '0036000291452'],
    ['036000291452', '00036000291452'],
    ['96385074', '0000096385074'],
  ])('%s = %s', (a, b) => {
    expect(toGtin14(a)).toBe(toGtin14(b));
    expect(toGtin14(a)).toMatch(/^\d{14}$/);
  });

  it('different products stay different', () => {
    expect(toGtin14('036000241457')).not.toBe(toGtin14('036000291452'));
  });
});

describe('gtinCheckDigit follows the modulo-10 worked examples', () => {
  it.each([
    // heelpbook: 501001708843 → 9; Wikipedia's tissue box 03600024145 → 7
    ['501001708843', 9],
    ['03600024145', 7],
    // a sum that is already a multiple of ten gives 0, not 10
    ['0000000', 0],
  ])('%s → %i', (body, digit) => {
    expect(gtinCheckDigit(body)).toBe(digit);
  });
});

describe('what a product file may not hold as a barcode', () => {
  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['4006381 333931', 'a space'],
    ['4006-381333931', '"-"'],
    ['400638133393X', '"X"'],
    ['+4006381333931', '"+"'],
    ['1234567', '7 digits'],
    ['40063813339', '11 digits'],
    ['400638133393100', '15 digits'],
  ])('%j: %s', (code, words) => {
    expect(gtinProblem(code)).toContain(words);
  });
});

describe('parseGtin reads a barcode as a regulator or a shop prints it', () => {
  it.each([
    [' 4006381333931 ', '4006381333931'],
    ['4 006381 333931', '4006381333931'],
    ['0-36000-29145-2', '036000291452'],
  ])('%j → %s', (text, digits) => {
    expect(parseGtin(text)).toBe(digits);
  });

  it.each(['4006381333932', 'EAN 4006381333931', '400638133393X', '12345', '', '   '])('refuses %j', (text) => {
    expect(parseGtin(text)).toBeNull();
    expect(toGtin14(text)).toBeNull();
  });
});
