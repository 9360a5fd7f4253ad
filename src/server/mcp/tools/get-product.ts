// get_product: one product by slug, whatever its status: every field of its file, its status, source file and body.
import { z } from 'zod';
import { Slug } from '../../../catalog/schema.ts';
import { AdminProduct, adminProduct } from '../schemas.ts';
import { ToolError, defineTool } from './tool.ts';

export default defineTool({
  name: 'get_product',
  title: 'Get a product',
  summary:
    'Returns one product by slug, drafts and scheduled products included: every field of its file, its status, source file path and Markdown body.',
  description:
    'Returns one product by slug, drafts and scheduled products included: every field of its product file (the public fields as the public JSON has them, then the file-only ones, dates as RFC 3339 text and null for an optional field the file leaves out), its status, source file path and age bands, and the Markdown body. Fails with a list of similar slugs when none matches.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.object({ slug: Slug.describe('The product slug (its file name without .md).') }).strict(),
  output: z.object({
    product: AdminProduct,
    body: z.string().nullable().describe('The Markdown body of the file (the description), or null when empty.'),
  }),
  async run({ slug }, ctx) {
    const index = await ctx.catalog();
    const row = index.bySlug.get(slug);
    if (!row) {
      const stem = slug.split('-')[0] ?? slug;
      const near = index.rows
        .filter((r) => r.slug.includes(stem))
        .slice(0, 5)
        .map((r) => r.slug);
      throw new ToolError(
        `No product has the slug "${slug}".${near.length ? ` Similar slugs: ${near.join(', ')}.` : ''} Use search_products to find it.`,
      );
    }
    return { product: adminProduct(row), body: row.entry.description };
  },
});
