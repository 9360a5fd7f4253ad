// What the recall watcher needs from a recall authority: recalls published (or updated) in a window
// of days, and every recall naming a company. CPSC's service is one (./cpsc.ts); Health Canada's or
// the EU's Safety Gate would each be one more module implementing RecallSource, listed in
// ./recall-sources.ts.

/** One recall, in the words the matcher and the proposals need. */
export interface Recall {
  /** Which source it came from (RecallSource.id). */
  source: string;
  /** The source's own number for it (CPSC: RecallNumber). */
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
}

/** The source failed or answered something that is not its documented format. */
export class RecallSourceError extends Error {}

export interface RecallSource {
  /** Short, stable, lower-case: keys the watcher's marks and dismissals (`cpsc`). */
  readonly id: string;
  /** For people: `U.S. CPSC`. */
  readonly name: string;
  /** The longest window one request should ask for. */
  readonly maxWindowDays: number;
  /** Recalls published or updated from `from` to `to`, both whole days (YYYY-MM-DD, UTC), inclusive. */
  published(from: string, to: string): Promise<Recall[]>;
  /** Every recall whose manufacturers or importers may include `company` (the source's own search). */
  byCompany(company: string): Promise<Recall[]>;
}
