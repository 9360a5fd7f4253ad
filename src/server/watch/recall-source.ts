// What the recall watcher needs from a recall authority, whatever the way it publishes: CPSC answers
// searches by date window and by company (./cpsc.ts), Health Canada publishes one whole file a day
// (./health-canada.ts), the EU's Safety Gate numbered weekly reports (./safety-gate.ts). So a source
// says itself whether it is due and reads its next part from a mark it alone interprets; the
// watcher keeps the mark, moves it only after a successful read, and calls again while the source
// is due and the run has time. A company search is optional (only CPSC has one).
import type { RecallSourceId } from '../../catalog/recall-watch-file.ts';

/** One recall, in the words the matcher and the proposals need. */
export interface Recall {
  /** Which source it came from (RecallSource.id). */
  source: string;
  /** The source's own number for it (CPSC: RecallNumber; Health Canada: NID; Safety Gate: caseNumber). */
  number: string;
  /** The recall's date, YYYY-MM-DD. */
  date: string;
  title: string;
  /** The source's page for it. */
  url: string | null;
  /** Product names and model names, as the source lists them. */
  products: string[];
  /** Who made it: only these and the importers count as brands. */
  manufacturers: string[];
  importers: string[];
  /** Where it was sold: never matched as a brand. */
  retailers: string[];
  hazards: string[];
  remedies: string[];
  /** The barcodes it names, each as GTIN-14 (src/catalog/gtin.ts): a product with one is a match whatever its brand. */
  barcodes: string[];
  /**
   * Health Canada has no brand field: its title and product text, where the brand and the product's
   * name are matched as words (./recall-match.ts). Empty for sources with a manufacturer field.
   */
  text?: string;
}

/** The source failed or answered something that is not its documented format. */
export class RecallSourceError extends Error {}

/** What the watcher keeps per source between runs (./recall-state.ts). */
export interface ReadMark {
  /** The last day (YYYY-MM-DD, UTC) the source was read through; null before its first successful read. */
  readThrough: string | null;
  /** The source's own place in what it publishes (Safety Gate: the last report read); null when it needs none. */
  cursor: string | null;
}

/** The run's limits every request of a source obeys (./bounded-read.ts). */
export interface ReadLimits {
  /** When the run stops reading (epoch ms). */
  deadline: number;
  now: () => number;
}

/** One part read: its recalls, what it was (for the log) and the mark to keep once it is taken. */
export interface ReadPart {
  recalls: Recall[];
  what: string;
  mark: ReadMark;
}

/** How far back a first read goes. */
export const FIRST_READ_YEARS = 5;

export interface RecallSource {
  /** Short, stable, lower-case: keys the watcher's marks and dismissals (`cpsc`); one of content/recall-watch.yml's. */
  readonly id: RecallSourceId;
  /** For people: `U.S. CPSC`. */
  readonly name: string;
  /** Whether there is something to read after `mark` on `today` (no request is made to say so). */
  due(mark: ReadMark, today: string): boolean;
  /** Reads the next part after `mark`; throws a RecallSourceError when the source fails. */
  next(mark: ReadMark, today: string, limits: ReadLimits): Promise<ReadPart>;
  /** Every recall whose manufacturers or importers may include `company` (sources with a company search only). */
  byCompany?: (company: string, limits: ReadLimits) => Promise<Recall[]>;
}

/** `d` moved by `n` whole days (YYYY-MM-DD, UTC). */
export const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The first day a first read covers. */
export const firstDay = (today: string) => addDays(today, -365 * FIRST_READ_YEARS - 1);
