// What the link watcher remembers and the rules it applies (docs/operate.md, "The watchers"):
// - the walk: every published product in a fixed order (its result shard, then its slug), a slice
//   per run from a cursor, so that a whole pass takes PASS_RUNS runs (every link at least weekly),
//   and a new pass starts no sooner than MIN_PASS_MS after the last (no link more than daily);
// - a link whose last check was not ok is rechecked daily;
// - a link is broken (or moved) after BROKEN_CHECKS consecutive failed (or moved) checks spanning at
//   least BROKEN_SPAN_MS; an unknown answer (401, 403, 429, 503) neither counts nor breaks the run;
// - more than SHOP_DOWN_FAILURES links of one host that got no answer or a 5xx (the shop failed, not
//   one page of it), in one run or still failing from earlier runs: the shop is down, one finding.
// Results live in LINK_SHARDS records by a hash of the slug: a run reads and writes only the shards
// of the products it checks, and the walk's order keeps one run's slice within one or two shards.
import { createHash } from 'node:crypto';
import { z } from 'zod';

const HOUR_MS = 3_600_000;
export const LINK_SHARDS = 64;
/** Runs (one an hour) a pass over every product takes at most: 150 h, a week with 18 h to spare. */
export const PASS_RUNS = 150;
export const RECHECK_MS = 24 * HOUR_MS;
export const BROKEN_CHECKS = 3;
export const BROKEN_SPAN_MS = 48 * HOUR_MS;
/** More links of one host than this failing with no answer or a 5xx: the shop is down. */
export const SHOP_DOWN_FAILURES = 5;
/** While a shop is down, a run checks only this many of its links (until one answers). */
export const DOWN_PROBES = 3;

export const shardOf = (slug: string) => createHash('sha1').update(slug).digest()[0]! % LINK_SHARDS;
/** The walk's order: shard, then slug (code points). */
export const walkKey = (slug: string) => `${String(shardOf(slug)).padStart(2, '0')}/${slug}`;

const Evidence = z.object({
  at: z.number(),
  http: z.number().int().nullable(),
  reason: z.string().nullable(),
  finalUrl: z.string().nullable(),
});
export type Evidence = z.infer<typeof Evidence>;

export const LinkRecord = z.object({
  /** The link checked (a new link in the product file starts a new record). */
  url: z.string(),
  checkedAt: z.number(),
  last: z.enum(['ok', 'failed', 'moved', 'unknown']),
  http: z.number().int().nullable(),
  /** Where the redirects ended. */
  finalUrl: z.string().nullable(),
  reason: z.string().nullable(),
  /** Consecutive failed or moved checks, and when the first of them was. */
  streak: z.number().int(),
  streakSince: z.number().nullable(),
  /** The streak's checks, newest last (at most 5). */
  evidence: z.array(Evidence),
  /** Set once the streak is long enough; cleared by an ok check. */
  finding: z.enum(['broken', 'moved']).nullable(),
});
export type LinkRecord = z.infer<typeof LinkRecord>;
export const LinkShard = z.record(z.string(), LinkRecord);
export type LinkShard = z.infer<typeof LinkShard>;

/** What a run makes of one link check (../mcp/links.ts's outcome). */
export type Observation = 'ok' | 'failed' | 'moved' | 'unknown';

/** The record after one more check of `url`. */
export function observe(
  before: LinkRecord | undefined,
  url: string,
  seen: { kind: Observation; http: number | null; reason: string | null; finalUrl: string | null },
  now: number,
): LinkRecord {
  const prev = before && before.url === url ? before : undefined;
  const base = { url, checkedAt: now, last: seen.kind, http: seen.http, finalUrl: seen.finalUrl, reason: seen.reason };
  if (seen.kind === 'ok') return { ...base, streak: 0, streakSince: null, evidence: [], finding: null };
  if (seen.kind === 'unknown')
    return {
      ...base,
      streak: prev?.streak ?? 0,
      streakSince: prev?.streakSince ?? null,
      evidence: prev?.evidence ?? [],
      finding: prev?.finding ?? null,
    };
  const streak = (prev?.streak ?? 0) + 1;
  const since = prev?.streakSince ?? now;
  const evidence = [
    ...(prev?.evidence ?? []),
    { at: now, http: seen.http, reason: seen.reason, finalUrl: seen.finalUrl },
  ].slice(-5);
  const confirmed = streak >= BROKEN_CHECKS && now - since >= BROKEN_SPAN_MS;
  const finding = confirmed ? (seen.kind === 'moved' ? 'moved' : 'broken') : (prev?.finding ?? null);
  return { ...base, streak, streakSince: since, evidence, finding };
}

const Host = z.object({
  /** A 429's Retry-After: no request before then. */
  restUntil: z.number().optional(),
  /** Set when more than SHOP_DOWN_FAILURES of its links failed in one run; cleared when one answers ok. */
  down: z
    .object({ since: z.number(), at: z.number(), failing: z.number().int(), sample: z.array(z.string()) })
    .optional(),
});

export const WatcherProposal = z.object({
  branch: z.string(),
  url: z.string().nullable(),
  /** What the proposal was made on: a closed proposal is not made again on the same evidence. */
  evidence: z.string(),
  state: z.enum(['open', 'closed', 'withdrawn']),
  at: z.number(),
});
export type WatcherProposal = z.infer<typeof WatcherProposal>;

export const RunSummary = z.object({
  at: z.number(),
  ms: z.number(),
  line: z.string(),
  proposals: z.string(),
});

export const LinkState = z.object({
  /** The walk's position: walkKey of the last product visited. */
  cursor: z.string().nullable(),
  passStartedAt: z.number().nullable(),
  lastPassMs: z.number().nullable(),
  /** Next recheck of each product whose last check was not ok. */
  due: z.record(z.string(), z.number()),
  /** The host of each product whose last check got no answer or a 5xx: the shop itself failed. */
  unreachable: z.record(z.string(), z.string()),
  /** Confirmed findings by slug (the record holds the evidence). */
  findings: z.record(z.string(), z.object({ cause: z.enum(['broken', 'moved']), since: z.number(), host: z.string() })),
  hosts: z.record(z.string(), Host),
  /** The link proposals made, by slug. */
  proposals: z.record(z.string(), WatcherProposal),
  lastRun: RunSummary.nullable(),
});
export type LinkState = z.infer<typeof LinkState>;

export const emptyLinkState = (): LinkState => ({
  cursor: null,
  passStartedAt: null,
  lastPassMs: null,
  due: {},
  unreachable: {},
  findings: {},
  hosts: {},
  proposals: {},
  lastRun: null,
});

/**
 * The products a run visits on its walk: the next `count` after the cursor (fewer when the catalog is
 * smaller), wrapping to the start; `wrapAt` is the index in the slice where a new pass begins, or -1.
 */
export function walkSlice(
  ordered: readonly string[],
  cursor: string | null,
  count: number,
): { slice: string[]; wrapAt: number } {
  const n = Math.min(count, ordered.length);
  if (n === 0) return { slice: [], wrapAt: -1 };
  let start = cursor === null ? 0 : ordered.findIndex((k) => k > cursor);
  let wrapAt = cursor === null ? 0 : -1;
  if (start === -1) {
    start = 0;
    wrapAt = 0;
  }
  const slice = ordered.slice(start, start + n);
  if (slice.length < n) {
    if (wrapAt === -1) wrapAt = slice.length;
    slice.push(...ordered.slice(0, n - slice.length));
  }
  return { slice, wrapAt };
}

/** A new pass starts at most this long after the last one started: a small catalog is walked daily, not hourly. */
export const MIN_PASS_MS = 24 * HOUR_MS;

/** The fewest products a run visits: a small catalog is walked in a few hours, not a week. */
export const MIN_PER_RUN = 25;

/** How many products each run's walk visits, so that a pass takes at most PASS_RUNS runs. */
export const perRun = (products: number) => Math.max(MIN_PER_RUN, Math.ceil(products / PASS_RUNS));
