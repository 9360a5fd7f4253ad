// Astro integration: after the HTML is built, writes every non-HTML output (JSON, OpenAPI, llms
// files, Markdown twins, sitemap, feed, robots, api-catalog) in one pass, then runs the post-build proof.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { buildTime, catalogView } from '../catalog/catalog.ts';
import { loadCatalog, publishedCatalogLoad } from '../catalog/load.ts';
import { formatProblems } from '../catalog/problems.ts';
import { checkDist, formatFailures } from './check-dist.ts';
import { writePreviewImages } from './preview-images.ts';
import { writeSearchRecords } from './search-index.ts';
import { writeCatalogOutputs } from './write-outputs.ts';
import { SNAPSHOT_PATH, writeSnapshotFile } from '../server/admin-catalog/snapshot.ts';

export interface CatalogOutputsOptions {
  /** Extra Markdown for the POST /api/mcp description in openapi.json (the MCP tool list). */
  mcpDescription?: string;
}

export default function catalogOutputs(options: CatalogOutputsOptions = {}): AstroIntegration {
  // The product files as the content collection's loader read them in this process (see
  // publishCatalogLoad); read again only when it did not run here.
  let loading: ReturnType<typeof loadCatalog> | undefined;
  let root = process.cwd();
  let publicDir = path.join(root, 'public');
  return {
    name: 'catalog-outputs',
    hooks: {
      'astro:build:start': ({ logger }) => {
        const published = publishedCatalogLoad(process.env.CATALOG_CONTENT_DIR);
        if (!published) logger.info('the content loader did not run in this process: reading the product files again');
        loading = published ? Promise.resolve(published) : loadCatalog(process.env.CATALOG_CONTENT_DIR);
        loading.catch(() => {}); // reported when awaited in build:done
      },
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        publicDir = fileURLToPath(config.publicDir);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        const { entries, problems } = await (loading ?? loadCatalog(process.env.CATALOG_CONTENT_DIR));
        if (problems.length) throw new Error(`Invalid product files.\n${formatProblems(problems)}`);
        const view = catalogView(entries, buildTime());
        const stats = await writeCatalogOutputs(
          outDir,
          view,
          options.mcpDescription ? { mcpDescription: options.mcpDescription } : {},
        );
        logger.info(
          `${stats.files} catalog outputs (${(stats.bytes / 1e6).toFixed(1)} MB) for ${view.products.length} products in ${stats.ms.toFixed(0)} ms`,
        );
        const records = writeSearchRecords(outDir, view);
        logger.info(`search records: ${records} products (indexed by scripts/search-index.ts after the build)`);
        const previews = await writePreviewImages(outDir, view, publicDir);
        logger.info(`link previews: ${previews.images} PNG images in ${previews.ms.toFixed(0)} ms`);
        // The admin catalog for the MCP function: the same parse, every product, outside dist/.
        const snapshot = path.resolve(root, process.env.ADMIN_CATALOG_OUT ?? SNAPSHOT_PATH);
        const snapshotBytes = await writeSnapshotFile(snapshot, entries, view.at);
        logger.info(
          `admin catalog: ${entries.length} products, ${(snapshotBytes / 1024).toFixed(0)} KiB → ${path.relative(root, snapshot)}`,
        );
        const check = await checkDist(outDir, { entries, searchIndex: false });
        if (check.failures.length) throw new Error(`Post-build proof failed:\n${formatFailures(check.failures)}`);
        logger.info(`post-build proof passed (${check.filesScanned} files scanned in ${check.ms.toFixed(0)} ms)`);
      },
    },
  };
}
