// Zod schemas the admin tools share. The product fields come from the one Product schema; this
// file only adds what the admin side knows (status, schedule, source file, problems).
import { z } from 'zod';
import { AGE_BANDS } from '../../catalog/ages.ts';
import { Product } from '../../catalog/schema.ts';
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

export const AdminProduct = Product.extend({
  status: StatusSchema,
  publishAt: z.iso
    .datetime({ offset: true })
    .nullable()
    .describe('When a scheduled product goes live (RFC 3339), or null.'),
  sourcePath: z.string().describe('Repository-relative path of the product file.'),
  ageBands: z
    .array(AgeBandSchema)
    .describe('Age bands the age range overlaps; empty when there is no readable age range.'),
}).describe('A product as curators see it: the public fields plus status, schedule, file and age bands.');
export type AdminProduct = z.infer<typeof AdminProduct>;

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
  return {
    ...row.product,
    status: row.status,
    publishAt: row.publishAt ? row.publishAt.toISOString() : null,
    sourcePath: row.sourcePath,
    ageBands: row.ageBands,
  };
}
