// What the recall watcher remembers (docs/operate.md, "The watchers"): per source, the last day read
// through (moved only after a successful read, so no window is skipped); which brands' whole recall
// history was matched, and for which products; every match on brand and name (a proposal each);
// the proposals made (one per product, naming every regulator's recall of it); and, in a record of its own, the recalls each brand has had (brand-only
// matches, which audit_catalog lists). Both are bounded whatever the sources publish (below).
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { RunSummary, WatcherProposal } from './link-state.ts';

const Source = z.object({
  /** The last day (YYYY-MM-DD, UTC) read through; null before the first successful read. */
  readThrough: z.string().nullable(),
  lastSuccessAt: z.number().nullable(),
  lastAttemptAt: z.number().nullable(),
  /** Failed reads in a row, and the last one's reason. */
  failures: z.number().int(),
  lastError: z.string().nullable(),
  /** The source's own place in what it publishes (Safety Gate: the last weekly report read). */
  cursor: z.string().nullable().default(null),
});
export type SourceMark = z.infer<typeof Source>;

export const RecallRef = z.object({
  source: z.string(),
  number: z.string(),
  date: z.string(),
  title: z.string(),
  url: z.string().nullable(),
});
export type RecallRef = z.infer<typeof RecallRef>;

export const RecallMatch = RecallRef.extend({
  slug: z.string(),
  hazard: z.string(),
  remedy: z.string(),
  /** The manufacturer or importer that is the product's brand. */
  company: z.string(),
  /** The recall's product name the product's name resembles, and the words they share. */
  recallName: z.string(),
  shared: z.array(z.string()),
  /** The product's barcode (GTIN-14) the recall names, when it names one: a match whatever the brand. */
  barcode: z.string().nullable().default(null),
  firstSeen: z.number(),
});
export type RecallMatch = z.infer<typeof RecallMatch>;

export const RecallState = z.object({
  sources: z.record(z.string(), Source),
  /** `<source>:<brand key>` → digest of the brand's products when its whole history was matched. */
  brands: z.record(z.string(), z.string()),
  /** `<source>:<number>|<slug>` → a match on brand and name. */
  matches: z.record(z.string(), RecallMatch),
  /**
   * The proposals made: `product:<slug>` → one proposal naming every match of that product, its
   * evidence the match keys it named, separated by spaces (a key of the form above, from before a
   * product's matches were proposed together, names one match).
   */
  proposals: z.record(z.string(), WatcherProposal),
  /** Per product and source: at least how many more recalls match than the MATCHES_PER_SOURCE kept. */
  unlisted: z.record(z.string(), z.record(z.string(), z.number().int())).default({}),
  lastRun: RunSummary.nullable(),
});
export type RecallState = z.infer<typeof RecallState>;

export const emptyRecallState = (): RecallState => ({
  sources: {},
  brands: {},
  matches: {},
  proposals: {},
  unlisted: {},
  lastRun: null,
});

// The bounds, so that the state always fits a record (RECORD_MAX_BYTES, 512 KiB) and a proposal's
// body GitHub's 65,536 characters: each match at most MATCH_MAX_BYTES of JSON (its longest values
// cut), at most MATCHES_PER_SOURCE kept per product and regulator (the most relevant: a barcode
// match first, then the newest; the others counted in `unlisted`, and a recall ranking below the
// kept ones is taken as one of those), at most NEW_MATCHES_PER_RUN new a run and MATCHES_MAX_BYTES
// in all (a part of a source whose new matches do not fit is read again next run).
export const MATCH_MAX_BYTES = 3 * 1024;
export const MATCHES_PER_SOURCE = 5;
export const NEW_MATCHES_PER_RUN = 50;
export const MATCHES_MAX_BYTES = 320 * 1024;
/** What the rest of the state (marks, brands checked, proposals, last run) may take. */
export const STATE_REST_BYTES = 160 * 1024;
/** The last run's line as kept (the log has it whole). */
export const LINE_KEPT = 4000;

export const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');
/** What a match takes in the state: its key and its value. */
export const matchBytes = (key: string, m: RecallMatch) => jsonBytes(key) + jsonBytes(m) + 2;

/** Negative when `a` is the more relevant: a barcode match first, then the newest, then by number. */
export function byRelevance(a: RecallMatch, b: RecallMatch): number {
  if (!!a.barcode !== !!b.barcode) return a.barcode ? -1 : 1;
  if (a.date !== b.date) return a.date > b.date ? -1 : 1;
  return a.number < b.number ? -1 : a.number > b.number ? 1 : 0;
}

const CUT_FIELDS = ['title', 'hazard', 'remedy', 'recallName', 'company'] as const;

/** The match within MATCH_MAX_BYTES: its longest value cut by half until it fits (a cut link is dropped). */
export function fitMatch(m: RecallMatch): RecallMatch {
  const fit = { ...m, shared: m.shared.slice(0, 12).map((w) => w.slice(0, 40)) };
  for (let bytes = jsonBytes(fit); bytes > MATCH_MAX_BYTES; bytes = jsonBytes(fit)) {
    if (fit.url && jsonBytes(fit.url) > 512) {
      fit.url = null;
      continue;
    }
    const longest = CUT_FIELDS.reduce((a, b) => (jsonBytes(fit[b]) > jsonBytes(fit[a]) ? b : a));
    const chars = [...fit[longest]];
    if (chars.length === 0) break;
    fit[longest] = chars.length === 1 ? '' : `${chars.slice(0, Math.floor(chars.length / 2)).join('')}…`;
  }
  return fit;
}

/** Per brand key: every recall (`<source>:<number>`) naming the brand as maker or importer, and the newest few in full. */
export const RecallBrands = z.record(
  z.string(),
  z.object({
    brand: z.string(),
    /** The recalls last added (BRAND_IDS at most, the oldest dropped first). */
    ids: z.array(z.string()),
    /** How many ids were dropped from the list: when any, the brand had more than BRAND_IDS recalls. */
    more: z.number().int().default(0),
    newest: z.array(RecallRef),
  }),
);
export type RecallBrands = z.infer<typeof RecallBrands>;
/** Recalls kept per brand for audit_catalog. */
export const BRAND_REFS = 3;
/** Recall ids kept per brand (so one read again is not counted twice). */
export const BRAND_IDS = 100;

export const matchKey = (source: string, number: string, slug: string) => `${source}:${number}|${slug}`;

/** A digest of a brand's products: when it changes, a product is new to the catalog. */
export const productsDigest = (slugs: readonly string[]) =>
  createHash('sha256')
    .update([...slugs].sort().join('\n'))
    .digest('base64url')
    .slice(0, 16);

/** Adds a recall to a brand's list (BRAND_IDS kept; newest first, BRAND_REFS kept in full), unless already there. */
export function addBrandRecall(brands: RecallBrands, key: string, brand: string, ref: RecallRef): boolean {
  const entry = (brands[key] ??= { brand, ids: [], more: 0, newest: [] });
  const id = `${ref.source}:${ref.number}`;
  if (entry.ids.includes(id)) return false;
  entry.ids.push(id);
  if (entry.ids.length > BRAND_IDS) entry.more += entry.ids.splice(0, entry.ids.length - BRAND_IDS).length;
  entry.newest = [...entry.newest, ref]
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
    .slice(0, BRAND_REFS);
  return true;
}

const groupOf = (m: RecallMatch) => `${m.source}|${m.slug}`;

/** What becomes of a match offered to the state. */
export type Offer = 'kept' | 'known' | 'not kept' | 'waits';

/**
 * A run's matches kept within the bounds above. A match offered is kept, known already, not kept
 * (it ranks below its product's MATCHES_PER_SOURCE for that regulator, or was pushed out by a more
 * relevant one: counted in `notKept`), or waits for the next run (no room this run: the part it came
 * from must be read again). Matches of products no longer watched, or dismissed, make room first.
 */
export class MatchKeeper {
  /** Keys first kept this run (and still kept). */
  readonly added = new Set<string>();
  /** `<source>|<slug>` → the keys of this run's recalls not kept. */
  readonly notKept = new Map<string, Set<string>>();
  /** New matches that did not fit this run, and why. */
  waiting = 0;
  waitReason: 'run' | 'full' | null = null;
  private readonly groups = new Map<string, string[]>();
  private bytes = 0;

  private readonly state: RecallState;
  /** Matches that may go when room is needed: the product is not watched any more, or the match is dismissed. */
  private readonly evictable: (key: string, m: RecallMatch) => boolean;

  constructor(state: RecallState, evictable: (key: string, m: RecallMatch) => boolean) {
    this.state = state;
    this.evictable = evictable;
    // Matches kept before these bounds (or of a larger match) are brought within them.
    const all = Object.entries(state.matches)
      .map(([key, m]) => [key, fitMatch(m)] as const)
      .sort(([, a], [, b]) => byRelevance(a, b));
    state.matches = {};
    for (const [key, m] of all) {
      const group = this.group(m);
      if (group.length >= MATCHES_PER_SOURCE) this.drop(key, m);
      else this.add(key, m);
    }
    if (this.bytes > MATCHES_MAX_BYTES) this.evict(this.bytes - MATCHES_MAX_BYTES);
    for (const [key, m] of Object.entries(state.matches).sort(([, a], [, b]) => byRelevance(b, a))) {
      if (this.bytes <= MATCHES_MAX_BYTES) break;
      this.remove(key);
      this.drop(key, m);
    }
    this.added.clear();
  }

  /** The matches' share of the state, in bytes of JSON. */
  get matchBytes() {
    return this.bytes;
  }

  offer(key: string, m: RecallMatch): Offer {
    if (this.state.matches[key]) return 'known';
    const match = fitMatch(m);
    const group = this.group(match);
    const worst = group.length >= MATCHES_PER_SOURCE ? group.at(-1)! : null;
    if (worst && byRelevance(match, this.state.matches[worst]!) >= 0) {
      this.drop(key, match);
      return 'not kept';
    }
    const size = matchBytes(key, match);
    const freed = worst ? matchBytes(worst, this.state.matches[worst]!) : 0;
    if (this.added.size >= NEW_MATCHES_PER_RUN && !(worst && this.added.has(worst))) return this.wait('run');
    const over = this.bytes - freed + size - MATCHES_MAX_BYTES;
    if (over > 0 && !this.evict(over)) return this.wait('full');
    if (worst) {
      const pushedOut = this.state.matches[worst]!;
      this.remove(worst);
      this.drop(worst, pushedOut);
    }
    this.add(key, match);
    return 'kept';
  }

  /** Per product and source: at least how many more recalls match than are kept (the most a run counted). */
  settle(): void {
    const unlisted = this.state.unlisted;
    for (const [group, keys] of this.notKept) {
      const [source, slug] = group.split('|') as [string, string];
      const was = unlisted[slug]?.[source] ?? 0;
      (unlisted[slug] ??= {})[source] = Math.max(was, keys.size);
    }
    for (const slug of Object.keys(unlisted))
      for (const source of Object.keys(unlisted[slug]!))
        if (!this.groups.get(`${source}|${slug}`)?.length) delete unlisted[slug]![source];
    for (const slug of Object.keys(unlisted)) if (Object.keys(unlisted[slug]!).length === 0) delete unlisted[slug];
  }

  private wait(why: 'run' | 'full'): Offer {
    this.waiting++;
    this.waitReason ??= why;
    return 'waits';
  }

  private group(m: RecallMatch): string[] {
    const id = groupOf(m);
    let g = this.groups.get(id);
    if (!g) this.groups.set(id, (g = []));
    return g;
  }

  private add(key: string, m: RecallMatch) {
    this.state.matches[key] = m;
    this.bytes += matchBytes(key, m);
    this.added.add(key);
    const group = this.group(m);
    group.push(key);
    group.sort((a, b) => byRelevance(this.state.matches[a]!, this.state.matches[b]!));
  }

  private remove(key: string) {
    const m = this.state.matches[key]!;
    this.bytes -= matchBytes(key, m);
    delete this.state.matches[key];
    this.added.delete(key);
    const group = this.group(m);
    group.splice(group.indexOf(key), 1);
  }

  private drop(key: string, m: RecallMatch) {
    const id = groupOf(m);
    let keys = this.notKept.get(id);
    if (!keys) this.notKept.set(id, (keys = new Set()));
    keys.add(key);
  }

  /** Makes at least `need` bytes of room from the evictable matches; false (nothing removed) when it cannot. */
  private evict(need: number): boolean {
    const candidates = Object.entries(this.state.matches).filter(([key, m]) => this.evictable(key, m));
    let room = 0;
    const chosen: string[] = [];
    for (const [key, m] of candidates) {
      if (room >= need) break;
      room += matchBytes(key, m);
      chosen.push(key);
    }
    if (room < need) return false;
    for (const key of chosen) this.remove(key);
    return true;
  }
}
