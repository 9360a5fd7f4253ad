// What audit_catalog reports, computed from the product files alone: missing images, descriptions,
// age ranges and notes, duplicate names or links, staff picks without a curator, file problems.
// The build computes these once into the admin catalog; the tool adds the overdue schedules, which
// depend on the clock, and what the watchers found (broken or moved links, shops down, recalls:
// src/server/watch/watch-audit.ts).
import type { Status } from '../catalog/catalog.ts';
import type { Problem } from '../catalog/problems.ts';
import type { CatalogEntry } from '../catalog/schema.ts';

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
  'link_broken',
  'link_moved',
  'shop_down',
  'recall_match',
  'recall_brand_only',
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

export interface Finding {
  kind: FindingKind;
  slug: string | null;
  sourcePath: string;
  status: Status | null;
  message: string;
  fix: string;
}

/** The watchers' kinds: their messages carry the evidence, so they are written where it is read. */
export const WATCH_KINDS = ['link_broken', 'link_moved', 'shop_down', 'recall_match', 'recall_brand_only'] as const;

const FIXES: Record<
  Exclude<FindingKind, 'file_problem' | 'duplicate_name' | 'duplicate_url' | (typeof WATCH_KINDS)[number]>,
  [string, string]
> = {
  missing_image: [
    'has no image',
    'Add a picture to content/images/products/ and set `imageUrl` (`/images/products/<file>`).',
  ],
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

/** A product as the audit sees it. */
export interface Audited {
  entry: CatalogEntry;
  status: Status;
}

const normName = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
function normUrl(s: string): string {
  try {
    const u = new URL(s);
    return `${u.protocol}//${u.host.toLowerCase()}${u.pathname.replace(/\/+$/, '')}${u.search}`;
  } catch {
    return s;
  }
}

const finding = (p: Audited, kind: FindingKind, message: string, fix: string): Finding => ({
  kind,
  slug: p.entry.data.slug,
  sourcePath: p.entry.sourcePath,
  status: p.status,
  message,
  fix,
});

/** The overdue-schedule finding of a scheduled product. */
export const dueFinding = (p: Audited) => finding(p, 'scheduled_past_due', ...FIXES.scheduled_past_due);

function duplicates(
  items: readonly Audited[],
  kind: 'duplicate_name' | 'duplicate_url',
  key: (p: Audited) => string,
  out: Finding[],
) {
  const groups = new Map<string, Audited[]>();
  for (const p of items) {
    const k = key(p);
    const g = groups.get(k);
    if (g) g.push(p);
    else groups.set(k, [p]);
  }
  const what = kind === 'duplicate_name' ? 'name' : 'product link';
  for (const g of groups.values()) {
    if (g.length < 2) continue;
    for (const p of g) {
      const others = g.filter((o) => o !== p).map((o) => o.entry.data.slug);
      out.push(
        finding(
          p,
          kind,
          `shares its ${what} with ${others.join(', ')}`,
          `Merge the duplicates or make the ${what} distinct.`,
        ),
      );
    }
  }
}

const ORDER = new Map<string, number>(FINDING_KINDS.map((k, i) => [k, i]));
/** By file, then in the order of FINDING_KINDS. */
export const sortFindings = (list: Finding[]) =>
  list.sort((a, b) =>
    a.sourcePath < b.sourcePath ? -1 : a.sourcePath > b.sourcePath ? 1 : ORDER.get(a.kind)! - ORDER.get(b.kind)!,
  );

/** Every finding that depends only on the files, sorted. */
export function staticFindings(items: readonly Audited[], problems: readonly Problem[]): Finding[] {
  const all: Finding[] = [];
  for (const p of items) {
    const d = p.entry.data;
    const simple = (kind: keyof typeof FIXES) => all.push(finding(p, kind, ...FIXES[kind]));
    if (d.imageUrl === null) simple('missing_image');
    if (p.entry.description === null) simple('missing_description');
    if (d.ageRange === null) simple('missing_age_range');
    if (d.whyWePicked === null) simple('missing_editorial_note');
    if (d.staffPick && d.pickedBy === null) simple('staff_pick_without_curator');
  }
  duplicates(items, 'duplicate_name', (p) => normName(p.entry.data.name), all);
  duplicates(items, 'duplicate_url', (p) => normUrl(p.entry.data.url), all);
  for (const p of problems) {
    all.push({
      kind: 'file_problem',
      slug: null,
      sourcePath: p.file,
      status: null,
      message: `${p.field}: ${p.message}`,
      fix: p.fix,
    });
  }
  return sortFindings(all);
}
