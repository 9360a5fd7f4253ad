// The products content collection. In a build its loader takes what the build read from the
// product files (src/build/read-catalog.ts, handed over by src/build/handoff.ts): the files are
// parsed once per build. `astro dev` and `astro sync`, which have no such hand-off, read the files
// here the same way, so a broken file fails with exactly the messages `npm run validate` prints.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// From Astro's own module, not the `astro:content` virtual module, whose runtime (about a hundred
// of Astro's modules, each transformed by Vite) the collection's definition does not need.
import { defineCollection } from 'astro/content/config';
import { readCatalogHandoff } from './build/handoff.ts';
import { entryDigest } from './build/page-keys.ts';
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
      // The reader and its parsers load only without a hand-off: Vite transforms every module this
      // file imports before Astro syncs the collection, on the way to a build's first page.
      const read = async () => {
        const { readProductFiles } = await import('./build/read-catalog.ts');
        return readProductFiles({ root, contentDir, imagesDir: productImagesDir(root, build.imagesDir) });
      };
      const { entries } = handedOver ?? (await read());
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
