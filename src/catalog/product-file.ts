// Writes a product file (YAML frontmatter + Markdown body) from data, derives slugs the way
// curators type names, and the input of a new product for the admin tools. Shared by
// `npm run new-product` and the MCP tools that draft and propose products.
import { z } from 'zod';
import { FIELDS, jsonSchemaOf, ProductFrontmatter, SLUG_MAX, type FieldKey } from './schema.ts';

/** What a product file holds in its frontmatter, before validation (publishAt may be a string). */
export type ProductFileData = z.input<typeof ProductFrontmatter>;

/** Frontmatter keys in the schema's own order; optional keys are written only when set. */
const FRONTMATTER_KEYS = Object.keys(ProductFrontmatter.shape) as (keyof ProductFileData)[];

const fieldAccepts = (key: string, value: unknown): boolean =>
  (ProductFrontmatter.shape as Record<string, z.ZodType>)[key]?.safeParse(value).success ?? false;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

const RESERVED = /^(?:true|false|yes|no|on|off|y|n|null|~)$/i;

/**
 * A string as YAML: plain when that reads back as the same string, double-quoted otherwise
 * (a JSON string is a valid YAML double-quoted scalar). `flow` is for items inside `[ … ]`.
 */
export function yamlString(s: string, flow = false): string {
  const plain =
    s.length > 0 &&
    /^[\p{L}\p{N}/]/u.test(s) && // no leading indicator (- ? : , [ ] { } # & * ! | > ' " % @ `) or space
    !/^\d/.test(s) && // numbers, dates, times and sexagesimals all start with a digit
    !RESERVED.test(s) &&
    !/\s$/.test(s) &&
    !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u00a0\ufeff]/u.test(s) && // control, format, line separators, nbsp, BOM
    !/: |:$| #/.test(s) && // a key indicator or a comment
    !(flow && /[,[\]{}]/.test(s));
  return plain
    ? s
    : JSON.stringify(s).replace(
        /[\u007f-\u009f\u2028\u2029]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
}

/** One frontmatter value as a product file writes it (on one line). */
export function yamlValue(key: string, v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`${key} must be a finite number`);
    return String(v);
  }
  // A date-time field gets a YAML timestamp, as a curator would type it.
  if (typeof v === 'string') return ISO_DATE_TIME.test(v) && fieldAccepts(key, new Date(v)) ? v : yamlString(v);
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) throw new Error(`${key} is not a valid date`);
    return v.toISOString().replace('.000Z', 'Z');
  }
  if (Array.isArray(v))
    return `[${v.map((x) => (typeof x === 'string' ? yamlString(x, true) : yamlValue(key, x))).join(', ')}]`;
  // An item of a list of records (an offer in another market): a flow mapping, its texts quoted.
  if (typeof v === 'object')
    return `{ ${Object.entries(v)
      .map(([k, x]) => `${k}: ${typeof x === 'string' ? JSON.stringify(x) : yamlValue(key, x)}`)
      .join(', ')} }`;
  throw new Error(`${key} cannot be written to a product file (${typeof v})`);
}

/**
 * The text of a product file: every frontmatter field in the schema's order (nulls written as
 * `null`; `publishAt` only when set), then the Markdown body (the description; none when null).
 * It does not validate: run `parseProductFile` on the result to get curator-readable problems.
 */
export function serializeProductFile(data: ProductFileData, body: string | null): string {
  const unknown = Object.keys(data).filter((k) => !(FRONTMATTER_KEYS as string[]).includes(k));
  if (unknown.length) throw new Error(`Unknown product file field(s): ${unknown.join(', ')}`);
  const lines = ['---'];
  for (const key of FRONTMATTER_KEYS) {
    const v = (data as Record<string, unknown>)[key];
    if (v === undefined) {
      if (fieldAccepts(key, undefined)) continue;
      throw new Error(`Product file field "${key}" is missing (write null when it is empty)`);
    }
    lines.push(`${key}: ${yamlValue(key, v)}`);
  }
  lines.push('---');
  const text = body?.trim() ?? '';
  return `${lines.join('\n')}\n${text === '' ? '' : `${text}\n`}`;
}

const FOLD: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  '&': ' and ',
  '+': ' plus ',
};

/** A slug from a product name: ASCII-folded, lowercase kebab-case, at most 200 characters. */
export function slugFromName(name: string): string {
  const folded = name
    .toLowerCase()
    .replace(/[ßæœøłđðþı&+]/g, (c) => FOLD[c] ?? c)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/['’‘`]/g, '');
  let slug = folded.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (slug.length > SLUG_MAX) slug = slug.slice(0, SLUG_MAX).replace(/-[^-]*$/, '') || slug.slice(0, SLUG_MAX);
  return slug.replace(/-+$/, '');
}

/** `slug` when no product uses it, else the first free `slug-2`, `slug-3`, … (within 200 characters). */
export function freeSlug(slug: string, taken: (s: string) => boolean): string {
  if (!taken(slug)) return slug;
  for (let n = 2; ; n++) {
    const candidate = `${slug.slice(0, SLUG_MAX - String(n).length - 1).replace(/-+$/, '')}-${n}`;
    if (!taken(candidate)) return candidate;
  }
}

/** A new product's fields as the admin tools take them: the JSON form of every product-file field. */
export type NewProductFields = { [K in FieldKey]?: unknown } & {
  name: string;
  slug?: string;
  description?: string | null;
  publishAt?: string;
};

/**
 * The input schema of a new product for the admin tools (draft_product, propose_product), derived
 * from FIELDS: every field of a product file in JSON form (`description` is the body). `slug` may be
 * left out (made from the name), a field that may be null may be left out (null), a field with a
 * default in `defaults` may be left out (that default), an optional one (`publishAt`) too.
 */
export function newProductInput(defaults: Partial<Record<FieldKey, unknown>> = {}) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of FIELDS) {
    const schema = jsonSchemaOf(f);
    shape[f.key] =
      f.key in defaults
        ? schema.default(defaults[f.key])
        : f.key === 'slug' || f.schema.safeParse(null).success || f.schema.safeParse(undefined).success
          ? schema.optional()
          : schema;
  }
  return z.object(shape as Record<FieldKey, z.ZodType>).strict();
}

/**
 * The input schema of changes to an existing product (propose_edit), derived from FIELDS: every
 * field but the slug (which names the file), each optional; an optional field (`publishAt`) may be
 * null, which removes it.
 */
export function fieldChangesInput() {
  const shape: Record<string, z.ZodOptional> = {};
  for (const f of FIELDS) {
    if (f.key === 'slug') continue;
    const schema = jsonSchemaOf(f);
    shape[f.key] = (f.schema.safeParse(undefined).success ? schema.nullable() : schema).optional();
  }
  return z.object(shape as Record<Exclude<FieldKey, 'slug'>, z.ZodOptional>).strict();
}

/**
 * The text of a new product's file from its fields under `slug`: every frontmatter field written,
 * null where left out (`publishAt` only when given), the description as the body.
 */
export function newProductFile(fields: NewProductFields, slug: string): string {
  const data: Record<string, unknown> = {};
  for (const f of FIELDS) {
    if (f.key === 'description') continue;
    const value = f.key === 'slug' ? slug : fields[f.key];
    if (value === undefined && f.schema.safeParse(undefined).success) continue;
    data[f.key] = value ?? null;
  }
  return serializeProductFile(data as ProductFileData, fields.description ?? null);
}
