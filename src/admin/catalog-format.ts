// The admin catalog the build writes for the MCP function (every product file, unpublished
// included): a compact index the function reads at start (what the filters, counts and audit
// need), the lower-cased search text read on the first text search, and each product's full
// record read per result, by byte offset, from one file.
import type { Status } from '../catalog/catalog.ts';
import type { Problem } from '../catalog/problems.ts';
import type { Finding } from './audit.ts';

/** Changes whenever the layout does: the function refuses another version with a clear message. */
export const ADMIN_CATALOG_VERSION = 3;
/** Repository-relative folder of the admin catalog; the function resolves it against its working directory. */
export const ADMIN_CATALOG_DIR = '.generated/admin-catalog';
export const INDEX_FILE = 'index.json';
/** One line per product, in index order: name, brand, description and note, lower-cased. */
export const SEARCH_FILE = 'search.txt';
/** One JSON CatalogEntry per line, in index order. */
export const RECORDS_FILE = 'products.jsonl';

/** One product in the index: the fields the tools filter and count on, and where its record is. */
export type IndexRow = [
  slug: string,
  status: Status,
  publishAt: string | null,
  categories: string[],
  ageRange: string | null,
  staffPick: 0 | 1,
  pickedBy: string | null,
  currency: string,
  priced: 0 | 1,
  sourcePath: string,
  /** Byte offset and length of the record in RECORDS_FILE. */
  offset: number,
  length: number,
];

export interface AdminCatalogIndex {
  version: number;
  /** The build time: statuses are as of then. */
  builtAt: string;
  problems: Problem[];
  /** Sorted by slug. */
  rows: IndexRow[];
  /** audit_catalog's findings that depend only on the files. */
  findings: Finding[];
}

/** The search text of one product: one line, lower-cased (a query word never holds whitespace). */
export const searchLine = (parts: readonly (string | null)[]) =>
  parts
    .map((p) => p ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .toLowerCase();
