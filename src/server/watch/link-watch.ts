// The link watcher (netlify/functions/link-watch.mts, hourly): one run proposes what the last runs
// found (at most WATCHER_PROPOSALS_PER_RUN, stopping at PROPOSE_MS), then checks a slice of the
// published products' links from the walk's cursor and every failing link due for its daily
// recheck, starting no check after CHECK_UNTIL_MS (Netlify stops a scheduled function at 30 s), and
// records the results (./link-state.ts). Confirmed broken or moved links become proposals to
// unpublish the product; a link that answers again has its proposal withdrawn; a shop that is down
// is one finding, never a proposal per product. Without a proposal backend it records findings only.
import { WATCHER_PROPOSALS_PER_RUN } from '../../contract/limits.ts';
import type { AdminCatalog } from '../admin-catalog/admin-index.ts';
import { linkKey } from '../mcp/link-moved.ts';
import { checkLinks, defaultLinkPolicy, type LinkPolicy, type LinkResult } from '../mcp/links.ts';
import type { ProposalsChoice } from '../proposals/choose.ts';
import type { ListedBackend } from '../proposals/listing.ts';
import type { SharedStore } from '../store/shared-store.ts';
import { describeLinkRun, linkFindingLine, type LinkRun } from './link-watch-log.ts';
import {
  DOWN_PROBES,
  emptyLinkState,
  LinkShard,
  LinkState,
  MIN_PASS_MS,
  observe,
  perRun,
  RECHECK_MS,
  shardOf,
  SHOP_DOWN_FAILURES,
  walkKey,
  walkSlice,
  type LinkRecord,
  type Observation,
} from './link-state.ts';
import { logSafe } from './log-text.ts';
import { readRecord, WATCH_KEYS, withLock, writeRecord } from './records.ts';
import { openBranches, proposeUnpublish, remembered, settle, shouldPropose, watcherEmail } from './watch-proposals.ts';
import { codeBlock, codeSpan } from '../proposals/compose.ts';
import { watchedProducts, type WatchedProduct } from './watched-products.ts';

export const PROPOSE_MS = 8_000;
export const CHECK_UNTIL_MS = 20_000;
/** No link request runs past this (a check still going is cut, not checked): 6 s left for the writes before Netlify's 30 s. */
export const CHECKS_END_MS = 24_000;
const LINK_MS = 6_000;
const TIMEOUT_MS = 5_000;

export interface LinkWatchDeps {
  catalog: () => Promise<AdminCatalog>;
  store: SharedStore;
  proposals: ProposalsChoice;
  /** The link checker's settings beyond the watcher's own (the local stack's test network, the User-Agent). */
  links: Partial<LinkPolicy>;
  siteUrl: string;
  reviewers: { users: string[]; teams: string[] };
  now: () => number;
  log: (line: string) => void;
  /** Tests shorten the phases. */
  timing?: Partial<{ proposeMs: number; checkUntilMs: number; checksEndMs: number; linkMs: number; timeoutMs: number }>;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
};

const observation = (r: LinkResult): Observation | null =>
  r.outcome === 'ok'
    ? 'ok'
    : r.outcome === 'moved'
      ? 'moved'
      : r.outcome === 'unknown'
        ? 'unknown'
        : r.outcome === 'not_checked'
          ? null
          : 'failed';

/** One run; null when another instance is running. Throws when the store or the catalog cannot be read. */
export async function runLinkWatch(deps: LinkWatchDeps): Promise<LinkRun | null> {
  const started = deps.now();
  return withLock(deps.store, 'links', started, () => watch(deps, started));
}

async function watch(deps: LinkWatchDeps, started: number): Promise<LinkRun> {
  const t = {
    proposeMs: PROPOSE_MS,
    checkUntilMs: CHECK_UNTIL_MS,
    checksEndMs: CHECKS_END_MS,
    linkMs: LINK_MS,
    timeoutMs: TIMEOUT_MS,
    ...deps.timing,
  };
  const { store, now } = deps;
  const products = watchedProducts(await deps.catalog(), ['published']);
  const bySlug = new Map(products.map((p) => [p.slug, p]));
  const state = (await readRecord(store, WATCH_KEYS.linkState, LinkState)) ?? emptyLinkState();
  // Forget products that are no longer published, and what was proposed for them once it is closed.
  for (const slug of Object.keys(state.due)) if (!bySlug.has(slug)) delete state.due[slug];
  for (const slug of Object.keys(state.findings)) if (!bySlug.has(slug)) delete state.findings[slug];
  for (const slug of Object.keys(state.unreachable)) if (!bySlug.has(slug)) delete state.unreachable[slug];
  for (const [slug, p] of Object.entries(state.proposals))
    if (!bySlug.has(slug) && p.state !== 'open') delete state.proposals[slug];

  const shards = new Map<number, LinkShard>();
  const dirty = new Set<number>();
  const shard = async (n: number) => {
    let s = shards.get(n);
    if (!s) shards.set(n, (s = (await readRecord(store, WATCH_KEYS.linkShard(n), LinkShard)) ?? {}));
    return s;
  };
  const run: LinkRun = {
    at: started,
    ms: 0,
    products: products.length,
    walk: 0,
    rechecks: 0,
    counts: { ok: 0, failed: 0, moved: 0, unknown: 0, notChecked: 0 },
    newFindings: [],
    recovered: [],
    shopsDown: [],
    proposed: [],
    withdrawn: [],
    proposalProblems: [],
    proposals: deps.proposals.ok ? deps.proposals.kind : null,
    cursor: null,
    passStartedAt: null,
    findings: 0,
  };

  // 1. Proposals for what earlier runs confirmed, and withdrawals for links that answer again.
  if (deps.proposals.ok) await proposals(deps, state, bySlug, shard, run, started, t.proposeMs);

  // 2. The checks: the walk's slice, then the rechecks that are due; resting and down shops spared.
  const ordered = products.map((p) => walkKey(p.slug)).sort();
  const slugOf = (key: string) => key.slice(key.indexOf('/') + 1);
  const { slice, wrapAt } = walkSlice(ordered, state.cursor, perRun(products.length));
  const checkNow = now();
  // A pass that began less than MIN_PASS_MS ago is finished: the next one waits.
  if (wrapAt >= 0 && state.passStartedAt !== null && checkNow - state.passStartedAt < MIN_PASS_MS)
    slice.length = wrapAt;
  const inSlice = new Set(slice.map(slugOf));
  const dueNow = Object.entries(state.due)
    .filter(([slug, at]) => at <= checkNow && !inSlice.has(slug))
    .sort((a, b) => a[1] - b[1])
    .map(([slug]) => slug);
  const probes = new Map<string, number>();
  const targets: WatchedProduct[] = [];
  /** Each walk item's check (its index in `targets`), or null when it was spared. */
  const walkChecks: (number | null)[] = [];
  const consider = (slug: string): number | null => {
    const product = bySlug.get(slug)!;
    const host = hostOf(product.url);
    const h = state.hosts[host];
    if (h?.restUntil && h.restUntil > checkNow) {
      state.due[slug] = Math.max(state.due[slug] ?? 0, h.restUntil);
      return null;
    }
    if (h?.down) {
      const used = probes.get(host) ?? 0;
      if (used >= DOWN_PROBES) {
        state.due[slug] ??= checkNow + RECHECK_MS;
        return null;
      }
      probes.set(host, used + 1);
    }
    return targets.push(product) - 1;
  };
  for (const key of slice) walkChecks.push(consider(slugOf(key)));
  run.walk = targets.length;
  for (const slug of dueNow) consider(slug);
  run.rechecks = targets.length - run.walk;
  await Promise.all([...new Set(targets.map((p) => shardOf(p.slug)))].map(shard));
  const policy = defaultLinkPolicy({
    ...deps.links,
    timeoutMs: t.timeoutMs,
    linkMs: t.linkMs,
    concurrency: 8,
    perHost: 2,
    budgetMs: Math.max(0, started + t.checkUntilMs - now()),
    endAt: started + Math.max(t.checksEndMs, t.checkUntilMs),
  });
  const otherLinks = new Set(products.map((p) => linkKey(p.url)).filter((k): k is string => k !== null));
  const results = await checkLinks(
    targets.map((p) => p.url),
    policy,
    now,
    { otherLinks },
  );

  // 3. What the checks say.
  const at = now();
  const failedBy = new Map<string, string[]>();
  const okHosts = new Set<string>();
  results.forEach((r, i) => {
    const product = targets[i]!;
    const seen = observation(r);
    const host = hostOf(product.url);
    if (r.retryAfterSeconds !== null && (r.status === 429 || r.status === 503))
      state.hosts[host] = { ...state.hosts[host], restUntil: at + r.retryAfterSeconds * 1000 };
    if (seen === null) {
      run.counts.notChecked++;
      return;
    }
    run.counts[seen]++;
    const n = shardOf(product.slug);
    const records = shards.get(n)!;
    const before = records[product.slug];
    const record: LinkRecord = observe(
      before,
      product.url,
      { kind: seen, http: r.status, reason: r.reason, finalUrl: r.finalUrl },
      at,
    );
    records[product.slug] = record;
    dirty.add(n);
    if (seen === 'ok') {
      delete state.due[product.slug];
      okHosts.add(host);
    } else state.due[product.slug] = at + RECHECK_MS;
    // No answer or a 5xx: the shop failed, not just this page (a 404 or 410 is the page gone).
    if (seen === 'failed' && (r.status === null || r.status >= 500)) {
      failedBy.set(host, [...(failedBy.get(host) ?? []), product.slug]);
      state.unreachable[product.slug] = host;
    } else delete state.unreachable[product.slug];
    const had = state.findings[product.slug];
    if (record.finding) {
      state.findings[product.slug] = { cause: record.finding, since: record.streakSince!, host };
      if (!had) run.newFindings.push({ slug: product.slug, record });
    } else if (had) {
      delete state.findings[product.slug];
      run.recovered.push(product.slug);
    }
  });
  for (const host of okHosts) if (state.hosts[host]?.down) delete state.hosts[host]!.down;
  // A shop is down when more than SHOP_DOWN_FAILURES of its links fail at once, in this run or
  // still failing from earlier ones (a big catalog's run sees only a few links of each shop).
  const failingBy = new Map<string, string[]>();
  for (const [slug, host] of Object.entries(state.unreachable))
    failingBy.set(host, [...(failingBy.get(host) ?? []), slug]);
  for (const [host, slugs] of failingBy) {
    if (slugs.length <= SHOP_DOWN_FAILURES || okHosts.has(host)) continue;
    const was = state.hosts[host]?.down;
    const sample = [...new Set([...(failedBy.get(host) ?? []), ...slugs])].slice(0, 5);
    state.hosts[host] = { ...state.hosts[host], down: { since: was?.since ?? at, at, failing: slugs.length, sample } };
    if (!was) run.shopsDown.push({ host, failing: slugs.length, sample });
  }
  for (const [host, h] of Object.entries(state.hosts)) {
    if (h.restUntil && h.restUntil <= at) delete h.restUntil;
    if (!h.restUntil && !h.down) delete state.hosts[host];
  }

  // 4. The walk moves past what it visited (checked, or spared); a pass ends when the walk wraps.
  let visited = 0;
  while (visited < slice.length) {
    const check = walkChecks[visited]!;
    if (check !== null && results[check]!.outcome === 'not_checked') break;
    visited++;
  }
  if (visited > 0) {
    if (wrapAt >= 0 && visited > wrapAt) {
      if (state.passStartedAt !== null && state.cursor !== null) state.lastPassMs = at - state.passStartedAt;
      state.passStartedAt = wrapAt === 0 && state.cursor === null ? started : at;
    }
    state.cursor = slice[visited - 1]!;
  }
  run.cursor = state.cursor;
  run.passStartedAt = state.passStartedAt;
  run.findings = Object.keys(state.findings).length;
  run.ms = now() - started;
  const line = describeLinkRun(run, ordered.length, state);
  state.lastRun = { at: started, ms: run.ms, line, proposals: run.proposals ?? 'none' };
  await Promise.all([
    ...[...dirty].map((n) => {
      // A shard written keeps only published products: those removed or unpublished go within a pass.
      const kept = Object.fromEntries(Object.entries(shards.get(n)!).filter(([slug]) => bySlug.has(slug)));
      return writeRecord(store, WATCH_KEYS.linkShard(n), kept, at);
    }),
    writeRecord(store, WATCH_KEYS.linkState, state, at),
  ]);
  // Shops' answers (a final URL, a reason) reach these lines: each is escaped as a whole (./log-text.ts).
  const log = (text: string) => deps.log(logSafe(text));
  log(line);
  for (const f of run.newFindings)
    log(
      linkFindingLine(f.slug, f.record, state.hosts[hostOf(f.record.url)]?.down !== undefined, run.proposals !== null),
    );
  for (const s of run.shopsDown)
    log(
      `link watch: SHOP DOWN ${s.host}: ${s.failing} of its links get no answer or a 5xx (${s.sample.join(', ')}${s.failing > s.sample.length ? ', …' : ''}); one finding, no proposal for its products; ${DOWN_PROBES} of its links are checked each run until one answers.`,
    );
  for (const slug of run.recovered) log(`link watch: RECOVERED ${slug}: the link answers again.`);
  return run;
}

/** The proposal phase: settle what curators closed, withdraw for recovered links, propose for confirmed ones. */
async function proposals(
  deps: LinkWatchDeps,
  state: LinkState,
  bySlug: Map<string, WatchedProduct>,
  shard: (n: number) => Promise<LinkShard>,
  run: LinkRun,
  started: number,
  proposeMs: number,
): Promise<void> {
  if (!deps.proposals.ok) return;
  const remembered_ = Object.entries(state.proposals);
  const wanted = Object.entries(state.findings).filter(([, f]) => !state.hosts[f.host]?.down);
  const recovered = remembered_.filter(
    ([slug, p]) => p.state === 'open' && bySlug.has(slug) && !state.findings[slug] && state.due[slug] === undefined,
  );
  if (wanted.length === 0 && recovered.length === 0 && !remembered_.some(([, p]) => p.state === 'open')) return;
  let backend: ListedBackend;
  try {
    backend = await deps.proposals.backend();
  } catch (err) {
    run.proposalProblems.push(`the proposal backend could not be loaded: ${(err as Error).message}`);
    return;
  }
  const open = await openBranches(backend);
  if (!open) {
    run.proposalProblems.push(
      `the open proposals could not be listed (${backend.describe}); nothing proposed this run`,
    );
    return;
  }
  for (const [slug, p] of remembered_) state.proposals[slug] = settle(p, open);
  for (const [slug] of recovered) {
    const p = state.proposals[slug]!;
    if (p.state !== 'open' || deps.now() - started > proposeMs) continue;
    try {
      await backend.withdraw(p.branch);
    } catch (err) {
      run.proposalProblems.push(`withdrawing ${p.branch}: ${(err as Error).message}`);
      continue;
    }
    state.proposals[slug] = { ...p, state: 'withdrawn' };
    run.withdrawn.push({ slug, branch: p.branch });
  }
  for (const [slug, f] of wanted.sort((a, b) => a[1].since - b[1].since)) {
    if (run.proposed.length >= WATCHER_PROPOSALS_PER_RUN || deps.now() - started > proposeMs) break;
    const product = bySlug.get(slug)!;
    const evidence = `${f.cause}:${f.since}:${product.url}`;
    if (!shouldPropose(state.proposals[slug], evidence, open)) continue;
    const record = (await shard(shardOf(slug)))[slug];
    if (!record) continue;
    const what = f.cause === 'broken' ? 'Broken link' : 'Moved link';
    const attempt = await proposeUnpublish(backend, {
      slug,
      path: product.sourcePath,
      title: `${what}: unpublish ${codeSpan(slug)}`,
      subject: `${what}: unpublish ${slug}`,
      why:
        f.cause === 'broken'
          ? `The shop link failed ${record.streak} checks in a row over ${hours(record)} hours.`
          : `The shop link has redirected away from the product for ${record.streak} checks over ${hours(record)} hours.`,
      evidence: linkEvidence(product, record),
      labels: [f.cause === 'broken' ? 'broken-link' : 'moved-link'],
      reviewers: deps.reviewers,
      proposer: watcherEmail(deps.siteUrl),
    });
    if ('made' in attempt) {
      state.proposals[slug] = remembered(attempt.made, evidence, deps.now());
      run.proposed.push({ slug, where: attempt.made.url ?? attempt.made.branch, notes: attempt.made.notes ?? [] });
      for (const note of attempt.made.notes ?? []) run.proposalProblems.push(`${slug}: ${note}`);
    } else if ('skipped' in attempt) {
      state.proposals[slug] = { branch: '', url: null, evidence, state: 'closed', at: deps.now() };
      run.proposalProblems.push(`${slug}: not proposed, ${attempt.skipped}`);
    } else run.proposalProblems.push(`${slug}: the proposal failed: ${attempt.failed}`);
  }
}

const hours = (r: LinkRecord) => Math.round((r.checkedAt - (r.streakSince ?? r.checkedAt)) / 3_600_000);

/** The pull request's evidence: the link, where it ended, and each failed check (values as code). */
function linkEvidence(product: WatchedProduct, r: LinkRecord): string[] {
  return [
    `**The shop link of this product ${r.finding === 'moved' ? 'has moved' : 'is broken'}**: ${r.streak} consecutive checks over ${hours(r)} hours (a link counts as broken after 3 failed checks spanning at least 48 hours; docs/operate.md, "The watchers"). This proposal takes the product off the site until a curator fixes the link (edit \`url\` in this branch and set \`published\` back to \`true\`) or closes it.`,
    '',
    'Link:',
    '',
    codeBlock(product.url),
    '',
    ...(r.finalUrl && r.finalUrl !== product.url ? ['Where it ended:', '', codeBlock(r.finalUrl), ''] : []),
    'Checks:',
    '',
    codeBlock(
      r.evidence
        .map(
          (e) =>
            `${new Date(e.at).toISOString()}  ${e.http === null ? 'no answer' : `HTTP ${e.http}`}  ${e.reason ?? ''}`,
        )
        .join('\n'),
    ),
  ];
}
