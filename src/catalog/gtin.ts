// Barcodes (GTINs: the numbers under a product's bars): reading one, saying what is wrong with one in
// plain words, and writing any valid one as 14 digits so a UPC-A and the same EAN-13 compare equal.

/** The lengths a GTIN comes in: GTIN-8 (EAN-8), GTIN-12 (UPC-A), GTIN-13 (EAN-13), GTIN-14. */
export const GTIN_LENGTHS: readonly number[] = [8, 12, 13, 14];

/**
 * The check digit for `body` (a GTIN without its last digit): GS1's modulo-10 rule, weighting the
 * digits 3, 1, 3, 1 … from the right, so leading zeros never change it.
 */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * What is wrong with `code` as a barcode in a product file, as a plain sentence, or null when it is
 * a valid GTIN-8, 12, 13 or 14. A wrong check digit gives the digit expected: a check digit shows
 * that some digit is wrong, never which one.
 */
export function gtinProblem(code: string): string | null {
  if (code.trim() === '') return 'The barcode is empty';
  const odd = /[^0-9]/.exec(code);
  if (odd) {
    const shown = odd[0] === ' ' ? 'a space' : `"${odd[0]}"`;
    return `The barcode "${code}" has ${shown} in it; a barcode is digits only (the numbers printed under the bars, without spaces or dashes)`;
  }
  if (!GTIN_LENGTHS.includes(code.length)) {
    return `The barcode "${code}" has ${code.length} digits; a barcode (GTIN) has 8, 12, 13 or 14 digits`;
  }
  const expected = gtinCheckDigit(code.slice(0, -1));
  const last = Number(code.slice(-1));
  if (last !== expected) {
    return `The barcode "${code}" ends in ${last}, but with the digits before it the last digit would be ${expected}: one digit is mistyped (a check digit cannot say which), so copy the barcode again from the box`;
  }
  return null;
}

/**
 * `text` read as a barcode from any source (a product file, a regulator's record): spaces and dashes
 * between the digits are dropped. The digits, or null when they are not a valid GTIN.
 */
export function parseGtin(text: string): string | null {
  const digits = text.trim().replace(/[\s-]/g, '');
  return gtinProblem(digits) === null ? digits : null;
}

/**
 * Any valid GTIN as 14 digits (zeros added on the left), the one form barcodes are compared in:
 * UPC-A 036000291452 and EAN-13 0036000291452 are the same product. Null when `code` is not valid.
 */
export function toGtin14(code: string): string | null {
  const digits = parseGtin(code);
  return digits === null ? null : digits.padStart(14, '0');
}
