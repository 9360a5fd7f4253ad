// Where the admin tools get the catalog: the admin catalog the build writes (production and
// `netlify serve`; src/admin/catalog-format.ts) or the product files themselves (unit tests,
// scripts). Both load lazily, once. The build's catalog is read in parts: the index at the first
// call, each column when a tool first reads it, the search text at the first text search, a
// product's record when a result shows it; the search text is read in chunks at each text search
// (./text-search.ts).
import { openSync, readFileSync, readSync } from 'node:fs';
import path from 'node:path';
import type { Settings } from '../../config/env.ts';
import { bySlug } from '../../catalog/catalog.ts';
import type { CatalogEntry } from '../../catalog/schema.ts';
import type { Finding } from '../../admin/audit.ts';
import {
  ADMIN_CATALOG_DIR,
  ADMIN_CATALOG_VERSION,
  COLUMNS_DIR,
  FINDINGS_FILE,
  INDEX_FILE,
  RECORDS_FILE,
  SEARCH_FILE,
  type AdminCatalogIndex,
  type ColumnName,
  type ColumnValue,
} from '../../admin/catalog-format.ts';
import { catalogOfEntries, type AdminCatalog, type AdminCatalogSource } from './admin-index.ts';
import { linesHoldingAll } from './text-search.ts';
import { PRODUCTS_DIR } from '../../catalog/content-paths.ts';

function once(load: () => Promise<AdminCatalog>): AdminCatalogSource {
  let pending: Promise<AdminCatalog> | undefined;
  return {
    load() {
      // A failed load is not cached, so a later call can succeed once the files are there.
      pending ??= load().catch((err: unknown) => {
        pending = undefined;
        throw err;
      });
      return pending;
    },
  };
}

/**
 * Where the admin catalog may be: ADMIN_CATALOG_PATH when set, else `.generated/admin-catalog`
 * under the working directory (netlify serve and production, where netlify.toml's
 * `included_files` ships it) or under the function runtime's task root.
 */
export function catalogCandidates(admin: Pick<Settings['admin'], 'catalogPath' | 'taskRoot'>): string[] {
  if (admin.catalogPath) return [path.resolve(admin.catalogPath)];
  const roots = [process.cwd(), admin.taskRoot].filter((r): r is string => Boolean(r));
  return [...new Set(roots.map((r) => path.resolve(r, ADMIN_CATALOG_DIR)))];
}

/** Reads one admin catalog folder: the index now, each other part when first asked for. */
function readCatalogFiles(dir: string): AdminCatalog {
  const index = JSON.parse(readFileSync(path.join(dir, INDEX_FILE), 'utf8')) as AdminCatalogIndex | null;
  if (index?.version !== ADMIN_CATALOG_VERSION || !Array.isArray(index.columns))
    throw new Error(
      `The admin catalog has an unknown format (version ${String(index?.version)}); rebuild with \`npm run build\`.`,
    );
  const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
  const columns = new Map<ColumnName, unknown[]>();
  let findings: Finding[] | undefined;
  let fd: number | undefined;
  const catalog: AdminCatalog = {
    builtAt: new Date(index.builtAt),
    problems: index.problems,
    count: index.count,
    column<K extends ColumnName>(name: K) {
      let values = columns.get(name);
      if (!values) {
        if (!index.columns.includes(name)) throw new Error(`The admin catalog has no column ${name}.`);
        columns.set(name, (values = JSON.parse(read(`${COLUMNS_DIR}/${name}.json`)) as unknown[]));
      }
      return values as ColumnValue<K>[];
    },
    textMatch(words) {
      if (words.length === 0) return () => true;
      const hits = linesHoldingAll(path.join(dir, SEARCH_FILE), catalog.column('text'), words);
      return (i) => hits[i] === 1;
    },
    entry(i) {
      const [offset, length] = catalog.column('record')[i]!;
      fd ??= openSync(path.join(dir, RECORDS_FILE), 'r');
      const buf = Buffer.allocUnsafe(length);
      readSync(fd, buf, 0, length, offset);
      const entry = JSON.parse(buf.toString('utf8')) as CatalogEntry;
      const at = entry.data.publishAt as Date | string | undefined;
      if (typeof at === 'string') entry.data.publishAt = new Date(at);
      return entry;
    },
    findings: () => (findings ??= JSON.parse(read(FINDINGS_FILE)) as Finding[]),
  };
  return catalog;
}

/** The admin catalog the build writes (src/admin/write-catalog.ts): the first candidate folder that has one. */
export function catalogFilesSource(dirs: string[]): AdminCatalogSource {
  return once(async () => {
    for (const dir of dirs) {
      try {
        return readCatalogFiles(dir);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    throw new Error(`The admin catalog is missing (looked in ${dirs.join(', ')}); run \`npm run build\`.`);
  });
}

export interface ContentSourceOptions {
  /** Folder of product files, relative to `root`; content/products by default. */
  dir?: string;
  /** Repository root that source paths are relative to; the working directory by default. */
  root?: string;
  /** The load time, reported as `builtAt`. */
  clock?: () => Date;
}

/** Reads the product files directly (problems included, not thrown). */
export function contentSource(opts: ContentSourceOptions = {}): AdminCatalogSource {
  const { dir, root = process.cwd(), clock = () => new Date() } = opts;
  return once(async () => {
    // Imported on use: the loader (gray-matter, js-yaml, the schema) is not needed to serve the build's catalog.
    const { loadCatalog } = await import('../../catalog/load.ts');
    const { entries, problems } = await loadCatalog(dir ?? PRODUCTS_DIR, root);
    return catalogOfEntries(entries.sort(bySlug), problems, clock());
  });
}
