// Build step: loads every product file (unpublished included) with the build's own loader and
// writes the compact snapshot the MCP function reads, `.generated/admin-catalog.json`.
// Fails (exit 1) on any product problem, exactly like the Astro build.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildTime, bySlug } from '../src/catalog/catalog.ts';
import { formatProblems, loadCatalog, PRODUCTS_DIR } from '../src/catalog/load.ts';
import { SNAPSHOT_PATH, serializeSnapshot } from '../src/server/admin-catalog/snapshot.ts';

const dir = process.env.CATALOG_CONTENT_DIR || PRODUCTS_DIR;
const out = path.resolve(process.env.ADMIN_CATALOG_OUT ?? SNAPSHOT_PATH);
const { entries, problems } = await loadCatalog(dir);
if (problems.length) {
  console.error(`Admin catalog not written.\n${formatProblems(problems)}`);
  process.exit(1);
}
const text = serializeSnapshot({ entries: entries.sort(bySlug), problems: [], builtAt: buildTime() });
await mkdir(path.dirname(out), { recursive: true });
await writeFile(out, text);
console.log(`✓ admin catalog: ${entries.length} products, ${(text.length / 1024).toFixed(0)} KiB → ${path.relative(process.cwd(), out)}`);
