// audit_catalog: the to-do list for curators: missing images, descriptions, age ranges and notes,
// duplicate names or links, staff picks without a curator, overdue schedules, file problems.
import { z } from 'zod';
import type { AdminIndex, AdminRow } from '../../admin-catalog/admin-index.ts';
import { StatusSchema } from '../schemas.ts';
import { toolInfo } from '../../../admin/tools.ts';
import { defineTool, paging } from './tool.ts';

export const FINDING_KINDS = [
  'missing_image',
  'missing_description',
  'missing_age_range',
  'missing_editorial_note',
  'duplicate_name',
  'duplicate_url',
  'staff_pick_without_curator',
  'scheduled_past_due',
  'file_problem',
] as const;
type Kind = (typeof FINDING_KINDS)[number];

const Finding = z.object({
  kind: z.enum(FINDING_KINDS),
  slug: z.string().nullable().describe('The product, or null for a file that could not be read.'),
  sourcePath: z.string(),
  status: StatusSchema.nullable(),
  message: z.string(),
  fix: z.string(),
});
type Finding = z.infer<typeof Finding>;

const FIXES: Record<Exclude<Kind, 'file_problem' | 'duplicate_name' | 'duplicate_url'>, [string, string]> = {
  missing_image: ['has no image', 'Add an image under public/images/products/ and set `imageUrl`.'],
  missing_description: ['has no description', 'Write a description as the Markdown body below the closing `---`.'],
  missing_age_range: ['has no age range', 'Set `ageRange`, e.g. "3–6 years".'],
  missing_editorial_note: [
    'has no editorial note',
    'Write `whyWePicked`: one to three sentences on why it earned its place.',
  ],
  staff_pick_without_curator: ['is a staff pick without a curator', 'Set `pickedBy` or `staffPick: false`.'],
  scheduled_past_due: [
    'is scheduled but its `publishAt` has passed',
    'Trigger a rebuild (trigger_rebuild) so it goes live.',
  ],
};

const normName = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
function normUrl(s: string): string {
  try {
    const u = new URL(s);
    return `${u.protocol}//${u.host.toLowerCase()}${u.pathname.replace(/\/+$/, '')}${u.search}`;
  } catch {
    return s;
  }
}

function duplicates(
  rows: AdminRow[],
  kind: 'duplicate_name' | 'duplicate_url',
  key: (r: AdminRow) => string,
  out: Finding[],
) {
  const groups = new Map<string, AdminRow[]>();
  for (const r of rows) {
    const k = key(r);
    const g = groups.get(k);
    if (g) g.push(r);
    else groups.set(k, [r]);
  }
  const what = kind === 'duplicate_name' ? 'name' : 'product link';
  for (const g of groups.values()) {
    if (g.length < 2) continue;
    for (const r of g) {
      const others = g.filter((o) => o !== r).map((o) => o.product.slug);
      out.push(
        finding(
          r,
          kind,
          `shares its ${what} with ${others.join(', ')}`,
          `Merge the duplicates or make the ${what} distinct.`,
        ),
      );
    }
  }
}

function finding(r: AdminRow, kind: Kind, message: string, fix: string): Finding {
  return { kind, slug: r.product.slug, sourcePath: r.entry.sourcePath, status: r.status, message, fix };
}

const ORDER = new Map<string, number>(FINDING_KINDS.map((k, i) => [k, i]));
const sortFindings = (list: Finding[]) =>
  list.sort((a, b) =>
    a.sourcePath < b.sourcePath ? -1 : a.sourcePath > b.sourcePath ? 1 : ORDER.get(a.kind)! - ORDER.get(b.kind)!,
  );

const staticCache = new WeakMap<AdminIndex, Finding[]>();
function staticFindings(index: AdminIndex): Finding[] {
  const hit = staticCache.get(index);
  if (hit) return hit;
  const all: Finding[] = [];
  for (const r of index.rows) {
    const p = r.product;
    const simple = (kind: keyof typeof FIXES) => all.push(finding(r, kind, ...FIXES[kind]));
    if (p.imageUrl === null) simple('missing_image');
    if (p.description === null) simple('missing_description');
    if (p.ageRange === null) simple('missing_age_range');
    if (p.whyWePicked === null) simple('missing_editorial_note');
    if (p.staffPick && p.pickedBy === null) simple('staff_pick_without_curator');
  }
  duplicates(index.rows, 'duplicate_name', (r) => normName(r.product.name), all);
  duplicates(index.rows, 'duplicate_url', (r) => normUrl(r.product.url), all);
  for (const p of index.catalog.problems) {
    all.push({
      kind: 'file_problem',
      slug: null,
      sourcePath: p.file,
      status: null,
      message: `${p.field}: ${p.message}`,
      fix: p.fix,
    });
  }
  sortFindings(all);
  staticCache.set(index, all);
  return all;
}

export const auditCatalog = defineTool({
  ...toolInfo('audit_catalog'),
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
    total: z.number().int().describe('Findings after filtering, before paging.'),
    counts: z.record(z.enum(FINDING_KINDS), z.number().int()).describe('Findings per kind after the status filter.'),
    offset: z.number().int(),
    limit: z.number().int(),
    findings: z.array(Finding),
  }),
  async run(args, ctx) {
    const index = await ctx.catalog();
    const now = ctx.now().getTime();
    // Everything but the schedule check depends only on the data: computed once per catalog.
    const fixed = staticFindings(index);
    const due = index.rows
      .filter((r) => r.status === 'scheduled' && r.entry.data.publishAt!.getTime() <= now)
      .map((r) => finding(r, 'scheduled_past_due', ...FIXES.scheduled_past_due));
    const all = due.length ? sortFindings([...fixed, ...due]) : fixed;
    const byStatus = args.status ? all.filter((f) => f.status === args.status) : all;
    const counts = Object.fromEntries(FINDING_KINDS.map((k) => [k, 0])) as Record<Kind, number>;
    for (const f of byStatus) counts[f.kind]++;
    const kinds = args.kinds ? new Set(args.kinds) : null;
    const picked = kinds ? byStatus.filter((f) => kinds.has(f.kind)) : byStatus;
    return {
      total: picked.length,
      counts,
      offset: args.offset,
      limit: args.limit,
      findings: picked.slice(args.offset, args.offset + args.limit),
    };
  },
});
