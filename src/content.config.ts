// The products content collection. In a build its loader takes what the build read from the
// product files (src/build/read-catalog.ts, handed over by src/build/handoff.ts): the files are
// parsed once per build. `astro dev` and `astro sync`, which have no such hand-off, read the files
// here the same way, so a broken file fails with exactly the messages `npm run validate` prints.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineCollection } from 'astro:content';
import { readCatalogHandoff } from './build/handoff.ts';
import { entryDigest } from './build/page-keys.ts';
import { readProductFiles } from './build/read-catalog.ts';
import { productImagesDir } from './catalog/images.ts';
import { PRODUCTS_DIR } from './catalog/content-paths.ts';
import { settings } from './config/env.ts';

const products = defineCollection({
  loader: {
    name: 'product-files',
    load: async ({ store, logger, config }) => {
      const root = fileURLToPath(config.root);
      const { build } = settings();
      const contentDir = path.resolve(root, build.contentDir || PRODUCTS_DIR);
      const handedOver = readCatalogHandoff(fileURLToPath(config.cacheDir), contentDir);
      const { entries } =
        handedOver ??
        (await readProductFiles({ root, contentDir, imagesDir: productImagesDir(root, build.imagesDir) }));
      // The store outlives the build (Astro's cacheDir): entries whose digest did not change are
      // not written again, and products whose files are gone are dropped.
      const slugs = new Set(entries.map((e) => e.data.slug));
      for (const id of store.keys()) if (!slugs.has(id)) store.delete(id);
      for (const entry of entries) store.set({ id: entry.data.slug, data: { entry }, digest: entryDigest(entry) });
      logger.info(`${entries.length} products ${handedOver ? 'from the build’s read of the files' : 'read'}`);
    },
  },
});

export const collections = { products };
