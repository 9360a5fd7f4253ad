// The admin catalog the build writes for the MCP function (every product file, unpublished
// included), in parts the function reads as it needs them: a small index (version, build time,
// count), one file per named column (the fields the tools filter and count on: each field the
// schema marks `indexed`, plus status, schedule and where the record is), the
// lower-cased search text (the fields the schema marks `adminSearch`), the audit's findings, and
// each product's full record, read per result by byte offset from one file. A first search reads
// only the columns its filters touch.
import { fieldText, fieldValue, type Status } from '../catalog/catalog.ts';
import type { Problem } from '../catalog/problems.ts';
import {
  FIELDS,
  ADMIN_SEARCH_FIELDS,
  type CatalogEntry,
  type FieldKey,
  type ProductFrontmatter,
} from '../catalog/schema.ts';

/** Changes whenever the layout does: the function refuses another version with a clear message. */
export const ADMIN_CATALOG_VERSION = 5;
/** Repository-relative folder of the admin catalog; the function resolves it against its working directory. */
export const ADMIN_CATALOG_DIR = '.generated/admin-catalog';
export const INDEX_FILE = 'index.json';
/** One JSON array per column, in index order: `columns/<name>.json`. */
export const COLUMNS_DIR = 'columns';
/** One line per product, in index order: its admin-searchable fields, lower-cased. */
export const SEARCH_FILE = 'search.txt';
/** audit_catalog's findings that depend only on the files. */
export const FINDINGS_FILE = 'findings.json';
/** One JSON CatalogEntry per line, in index order. */
export const RECORDS_FILE = 'products.jsonl';

/** The product-file fields the index holds as columns: those the schema marks `indexed`. */
export const INDEXED_FIELDS = FIELDS.filter((f) => f.meta.indexed).map((f) => f.key);

/** Where a line is in its file: byte offset and length (without the newline). */
export type BytePlace = [offset: number, length: number];

/** The columns every admin catalog has besides the indexed fields. */
export interface AdminColumns {
  slug: string;
  /** As of the build time: what the public site shows. */
  status: Status;
  /** ISO date-time of a schedule, or null. */
  publishAt: string | null;
  /** Where the product's record is in RECORDS_FILE. */
  record: BytePlace;
  /** Where the product's line is in SEARCH_FILE. */
  text: BytePlace;
}

export type ColumnName = keyof AdminColumns | FieldKey;
/** A column's value as stored (JSON): an indexed field's value as the product file holds it. */
export type ColumnValue<K extends ColumnName> = K extends keyof AdminColumns
  ? AdminColumns[K]
  : K extends keyof ProductFrontmatter
    ? ProductFrontmatter[K]
    : unknown;

/** Every column, in the order the writer writes them. */
export const COLUMN_NAMES: readonly ColumnName[] = ['slug', 'status', 'publishAt', 'record', 'text', ...INDEXED_FIELDS];

/** Where the writer put a product's record and its search line. */
export type Places = Pick<AdminColumns, 'record' | 'text'>;

/** One product's value in a column. */
export function columnValue(
  name: ColumnName,
  entry: CatalogEntry,
  status: Status,
  places: Places = { record: [0, 0], text: [0, 0] },
): unknown {
  switch (name) {
    case 'record':
    case 'text':
      return places[name];
    case 'slug':
      return entry.data.slug;
    case 'status':
      return status;
    case 'publishAt':
      return entry.data.publishAt?.toISOString() ?? null;
    default:
      return fieldValue(entry, name) ?? null;
  }
}

export interface AdminCatalogIndex {
  version: number;
  /** The build time: statuses are as of then. */
  builtAt: string;
  count: number;
  /** The column files this catalog has (COLUMN_NAMES when it was written). */
  columns: ColumnName[];
  problems: Problem[];
}

/** The search text of one product: one line, lower-cased (a query word never holds whitespace). */
export const searchLine = (entry: CatalogEntry) =>
  ADMIN_SEARCH_FIELDS.map((k) => fieldText(entry, k) ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** A text query as the words `searchLine`'s text must all hold: lower-cased, split at whitespace. */
export const queryWords = (query: string) => query.toLowerCase().split(/\s+/).filter(Boolean);
