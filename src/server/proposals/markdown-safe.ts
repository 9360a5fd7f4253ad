// Outside values (a regulator's recall number or title, a shop's address) in pull-request titles
// and bodies, made inert for where they go: GitHub reads a body as Markdown, links bare addresses,
// and turns `@name` into a notification and `#12` into a reference. One function per context.
import { codeSpan } from './compose.ts';

/** Cuts `text` to `max` characters, the last one `…` when anything was cut. */
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Every line break, control and format character (U+2028, U+0085, bidirectional marks…) as one space. */
const oneLine = (text: string) => text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ');

/**
 * U+2060 (word joiner, invisible) after `@`, `#` and `:` and before `.`: no mention, no issue
 * reference, no `https://` or `www.` or e-mail address that GitHub (or remark) would link.
 */
const unlinked = (text: string) => text.replace(/[@#:]/g, '$&\u2060').replace(/\./g, '\u2060.');

/** An identifier (a recall number): letters, digits, `-`, `.`, `/` and `_` only, at most `max` long. */
export function safeToken(value: string, max = 40): string {
  return value.replace(/[^A-Za-z0-9./_-]+/g, '').slice(0, max);
}

/**
 * A value in a pull request's title: one line of words, digits, spaces and ordinary punctuation;
 * every other character (`` ` `` `[` `]` `!` `<` `>` `@` `#` `|` `*` `_` `\` `/`…) a space.
 */
export function titleText(value: string, max: number): string {
  const words = oneLine(value)
    .replace(/[^\p{L}\p{M}\p{N} ,.;:?()'’&+%-]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  return cut(unlinked(words), max);
}

/** A value in a body's sentence or heading: one line, every ASCII punctuation mark escaped, nothing linked. */
export function inlineText(value: string, max: number): string {
  return unlinked(cut(oneLine(value).trim(), max).replace(/[!-/:-@[-`{-~]/g, '\\$&'));
}

/** A value as code inside a sentence or heading: one line (a line break would end a heading and the span with it). */
export function inlineCode(value: string, max: number): string {
  return codeSpan(cut(oneLine(value), max));
}
