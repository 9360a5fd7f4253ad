// What kind of value each product field holds, read once off its zod schema (under null and
// optional): `npm run new-product` reads typed text by it (`typedValue`) and the browser editor
// picks its widgets by it, so a new field needs an entry in neither.
import type { z } from 'zod';
import type { Field } from './schema.ts';

export type ValueKind =
  /** Free text (`multiline` when the field's metadata says so). */
  | { type: 'text'; maxLength: number | null }
  /** A web address. */
  | { type: 'url' }
  /** One of a fixed set of values. */
  | { type: 'choice'; options: readonly string[] }
  /** A list of values from a fixed set. */
  | { type: 'choices'; options: readonly string[] }
  /** A list of free texts. */
  | { type: 'texts' }
  /** A list of records, each with the same fields (an offer in each other market). */
  | { type: 'records'; fields: Record<string, ValueKind> }
  | { type: 'boolean' }
  | { type: 'number' }
  /** An RFC 3339 date-time. */
  | { type: 'date-time' };

export interface FieldKind {
  value: ValueKind;
  /** `null` is a value of the field (written when it is empty). */
  nullable: boolean;
  /** The field may be left out of a product file altogether. */
  optional: boolean;
}

type Def = z.core.$ZodTypeDef & Record<string, unknown>;
const defOf = (s: z.ZodType) => s._zod.def as Def;

/** The kind of a schema without its null and optional wrappers. */
function valueKind(schema: z.ZodType): ValueKind {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      if ((schema as z.ZodString).format === 'url') return { type: 'url' };
      return { type: 'text', maxLength: (schema as z.ZodString).maxLength };
    }
    case 'enum':
      return { type: 'choice', options: Object.values(def.entries as Record<string, string>) };
    case 'array': {
      const element = def.element as z.ZodType;
      if (defOf(element).type === 'object') {
        const shape = (element as z.ZodObject).shape as Record<string, z.ZodType>;
        return {
          type: 'records',
          fields: Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, valueKind(unwrap(v))])),
        };
      }
      const item = valueKind(element);
      if (item.type === 'choice') return { type: 'choices', options: item.options };
      if (item.type === 'text') return { type: 'texts' };
      throw new Error(`A list of ${item.type} has no kind (src/catalog/field-kinds.ts)`);
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'number':
      return { type: 'number' };
    case 'date':
      return { type: 'date-time' };
    case 'pipe':
      return valueKind(def.in as z.ZodType);
    case 'union': {
      // A date-time written as a YAML timestamp or as text; a picture as a site path or a URL.
      const kinds = (def.options as z.ZodType[]).map(valueKind);
      if (kinds.some((k) => k.type === 'date-time')) return { type: 'date-time' };
      if (kinds.every((k) => k.type === 'text' || k.type === 'url')) return { type: 'text', maxLength: null };
      throw new Error('A union of different kinds has no kind (src/catalog/field-kinds.ts)');
    }
    default:
      // A string format zod names on its own (iso datetime) is still a string type in zod 4.
      throw new Error(`The zod type ${def.type} has no kind (src/catalog/field-kinds.ts)`);
  }
}

/** A schema without its null and optional wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (defOf(s).type === 'nullable' || defOf(s).type === 'optional') s = defOf(s).innerType as z.ZodType;
  return s;
}

/** The field's kind: its value's type, and whether it may be null or left out. */
export function fieldKind(f: Field): FieldKind {
  let schema = f.schema;
  let nullable = false;
  let optional = false;
  for (;;) {
    const def = defOf(schema);
    if (def.type === 'nullable') nullable = true;
    else if (def.type === 'optional') optional = true;
    else break;
    schema = def.innerType as z.ZodType;
  }
  if (defOf(schema).type === 'string' && (schema as z.ZodString).format === 'datetime')
    return { value: { type: 'date-time' }, nullable, optional };
  return { value: valueKind(schema), nullable, optional };
}

/**
 * The items of a list typed on one line: separated by commas only ("beech wood, cotton" is two
 * items), each trimmed, empty ones dropped.
 */
export const listItems = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * A field's value from text a person typed (`npm run new-product`'s options and answers), not yet
 * checked: empty text (or `null`) is null when the field may be null, and left out (undefined) when
 * the field may be left out; the field's own reader when it has one (a price); a list's items are
 * separated by commas (`listItems`); a yes/no question takes y or n; a number is read as one.
 * Throws a message to show when the text cannot be read at all.
 */
export function typedValue(f: Field, text: string): unknown {
  const kind = fieldKind(f);
  if (kind.nullable && (text === '' || text === 'null')) return null;
  if (kind.optional && text === '') return undefined;
  if (f.meta.cli.read) return f.meta.cli.read(text);
  switch (kind.value.type) {
    case 'choices':
    case 'texts':
      return listItems(text);
    case 'boolean':
      if (/^(y|yes)$/i.test(text)) return true;
      if (text === '' || /^(n|no)$/i.test(text)) return false;
      throw new Error('answer y or n');
    case 'number':
      // Anything else stays text, which the schema then refuses with its own message.
      return /^-?\d+(?:\.\d+)?$/.test(text) ? Number(text) : text;
    default:
      return text;
  }
}

/**
 * A person adding a product must give a value: the field has no null, may not be left out, is no
 * yes/no and is not made for them (the slug, made from the name). `npm run new-product` asks for
 * these and refuses to write without them.
 */
export function mustBeGiven(f: Field): boolean {
  const kind = fieldKind(f);
  return f.meta.input !== 'slug' && kind.value.type !== 'boolean' && !kind.nullable && !kind.optional;
}
