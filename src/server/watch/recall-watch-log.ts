// What a recall watcher run did, and the log lines that say it (DEPLOY.md, "Reading the log").
import type { RecallMatch, RecallState } from './recall-state.ts';

export interface RecallRun {
  at: number;
  ms: number;
  /** Published and scheduled products matched against. */
  products: number;
  /** Windows read by publish date. */
  reads: { source: string; from: string; to: string; recalls: number }[];
  /** Brands whose whole history was read. */
  lookups: { source: string; brand: string; words: string[]; recalls: number }[];
  failures: { source: string; what: string; reason: string; mark: string | null }[];
  newMatches: { key: string; match: RecallMatch; brand: string; name: string }[];
  /** Recall × product pairs on brand alone seen in this run (audit_catalog lists them). */
  brandOnly: number;
  /** Matches a curator dismissed, seen again in this run (each counted once). */
  dismissed: number;
  proposed: { key: string; slug: string; where: string; notes: string[] }[];
  proposalProblems: string[];
  proposals: 'github' | 'git' | null;
  /** Why content/recall-watch.yml could not be used, or null. */
  curationProblem: string | null;
}

/** The run's one summary line. */
export function describeRecallRun(run: RecallRun, state: RecallState): string {
  const reads = run.reads.length
    ? `read ${run.reads.map((r) => `${r.source} ${r.from}..${r.to} (${r.recalls})`).join(', ')}`
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
      : `proposals: ${run.proposed.length} opened${run.proposalProblems.length ? `, problems: ${run.proposalProblems.join('; ')}` : ''}`;
  return (
    `recall watch: ${reads}${lookups} in ${(run.ms / 1000).toFixed(1)} s against ${run.products} products; ` +
    `${run.newMatches.length} new match${run.newMatches.length === 1 ? '' : 'es'}, ${run.brandOnly} brand-only, ` +
    `${run.dismissed} dismissed, ${Object.keys(state.matches).length} matches in all; ${marks}` +
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
  return (
    `recall watch: MATCH ${r.slug} ↔ ${r.source.toUpperCase()} recall ${r.number} (${r.date}) ${JSON.stringify(r.title)}: ` +
    `brand ${JSON.stringify(m.brand)} is ${JSON.stringify(r.company)}; name ${JSON.stringify(m.name)} shares ` +
    `${r.shared.join(', ')} with ${JSON.stringify(r.recallName)}; ${what}.`
  );
}
