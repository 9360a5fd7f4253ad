// Writes the admin catalog (./catalog-format.ts) for the MCP function from the build's own parse
// of every product file. A file whose text did not change since the last build is not rewritten,
// and column files of an older layout are removed.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bySlug, statusOf } from '../catalog/catalog.ts';
import type { CatalogEntry } from '../catalog/schema.ts';
import { staticFindings } from './audit.ts';
import {
  ADMIN_CATALOG_VERSION,
  COLUMN_NAMES,
  COLUMNS_DIR,
  columnValue,
  FINDINGS_FILE,
  INDEX_FILE,
  RECORDS_FILE,
  SEARCH_FILE,
  searchLine,
  type AdminCatalogIndex,
  type BytePlace,
} from './catalog-format.ts';

const digest = (b: string | Buffer) => createHash('sha1').update(b).digest('hex');
const sameFile = (file: string, text: string) => existsSync(file) && digest(readFileSync(file)) === digest(text);

/** Byte offset and length of each of `lines` in the file that joins them with newlines. */
function linePlaces(lines: readonly string[]): BytePlace[] {
  let offset = 0;
  return lines.map((line) => {
    const length = Buffer.byteLength(line);
    const place: BytePlace = [offset, length];
    offset += length + 1;
    return place;
  });
}

/** Writes the catalog into `dir`; returns its size in bytes. */
export function writeAdminCatalog(dir: string, entries: readonly CatalogEntry[], builtAt: Date): { bytes: number } {
  const sorted = [...entries].sort(bySlug);
  const statuses = sorted.map((e) => statusOf(e, builtAt));
  const records = sorted.map((e) => JSON.stringify(e));
  const lines = sorted.map(searchLine);
  const recordPlaces = linePlaces(records);
  const textPlaces = linePlaces(lines);
  const index: AdminCatalogIndex = {
    version: ADMIN_CATALOG_VERSION,
    builtAt: builtAt.toISOString(),
    count: sorted.length,
    columns: [...COLUMN_NAMES],
    problems: [],
  };
  const findings = staticFindings(
    sorted.map((entry, i) => ({ entry, status: statuses[i]! })),
    [],
  );
  const files: [string, string][] = [
    [INDEX_FILE, JSON.stringify(index)],
    [FINDINGS_FILE, JSON.stringify(findings)],
    [SEARCH_FILE, `${lines.join('\n')}\n`],
    [RECORDS_FILE, `${records.join('\n')}\n`],
    ...COLUMN_NAMES.map((name): [string, string] => [
      `${COLUMNS_DIR}/${name}.json`,
      JSON.stringify(
        sorted.map((e, i) => columnValue(name, e, statuses[i]!, { record: recordPlaces[i]!, text: textPlaces[i]! })),
      ),
    ]),
  ];
  mkdirSync(path.join(dir, COLUMNS_DIR), { recursive: true });
  const columnFiles = new Set(COLUMN_NAMES.map((n) => `${n}.json`));
  for (const name of readdirSync(path.join(dir, COLUMNS_DIR)))
    if (!columnFiles.has(name)) rmSync(path.join(dir, COLUMNS_DIR, name), { force: true });
  let bytes = 0;
  for (const [name, text] of files) {
    const file = path.join(dir, name);
    if (!sameFile(file, text)) writeFileSync(file, text);
    bytes += Buffer.byteLength(text);
  }
  return { bytes };
}
