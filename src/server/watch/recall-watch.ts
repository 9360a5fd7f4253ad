// The recall watcher (netlify/functions/recall-watch.mts, hourly; reads each source once a day).
// A run: reads each source's recalls published since its last-read day (five years back the first
// time, in windows, as many as fit before READ_UNTIL_MS; the mark moves only after a successful
// read), then reads the whole recall history of every brand with a product new to the catalog (a
// few brands a run), matches every recall against the published and scheduled products
// (./recall-match.ts), and proposes to unpublish each product a recall matches on brand and name
// (at most WATCHER_PROPOSALS_PER_RUN a run; a curator's dismissal in content/recall-watch.yml is
// never proposed). Matches on brand alone are recorded for audit_catalog only.
import type { RecallWatch } from '../../catalog/recall-watch-file.ts';
import { WATCHER_PROPOSALS_PER_RUN } from '../../contract/limits.ts';
import type { AdminCatalog } from '../admin-catalog/admin-index.ts';
import { codeBlock, codeSpan } from '../proposals/compose.ts';
import type { ProposalsChoice } from '../proposals/choose.ts';
import type { SharedStore } from '../store/shared-store.ts';
import { brandIndex, brandKey, recallHits, type BrandIndex } from './recall-match.ts';
import type { Recall, RecallSource } from './recall-source.ts';
import {
  addBrandRecall,
  emptyRecallState,
  matchKey,
  productsDigest,
  RecallBrands,
  RecallState,
  type RecallMatch,
} from './recall-state.ts';
import { describeRecallRun, matchLine, type RecallRun } from './recall-watch-log.ts';
import { readRecord, WATCH_KEYS, withLock, writeRecord } from './records.ts';
import { openBranches, proposeUnpublish, remembered, settle, shouldPropose, watcherEmail } from './watch-proposals.ts';
import { watchedProducts, type WatchedProduct } from './watched-products.ts';

export const READ_UNTIL_MS = 14_000;
export const LOOKUPS_UNTIL_MS = 18_000;
export const PROPOSE_UNTIL_MS = 25_000;
/** Brands whose whole history one run reads (per source). */
export const BRAND_LOOKUPS_PER_RUN = 10;
/** How far back the first read goes. */
export const FIRST_READ_YEARS = 5;

export interface RecallWatchDeps {
  catalog: () => Promise<AdminCatalog>;
  store: SharedStore;
  proposals: ProposalsChoice;
  sources: readonly RecallSource[];
  /** content/recall-watch.yml: its aliases and dismissals, or its problems. */
  curations: () => Promise<{ ok: true; value: RecallWatch } | { ok: false; problem: string }>;
  siteUrl: string;
  reviewers: { users: string[]; teams: string[] };
  now: () => number;
  log: (line: string) => void;
  timing?: Partial<{ readUntilMs: number; lookupsUntilMs: number; proposeUntilMs: number }>;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (d: string, n: number) => day(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000);

/** One run; null when another instance is running. Throws when the store or the catalog cannot be read. */
export async function runRecallWatch(deps: RecallWatchDeps): Promise<RecallRun | null> {
  const started = deps.now();
  return withLock(deps.store, 'recalls', started, () => watch(deps, started));
}

async function watch(deps: RecallWatchDeps, started: number): Promise<RecallRun> {
  const t = {
    readUntilMs: READ_UNTIL_MS,
    lookupsUntilMs: LOOKUPS_UNTIL_MS,
    proposeUntilMs: PROPOSE_UNTIL_MS,
    ...deps.timing,
  };
  const { store, now } = deps;
  const elapsed = () => now() - started;
  const products = watchedProducts(await deps.catalog(), ['published', 'scheduled']);
  const curations = await deps.curations();
  const run: RecallRun = {
    at: started,
    ms: 0,
    products: products.length,
    reads: [],
    lookups: [],
    failures: [],
    newMatches: [],
    brandOnly: 0,
    dismissed: 0,
    proposed: [],
    proposalProblems: [],
    proposals: deps.proposals.ok ? deps.proposals.kind : null,
    curationProblem: curations.ok ? null : curations.problem,
  };
  const rules = curations.ok ? curations.value : { aliases: [], dismissals: [] };
  const dismissed = new Set(rules.dismissals.map((d) => matchKey(d.source, d.recall, d.product)));
  const index = brandIndex(products, rules.aliases);
  const state = (await readRecord(store, WATCH_KEYS.recallState, RecallState)) ?? emptyRecallState();
  const brands = (await readRecord(store, WATCH_KEYS.recallBrands, RecallBrands)) ?? {};
  let brandsChanged = false;
  const dismissedSeen = new Set<string>();

  /** Records what one answer's recalls say about the catalog. */
  const take = (recalls: readonly Recall[], only?: BrandIndex<WatchedProduct>) => {
    for (const recall of recalls)
      for (const hit of recallHits(recall, only ?? index)) {
        const ref = {
          source: recall.source,
          number: recall.number,
          date: recall.date,
          title: recall.title,
          url: recall.url,
        };
        brandsChanged = addBrandRecall(brands, brandKey(hit.product.brand), hit.product.brand, ref) || brandsChanged;
        if (!hit.name) {
          run.brandOnly++;
          continue;
        }
        const key = matchKey(recall.source, recall.number, hit.product.slug);
        if (dismissed.has(key)) {
          dismissedSeen.add(key);
          continue;
        }
        if (state.matches[key]) continue;
        const match: RecallMatch = {
          ...ref,
          slug: hit.product.slug,
          hazard: recall.hazards.join(' ') || 'not stated',
          remedy: recall.remedies.join(' ') || 'not stated',
          company: hit.company,
          recallName: hit.name.recallName,
          shared: hit.name.shared,
          firstSeen: now(),
        };
        state.matches[key] = match;
        run.newMatches.push({ key, match, brand: hit.product.brand, name: hit.product.name });
      }
  };

  const today = day(started);
  for (const source of deps.sources) {
    // 1. What the source published since the last day read (each window re-reads that day).
    const mark = (state.sources[source.id] ??= {
      readThrough: null,
      lastSuccessAt: null,
      lastAttemptAt: null,
      failures: 0,
      lastError: null,
    });
    while ((mark.readThrough ?? '') < today && elapsed() < t.readUntilMs) {
      const from = mark.readThrough ?? addDays(today, -365 * FIRST_READ_YEARS - 1);
      const to = [addDays(from, source.maxWindowDays - 1), today].sort()[0]!;
      mark.lastAttemptAt = now();
      try {
        const recalls = await source.published(from, to);
        take(recalls);
        run.reads.push({ source: source.name, from, to, recalls: recalls.length });
        Object.assign(mark, { readThrough: to, lastSuccessAt: now(), failures: 0, lastError: null });
      } catch (err) {
        Object.assign(mark, { failures: mark.failures + 1, lastError: (err as Error).message });
        run.failures.push({
          source: source.name,
          what: `recalls published ${from} to ${to}`,
          reason: (err as Error).message,
          mark: mark.readThrough,
        });
        break;
      }
    }
    // 2. The whole history of each brand with a product the watcher has not matched it for yet.
    let lookups = 0;
    for (const [key, { brand, products: own }] of [...index.brands].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const digest = productsDigest(own.map((p) => p.slug));
      const id = `${source.id}:${key}`;
      if (state.brands[id] === digest) continue;
      if (
        lookups >= BRAND_LOOKUPS_PER_RUN ||
        elapsed() >= t.lookupsUntilMs ||
        run.failures.some((f) => f.source === source.name)
      )
        break;
      lookups++;
      const names = [brand, ...rules.aliases.filter((a) => brandKey(a.brand) === key).flatMap((a) => a.companies)];
      const words = [...new Set(names.map(searchWord).filter(Boolean))];
      try {
        const found: Recall[] = [];
        for (const w of words) found.push(...(await source.byCompany(w)));
        take(found);
        state.brands[id] = digest;
        run.lookups.push({ source: source.name, brand, words, recalls: found.length });
      } catch (err) {
        run.failures.push({
          source: source.name,
          what: `the recall history of ${brand}`,
          reason: (err as Error).message,
          mark: mark.readThrough,
        });
        break;
      }
    }
  }

  // 3. Proposals for matches not proposed yet.
  const bySlug = new Map(products.map((p) => [p.slug, p]));
  const pending = Object.entries(state.matches).filter(([key, m]) => bySlug.has(m.slug) && !dismissed.has(key));
  if (deps.proposals.ok && pending.length > 0) {
    try {
      const backend = await deps.proposals.backend();
      const open = await openBranches(backend);
      if (!open)
        run.proposalProblems.push(
          `the open proposals could not be listed (${backend.describe}); nothing proposed this run`,
        );
      else {
        for (const [key, p] of Object.entries(state.proposals)) state.proposals[key] = settle(p, open);
        for (const [key, m] of pending.sort((a, b) => (a[1].date < b[1].date ? 1 : -1))) {
          if (run.proposed.length >= WATCHER_PROPOSALS_PER_RUN || elapsed() >= t.proposeUntilMs) break;
          if (!shouldPropose(state.proposals[key], key, open)) continue;
          const product = bySlug.get(m.slug)!;
          const attempt = await proposeUnpublish(backend, recallPlan(deps, product, m));
          if ('made' in attempt) {
            state.proposals[key] = remembered(attempt.made, key, now());
            run.proposed.push({
              key,
              slug: m.slug,
              where: attempt.made.url ?? attempt.made.branch,
              notes: attempt.made.notes ?? [],
            });
            for (const note of attempt.made.notes ?? []) run.proposalProblems.push(`${m.slug}: ${note}`);
          } else if ('skipped' in attempt) {
            state.proposals[key] = { branch: '', url: null, evidence: key, state: 'closed', at: now() };
            run.proposalProblems.push(`${m.slug}: not proposed, ${attempt.skipped}`);
          } else run.proposalProblems.push(`${m.slug}: the proposal failed: ${attempt.failed}`);
        }
      }
    } catch (err) {
      run.proposalProblems.push(`the proposal backend failed: ${(err as Error).message}`);
    }
  }

  run.dismissed = dismissedSeen.size;
  run.ms = elapsed();
  const line = describeRecallRun(run, state);
  state.lastRun = { at: started, ms: run.ms, line, proposals: run.proposals ?? 'none' };
  const at = now();
  await Promise.all([
    writeRecord(store, WATCH_KEYS.recallState, state, at),
    ...(brandsChanged ? [writeRecord(store, WATCH_KEYS.recallBrands, brands, at)] : []),
  ]);
  if (run.curationProblem)
    deps.log(
      `recall watch: content/recall-watch.yml cannot be used (${run.curationProblem}): no alias or dismissal applies until it is fixed.`,
    );
  for (const f of run.failures)
    deps.log(
      `recall watch FAILED to read ${f.source} (${f.what}): ${f.reason}. Its last-read mark stays at ${f.mark ?? 'nothing read yet'}, so the next run reads it again.`,
    );
  for (const m of run.newMatches) {
    const made = run.proposed.find((p) => p.key === m.key);
    deps.log(matchLine(m, made?.where ?? null, run.proposals));
  }
  deps.log(line);
  return run;
}

/** The word a brand's history is searched by: its longest (CPSC's company search matches part of a name). */
function searchWord(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1);
  return words.reduce((best, w) => (w.length > best.length ? w : best), '');
}

function recallPlan(deps: RecallWatchDeps, product: WatchedProduct, m: RecallMatch) {
  const source = deps.sources.find((s) => s.id === m.source)?.name ?? m.source.toUpperCase();
  return {
    slug: product.slug,
    path: product.sourcePath,
    title: `Recall: unpublish ${codeSpan(product.slug)} (${source} recall ${codeSpan(m.number)})`,
    subject: `Recall: unpublish ${product.slug}`,
    why: `A ${source} recall names this product's brand as its manufacturer or importer, and a recalled product's name resembles this product's.`,
    evidence: [
      `**Urgent: a product safety recall.** A ${source} recall names this product's brand as its manufacturer or importer, and a recalled product's name resembles this product's name. This proposal takes the product off the site (\`published: false\`) until a curator has checked the recall. If it is not this product, close the pull request and add a dismissal to \`content/recall-watch.yml\` (DEPLOY.md, "The watchers"), so no later run proposes it again.`,
      '',
      ...field('Recall number', m.number),
      ...field('Date', m.date),
      ...field('Title', m.title),
      ...field('Hazard', m.hazard),
      ...field('Remedy', m.remedy),
      ...field('Link', m.url ?? 'none given'),
      ...field('Manufacturer or importer', m.company),
      ...field('Recalled product', m.recallName),
      ...field('Words in common with this product’s name', m.shared.join(', ')),
    ],
    labels: ['recall', 'urgent'],
    reviewers: deps.reviewers,
    proposer: watcherEmail(deps.siteUrl),
  };
}

/** One value of the recall, as GitHub shows text that must not be interpreted: a code block. */
const field = (label: string, value: string) => [`${label}:`, '', codeBlock(value), ''];
