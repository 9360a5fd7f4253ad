// What a recall watcher run did, and the log lines that say it (docs/operate.md, "Reading the log").
// Every value from a source is quoted or escaped (./log-text.ts): none can break a line.
import { logQuoted, logSafe } from './log-text.ts';
import { MATCHES_PER_SOURCE, type RecallMatch, type RecallState } from './recall-state.ts';

export interface RecallRun {
  at: number;
  ms: number;
  /** Published and scheduled products matched against. */
  products: number;
  /** The parts read: CPSC's windows by publish date, Health Canada's file, Safety Gate's reports. */
  reads: { source: string; what: string; recalls: number }[];
  /** Brands whose whole history was read. */
  lookups: { source: string; brand: string; words: string[]; recalls: number }[];
  failures: { source: string; what: string; reason: string; mark: string | null }[];
  newMatches: { key: string; match: RecallMatch; brand: string; name: string }[];
  /** Per product and regulator: this run's recalls matching it beyond the MATCHES_PER_SOURCE kept. */
  notKept: { slug: string; source: string; count: number }[];
  /** New matches with no room this run, why, and the parts read again next run for them. */
  waiting: { count: number; why: string; readAgain: string[] } | null;
  /** Recall × product pairs on brand alone seen in this run (audit_catalog lists them). */
  brandOnly: number;
  /** Matches a curator dismissed, seen again in this run (each counted once). */
  dismissed: number;
  proposed: { key: string; slug: string; where: string; notes: string[] }[];
  /** Open proposals closed because a curator dismissed every recall they named. */
  withdrawn: { slug: string; branch: string }[];
  proposalProblems: string[];
  proposals: 'github' | 'git' | null;
  /** Why content/recall-watch.yml could not be used, or null. */
  curationProblem: string | null;
}

/** The run's one summary line. */
export function describeRecallRun(run: RecallRun, state: RecallState): string {
  const reads = run.reads.length
    ? `read ${run.reads.map((r) => `${r.source} ${logSafe(r.what)} (${r.recalls})`).join(', ')}`
    : 'read nothing new (each source is read once a day)';
  const marks = Object.entries(state.sources)
    .map(([id, m]) => `${id} read through ${m.readThrough ?? 'nothing yet'}`)
    .join(', ');
  const lookups = run.lookups.length
    ? `; whole history of ${run.lookups.length} brand${run.lookups.length === 1 ? '' : 's'} (${run.lookups.map((l) => l.brand).join(', ')})`
    : '';
  const proposals =
    run.proposals === null
      ? 'proposals: not configured (GITHUB_TOKEN and GITHUB_REPOSITORY), findings recorded only'
      : `proposals: ${run.proposed.length} opened${run.withdrawn.length ? `, ${run.withdrawn.length} closed (every recall dismissed)` : ''}${run.proposalProblems.length ? `, problems: ${run.proposalProblems.join('; ')}` : ''}`;
  const notKept = run.notKept.reduce((n, x) => n + x.count, 0);
  const bounds =
    (notKept
      ? `; ${notKept} match${notKept === 1 ? '' : 'es'} not kept (at most ${MATCHES_PER_SOURCE} a product and regulator)`
      : '') +
    (run.waiting
      ? `; ${run.waiting.count} new match${run.waiting.count === 1 ? '' : 'es'} wait for the next run (${run.waiting.why}), which reads ${run.waiting.readAgain.join(' and ') || 'them'} again`
      : '');
  return (
    `recall watch: ${reads}${lookups} in ${(run.ms / 1000).toFixed(1)} s against ${run.products} products; ` +
    `${run.newMatches.length} new match${run.newMatches.length === 1 ? '' : 'es'}, ${run.brandOnly} brand-only, ` +
    `${run.dismissed} dismissed, ${Object.keys(state.matches).length} matches in all${bounds}; ${marks}` +
    `${run.failures.length ? `; ${run.failures.length} failed read${run.failures.length === 1 ? '' : 's'}, retried next run` : ''}; ${proposals}.`
  );
}

/** The line for a new match on brand and name. */
export function matchLine(
  m: { match: RecallMatch; brand: string; name: string },
  proposal: string | null,
  proposals: 'github' | 'git' | null,
): string {
  const r = m.match;
  const what =
    proposals === null
      ? 'proposals are not configured: recorded for audit_catalog only'
      : proposal
        ? `proposal: ${proposal}`
        : 'the proposal waits for the next run';
  const barcode = r.barcode ? `barcode ${r.barcode} is this product's` : '';
  const brand = r.company
    ? `brand ${logQuoted(m.brand)} is ${logQuoted(r.company)}${r.recallName ? `; name ${logQuoted(m.name)} shares ${logSafe(r.shared.join(', '))} with ${logQuoted(r.recallName)}` : ''}`
    : '';
  return (
    `recall watch: MATCH ${r.slug} ↔ ${logSafe(r.source.toUpperCase())} recall ${logSafe(r.number)} (${logSafe(r.date)}) ${logQuoted(r.title)}: ` +
    `${[barcode, brand].filter(Boolean).join('; ')}; ${what}.`
  );
}

/** The line for a product's recalls from one regulator beyond those kept. */
export function notKeptLine(n: { slug: string; source: string; count: number }, proposedNow: boolean): string {
  return (
    `recall watch: ${n.count} more ${n.source} recall${n.count === 1 ? '' : 's'} match ${n.slug} than the ${MATCHES_PER_SOURCE} kept; ` +
    `${n.count === 1 ? 'it is' : 'they are'} counted, not kept${proposedNow ? ', and its proposal says so' : ''}.`
  );
}
