// Which files of the kept output folder the leak search need not read again. A file is vouched
// for when the outputs pass scanned its text as it wrote it in this build, or when it has the
// size and modification time it had at the end of the last build whose proof found it clean,
// and the unpublished products (the hidden terms) are the same. Anything else is read again; a
// cold build has no ledger and reads every file.
import { statSync } from 'node:fs';
import path from 'node:path';
import type { CatalogEntry } from '../catalog/schema.ts';
import { cacheFile, readCacheJson, writeCacheJson } from './build-cache.ts';
import { BINARY, hiddenTerms, termsDigest } from './leak-scan.ts';

const LEDGER = 'proof-ledger.json';

/** A kept file's size and modification time, or null when it is gone. */
function stampOf(outDir: string, f: string): [number, number] | null {
  try {
    const s = statSync(path.join(outDir, f));
    return [s.size, s.mtimeMs];
  } catch {
    return null;
  }
}

interface Ledger {
  terms: string;
  /** relative path → [size, mtimeMs] when proven clean. */
  files: Record<string, [number, number]>;
}

export function proofLedger(
  cacheDir: string,
  outDir: string,
  entries: readonly CatalogEntry[],
  at: Date,
  scanned: string[],
) {
  const terms = termsDigest(hiddenTerms(entries, at));
  const stored = readCacheJson<Ledger>(cacheFile(cacheDir, LEDGER));
  const previous = stored?.terms === terms ? stored.files : {};
  const fresh = new Set(scanned);
  const seen: string[] = [];
  let vouched = 0;
  const stamp = (f: string) => stampOf(outDir, f);
  return {
    vouched(f: string): boolean {
      seen.push(f);
      if (fresh.has(f)) return (vouched++, true);
      const was = previous[f];
      if (!was) return false;
      const now = stamp(f);
      const same = now !== null && now[0] === was[0] && now[1] === was[1];
      if (same) vouched++;
      return same;
    },
    vouchedCount: () => vouched,
    /**
     * After the proof passed: every text file it looked at, as it is now, but `rewritten`, which the
     * build writes again after the proof (a stamp of it would make the next build start cold).
     */
    save(rewritten: readonly string[] = []): void {
      const files: Ledger['files'] = {};
      for (const f of seen) {
        if (BINARY.test(f) || rewritten.includes(f)) continue;
        const s = stamp(f);
        if (s) files[f] = s;
      }
      writeCacheJson(cacheFile(cacheDir, LEDGER), { terms, files } satisfies Ledger);
    },
  };
}

/**
 * The kept files that are not as the last passing proof left them (another size or time: truncated,
 * overwritten, deleted), for a warm start to refuse. Empty when there is no ledger.
 */
export function keptFilesChanged(cacheDir: string, outDir: string): string[] {
  const stored = readCacheJson<Ledger>(cacheFile(cacheDir, LEDGER));
  const changed: string[] = [];
  for (const [f, [size, mtimeMs]] of Object.entries(stored?.files ?? {})) {
    const now = stampOf(outDir, f);
    if (!now || now[0] !== size || now[1] !== mtimeMs) changed.push(f);
  }
  return changed;
}
