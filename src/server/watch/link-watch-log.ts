// What a link watcher run did, and the log lines that say it (docs/operate.md, "Reading the log").
import type { LinkRecord, LinkState } from './link-state.ts';

export interface LinkRun {
  at: number;
  ms: number;
  /** Published products (the walk's length). */
  products: number;
  /** Links checked for the walk, and rechecks of failing links. */
  walk: number;
  rechecks: number;
  counts: { ok: number; failed: number; moved: number; unknown: number; notChecked: number };
  /** Links confirmed broken or moved in this run. */
  newFindings: { slug: string; record: LinkRecord }[];
  /** Confirmed links that answered ok again in this run. */
  recovered: string[];
  /** Shops found down in this run. */
  shopsDown: { host: string; failing: number; sample: string[] }[];
  proposed: { slug: string; where: string; notes: string[] }[];
  withdrawn: { slug: string; branch: string }[];
  proposalProblems: string[];
  /** Where proposals go, or null: findings are recorded only. */
  proposals: 'github' | 'git' | null;
  cursor: string | null;
  passStartedAt: number | null;
  /** Confirmed findings after the run. */
  findings: number;
}

const iso = (ms: number | null) => (ms === null ? 'never' : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'));

/** The run's one summary line. */
export function describeLinkRun(run: LinkRun, products: number, state: LinkState): string {
  const c = run.counts;
  const down = Object.entries(state.hosts)
    .filter(([, h]) => h.down)
    .map(([host]) => host);
  const proposals =
    run.proposals === null
      ? 'proposals: not configured (GITHUB_TOKEN and GITHUB_REPOSITORY), findings recorded only'
      : `proposals: ${run.proposed.length} opened, ${run.withdrawn.length} withdrawn${run.proposalProblems.length ? `, ${run.proposalProblems.length} problem${run.proposalProblems.length === 1 ? '' : 's'}: ${run.proposalProblems.join('; ')}` : ''}`;
  return (
    `link watch: checked ${run.walk + run.rechecks - c.notChecked} links in ${(run.ms / 1000).toFixed(1)} s ` +
    `(walk ${run.walk} of ${products} products, ${run.rechecks} rechecks): ${c.ok} ok, ${c.failed} failed, ${c.moved} moved, ` +
    `${c.unknown} unknown, ${c.notChecked} not checked; walk at ${run.cursor ?? 'the start'}, pass started ${iso(run.passStartedAt)}` +
    `${state.lastPassMs === null ? '' : `, last pass took ${(state.lastPassMs / 3_600_000).toFixed(1)} h`}; ` +
    `${run.findings} broken or moved${down.length ? `; shops down: ${down.join(', ')}` : ''}; ${proposals}.`
  );
}

/** The line for a link confirmed broken or moved in this run. */
export function linkFindingLine(slug: string, r: LinkRecord, shopDown: boolean, proposals: boolean): string {
  const checks = r.evidence.map((e) => (e.http === null ? (e.reason ?? 'no answer') : `HTTP ${e.http}`)).join(', ');
  return (
    `link watch: ${r.finding === 'moved' ? 'MOVED' : 'BROKEN'} ${slug}: ${r.url} ${r.finding === 'moved' ? 'redirected away' : 'failed'} ` +
    `${r.streak} checks in a row since ${iso(r.streakSince)} (${checks})${r.finalUrl && r.finalUrl !== r.url ? `, ending at ${r.finalUrl}` : ''}; ` +
    (shopDown
      ? 'its shop is down, so no proposal of its own.'
      : proposals
        ? 'a proposal to unpublish it is made at the next run.'
        : 'proposals are not configured: recorded for audit_catalog only.')
  );
}
