// What the recall watcher remembers (docs/operate.md, "The watchers"): per source, the last day read
// through (moved only after a successful read, so no window is skipped); which brands' whole recall
// history was matched, and for which products; every match on brand and name (a proposal each);
// the proposals made (one per product, naming every regulator's recall of it); and, in a record of its own, the recalls each brand has had (brand-only
// matches, which audit_catalog lists).
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
  lastRun: RunSummary.nullable(),
});
export type RecallState = z.infer<typeof RecallState>;

export const emptyRecallState = (): RecallState => ({
  sources: {},
  brands: {},
  matches: {},
  proposals: {},
  lastRun: null,
});

/** Per brand key: every recall (`<source>:<number>`) naming the brand as maker or importer, and the newest few in full. */
export const RecallBrands = z.record(
  z.string(),
  z.object({ brand: z.string(), ids: z.array(z.string()), newest: z.array(RecallRef) }),
);
export type RecallBrands = z.infer<typeof RecallBrands>;
/** Recalls kept per brand for audit_catalog. */
export const BRAND_REFS = 3;

export const matchKey = (source: string, number: string, slug: string) => `${source}:${number}|${slug}`;

/** A digest of a brand's products: when it changes, a product is new to the catalog. */
export const productsDigest = (slugs: readonly string[]) =>
  createHash('sha256')
    .update([...slugs].sort().join('\n'))
    .digest('base64url')
    .slice(0, 16);

/** Adds a recall to a brand's list (newest first, BRAND_REFS kept), unless already there. */
export function addBrandRecall(brands: RecallBrands, key: string, brand: string, ref: RecallRef): boolean {
  const entry = (brands[key] ??= { brand, ids: [], newest: [] });
  const id = `${ref.source}:${ref.number}`;
  if (entry.ids.includes(id)) return false;
  entry.ids.push(id);
  entry.newest = [...entry.newest, ref]
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
    .slice(0, BRAND_REFS);
  return true;
}
