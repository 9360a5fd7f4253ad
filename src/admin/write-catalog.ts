// Writes the admin catalog (./catalog-format.ts) for the MCP function from the build's own parse
// of every product file. A file whose text did not change since the last build is not rewritten.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bySlug, statusOf } from '../catalog/catalog.ts';
import type { CatalogEntry } from '../catalog/schema.ts';
import { staticFindings } from './audit.ts';
import {
  ADMIN_CATALOG_VERSION,
  INDEX_FILE,
  RECORDS_FILE,
  SEARCH_FILE,
  searchLine,
  type AdminCatalogIndex,
  type IndexRow,
} from './catalog-format.ts';

const sameFile = (file: string, text: string) => {
  if (!existsSync(file)) return false;
  const h = (b: string | Buffer) => createHash('sha1').update(b).digest('hex');
  return h(readFileSync(file)) === h(text);
};

/** Writes the three files into `dir`; returns their size in bytes. */
export function writeAdminCatalog(dir: string, entries: readonly CatalogEntry[], builtAt: Date): { bytes: number } {
  const sorted = [...entries].sort(bySlug);
  const records: string[] = [];
  const search: string[] = [];
  const rows: IndexRow[] = [];
  let offset = 0;
  for (const e of sorted) {
    const d = e.data;
    const record = JSON.stringify(e);
    const length = Buffer.byteLength(record);
    rows.push([
      d.slug,
      statusOf(e, builtAt),
      d.publishAt ? d.publishAt.toISOString() : null,
      [...d.categories],
      d.ageRange,
      d.staffPick ? 1 : 0,
      d.pickedBy,
      d.currency,
      d.price === null ? 0 : 1,
      e.sourcePath,
      offset,
      length,
    ]);
    records.push(record);
    search.push(searchLine([d.name, d.brand, e.description, d.whyWePicked]));
    offset += length + 1;
  }
  const index: AdminCatalogIndex = {
    version: ADMIN_CATALOG_VERSION,
    builtAt: builtAt.toISOString(),
    problems: [],
    rows,
    findings: staticFindings(
      sorted.map((entry) => ({ entry, status: statusOf(entry, builtAt) })),
      [],
    ),
  };
  mkdirSync(dir, { recursive: true });
  let bytes = 0;
  for (const [name, text] of [
    [INDEX_FILE, JSON.stringify(index)],
    [SEARCH_FILE, `${search.join('\n')}\n`],
    [RECORDS_FILE, `${records.join('\n')}\n`],
  ] as const) {
    const file = path.join(dir, name);
    if (!sameFile(file, text)) writeFileSync(file, text);
    bytes += Buffer.byteLength(text);
  }
  return { bytes };
}
