// The admin view of the catalog that the tools query: one row per product file, whose fields are
// read from the catalog's columns when the index holds them (src/admin/catalog-format.ts) and from
// the product's record otherwise, each loaded on first use (from the build's admin catalog, or
// from product files read directly).
import { fieldValue, statusOf, toProduct, type Status } from '../../catalog/catalog.ts';
import { ageBandsOf, parseAgeRange, type AgeBandSlug, type AgeSpan } from '../../catalog/ages.ts';
import type { Problem } from '../../catalog/problems.ts';
import type { CatalogEntry, FieldKey, Product, ProductFrontmatter } from '../../catalog/schema.ts';
import { staticFindings, type Finding } from '../../admin/audit.ts';
import {
  columnValue,
  INDEXED_FIELDS,
  searchLine,
  type ColumnName,
  type ColumnValue,
} from '../../admin/catalog-format.ts';

/** A loaded catalog, independent of the site's base URL. */
export interface AdminCatalog {
  /** When the data was read: the build time for the build's catalog, the load time otherwise. */
  builtAt: Date;
  /** Problems the loader reported (always empty in the build's catalog: the build fails on them). */
  problems: Problem[];
  /** How many product files (rows), sorted by slug. */
  count: number;
  /** One column, every row's value in order, read on first use. */
  column<K extends ColumnName>(name: K): readonly ColumnValue<K>[];
  /**
   * Which rows' search text (their admin-searchable fields, lower-cased) holds every one of `words`
   * (lower-cased, without whitespace): a test by row number, made once per search.
   */
  textMatch(words: readonly string[]): (i: number) => boolean;
  /** Row i's product file as parsed. */
  entry(i: number): CatalogEntry;
  /** audit_catalog's findings that depend only on the files. */
  findings(): Finding[];
}

export interface AdminCatalogSource {
  /** Resolves the catalog; sources load once and memoise. */
  load(): Promise<AdminCatalog>;
}

/** A field's value as a product file holds it. */
export type FieldValue<K extends FieldKey> = K extends keyof ProductFrontmatter ? ProductFrontmatter[K] : string | null;

export interface AdminRow {
  readonly slug: string;
  /** Status as of the data's build time: what the public site shows. */
  readonly status: Status;
  readonly publishAt: Date | null;
  readonly sourcePath: string;
  /** A field's value: from its column when the index holds it, else from the product's record. */
  field<K extends FieldKey>(key: K): FieldValue<K>;
  readonly ageSpan: AgeSpan | null;
  readonly ageBands: AgeBandSlug[];
  readonly entry: CatalogEntry;
  readonly product: Product;
}

export interface AdminIndex {
  catalog: AdminCatalog;
  rows: AdminRow[];
  /** Rows by slug, made on first use (a search never needs it). */
  readonly bySlug: Map<string, AdminRow>;
}

const INDEXED = new Set<FieldKey>(INDEXED_FIELDS);

/** Age spans by age-range text: a catalog repeats a few hundred texts over thousands of products. */
type SpanCache = Map<string, { span: AgeSpan | null; bands: AgeBandSlug[] }>;

/** One product's row: every value is read (and kept) when a tool first asks for it. */
class Row implements AdminRow {
  readonly #catalog: AdminCatalog;
  readonly #i: number;
  readonly #base: string;
  readonly #spans: SpanCache;
  #entry: CatalogEntry | undefined;
  #product: Product | undefined;
  #age: { span: AgeSpan | null; bands: AgeBandSlug[] } | undefined;
  constructor(catalog: AdminCatalog, i: number, base: string, spans: SpanCache) {
    this.#catalog = catalog;
    this.#i = i;
    this.#base = base;
    this.#spans = spans;
  }
  #col<K extends ColumnName>(name: K): ColumnValue<K> {
    return this.#catalog.column(name)[this.#i]!;
  }
  get slug() {
    return this.#col('slug');
  }
  get status() {
    return this.#col('status');
  }
  get publishAt() {
    const at = this.#col('publishAt');
    return at === null ? null : new Date(at);
  }
  get sourcePath() {
    return this.entry.sourcePath;
  }
  field<K extends FieldKey>(key: K): FieldValue<K> {
    return (INDEXED.has(key) ? this.#col(key) : fieldValue(this.entry, key)) as FieldValue<K>;
  }
  #ages() {
    if (this.#age) return this.#age;
    const text = this.field('ageRange');
    if (text === null) return (this.#age = { span: null, bands: [] });
    let age = this.#spans.get(text);
    if (!age) {
      const span = parseAgeRange(text);
      this.#spans.set(text, (age = { span, bands: ageBandsOf(span) }));
    }
    return (this.#age = age);
  }
  get ageSpan() {
    return this.#ages().span;
  }
  get ageBands() {
    return this.#ages().bands;
  }
  get entry(): CatalogEntry {
    return (this.#entry ??= this.#catalog.entry(this.#i));
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
  const rows = Array.from({ length: catalog.count }, (_, i) => new Row(catalog, i, base, spans));
  let slugs: Map<string, AdminRow> | undefined;
  const index: AdminIndex = {
    catalog,
    rows,
    get bySlug() {
      return (slugs ??= new Map(catalog.column('slug').map((slug, i) => [slug, rows[i]!])));
    },
  };
  perBase.set(base, index);
  return index;
}

/** A catalog held in memory (product files read directly, sorted by slug). */
export function catalogOfEntries(entries: CatalogEntry[], problems: Problem[], builtAt: Date): AdminCatalog {
  const statuses = entries.map((e) => statusOf(e, builtAt));
  const columns = new Map<ColumnName, unknown[]>();
  const haystacks: string[] = [];
  let findings: Finding[] | undefined;
  return {
    builtAt,
    problems,
    count: entries.length,
    column<K extends ColumnName>(name: K) {
      let values = columns.get(name);
      if (!values) columns.set(name, (values = entries.map((e, i) => columnValue(name, e, statuses[i]!))));
      return values as ColumnValue<K>[];
    },
    textMatch: (words) => (i) => {
      const text = (haystacks[i] ??= searchLine(entries[i]!));
      return words.every((w) => text.includes(w));
    },
    entry: (i) => entries[i]!,
    findings: () =>
      (findings ??= staticFindings(
        entries.map((entry, i) => ({ entry, status: statuses[i]! })),
        problems,
      )),
  };
}
