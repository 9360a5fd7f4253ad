// What publishing saved changes would change on the site, field by field: each field of the schema
// whose value differs between the product on the site and the saved changes, with both values
// worded as a teacher reads them (./review.ts shows them to the curator who is asked to publish).
import { formatPrice } from '../catalog/catalog.ts';
import { fieldKind } from '../catalog/field-kinds.ts';
import type { Offer } from '../catalog/markets.ts';
import { offerInWords } from '../catalog/offer-words.ts';
import { FIELDS, OtherOffer, field, type FieldKey } from '../catalog/schema.ts';
import { productPath } from '../catalog/urls.ts';
import { FIELD_WORDS, MESSAGES } from '../outputs/editor-words.ts';
import { sameValue, type FileValues } from './form-data.ts';

/** One version of a product: its values, and its picture file's identity when it has a local one (a new photo may keep its name). */
export interface ProductVersion {
  values: FileValues;
  picture: string | null;
}

export interface FieldChange {
  key: FieldKey;
  /** The field's name as the form shows it. */
  label: string;
  /** The value on the site, worded; null when the product is new. */
  before: string | null;
  after: string;
  /** A picture field's values before and after (to show the pictures themselves). */
  picture?: { before: string | null; after: string | null };
}

/** How dates are worded: the browser's own time zone unless one is given. */
export interface Wording {
  timeZone?: string;
}

/** An offer of another market when the schema reads `c` as one, else null. */
const offerOf = (c: unknown): Offer | null => {
  const read = OtherOffer.safeParse(c);
  return read.success ? read.data : null;
};

const labelOf = (key: FieldKey) => FIELD_WORDS[key]?.label ?? field(key).meta.label;
const isEmpty = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** One field's value of `values` in words: what the form shows for it, never a raw code. */
export function wordedValue(key: FieldKey, values: FileValues, wording: Wording = {}): string {
  const f = field(key);
  const v = values[key];
  if (f.meta.input === 'picture') return isEmpty(v) ? MESSAGES.changeNoPhoto : MESSAGES.changePhoto;
  if (f.meta.input === 'price')
    return typeof v === 'number' ? formatPrice(v, String(values.currency ?? 'USD')) : MESSAGES.changeEmpty;
  if (f.meta.input === 'slug') return typeof v === 'string' && v ? productPath(v) : MESSAGES.changeEmpty;
  const kind = fieldKind(f).value;
  if (kind.type === 'boolean') return v === true ? MESSAGES.changeYes : MESSAGES.changeNo;
  if (isEmpty(v)) return MESSAGES.changeEmpty;
  const choice = (c: unknown): string => {
    if (f.meta.choiceLabel && typeof c === 'string') return f.meta.choiceLabel(c);
    // A market's offer: its price as a shopper reads it, and its shop.
    const offer = offerOf(c);
    if (offer) return `${offerInWords(offer)}, ${offer.url}`;
    if (typeof c === 'object' && c !== null)
      return Object.values(c)
        .filter((x) => !isEmpty(x))
        .map(String)
        .join(' '); // another record: its values
    return String(c);
  };
  if (Array.isArray(v)) return v.map(choice).join(v.some((x) => typeof x === 'object') ? '; ' : ', ');
  if (kind.type === 'date-time') {
    const at = new Date(v as string);
    if (Number.isNaN(at.getTime())) return String(v);
    return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', ...wording }).format(at);
  }
  return choice(v);
}

/** Whether a field's value is the same in both versions (a picture also by its file: a new photo may keep its name). */
function same(key: FieldKey, a: ProductVersion, b: ProductVersion): boolean {
  if (!sameValue(key, a.values[key], b.values[key])) return false;
  return field(key).meta.input !== 'picture' || isEmpty(a.values[key]) || a.picture === b.picture;
}

/**
 * Every field that publishing `proposed` would change on the site, in the schema's order. A new
 * product (`live` null) lists every field it has a value for.
 */
export function productChanges(
  live: ProductVersion | null,
  proposed: ProductVersion,
  wording: Wording = {},
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const { key } of FIELDS) {
    if (live ? same(key, live, proposed) : isEmpty(proposed.values[key])) continue;
    const change: FieldChange = {
      key,
      label: labelOf(key),
      before: live ? wordedValue(key, live.values, wording) : null,
      after: wordedValue(key, proposed.values, wording),
    };
    if (field(key).meta.input === 'picture') {
      const path = (v: unknown) => (isEmpty(v) ? null : String(v));
      change.picture = { before: live ? path(live.values[key]) : null, after: path(proposed.values[key]) };
    }
    changes.push(change);
  }
  return changes;
}
