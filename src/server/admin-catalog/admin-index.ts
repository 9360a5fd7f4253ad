// The admin view of the catalog that the tools query: one row per product file with the fields
// the filters and counts use, its search text and its full record loaded on first use (from the
// build's admin catalog, src/admin/catalog-format.ts, or from product files read directly).
import { statusOf, toProduct, type Status } from '../../catalog/catalog.ts';
import { ageBandsOf, parseAgeRange, type AgeBandSlug, type AgeSpan } from '../../catalog/ages.ts';
import type { Problem } from '../../catalog/problems.ts';
import type { CatalogEntry, Product } from '../../catalog/schema.ts';
import { staticFindings, type Finding } from '../../admin/audit.ts';

/** What a row knows without reading the product's record. */
export interface RowFacts {
  slug: string;
  /** Status as of the data's build time: what the public site shows. */
  status: Status;
  publishAt: Date | null;
  categories: readonly string[];
  ageRange: string | null;
  staffPick: boolean;
  pickedBy: string | null;
  currency: string;
  priced: boolean;
  sourcePath: string;
}

/** A loaded catalog, independent of the site's base URL. */
export interface AdminCatalog {
  /** When the data was read: the build time for the build's catalog, the load time otherwise. */
  builtAt: Date;
  /** Problems the loader reported (always empty in the build's catalog: the build fails on them). */
  problems: Problem[];
  /** Sorted by slug. */
  facts: RowFacts[];
  /** Row i's search text: name, brand, description and note, lower-cased. */
  haystack(i: number): string;
  /** Row i's product file as parsed. */
  entry(i: number): CatalogEntry;
  /** audit_catalog's findings that depend only on the files. */
  findings(): Finding[];
}

export interface AdminCatalogSource {
  /** Resolves the catalog; sources load once and memoise. */
  load(): Promise<AdminCatalog>;
}

export interface AdminRow extends RowFacts {
  ageBands: AgeBandSlug[];
  ageSpan: AgeSpan | null;
  readonly haystack: string;
  readonly entry: CatalogEntry;
  readonly product: Product;
}

export interface AdminIndex {
  catalog: AdminCatalog;
  rows: AdminRow[];
  bySlug: Map<string, AdminRow>;
}

/** Age spans by age-range text: a catalog repeats a few hundred texts over thousands of products. */
type SpanCache = Map<string, { span: AgeSpan | null; bands: AgeBandSlug[] }>;

/** One product's row; its search text, record and public projection are read or made on first use. */
class Row implements AdminRow {
  readonly slug: string;
  readonly status: Status;
  readonly publishAt: Date | null;
  readonly categories: readonly string[];
  readonly ageRange: string | null;
  readonly staffPick: boolean;
  readonly pickedBy: string | null;
  readonly currency: string;
  readonly priced: boolean;
  readonly sourcePath: string;
  readonly ageSpan: AgeSpan | null;
  readonly ageBands: AgeBandSlug[];
  readonly #catalog: AdminCatalog;
  readonly #i: number;
  readonly #base: string;
  #product: Product | undefined;
  constructor(catalog: AdminCatalog, i: number, base: string, spans: SpanCache) {
    const f = catalog.facts[i]!;
    this.slug = f.slug;
    this.status = f.status;
    this.publishAt = f.publishAt;
    this.categories = f.categories;
    this.ageRange = f.ageRange;
    this.staffPick = f.staffPick;
    this.pickedBy = f.pickedBy;
    this.currency = f.currency;
    this.priced = f.priced;
    this.sourcePath = f.sourcePath;
    this.#catalog = catalog;
    this.#i = i;
    this.#base = base;
    const text = this.ageRange;
    let age = text === null ? undefined : spans.get(text);
    if (text !== null && !age) {
      const span = parseAgeRange(text);
      spans.set(text, (age = { span, bands: ageBandsOf(span) }));
    }
    this.ageSpan = age?.span ?? null;
    this.ageBands = age?.bands ?? [];
  }
  get haystack(): string {
    return this.#catalog.haystack(this.#i);
  }
  get entry(): CatalogEntry {
    return this.#catalog.entry(this.#i);
  }
  get product(): Product {
    return (this.#product ??= toProduct(this.entry, this.#base));
  }
}

const cache = new WeakMap<AdminCatalog, Map<string, AdminIndex>>();

export function adminIndex(catalog: AdminCatalog, base: string): AdminIndex {
  let perBase = cache.get(catalog);
  if (!perBase) cache.set(catalog, (perBase = new Map()));
  const hit = perBase.get(base);
  if (hit) return hit;
  const spans: SpanCache = new Map();
  const rows = catalog.facts.map((_, i) => new Row(catalog, i, base, spans));
  const index = { catalog, rows, bySlug: new Map(rows.map((r) => [r.slug, r])) };
  perBase.set(base, index);
  return index;
}

/** A catalog held in memory (product files read directly). */
export function catalogOfEntries(entries: CatalogEntry[], problems: Problem[], builtAt: Date): AdminCatalog {
  const facts = entries.map((e): RowFacts => {
    const d = e.data;
    return {
      slug: d.slug,
      status: statusOf(e, builtAt),
      publishAt: d.publishAt ?? null,
      categories: d.categories,
      ageRange: d.ageRange,
      staffPick: d.staffPick,
      pickedBy: d.pickedBy,
      currency: d.currency,
      priced: d.price !== null,
      sourcePath: e.sourcePath,
    };
  });
  const haystacks: string[] = [];
  let findings: Finding[] | undefined;
  return {
    builtAt,
    problems,
    facts,
    haystack: (i) =>
      (haystacks[i] ??= [
        entries[i]!.data.name,
        entries[i]!.data.brand,
        entries[i]!.description ?? '',
        entries[i]!.data.whyWePicked ?? '',
      ]
        .join('\n')
        .toLowerCase()),
    entry: (i) => entries[i]!,
    findings: () =>
      (findings ??= staticFindings(
        entries.map((entry, i) => ({ entry, status: facts[i]!.status })),
        problems,
      )),
  };
}
