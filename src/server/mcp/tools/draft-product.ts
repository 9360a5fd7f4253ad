// draft_product: turns fields into a ready-to-commit product file (every field written, nulls
// included), checked by the build's parser, under a slug no other product uses.
import matter from 'gray-matter';
import { z } from 'zod';
import { parseProductFile, PRODUCTS_DIR } from '../../../catalog/load.ts';
import { Product, ProductFrontmatter, SLUG_MAX, Slug } from '../../../catalog/schema.ts';
import { ProblemSchema } from '../schemas.ts';
import { defineTool } from './tool.ts';

const F = ProductFrontmatter.shape;

const input = z
  .object({
    slug: Slug.optional().describe(
      'Wanted slug; derived from the name when omitted. A taken slug gets a free variant.',
    ),
    name: F.name,
    brand: F.brand,
    description: Product.shape.description.optional().describe('Markdown body: what the product is, in plain words.'),
    ageRange: F.ageRange.optional(),
    categories: F.categories,
    price: F.price.optional(),
    currency: F.currency,
    imageUrl: F.imageUrl.optional().describe('Site path under /images/ or an https:// URL, or null.'),
    url: F.url,
    staffPick: F.staffPick.default(false),
    pickedBy: F.pickedBy.optional(),
    whyWePicked: F.whyWePicked.optional(),
    published: F.published
      .default(false)
      .describe('Publish on the next build (true) or keep as a draft (false, the default).'),
    publishAt: z.iso
      .datetime({ offset: true })
      .optional()
      .describe('Go live at this time (RFC 3339 with offset) once published.'),
  })
  .strict();

/** "Grimm's Rainbow Stacker!" → "grimms-rainbow-stacker". */
export function slugify(name: string): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX - 4)
    .replace(/-+$/, '');
  return s || 'product';
}

/** `slug` when free, else the first free `slug-2`, `slug-3`, … */
export function freeSlug(slug: string, taken: (s: string) => boolean): string {
  if (!taken(slug)) return slug;
  for (let n = 2; ; n++) {
    const candidate = `${slug.slice(0, SLUG_MAX - String(n).length - 1)}-${n}`;
    if (!taken(candidate)) return candidate;
  }
}

/** The file text: frontmatter in schema order with every field present (null when empty). */
export function productFileText(args: z.output<typeof input>, slug: string): string {
  const data: Record<string, unknown> = {};
  const values: Record<string, unknown> = { ...args, slug };
  for (const key of Object.keys(F)) {
    if (key === 'publishAt') continue;
    data[key] = values[key] ?? null;
  }
  if (args.publishAt) data.publishAt = new Date(args.publishAt);
  const body = args.description?.trim() ?? '';
  // A fresh options object keeps gray-matter's cache out of it.
  return matter.stringify(body === '' ? '' : `${body}\n`, data, {});
}

export const draftProduct = defineTool({
  name: 'draft_product',
  title: 'Draft a product file',
  description:
    'Builds a ready-to-commit product file from fields: returns its path (content/products/<slug>.md) and full text with every frontmatter field written (nulls included), checked by the same parser as the build. New products are drafts (`published: false`) unless told otherwise. When the slug (given or derived from the name) is taken, the file uses the first free variant (`-2`, `-3`, …) and says so. Nothing is written: commit the file through a pull request.',
  input,
  output: z.object({
    path: z.string(),
    slug: z.string(),
    requestedSlug: z.string().describe('The slug asked for or derived from the name.'),
    takenBy: z.string().nullable().describe('The file already using the requested slug, when it was taken.'),
    text: z.string().describe('The whole file, ready to commit.'),
    valid: z.boolean(),
    problems: z.array(ProblemSchema).describe('What the build would reject in this file (empty when valid).'),
  }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async run(args, ctx) {
    const index = await ctx.catalog();
    const requestedSlug = args.slug ?? slugify(args.name);
    const slug = freeSlug(requestedSlug, (s) => index.bySlug.has(s));
    const file = `${PRODUCTS_DIR}/${slug}.md`;
    const text = productFileText(args, slug);
    const { entry, problems } = parseProductFile(file, text);
    return {
      path: file,
      slug,
      requestedSlug,
      takenBy: slug === requestedSlug ? null : index.bySlug.get(requestedSlug)!.entry.sourcePath,
      text,
      valid: entry !== null && problems.length === 0,
      problems,
    };
  },
});
