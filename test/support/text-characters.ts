// The characters no product text may hold, each field that holds text with a valid value around one,
// and what the schema says about it: shared by test/unit/ and test/integration/text-characters.test.ts.
import { fieldKind } from '../../src/catalog/field-kinds.ts';
import { field, FIELDS, type FieldKey } from '../../src/catalog/schema.ts';
import { productFile } from './products.ts';

export const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));

/** Refused in every text field: C0 but line feed and tab, DEL, C1, bidi overrides and isolates. */
export const REFUSED = [
  ...range(0x00, 0x1f).filter((c) => c !== '\n' && c !== '\t' && c !== '\r'),
  ...range(0x7f, 0x9f),
  ...range(0x202a, 0x202e),
  ...range(0x2066, 0x2069),
];
/** Line feed, tab and carriage return: refused in a one-line field only. */
export const LINE = ['\n', '\t', '\r'];

/** Values that hold `c` inside them where a field's example would not show the rule as well (a remote picture). */
export const VALUES: Partial<Record<FieldKey, (c: string) => string | string[]>> = {
  name: (c) => `Wooden${c}Rainbow Stacker`,
  brand: (c) => `Grimm${c}s`,
  description: (c) => `Twelve wooden arches${c}that nest into a rainbow.`,
  ageRange: (c) => `3–6${c} years`,
  imageUrl: (c) => `https://images.shop.example.com/stacker${c}x.jpg`,
  url: (c) => `https://shop.example.com/stacker${c}x`,
  whyWePicked: (c) => `Twelve arches that become a tunnel,${c}a cradle or a bridge.`,
  // Digits only: a space is refused as well, so the value "without the character" is the bare barcode.
  barcodes: (c) => [c === ' ' ? '4006381333931' : `400638${c}1333931`],
};
/** A text with `c` in its middle (never at an end, which is trimmed). */
const within = (text: string, c: string) => `${text.slice(0, text.length >> 1)}${c}${text.slice(text.length >> 1)}`;

/**
 * Every field that holds text (one text, a web address, or a list of texts), from the schema's
 * kinds; but the slug, whose own pattern allows only a–z, digits and hyphens.
 */
export const TEXT_KEYS = FIELDS.filter(
  (f) => f.meta.input !== 'slug' && ['text', 'url', 'texts'].includes(fieldKind(f).value.type),
).map((f) => f.key);
/** Each text field with a valid value that holds `c` inside it (a list: its first item). */
export const TEXT_FIELDS: Record<string, (c: string) => unknown> = Object.fromEntries(
  TEXT_KEYS.map((k) => {
    const example = field(k).meta.example;
    const value =
      VALUES[k] ??
      (Array.isArray(example)
        ? (c: string) => [within(String(example[0]), c), ...example.slice(1)]
        : (c: string) => within(String(example), c));
    return [k, value];
  }),
);
export const MULTILINE = FIELDS.filter((f) => f.meta.multiline).map((f) => f.key);

/** What the schema says about `c`: the control character, or the bidirectional one, by code point. */
export const says = (c: string) =>
  new RegExp(
    `must not contain the ${/[\u202a-\u2069]/.test(c) ? 'bidirectional ' : ''}control character U\\+${hex(c).slice(2)}`,
  );

/** Each character against each field it is refused in. */
export const REFUSALS: [string, FieldKey, string][] = [
  ...TEXT_KEYS.flatMap((k) => REFUSED.map((c) => [hex(c), k, c] as [string, FieldKey, string])),
  ...TEXT_KEYS.filter((k) => !MULTILINE.includes(k)).flatMap((k) =>
    LINE.map((c) => [hex(c), k, c] as [string, FieldKey, string]),
  ),
];

/** A product file with `value` in `key` (frontmatter values escaped by the one writer; the body as it is). */
export function fileWith(key: FieldKey, value: unknown): string {
  return key === 'description'
    ? productFile({ slug: 'stacker' }, value as string)
    : productFile({ slug: 'stacker', [key]: value }, 'A body.');
}
