// The editor's form values as a product file holds them, and back. Decap keeps an empty text as
// '', a list as an Immutable.js List and a date-time as text; a product file writes `null` for an
// empty nullable field, leaves an empty optional one out, and holds the description as its body.
import { fieldKind } from '../catalog/field-kinds.ts';
import { FIELDS, type FieldKey } from '../catalog/schema.ts';

/** What a product file holds: every field (an empty optional one undefined), the description included. */
export type FileValues = Record<FieldKey, unknown>;

/** A value from the form as plain JS (Immutable.js collections have toJS). */
const plain = (v: unknown): unknown =>
  v !== null && typeof v === 'object' && typeof (v as { toJS?: unknown }).toJS === 'function'
    ? (v as { toJS: () => unknown }).toJS()
    : v;

/** One form value as the product file's value. */
export function fileValue(key: FieldKey, formValue: unknown): unknown {
  const f = FIELDS.find((x) => x.key === key)!;
  const kind = fieldKind(f);
  let v = plain(formValue);
  if (typeof v === 'string' && kind.value.type !== 'text') v = v.trim();
  const empty =
    v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
  if (empty) {
    if (kind.optional) return undefined;
    if (kind.nullable) return null;
    if (kind.value.type === 'boolean') return false;
    // A required field left empty: the schema says so in its own words ("is missing", "must not be empty").
    return kind.value.type === 'choices' ? [] : v === undefined || v === null ? undefined : v;
  }
  // Texts are kept as typed; the schema trims them when it reads the file.
  return v;
}

/** Every field of the form as the product file's value. */
export function fileValues(form: Record<string, unknown>): FileValues {
  return Object.fromEntries(FIELDS.map((f) => [f.key, fileValue(f.key, form[f.key])])) as FileValues;
}

/** A product file's front matter and body as the form's values. */
export function formValues(data: Record<string, unknown>, body: string): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  for (const f of FIELDS) {
    const v = f.key === 'description' ? body.trim() || null : data[f.key];
    form[f.key] = v instanceof Date ? v.toISOString().replace('.000Z', 'Z') : v;
  }
  // Keys the schema does not know stay in the form's data, so a save never drops them silently
  // (the validator then names them).
  for (const [k, v] of Object.entries(data)) if (!(k in form)) form[k] = v;
  return form;
}

/** Whether two values of a field are the same (a date-time is compared as an instant). */
export function sameValue(key: FieldKey, a: unknown, b: unknown): boolean {
  const f = FIELDS.find((x) => x.key === key)!;
  if (fieldKind(f).value.type === 'date-time' && a != null && b != null)
    return new Date(a as string).getTime() === new Date(b as string).getTime();
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
