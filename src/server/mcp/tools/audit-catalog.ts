// audit_catalog: the to-do list for curators: missing images, descriptions, age ranges and notes,
// duplicate names or links, staff picks without a curator, overdue schedules, file problems, and
// what the watchers found (broken and moved links, shops down, recalls), with their state.
import { z } from 'zod';
import { dueFinding, FINDING_KINDS, sortFindings, type FindingKind } from '../../../admin/audit.ts';
import { StatusSchema } from '../schemas.ts';
import { defineTool, paging } from './tool.ts';

export { FINDING_KINDS };

const Finding = z.object({
  kind: z.enum(FINDING_KINDS),
  slug: z.string().nullable().describe('The product, or null for a file that could not be read.'),
  sourcePath: z.string(),
  status: StatusSchema.nullable(),
  message: z.string(),
  fix: z.string(),
});

export default defineTool({
  name: 'audit_catalog',
  title: 'Audit the catalog',
  summary:
    'Lists what curators should fix, across every product file: missing image, description, age range or editorial note; duplicate names or product links; staff picks without a curator; scheduled products whose publishAt has passed (they go live on the next build); and any problem the validator reports.',
  description:
    'Lists what curators should fix, across every product file: missing image, description, age range or editorial note; duplicate names or product links; staff picks without a curator; scheduled products whose publishAt has passed (they go live on the next build); any problem the validator reports; and what the hourly watchers found: shop links broken or moved (3 failed checks over at least 48 hours, with the evidence), shops that are down (one finding each, slug null, sourcePath the shop’s host), product-safety recalls matching a product’s brand and name (each also an urgent proposal to unpublish it, unless dismissed in content/recall-watch.yml) and recalls matching its brand alone. `watchers` says where the watchers’ proposals go (or that they record findings only), whether they are paused, and their last runs. Filter by kind and status; paged, with counts per kind.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z
    .object({
      kinds: z
        .array(z.enum(FINDING_KINDS))
        .max(FINDING_KINDS.length)
        .optional()
        .describe('Only these kinds of finding.'),
      status: StatusSchema.optional().describe('Only products with this status.'),
      ...paging(50, 500),
    })
    .strict(),
  output: z.object({
    watchers: z
      .object({
        proposals: z.string().describe('Where the watchers’ proposals go, or that they record findings only.'),
        paused: z.boolean().describe('WATCHERS_PAUSED: the watchers check nothing.'),
        links: z.string().nullable().describe('The link watcher’s last run (its log line).'),
        recalls: z.string().nullable().describe('The recall watcher’s last run (its log line).'),
      })
      .describe('The link and recall watchers (scheduled every hour).'),
    total: z.number().int().describe('Findings after filtering, before paging.'),
    counts: z.record(z.enum(FINDING_KINDS), z.number().int()).describe('Findings per kind after the status filter.'),
    offset: z.number().int(),
    limit: z.number().int(),
    findings: z.array(Finding),
  }),
  async run(args, ctx) {
    const index = await ctx.catalog();
    const now = ctx.now().getTime();
    // Everything but the schedule check depends only on the data: the build computed it.
    const fixed = index.catalog.findings();
    const due = index.rows
      .filter((r) => r.status === 'scheduled' && r.publishAt!.getTime() <= now)
      .map((r) => dueFinding({ entry: r.entry, status: r.status }));
    // What the watchers found, read from the shared store (the module loads only when this tool runs).
    const { watchAudit } = await import('../../watch/watch-audit.ts');
    const watch = await watchAudit({
      index,
      records: ctx.watch.records(),
      proposals: ctx.proposals,
      paused: ctx.watch.paused,
      curations: await ctx.watch.curations(),
    });
    const extra = [...due, ...watch.findings];
    const all = extra.length ? sortFindings([...fixed, ...extra]) : fixed;
    const byStatus = args.status ? all.filter((f) => f.status === args.status) : all;
    const counts = Object.fromEntries(FINDING_KINDS.map((k) => [k, 0])) as Record<FindingKind, number>;
    for (const f of byStatus) counts[f.kind]++;
    const kinds = args.kinds ? new Set(args.kinds) : null;
    const picked = kinds ? byStatus.filter((f) => kinds.has(f.kind)) : byStatus;
    return {
      watchers: watch.watchers,
      total: picked.length,
      counts,
      offset: args.offset,
      limit: args.limit,
      findings: picked.slice(args.offset, args.offset + args.limit),
    };
  },
});
