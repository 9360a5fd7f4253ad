// Zod schemas the admin tools share. The product fields come from the one Product schema and its
// fields (FIELDS); this file only adds what the admin side knows (status, source file, age bands,
// problems).
import { z } from 'zod';
import { AGE_BANDS, type AgeBandSlug } from '../../catalog/ages.ts';
import { fieldValue, type Status } from '../../catalog/catalog.ts';
import { fieldKind } from '../../catalog/field-kinds.ts';
import {
  FIELDS,
  FILE_ONLY_KEYS,
  isPublic,
  jsonSchemaOf,
  Product,
  type Field,
  type ProductFrontmatter,
} from '../../catalog/schema.ts';
import type { AdminRow } from '../admin-catalog/admin-index.ts';

export const STATUSES = ['published', 'draft', 'scheduled'] as const;
export const StatusSchema = z
  .enum(STATUSES)
  .describe(
    'published: live on the site; draft: `published: false`; scheduled: ' +
      '`published: true` with a future `publishAt` (as of the last build).',
  );

export const AGE_BAND_SLUGS = AGE_BANDS.map((b) => b.slug) as [
  (typeof AGE_BANDS)[number]['slug'],
  ...(typeof AGE_BANDS)[number]['slug'][],
];
export const AgeBandSchema = z
  .enum(AGE_BAND_SLUGS)
  .describe(`Age band slug: ${AGE_BANDS.map((b) => `${b.slug} (${b.label})`).join(', ')}.`);

/**
 * A file-only field in the admin view: its JSON form (a date-time as RFC 3339 text), and null when
 * the file leaves an optional field out.
 */
function fileOnlySchema(f: Field): z.ZodType {
  let schema = jsonSchemaOf(f);
  if (schema instanceof z.ZodOptional) schema = schema.unwrap() as z.ZodType;
  return fieldKind(f).optional ? schema.nullable() : schema;
}

/** A file value as JSON holds it. */
const jsonValue = (value: unknown): unknown =>
  value === undefined ? null : value instanceof Date ? value.toISOString() : value;

type FileOnlyKey = (typeof FILE_ONLY_KEYS)[number];
type JsonOf<T> = T extends Date ? string : T;
/** The file-only fields as the admin view holds them: JSON values, null for an optional field left out. */
type FileOnlyValues = {
  [K in FileOnlyKey]-?:
    JsonOf<Exclude<ProductFrontmatter[K], undefined>> | (undefined extends ProductFrontmatter[K] ? null : never);
};

/**
 * A product as curators see it: every field of its file (the public ones as the public JSON has
 * them, the file-only ones after them), then its status, source file and age bands. Derived from
 * FIELDS: a field added to the schema is here without a change to this file.
 */
export const AdminProduct = z
  .object({
    ...Object.fromEntries(FIELDS.map((f) => [f.key, isPublic(f.key) ? Product.shape[f.key] : fileOnlySchema(f)])),
    status: StatusSchema,
    sourcePath: z.string().describe('Repository-relative path of the product file.'),
    ageBands: z
      .array(AgeBandSchema)
      .describe('Age bands the age range overlaps; empty when there is no readable age range.'),
  })
  .strict()
  .describe(
    'A product as curators see it: every field of its file (the public fields as the public JSON has them, then the file-only ones), plus its status, source file and age bands.',
  );
export type AdminProduct = Product & FileOnlyValues & { status: Status; sourcePath: string; ageBands: AgeBandSlug[] };

export const ProblemSchema = z
  .object({
    file: z.string().describe('Repository-relative path of the file.'),
    line: z.number().int().nullable().describe('1-based line of the field, when known.'),
    field: z.string().describe('The frontmatter field, or "(file)"/"(frontmatter)" for the file as a whole.'),
    message: z.string(),
    fix: z.string().describe('How to fix it.'),
  })
  .describe('A problem in a product file, exactly as `npm run validate` and the build report it.');

export function adminProduct(row: AdminRow): AdminProduct {
  const fileOnly = Object.fromEntries(FILE_ONLY_KEYS.map((k) => [k, jsonValue(fieldValue(row.entry, k))]));
  return {
    ...row.product,
    ...(fileOnly as FileOnlyValues),
    status: row.status,
    sourcePath: row.sourcePath,
    ageBands: row.ageBands,
  };
}
