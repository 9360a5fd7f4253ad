// What audit_catalog shows of the watchers: their findings about the products of the catalog it
// reads (broken and moved links with their evidence, shops that are down, recall matches and
// brand-only matches, never a dismissed one), and their state: where their proposals go (or that
// they record findings only), whether they are paused, and each one's last run. Read from the
// shared store: the state records and the result shards of the links found broken.
import type { Finding } from '../../admin/audit.ts';
import type { RecallWatch } from '../../catalog/recall-watch-file.ts';
import type { AdminIndex, AdminRow } from '../admin-catalog/admin-index.ts';
import type { ProposalsChoice } from '../proposals/choose.ts';
import type { RecordStore } from '../store/shared-store.ts';
import { LinkShard, LinkState, shardOf, type LinkRecord, type WatcherProposal } from './link-state.ts';
import { brandKey } from './recall-match.ts';
import { matchKey, RecallBrands, RecallState } from './recall-state.ts';
import { readRecord as read, WATCH_KEYS } from './records.ts';

export interface WatchersStatus {
  proposals: string;
  paused: boolean;
  links: string | null;
  recalls: string | null;
}

export interface WatchAuditInput {
  index: AdminIndex;
  records: RecordStore | null;
  proposals: ProposalsChoice;
  paused: boolean;
  curations: { ok: true; value: RecallWatch } | { ok: false; problem: string };
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

const proposalNote = (p: WatcherProposal | undefined) =>
  p?.state === 'open' ? ` The watcher's proposal to unpublish it: ${p.url ?? p.branch}.` : '';

const finding = (row: AdminRow, kind: Finding['kind'], message: string, fix: string): Finding => ({
  kind,
  slug: row.slug,
  sourcePath: row.sourcePath,
  status: row.status,
  message,
  fix,
});

function linkFinding(
  row: AdminRow,
  r: LinkRecord,
  cause: 'broken' | 'moved',
  proposal: WatcherProposal | undefined,
): Finding {
  const checks = r.evidence
    .map((e) => `${iso(e.at)} ${e.http === null ? (e.reason ?? 'no answer') : `HTTP ${e.http}`}`)
    .join('; ');
  return finding(
    row,
    cause === 'broken' ? 'link_broken' : 'link_moved',
    `its shop link ${r.url} ${cause === 'broken' ? 'failed' : 'redirected away from the product'} ${r.streak} checks in a row since ${iso(r.streakSince ?? r.checkedAt)} (${checks})` +
      `${r.finalUrl && r.finalUrl !== r.url ? `, ending at ${r.finalUrl}` : ''}; last reason: ${r.reason ?? 'none'}.${proposalNote(proposal)}`,
    'Change `url` to a working link of the product, or unpublish it (`published: false`).',
  );
}

/** The watchers' findings about the catalog's products, and their state. */
export async function watchAudit(input: WatchAuditInput): Promise<{ findings: Finding[]; watchers: WatchersStatus }> {
  const p = input.proposals;
  const watchers: WatchersStatus = {
    proposals: p.ok
      ? p.where
      : `not configured: the watchers record findings only (this list), with no proposals; set ${p.missing}`,
    paused: input.paused,
    links: null,
    recalls: null,
  };
  const store = input.records;
  if (!store) {
    watchers.links = watchers.recalls = 'no shared store: the watchers cannot run';
    return { findings: [], watchers };
  }
  const rows = input.index.bySlug;
  const findings: Finding[] = [];
  let links, recalls, brands;
  try {
    [links, recalls, brands] = await Promise.all([
      read(store, WATCH_KEYS.linkState, LinkState),
      read(store, WATCH_KEYS.recallState, RecallState),
      read(store, WATCH_KEYS.recallBrands, RecallBrands),
    ]);
  } catch (err) {
    // The audit answers without them: the rest of it does not depend on the store.
    watchers.links = watchers.recalls = `could not be read from the shared store (${(err as Error).message})`;
    return { findings: [], watchers };
  }
  watchers.links = links?.lastRun ? `${iso(links.lastRun.at)}: ${links.lastRun.line}` : 'has not run yet';
  watchers.recalls = recalls?.lastRun ? `${iso(recalls.lastRun.at)}: ${recalls.lastRun.line}` : 'has not run yet';

  if (links) {
    const wanted = Object.entries(links.findings).filter(([slug, f]) => rows.has(slug) && !links.hosts[f.host]?.down);
    const shards = new Map<number, LinkShard>();
    await Promise.all(
      [...new Set(wanted.map(([slug]) => shardOf(slug)))].map(async (n) => {
        // A shard that cannot be read leaves its links out of this answer, not the whole audit.
        shards.set(n, (await read(store, WATCH_KEYS.linkShard(n), LinkShard).catch(() => null)) ?? {});
      }),
    );
    for (const [slug, f] of wanted) {
      const record = shards.get(shardOf(slug))?.[slug];
      if (record) findings.push(linkFinding(rows.get(slug)!, record, f.cause, links.proposals[slug]));
    }
    for (const [host, h] of Object.entries(links.hosts))
      if (h.down)
        findings.push({
          kind: 'shop_down',
          slug: null,
          sourcePath: host,
          status: null,
          message: `the shop ${host} is down since ${iso(h.down.since)}: ${h.down.failing} of its product links get no answer or a 5xx (${h.down.sample.join(', ')}${h.down.failing > h.down.sample.length ? ', …' : ''}); one finding for the shop, no proposal per product.`,
          fix: 'Wait: the watcher checks three of its links each run until one answers. If it stays down for days, unpublish its products or link them elsewhere.',
        });
  }

  const dismissed = new Set(
    input.curations.ok ? input.curations.value.dismissals.map((d) => matchKey(d.source, d.recall, d.product)) : [],
  );
  const matched = new Set<string>();
  if (recalls)
    for (const [key, m] of Object.entries(recalls.matches)) {
      const row = rows.get(m.slug);
      if (!row || dismissed.has(key)) continue;
      matched.add(`${m.source}:${m.number}|${m.slug}`);
      findings.push(
        finding(
          row,
          'recall_match',
          `${m.source.toUpperCase()} recall ${m.number} (${m.date}) "${m.title}" ${
            m.barcode
              ? `names this product's barcode ${m.barcode} (a match whatever the brand)`
              : `names its brand's maker or importer ("${m.company}") and a product whose name shares ${m.shared.join(', ')} with this one ("${m.recallName}")`
          }. Hazard: ${m.hazard} Remedy: ${m.remedy} ${m.url ?? ''}`.trim() +
            // One proposal names every match of a product (its evidence lists their keys).
            proposalNote(
              recalls.proposals[key] ??
                Object.values(recalls.proposals).find((p) => p.evidence.split(' ').includes(key)),
            ),
          'Check the recall: if it covers this product, unpublish it (merge the watcher’s proposal); if not, close the proposal and add a dismissal to content/recall-watch.yml.',
        ),
      );
    }
  if (brands)
    for (const row of input.index.rows) {
      if (row.status === 'draft') continue;
      const entry = brands[brandKey(row.field('brand'))];
      if (!entry) continue;
      const others = entry.newest.filter(
        (r) =>
          !matched.has(`${r.source}:${r.number}|${row.slug}`) && !dismissed.has(matchKey(r.source, r.number, row.slug)),
      );
      if (others.length === 0) continue;
      findings.push(
        finding(
          row,
          'recall_brand_only',
          `its brand is the maker or importer named by ${entry.more ? `more than ${entry.ids.length}` : entry.ids.length} recall${entry.ids.length === 1 && !entry.more ? '' : 's'}, none for a product of this name; newest: ${others
            .map((r) => `${r.source.toUpperCase()} ${r.number} (${r.date}) "${r.title}"${r.url ? ` ${r.url}` : ''}`)
            .join('; ')}.`,
          'Check that this product is not one of them (names and models change); if it is, unpublish it.',
        ),
      );
    }
  return { findings, watchers };
}
