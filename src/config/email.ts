// E-mail addresses, compared one way everywhere: the admins' and curators' lists, sign-in, tokens and
// a curator's identity. Only the case of ASCII letters is ignored; an address that Unicode
// normalisation would change (a Kelvin sign for a K, a fullwidth or circled letter) is never plain.

/** The form addresses are compared in: ASCII letters lower-cased, every other character as it is. */
export const emailKey = (address: string): string => address.replace(/[A-Z]+/g, (s) => s.toLowerCase());

/** Whether two addresses are one: equal once their ASCII letters are lower-cased. */
export const sameEmail = (a: string, b: string): boolean => emailKey(a) === emailKey(b);

/** A character that NFKC with case folding changes or removes (Unicode's Changes_When_NFKC_Casefolded). */
const CHANGES_WHEN_FOLDED = /\p{Changes_When_NFKC_Casefolded}/u;

/**
 * Whether no normalisation would change the address beyond the case of its ASCII letters: its NFKC
 * form, its full case fold and an upper- then lower-casing all leave its key as it is. Sign-in
 * refuses any other address, so that none is ever read as someone else's.
 */
export function isPlainEmail(address: string): boolean {
  const key = emailKey(address);
  return (
    key.normalize('NFKC') === key &&
    !CHANGES_WHEN_FOLDED.test(key) &&
    key.toLowerCase() === key &&
    key.toUpperCase().toLowerCase() === key
  );
}

/** A domain that the URL parser reads whole as a host name (no path, port, query or user in it). */
const HOST_ONLY = /^[^\s/\\?#:@[\]%]+$/u;

/**
 * The address with every normalisation applied: NFKC, case folded, invisible characters dropped and
 * its domain in its ASCII (IDNA) form. Two spellings of one address normalise alike, so the lists
 * use it to refuse one person listed twice, and sign-in to say what an address would read as.
 */
export function normalisedEmail(address: string): string {
  const folded = address
    .normalize('NFKC')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKC')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '');
  const at = folded.lastIndexOf('@');
  if (at < 0) return folded;
  const domain = folded.slice(at + 1);
  const ascii =
    HOST_ONLY.test(domain) && URL.canParse(`http://${domain}`) ? new URL(`http://${domain}`).hostname : domain;
  return `${folded.slice(0, at)}@${ascii}`;
}
