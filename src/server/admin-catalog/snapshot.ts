// The admin catalog: every product file (unpublished included) as the build parsed it, written
// once at build time to `.generated/admin-catalog.json` and read back by the MCP function.
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Problem } from '../../catalog/problems.ts';
import type { CatalogEntry } from '../../catalog/schema.ts';

/** 2: ASCII-only (every other character as a JSON \u escape), so it is read as latin1. */
export const SNAPSHOT_VERSION = 2;
/** Repository-relative path of the snapshot; the function resolves it against `process.cwd()`. */
export const SNAPSHOT_PATH = '.generated/admin-catalog.json';

export interface AdminCatalog {
  /** Every valid product file, sorted by slug. */
  entries: CatalogEntry[];
  /** Problems the loader reported (always empty in a snapshot: the build fails on them). */
  problems: Problem[];
  /** When the data was read: the build time for a snapshot, the load time otherwise. */
  builtAt: Date;
}

export interface AdminCatalogSource {
  /** Resolves the catalog; sources load once and memoise. */
  load(): Promise<AdminCatalog>;
}

// ASCII only: the function can then decode the file as latin1 (a copy) instead of UTF-8, which
// halves the read at 10,000 products, and JSON.parse works on a one-byte string.
const ascii = (json: string) =>
  json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The JSON text of a snapshot in pieces, one per entry. Dates become ISO strings; `publishAt` is re-hydrated on read. */
export function* snapshotChunks(catalog: AdminCatalog): Generator<string> {
  const head = JSON.stringify({
    version: SNAPSHOT_VERSION,
    builtAt: catalog.builtAt.toISOString(),
    problems: catalog.problems,
  });
  yield `${ascii(head.slice(0, -1))},"entries":[`;
  for (let i = 0; i < catalog.entries.length; i++) yield `${i ? ',' : ''}${ascii(JSON.stringify(catalog.entries[i]))}`;
  yield ']}';
}

/** How the function reads a snapshot file's bytes: every byte is ASCII (see snapshotChunks). */
export const SNAPSHOT_ENCODING = 'latin1';

interface SnapshotJson {
  version: number;
  builtAt: string;
  problems: Problem[];
  entries: CatalogEntry[];
}

/**
 * Reads a snapshot with one JSON.parse, then turns `publishAt` strings back into Dates (a loop:
 * a reviver function would make the parse several times slower at 10,000 products).
 */
export function parseSnapshot(text: string): AdminCatalog {
  const json = JSON.parse(text) as SnapshotJson | null;
  if (json?.version !== SNAPSHOT_VERSION || !Array.isArray(json.entries)) {
    throw new Error(
      `The admin catalog snapshot has an unknown format (version ${String(json?.version)}); rebuild with \`npm run build\`.`,
    );
  }
  for (const e of json.entries) {
    const at = e.data.publishAt as Date | string | undefined;
    if (typeof at === 'string') e.data.publishAt = new Date(at);
  }
  return { entries: json.entries, problems: json.problems ?? [], builtAt: new Date(json.builtAt) };
}

/**
 * Writes the snapshot of a valid catalog (sorted by slug) to `out` in ~1 MB writes, so the build
 * never holds the whole text (8 MB at 10,000 products) at its memory peak; returns its size in bytes.
 */
export async function writeSnapshotFile(out: string, entries: readonly CatalogEntry[], builtAt: Date): Promise<number> {
  const sorted = [...entries].sort((a, b) => (a.data.slug < b.data.slug ? -1 : a.data.slug > b.data.slug ? 1 : 0));
  mkdirSync(path.dirname(out), { recursive: true });
  const fd = openSync(out, 'w');
  let size = 0;
  try {
    let pending: string[] = [];
    let pendingSize = 0;
    const flush = () => {
      writeSync(fd, pending.join(''));
      pending = [];
      pendingSize = 0;
    };
    for (const chunk of snapshotChunks({ entries: sorted, problems: [], builtAt })) {
      pending.push(chunk);
      pendingSize += chunk.length;
      size += chunk.length;
      if (pendingSize >= 1 << 20) flush();
    }
    flush();
  } finally {
    closeSync(fd);
  }
  return size;
}
