// E-mail addresses are compared one way everywhere (src/config/email.ts): ASCII case aside, two
// addresses are the same only when written the same; an address that Unicode normalisation would
// change (compatibility forms, case folding beyond ASCII) is never plain; and the fully normalised
// form finds two spellings of one address.
import { describe, expect, it } from 'vitest';
import { emailKey, isPlainEmail, normalisedEmail, sameEmail } from '../../src/config/email.ts';

const KELVIN = '\u212A'; // K, the Kelvin sign: toLowerCase() makes it an ASCII k

describe.each([
  ['maya@school.example', 'maya@school.example', true],
  ['Maya@School.EXAMPLE', 'maya@school.example', true],
  ['JO@home.example', 'jo@HOME.example', true],
  ['josé@example.org', 'josé@example.org', true],
  [`${KELVIN}ate@school.example`, 'kate@school.example', false],
  ['ｍaya@school.example', 'maya@school.example', false],
  ['ﬁona@school.example', 'fiona@school.example', false],
  ['JOSÉ@example.org', 'josé@example.org', false],
  ['jose\u0301@example.org', 'josé@example.org', false],
  ['maya@school.example', 'maya@school.exampl', false],
  ['maya@school.example', ' maya@school.example', false],
])('sameEmail(%j, %j)', (a, b, same) => {
  it(`is ${same}, both ways, and agrees with emailKey`, () => {
    expect(sameEmail(a, b)).toBe(same);
    expect(sameEmail(b, a)).toBe(same);
    expect(emailKey(a) === emailKey(b)).toBe(same);
  });
});

describe.each([
  ['kate@school.example'],
  ['Kate@School.Example'],
  ['maya.e2e+editor@school.test'],
  ['josé@example.org'],
  ['用户@例子.广告'],
  ['maya@bücher.example'],
])('a plain address: %j', (address) => {
  it('is plain, and its key only lower-cases its ASCII letters', () => {
    expect(isPlainEmail(address)).toBe(true);
    expect(emailKey(address)).toBe(address.replace(/[A-Z]/g, (c) => c.toLowerCase()));
  });
});

describe.each([
  [`${KELVIN}ate@school.example`, 'the Kelvin sign', 'kate@school.example'],
  ['ｍaya@school.example', 'a fullwidth letter', 'maya@school.example'],
  ['maya@ｓchool.example', 'a fullwidth letter in the domain', 'maya@school.example'],
  ['ﬁona@school.example', 'a ligature', 'fiona@school.example'],
  ['ⓚate@school.example', 'a circled letter', 'kate@school.example'],
  ['\u{1D424}ate@school.example', 'a mathematical letter', 'kate@school.example'],
  ['straße@school.example', 'ß, which case folding makes ss', 'strasse@school.example'],
  ['JOSÉ@example.org', 'a capital beyond ASCII', 'josé@example.org'],
  ['jose\u0301@example.org', 'a letter and a combining accent', 'josé@example.org'],
  ['\u0131da@school.example', 'the dotless i, which upper-casing makes I', 'ida@school.example'],
  ['\u0130da@school.example', 'the dotted capital I', 'i\u0307da@school.example'],
  ['ka\u00ADte@school.example', 'a soft hyphen (invisible)', 'kate@school.example'],
  ['ka\u200Dte@school.example', 'a zero-width joiner (invisible)', 'kate@school.example'],
])('not plain: %j (%s)', (address, _what, normalised) => {
  it('is refused as a spelling, and normalises to its plain twin', () => {
    expect(isPlainEmail(address)).toBe(false);
    expect(normalisedEmail(address)).toBe(normalised);
  });
});

describe.each([
  ['Maya@School.example', 'maya@school.example'],
  [`${KELVIN}ate@school.example`, 'kate@school.example'],
  ['ｍaya@school.example', 'MAYA@school.example'],
  ['maya@bücher.example', 'maya@xn--bcher-kva.example'],
  ['maya@BÜCHER.example', 'maya@xn--bcher-kva.example'],
])('two spellings of one address: %j and %j', (a, b) => {
  it('normalise to the same address', () => {
    expect(normalisedEmail(a)).toBe(normalisedEmail(b));
  });
});

describe.each([
  ['kate@school.example', 'kat@school.example'],
  ['maya@school.example', 'maya@school.example.org'],
  ['maya@a/b.example', 'maya@a'],
  ['maya@a?b', 'maya@a'],
  ['maya@a:1', 'maya@a'],
])('two different addresses: %j and %j', (a, b) => {
  it('stay different once normalised', () => {
    expect(normalisedEmail(a)).not.toBe(normalisedEmail(b));
  });
});

it('a key is stable: the key of a key is itself, for plain and other addresses alike', () => {
  for (const a of ['Maya@School.example', `${KELVIN}ate@x.example`, 'JOSÉ@example.org'])
    expect(emailKey(emailKey(a))).toBe(emailKey(a));
});
