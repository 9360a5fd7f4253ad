// Outside values (a regulator's recall number or title, a shop's address) in pull-request titles
// and bodies, made inert for where they go: a recall number as a token of a safe alphabet (it goes
// into titles and headings), every other value as code on one line (a line break would end a
// heading and its code span, and what follows would be read as Markdown: a link, an image, a mention).
import { codeSpan } from './compose.ts';

/** Cuts `text` to `max` characters, the last one `…` when anything was cut. */
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Every line break, control and format character (U+2028, U+0085, bidirectional marks…) as one space. */
const oneLine = (text: string) => text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ');

/** An identifier (a recall number): letters, digits, `-`, `.`, `/` and `_` only, at most `max` long. */
export function safeToken(value: string, max = 40): string {
  return value.replace(/[^A-Za-z0-9./_-]+/g, '').slice(0, max);
}

/** A value as code inside a sentence or heading: one line (a line break would end a heading and the span with it). */
export function inlineCode(value: string, max: number): string {
  return codeSpan(cut(oneLine(value), max));
}
