// search_products: text search and filters over every product, unpublished included, with paging.
import { z } from 'zod';
import { CATEGORY_SLUGS, CURATOR_CODES, CURRENCIES } from '../../../config/site.ts';
import type { AdminRow } from '../../admin-catalog/admin-index.ts';
import { queryWords } from '../../../admin/catalog-format.ts';
import { ADMIN_SEARCH_FIELDS, keysInWords } from '../../../catalog/schema.ts';
import { AdminProduct, AgeBandSchema, StatusSchema, adminProduct } from '../schemas.ts';
import { defineTool, paging } from './tool.ts';

const input = z
  .object({
    query: z
      .string()
      .max(200)
      .optional()
      .describe(`Words to find (all must match, case-insensitive) in ${keysInWords(ADMIN_SEARCH_FIELDS, 'or')}.`),
    category: z.enum(CATEGORY_SLUGS).optional().describe('Only products in this category.'),
    ageBand: AgeBandSchema.optional().describe('Only products whose age range overlaps this band.'),
    age: z
      .number()
      .int()
      .min(0)
      .max(18)
      .optional()
      .describe('Only products suitable at this age in years (the age range covers it).'),
    staffPick: z.boolean().optional().describe('Only staff picks (true) or only non-picks (false).'),
    pickedBy: z.enum(CURATOR_CODES).optional().describe('Only products picked by this curator.'),
    currency: z.enum(CURRENCIES).optional(),
    priced: z.boolean().optional().describe('Only priced (true) or only unpriced (false) products.'),
    status: StatusSchema.optional().describe('Only products with this status.'),
    ...paging(20, 100),
  })
  .strict();

const output = z.object({
  total: z.number().int().describe('How many products match, before paging.'),
  offset: z.number().int(),
  limit: z.number().int(),
  items: z.array(AdminProduct).describe('The matching products on this page, ordered by slug.'),
});

type Filters = z.output<typeof input>;

/** The filters other than the text: only the columns a filter names are read (the index). */
function matcher(f: Filters): (r: AdminRow) => boolean {
  const ageLo = f.age === undefined ? 0 : f.age * 12;
  return (r) => {
    if (f.status && r.status !== f.status) return false;
    if (f.category && !r.field('categories').includes(f.category)) return false;
    if (f.ageBand && !r.ageBands.includes(f.ageBand)) return false;
    if (
      f.age !== undefined &&
      (!r.ageSpan || r.ageSpan.minMonths > ageLo + 11 || (r.ageSpan.maxMonths ?? Infinity) < ageLo)
    )
      return false;
    if (f.staffPick !== undefined && r.field('staffPick') !== f.staffPick) return false;
    if (f.pickedBy && r.field('pickedBy') !== f.pickedBy) return false;
    if (f.currency && r.field('currency') !== f.currency) return false;
    if (f.priced !== undefined && (r.field('price') !== null) !== f.priced) return false;
    return true;
  };
}

export default defineTool({
  name: 'search_products',
  title: 'Search products',
  summary: 'Searches every product file, drafts and scheduled products included.',
  description: `Searches every product file, drafts and scheduled products included. Text search over ${keysInWords(ADMIN_SEARCH_FIELDS)}; filters for category, age band or age in years, staff pick, curator, currency, priced or not, and status. Results are ordered by slug and paged (\`total\` counts all matches); each is a product as get_product returns it.`,
  annotations: { readOnlyHint: true, openWorldHint: false },
  input,
  output,
  async run(args, ctx) {
    const { catalog, rows } = await ctx.catalog();
    // All words must match (the catalog's search text); a product's record is read when a result shows it.
    const inText = catalog.textMatch(queryWords(args.query ?? ''));
    const filters = matcher(args);
    const hits = rows.filter((r, i) => inText(i) && filters(r));
    return {
      total: hits.length,
      offset: args.offset,
      limit: args.limit,
      items: hits.slice(args.offset, args.offset + args.limit).map(adminProduct),
    };
  },
});
