// Writes the admin catalog snapshot on its own (the Astro build writes it too, at build:done, from
// the same parse): every product file, unpublished included, `.generated/admin-catalog.json`.
// Fails (exit 1) on any product problem, exactly like the Astro build.
import path from 'node:path';
import { buildTime } from '../src/catalog/catalog.ts';
import { formatProblems, loadCatalog, PRODUCTS_DIR } from '../src/catalog/load.ts';
import { SNAPSHOT_PATH, writeSnapshotFile } from '../src/server/admin-catalog/snapshot.ts';

const dir = process.env.CATALOG_CONTENT_DIR || PRODUCTS_DIR;
const out = path.resolve(process.env.ADMIN_CATALOG_OUT ?? SNAPSHOT_PATH);
const { entries, problems } = await loadCatalog(dir);
if (problems.length) {
  console.error(`Admin catalog not written.\n${formatProblems(problems)}`);
  process.exit(1);
}
const bytes = await writeSnapshotFile(out, entries, buildTime());
console.log(`✓ admin catalog: ${entries.length} products, ${(bytes / 1024).toFixed(0)} KiB → ${path.relative(process.cwd(), out)}`);
