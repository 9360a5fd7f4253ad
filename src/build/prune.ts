// The output folder is kept between builds, so a file that no part of this build claims (a page,
// an output, a public file, a client asset) is left over from an older build: it is removed, so a
// product that was deleted or unpublished leaves nothing behind.
import { existsSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const rel = (dir: string, d: { parentPath: string; name: string }) =>
  path.relative(dir, path.join(d.parentPath, d.name)).split(path.sep).join('/');

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() || d.isSymbolicLink())
    .map((d) => rel(dir, d));
}

/**
 * Removes every file of `outDir` that is not claimed: `claimed` (relative paths), the files of
 * `publicDir` (Vite copies them each build) and the client assets under _astro/ (written anew).
 * Empty folders go too. Returns how many files were removed.
 */
export function pruneOutput(outDir: string, publicDir: string, claimed: Iterable<string>): number {
  const keep = new Set([...claimed, ...filesUnder(publicDir)]);
  let removed = 0;
  for (const f of filesUnder(outDir)) {
    if (keep.has(f) || f.startsWith('_astro/')) continue;
    rmSync(path.join(outDir, f), { force: true });
    removed++;
  }
  if (removed) removeEmptyFolders(outDir, outDir);
  return removed;
}

/**
 * Files of `publicDir` that an output of the build also writes. Vite copies public/ while the outputs
 * are being written, so whichever lands last would win: such a file is a mistake, refused by name.
 */
export function publicCollisions(publicDir: string, outputs: Iterable<string>): string[] {
  const generated = new Set(outputs);
  return filesUnder(publicDir).filter((f) => generated.has(f));
}

function removeEmptyFolders(dir: string, top: string): boolean {
  let empty = true;
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    if (d.isDirectory() && removeEmptyFolders(path.join(dir, d.name), top)) continue;
    empty = false;
  }
  if (empty && dir !== top) rmdirSync(dir);
  return empty;
}
