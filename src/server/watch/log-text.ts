// Text from outside the site (a recall source, a shop) as it may appear in a log line: every line
// break, control or format character escaped, so no value can end a line early and forge another.
// JSON.stringify alone is not enough: it leaves U+2028, U+2029 and U+0085 (which some log viewers
// break lines at) and the invisible format characters as they are.

const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

const escapeOne = (c: string) =>
  c === '\n'
    ? '\\n'
    : c === '\r'
      ? '\\r'
      : c === '\t'
        ? '\\t'
        : `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`;

/** `value` with every line break, control and format character written as an escape (`\n`, `\u2028`). */
export const logSafe = (value: string): string => value.replace(UNSAFE, escapeOne);

/** `value` in double quotes, quotes and backslashes escaped as JSON does, and nothing that breaks a line. */
export const logQuoted = (value: string): string => JSON.stringify(value).replace(UNSAFE, escapeOne);
