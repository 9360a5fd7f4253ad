// draft_product: turns fields into a ready-to-commit product file (every field written, nulls
// included), checked by the build's parser, under a slug no other product uses. The slug and the
// text come from src/catalog/product-file.ts, exactly as `npm run new-product` makes them.
import { z } from 'zod';
import { parseProductFile, PRODUCTS_DIR } from '../../../catalog/load.ts';
import { freeSlug, serializeProductFile, slugFromName, type ProductFileData } from '../../../catalog/product-file.ts';
import { Product, ProductFrontmatter, Slug } from '../../../catalog/schema.ts';
import { ProblemSchema } from '../schemas.ts';
import { toolInfo } from '../../../admin/tools.ts';
import { ToolError, defineTool } from './tool.ts';

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

/** The file text: frontmatter in schema order with every field present (null when empty). */
export function productFileText(args: z.output<typeof input>, slug: string): string {
  const values: Record<string, unknown> = { ...args, slug };
  const data: Record<string, unknown> = {};
  for (const key of Object.keys(F)) if (key !== 'publishAt') data[key] = values[key] ?? null;
  if (args.publishAt) data.publishAt = new Date(args.publishAt);
  return serializeProductFile(data as ProductFileData, args.description ?? null);
}

export const draftProduct = defineTool({
  ...toolInfo('draft_product'),
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
  async run(args, ctx) {
    const index = await ctx.catalog();
    const requestedSlug = args.slug ?? slugFromName(args.name);
    if (!requestedSlug)
      throw new ToolError(
        `Cannot make a slug from the name "${args.name}": give one in \`slug\` (e.g. my-product-name).`,
      );
    const slug = freeSlug(requestedSlug, (s) => index.bySlug.has(s));
    const file = `${PRODUCTS_DIR}/${slug}.md`;
    const text = productFileText(args, slug);
    const { entry, problems } = parseProductFile(file, text);
    return {
      path: file,
      slug,
      requestedSlug,
      takenBy: slug === requestedSlug ? null : index.bySlug.get(requestedSlug)!.sourcePath,
      text,
      valid: entry !== null && problems.length === 0,
      problems,
    };
  },
});
