// The recall watcher (netlify/functions/recall-watch.mts, hourly; reads each source once a day).
// A run: reads every source at once (each from its own mark: CPSC by windows of publish dates,
// Health Canada's daily file, the Safety Gate's weekly reports not yet read; as many parts as fit
// before READ_UNTIL_MS, every request's timeout cut to the time left, a mark moved only after a
// successful read, a failing source never holding up the others), then reads the whole recall
// history of every brand with a product new to the catalog from the sources with a company search
// (a few brands a run), matches every recall against the published and scheduled products
// (./recall-match.ts), and proposes to unpublish each product a recall matches on barcode, or on
// brand and name: one proposal per product naming every regulator's recall of it, at most
// WATCHER_PROPOSALS_PER_RUN a run, never a second open one, never again on the same evidence, and
// never for a curator's dismissal in content/recall-watch.yml; an open proposal whose every recall
// is dismissed there is closed. Brand-only matches are recorded for audit_catalog only. Every value
// from a source reaches a proposal as code (a recall number limited to a safe alphabet first).
// What it keeps is bounded (./recall-state.ts): what is not kept is counted and said in the log and
// the proposal; a part whose new matches do not fit is read again; a state it cannot write fails the run.
import type { RecallWatch } from '../../catalog/recall-watch-file.ts';
import { WATCHER_PROPOSALS_PER_RUN } from '../../contract/limits.ts';
import type { AdminCatalog } from '../admin-catalog/admin-index.ts';
import { WATCH_WORDS } from '../../outputs/editor-words.ts';
import { codeBlock, codeSpan } from '../proposals/compose.ts';
import { RECALL_LABELS } from '../proposals/backend.ts';
import type { ProposalsChoice } from '../proposals/choose.ts';
import { safeToken } from '../proposals/markdown-safe.ts';
import type { SharedStore } from '../store/shared-store.ts';
import { brandIndex, brandKey, recallHits, type BrandIndex } from './recall-match.ts';
import { logSafe } from './log-text.ts';
import type { Recall, RecallSource, ReadLimits } from './recall-source.ts';
import {
  addBrandRecall,
  byRelevance,
  emptyRecallState,
  jsonBytes,
  LINE_KEPT,
  MatchKeeper,
  MATCHES_MAX_BYTES,
  MATCHES_PER_SOURCE,
  matchKey,
  NEW_MATCHES_PER_RUN,
  productsDigest,
  RecallBrands,
  RecallState,
  STATE_REST_BYTES,
  type RecallMatch,
} from './recall-state.ts';
import { describeRecallRun, matchLine, notKeptLine, type RecallRun } from './recall-watch-log.ts';
import { readRecord, WATCH_KEYS, withLock, writeRecord } from './records.ts';
import { openBranches, proposeUnpublish, remembered, settle, watcherEmail } from './watch-proposals.ts';
import { watchedProducts, type WatchedProduct } from './watched-products.ts';

export const READ_UNTIL_MS = 14_000;
export const LOOKUPS_UNTIL_MS = 18_000;
export const PROPOSE_UNTIL_MS = 25_000;
/** Brands whose whole history one run reads (per source). */
export const BRAND_LOOKUPS_PER_RUN = 10;
/** A recall number's length (a dismissal's is at most 40 too), and the most kept of any other value. */
const RECALL_NUMBER_CHARS = 40;
const VALUE_CHARS = 2000;
/** The longest title GitHub takes for a pull request. */
const TITLE_CHARS = 256;

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

/** A run whose state could not be written: its lines are logged, this last; the scheduled function fails. */
export class RecallStateNotWritten extends Error {}

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
    notKept: [],
    waiting: null,
    brandOnly: 0,
    dismissed: 0,
    proposed: [],
    withdrawn: [],
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
  const watched = new Set(products.map((p) => p.slug));
  const keeper = new MatchKeeper(state, (key, m) => !watched.has(m.slug) || dismissed.has(key));
  /** Match keys a proposal named: never taken as new again, kept or not. */
  const namedBefore = new Set(Object.values(state.proposals).flatMap((p) => p.evidence.split(' ')));
  const about = new Map<string, { brand: string; name: string }>();
  /** Parts whose new matches did not all fit, to be read again next run. */
  const readAgain: string[] = [];

  /** Records what one answer's recalls say about the catalog; the number of new matches that must wait. */
  const take = (recalls: readonly Recall[], only?: BrandIndex<WatchedProduct>): number => {
    const waitedBefore = keeper.waiting;
    for (const recall of recalls) {
      // The number keys the match and a curator's dismissal, and is shown in titles: a safe token.
      const number = safeToken(recall.number, RECALL_NUMBER_CHARS);
      if (!number) continue;
      for (const hit of recallHits(recall, only ?? index)) {
        const ref = {
          source: recall.source,
          number,
          date: recall.date.slice(0, 10),
          title: recall.title.slice(0, VALUE_CHARS),
          url: recall.url && recall.url.length <= VALUE_CHARS ? recall.url : null,
        };
        if (hit.company)
          brandsChanged = addBrandRecall(brands, brandKey(hit.product.brand), hit.product.brand, ref) || brandsChanged;
        if (!hit.name && !hit.barcode) {
          run.brandOnly++;
          continue;
        }
        const key = matchKey(recall.source, number, hit.product.slug);
        if (dismissed.has(key)) {
          dismissedSeen.add(key);
          continue;
        }
        if (state.matches[key] || namedBefore.has(key)) continue;
        const match: RecallMatch = {
          ...ref,
          slug: hit.product.slug,
          hazard: recall.hazards.join(' ').slice(0, VALUE_CHARS) || 'not stated',
          remedy: recall.remedies.join(' ').slice(0, VALUE_CHARS) || 'not stated',
          company: hit.company,
          recallName: hit.name?.recallName ?? '',
          shared: hit.name?.shared ?? [],
          barcode: hit.barcode,
          firstSeen: now(),
        };
        if (keeper.offer(key, match) === 'kept') about.set(key, { brand: hit.product.brand, name: hit.product.name });
      }
    }
    return keeper.waiting - waitedBefore;
  };

  const today = day(started);
  // 1. Every source at once, each from its own mark, until it is read up to today or the time is up.
  const reading: ReadLimits = { deadline: started + t.readUntilMs, now };
  const marks = deps.sources.map((source) => ({
    source,
    mark: (state.sources[source.id] ??= {
      readThrough: null,
      lastSuccessAt: null,
      lastAttemptAt: null,
      failures: 0,
      lastError: null,
      cursor: null,
    }),
  }));
  await Promise.all(
    marks.map(async ({ source, mark }) => {
      while (source.due(mark, today) && now() < reading.deadline) {
        mark.lastAttemptAt = now();
        const before = { readThrough: mark.readThrough, cursor: mark.cursor };
        try {
          const part = await source.next(before, today, reading);
          const waits = take(part.recalls);
          run.reads.push({ source: source.name, what: part.what, recalls: part.recalls.length });
          // New matches that did not fit: the mark stays, so the part is read again next run.
          if (waits > 0) {
            readAgain.push(`${source.name}'s part`);
            break;
          }
          Object.assign(mark, { ...part.mark, lastSuccessAt: now(), failures: 0, lastError: null });
          // A source that read without moving its mark would be asked the same again: stop it.
          if (part.mark.readThrough === before.readThrough && part.mark.cursor === before.cursor) break;
        } catch (err) {
          const reason = err instanceof Error ? err.message : String(err);
          Object.assign(mark, { failures: mark.failures + 1, lastError: reason });
          run.failures.push({
            source: source.name,
            what: `its recalls after ${mark.readThrough ?? 'nothing read yet'}`,
            reason,
            mark: mark.readThrough,
          });
          break;
        }
      }
    }),
  );
  // 2. The whole history of each brand with a product the watcher has not matched it for yet, from
  //    the sources with a company search (the others' recalls are all read anyway, or cannot be searched).
  const lookingUp: ReadLimits = { deadline: started + t.lookupsUntilMs, now };
  for (const source of deps.sources) {
    const byCompany = source.byCompany;
    if (!byCompany) continue;
    let lookups = 0;
    for (const [key, { brand, products: own }] of [...index.brands].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const digest = productsDigest(own.map((p) => p.slug));
      const id = `${source.id}:${key}`;
      if (state.brands[id] === digest) continue;
      if (
        lookups >= BRAND_LOOKUPS_PER_RUN ||
        keeper.waiting > 0 ||
        now() >= lookingUp.deadline ||
        run.failures.some((f) => f.source === source.name)
      )
        break;
      lookups++;
      const names = [brand, ...rules.aliases.filter((a) => brandKey(a.brand) === key).flatMap((a) => a.companies)];
      const words = [...new Set(names.map(searchWord).filter(Boolean))];
      try {
        const found: Recall[] = [];
        for (const w of words) found.push(...(await byCompany(w, lookingUp)));
        const waits = take(found);
        run.lookups.push({ source: source.name, brand, words, recalls: found.length });
        if (waits > 0) {
          readAgain.push(`${source.name}'s history of ${brand}`);
          break;
        }
        state.brands[id] = digest;
      } catch (err) {
        run.failures.push({
          source: source.name,
          what: `the recall history of ${brand}`,
          reason: err instanceof Error ? err.message : String(err),
          mark: state.sources[source.id]?.readThrough ?? null,
        });
        break;
      }
    }
  }

  keeper.settle();
  for (const key of keeper.added) {
    const match = state.matches[key]!;
    run.newMatches.push({ key, match, ...about.get(key)! });
  }
  for (const [group, keys] of keeper.notKept) {
    const [source, slug] = group.split('|') as [string, string];
    run.notKept.push({ slug, source: sourceName(deps, source), count: keys.size });
  }
  if (keeper.waiting > 0)
    run.waiting = {
      count: keeper.waiting,
      why:
        keeper.waitReason === 'full'
          ? `the state's room for matches, ${MATCHES_MAX_BYTES / 1024} KiB, is full`
          : `at most ${NEW_MATCHES_PER_RUN} new a run`,
      readAgain,
    };
  // What a run's proposals add is small and bounded; the rest of the state must leave room for them.
  const restBytes = jsonBytes({ ...state, matches: {} });
  const room = restBytes <= STATE_REST_BYTES;
  if (!room)
    run.proposalProblems.push(
      `the state's marks, brands and proposals take ${restBytes} bytes, more than the ${STATE_REST_BYTES} they may: nothing proposed this run`,
    );

  // 3. Proposals: one per product with a match not proposed yet, naming every match of the product.
  const bySlug = new Map(products.map((p) => [p.slug, p]));
  const pending = new Map<string, [string, RecallMatch][]>();
  for (const [key, m] of Object.entries(state.matches))
    if (bySlug.has(m.slug) && !dismissed.has(key)) pending.set(m.slug, [...(pending.get(m.slug) ?? []), [key, m]]);
  /** Whether a curator has dismissed every recall a proposal named, in the published watch list. */
  const allDismissed = (evidence: string) => evidence.split(' ').every((k) => dismissed.has(k));
  const toClose = Object.values(state.proposals).some((p) => p.state === 'open' && allDismissed(p.evidence));
  if (deps.proposals.ok && room && (pending.size > 0 || toClose)) {
    try {
      const backend = await deps.proposals.backend();
      const open = await openBranches(backend);
      if (!open)
        run.proposalProblems.push(
          `the open proposals could not be listed (${backend.describe}); nothing proposed this run`,
        );
      else {
        for (const [key, p] of Object.entries(state.proposals)) state.proposals[key] = settle(p, open);
        // Closed once every recall it named is dismissed: the dismissal needed a second curator.
        for (const [key, p] of Object.entries(state.proposals)) {
          if (p.state !== 'open' || !allDismissed(p.evidence) || now() - started >= t.proposeUntilMs) continue;
          try {
            await backend.withdraw(p.branch);
          } catch (err) {
            run.proposalProblems.push(
              `closing ${p.branch}, whose recalls are all dismissed: ${(err as Error).message}`,
            );
            continue;
          }
          state.proposals[key] = { ...p, state: 'withdrawn' };
          run.withdrawn.push({ slug: key.replace(/^product:/, ''), branch: p.branch });
        }
        /** Match keys some proposal already named (open, closed or skipped): never proposed again on them alone. */
        const named = new Set(Object.values(state.proposals).flatMap((p) => p.evidence.split(' ')));
        const newest = (ms: [string, RecallMatch][]) =>
          ms
            .map(([, m]) => m.date)
            .sort()
            .at(-1) ?? '';
        for (const [slug, ms] of [...pending].sort((a, b) => (newest(a[1]) < newest(b[1]) ? 1 : -1))) {
          if (run.proposed.length >= WATCHER_PROPOSALS_PER_RUN || now() - started >= t.proposeUntilMs) break;
          if (ms.every(([key]) => named.has(key))) continue;
          // Never a second open proposal for the same product and cause.
          const stillOpen = Object.values(state.proposals).some(
            (p) =>
              p.state === 'open' && open.has(p.branch) && p.evidence.split(' ').some((k) => k.endsWith(`|${slug}`)),
          );
          if (stillOpen) continue;
          const evidence = ms
            .map(([key]) => key)
            .sort()
            .join(' ');
          const key = `product:${slug}`;
          const product = bySlug.get(slug)!;
          const matches = ms.map(([, m]) => m).sort(byRelevance);
          const attempt = await proposeUnpublish(
            backend,
            recallPlan(deps, product, matches, state.unlisted[slug] ?? {}),
          );
          if ('made' in attempt) {
            state.proposals[key] = remembered(attempt.made, evidence, now());
            run.proposed.push({
              key,
              slug,
              where: attempt.made.url ?? attempt.made.branch,
              notes: attempt.made.notes ?? [],
            });
            for (const note of attempt.made.notes ?? []) run.proposalProblems.push(`${slug}: ${note}`);
          } else if ('skipped' in attempt) {
            state.proposals[key] = { branch: '', url: null, evidence, state: 'closed', at: now() };
            run.proposalProblems.push(`${slug}: not proposed, ${attempt.skipped}`);
          } else run.proposalProblems.push(`${slug}: the proposal failed: ${attempt.failed}`);
        }
      }
    } catch (err) {
      run.proposalProblems.push(`the proposal backend failed: ${(err as Error).message}`);
    }
  }

  run.dismissed = dismissedSeen.size;
  run.ms = elapsed();
  // The sources were read at once: their parts are told source by source, in the sources' order.
  const order = (name: string) => deps.sources.findIndex((s) => s.name === name);
  run.reads.sort((a, b) => order(a.source) - order(b.source));
  // Every line is escaped as a whole too: no value from a source can end it early (./log-text.ts).
  const log = (line: string) => deps.log(logSafe(line));
  const line = describeRecallRun(run, state);
  state.lastRun = { at: started, ms: run.ms, line: line.slice(0, LINE_KEPT), proposals: run.proposals ?? 'none' };
  const at = now();
  // The state first: what a run read and proposed must be remembered before anything else.
  let notWritten: string | null = null;
  const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));
  try {
    await writeRecord(store, WATCH_KEYS.recallState, state, at);
  } catch (err) {
    const opened = run.proposed.map((p) => p.slug).join(', ');
    notWritten =
      `recall watch FAILED to write its state (${reason(err)}): nothing this run read or matched is remembered` +
      `${opened ? `, and the proposals it opened (${opened}) may be opened again` : ''}; the next run reads everything again.`;
  }
  if (!notWritten && brandsChanged)
    try {
      await writeRecord(store, WATCH_KEYS.recallBrands, brands, at);
    } catch (err) {
      notWritten = `recall watch FAILED to write its brands' recalls (${reason(err)}): audit_catalog's brand-only findings miss this run's; its state was written.`;
    }
  if (run.curationProblem)
    log(
      `recall watch: content/recall-watch.yml cannot be used (${run.curationProblem}): no alias or dismissal applies until it is fixed.`,
    );
  for (const f of run.failures)
    log(
      `recall watch FAILED to read ${f.source} (${f.what}): ${f.reason}. Its last-read mark stays at ${f.mark ?? 'nothing read yet'}, so the next run reads it again.`,
    );
  for (const m of run.newMatches) {
    const made = run.proposed.find((p) => p.slug === m.match.slug);
    log(matchLine(m, made?.where ?? null, run.proposals));
  }
  for (const n of run.notKept)
    log(
      notKeptLine(
        n,
        run.proposed.some((p) => p.slug === n.slug),
      ),
    );
  log(line);
  if (notWritten) {
    log(notWritten);
    throw new RecallStateNotWritten(notWritten);
  }
  return run;
}

/** The word a brand's history is searched by: its longest (CPSC's company search matches part of a name). */
function searchWord(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1);
  return words.reduce((best, w) => (w.length > best.length ? w : best), '');
}

/** A source's name, by its id. */
const sourceName = (deps: RecallWatchDeps, id: string) =>
  deps.sources.find((s) => s.id === id)?.name ?? id.toUpperCase();

function recallPlan(
  deps: RecallWatchDeps,
  product: WatchedProduct,
  matches: RecallMatch[],
  unlisted: Record<string, number>,
) {
  const more = Object.entries(unlisted)
    .filter(([, n]) => n > 0)
    .map(
      ([id, n]) =>
        `**At least ${n} more ${sourceName(deps, id)} recall${n === 1 ? '' : 's'} match${n === 1 ? 'es' : ''} this product and ${n === 1 ? 'is' : 'are'} not listed here: the watcher keeps the ${MATCHES_PER_SOURCE} most relevant of each regulator (a barcode match first, then the newest).**`,
    );
  // Matches kept from before numbers were limited are limited here too.
  const number = (m: RecallMatch) => codeSpan(safeToken(m.number, RECALL_NUMBER_CHARS) || 'without a number');
  // The title names the recalls while it stays within GitHub's TITLE_CHARS; the body names every one.
  const each = matches.map((m) => `${sourceName(deps, m.source)} recall ${number(m)}`);
  const titled = (n: number) =>
    `Recall: unpublish ${codeSpan(product.slug)} (${each.slice(0, n).join('; ')}${n < each.length ? `; and ${each.length - n} more` : ''})`;
  let shown = each.length;
  while (shown > 1 && titled(shown).length > TITLE_CHARS) shown--;
  const regulators = [...new Set(matches.map((m) => sourceName(deps, m.source)))];
  const byBarcode = matches.some((m) => m.barcode);
  const why = byBarcode
    ? `A recall names this product's barcode${regulators.length > 1 ? `, and ${regulators.length} regulators have recalls matching it` : ''}.`
    : `${regulators.length > 1 ? `${regulators.join(', ')} recalls name` : `A ${regulators[0]} recall names`} this product's brand as its maker or importer, and a recalled product's name resembles this product's.`;
  return {
    slug: product.slug,
    path: product.sourcePath,
    title: titled(shown),
    subject: `Recall: unpublish ${product.slug}`,
    why,
    evidence: [
      `**Urgent: a product safety recall.** ${why} This proposal takes the product off the site (\`published: false\`) until a curator has checked the ${matches.length > 1 ? `${matches.length} recalls below, one per regulator's notice` : 'recall'}. If it is not this product, add a dismissal for each recall in the recall watch list (the editor’s “${WATCH_WORDS.page}”); once a second curator publishes the dismissal, the watcher closes this proposal on its next run.`,
      '',
      ...more.flatMap((m) => [m, '']),
      ...matches.flatMap((m) => [
        `### ${sourceName(deps, m.source)} recall ${number(m)}`,
        '',
        m.barcode
          ? `**Matched by barcode:** the recall names this product's barcode, which is a match whatever brand the recall names.`
          : `**Matched by brand and name.**`,
        '',
        ...field('Regulator', sourceName(deps, m.source)),
        ...field('Recall number', m.number),
        ...field('Date', m.date || 'not given'),
        ...field('Title', m.title),
        ...field('Hazard', m.hazard),
        ...field('Remedy', m.remedy),
        ...field('Link', m.url ?? 'none given'),
        ...(m.barcode ? field('Barcode (GTIN-14)', m.barcode) : []),
        ...(m.company ? field('Manufacturer or importer', m.company) : []),
        ...(m.recallName ? field('Recalled product', m.recallName) : []),
        ...(m.shared.length ? field('Words in common with this product’s name', m.shared.join(', ')) : []),
      ]),
    ],
    labels: [...RECALL_LABELS],
    reviewers: deps.reviewers,
    proposer: watcherEmail(deps.siteUrl),
  };
}

/** One value of the recall, as GitHub shows text that must not be interpreted: a code block. */
const field = (label: string, value: string) => [`${label}:`, '', codeBlock(value.slice(0, VALUE_CHARS)), ''];
