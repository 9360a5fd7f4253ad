// draft_product: turns fields into a ready-to-commit product file (every field written, nulls
// included), checked by the build's parser, under a slug no other product uses. The slug and the
// text come from src/catalog/product-file.ts, exactly as `npm run new-product` makes them.
import { z } from 'zod';
import {
  freeSlug,
  newProductFile,
  newProductInput,
  slugFromName,
  type NewProductFields,
} from '../../../catalog/product-file.ts';
import { ProductFrontmatter, Slug } from '../../../catalog/schema.ts';
import { ProblemSchema } from '../schemas.ts';
import { ToolError, defineTool } from './tool.ts';
import { PRODUCTS_DIR } from '../../../catalog/content-paths.ts';

/** A new product's fields as the tools that write one take them (draft_product, propose_product). */
export const newProductToolInput = newProductInput({ staffPick: false, published: false }).extend({
  published: ProductFrontmatter.shape.published
    .default(false)
    .describe('Publish once it is in the catalog (true) or keep it a draft (false, the default).'),
});

const input = newProductToolInput.extend({
  slug: Slug.optional().describe('Wanted slug; derived from the name when omitted. A taken slug gets a free variant.'),
});

export default defineTool({
  name: 'draft_product',
  title: 'Draft a product file',
  summary:
    'Builds a ready-to-commit product file from fields: returns its path (content/products/<slug>.md) and full text with every frontmatter field written (nulls included), checked by the same parser as the build.',
  description:
    'Builds a ready-to-commit product file from fields: returns its path (content/products/<slug>.md) and full text with every frontmatter field written (nulls included), checked by the same parser as the build. New products are drafts (`published: false`) unless told otherwise. When the slug (given or derived from the name) is taken, the file uses the first free variant (`-2`, `-3`, …) and says so. Nothing is written: commit the file through a pull request.',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
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
  async run(input, ctx) {
    const args = input as NewProductFields;
    const { parseProductFile } = await import('../../../catalog/load.ts');
    const index = await ctx.catalog();
    const requestedSlug = args.slug ?? slugFromName(args.name);
    if (!requestedSlug)
      throw new ToolError(
        `Cannot make a slug from the name "${args.name}": give one in \`slug\` (e.g. my-product-name).`,
      );
    const slug = freeSlug(requestedSlug, (s) => index.bySlug.has(s));
    const file = `${PRODUCTS_DIR}/${slug}.md`;
    const text = newProductFile(args, slug);
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
