// catalog_stats: counts by status, category, age band, curator and currency, and when the data was built.
import { z } from 'zod';
import { CATEGORY_SLUGS, CURATOR_CODES, CURRENCIES } from '../../../config/site.ts';
import { AGE_BAND_SLUGS, STATUSES } from '../schemas.ts';
import { defineTool } from './tool.ts';

const counts = <T extends readonly [string, ...string[]]>(keys: T) =>
  z.record(z.enum(keys), z.number().int().nonnegative());
const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

export default defineTool({
  name: 'catalog_stats',
  title: 'Catalog statistics',
  summary:
    'Counts every product file by status (published, draft, scheduled), category, age band, curator and currency, plus unpriced products, staff picks, products without a readable age range, and when the data was built (`builtAt`).',
  description:
    'Counts every product file by status (published, draft, scheduled), category, age band, curator and currency, plus unpriced products, staff picks, products without a readable age range, and when the data was built (`builtAt`). Products in several categories or bands count in each.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.object({}).strict(),
  output: z.object({
    total: z.number().int(),
    byStatus: counts(STATUSES),
    byCategory: counts(CATEGORY_SLUGS),
    byAgeBand: counts(AGE_BAND_SLUGS),
    noAgeBand: z.number().int().describe('Products without a readable age range.'),
    byCurator: counts(CURATOR_CODES).describe('Products whose `pickedBy` is each curator.'),
    noCurator: z.number().int(),
    byCurrency: counts(CURRENCIES),
    unpriced: z.number().int(),
    staffPicks: z.number().int(),
    builtAt: z.iso.datetime({ offset: true }).describe('When the catalog data was built (RFC 3339).'),
  }),
  async run(_args, ctx) {
    const { rows, catalog } = await ctx.catalog();
    const s = {
      total: rows.length,
      byStatus: zeros(STATUSES),
      byCategory: zeros(CATEGORY_SLUGS),
      byAgeBand: zeros(AGE_BAND_SLUGS),
      noAgeBand: 0,
      byCurator: zeros(CURATOR_CODES),
      noCurator: 0,
      byCurrency: zeros(CURRENCIES),
      unpriced: 0,
      staffPicks: 0,
      builtAt: catalog.builtAt.toISOString(),
    };
    for (const r of rows) {
      s.byStatus[r.status]++;
      for (const c of r.field('categories')) s.byCategory[c]++;
      for (const b of r.ageBands) s.byAgeBand[b]++;
      if (r.ageBands.length === 0) s.noAgeBand++;
      const curator = r.field('pickedBy');
      if (curator) s.byCurator[curator]++;
      else s.noCurator++;
      s.byCurrency[r.field('currency')]++;
      if (r.field('price') === null) s.unpriced++;
      if (r.field('staffPick')) s.staffPicks++;
    }
    return s;
  },
});
