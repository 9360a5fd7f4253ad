// The products content collection. Its loader is the project's own, so the Astro build fails on a
// broken product file with exactly the messages `npm run validate` prints. Files unchanged since the
// last build are not parsed again (src/catalog/parse-cache.ts). What it read is handed to the rest
// of the build as a file in the build cache (src/catalog/handoff.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineCollection } from 'astro:content';
import { writeCatalogHandoff } from './catalog/handoff.ts';
import { checkProductImages, productImagesDir } from './catalog/images.ts';
import { settings } from './config/env.ts';
import { loadCatalog, PRODUCTS_DIR } from './catalog/load.ts';
import { openParseCache } from './catalog/parse-cache.ts';
import { formatProblems } from './catalog/problems.ts';
import { entryDigest } from './catalog/page-keys.ts';
import { codeVersion } from './integrations/build-cache.ts';

const products = defineCollection({
  loader: {
    name: 'product-files',
    load: async ({ store, logger, config }) => {
      const root = fileURLToPath(config.root);
      const { build } = settings();
      const dir = build.contentDir || PRODUCTS_DIR;
      const cacheDir = fileURLToPath(config.cacheDir);
      const parsed = openParseCache(cacheDir, codeVersion(root));
      const loaded = await loadCatalog(dir, root, parsed);
      parsed.save();
      const { entries } = loaded;
      const problems = [
        ...loaded.problems,
        ...checkProductImages(entries, productImagesDir(root, build.imagesDir), root).problems,
      ];
      if (problems.length) throw new Error(`Invalid product files.\n${formatProblems(problems)}`);
      writeCatalogHandoff(cacheDir, path.resolve(root, dir), loaded);
      // The store outlives the build (Astro's cacheDir): entries whose digest did not change are
      // not written again, and products whose files are gone are dropped.
      const slugs = new Set(entries.map((e) => e.data.slug));
      for (const id of store.keys()) if (!slugs.has(id)) store.delete(id);
      for (const entry of entries) store.set({ id: entry.data.slug, data: { entry }, digest: entryDigest(entry) });
      logger.info(`${entries.length} product files loaded (${parsed.hits} unchanged, not parsed again)`);
    },
  },
});

export const collections = { products };
