// The products content collection. Its loader is the project's own, so the Astro build fails on a
// broken product file with exactly the messages `npm run validate` prints.
import { defineCollection } from 'astro:content';
import { loadCatalog, publishCatalogLoad } from './catalog/load.ts';
import { formatProblems } from './catalog/problems.ts';

const products = defineCollection({
  loader: {
    name: 'product-files',
    load: async ({ store, logger }) => {
      const loaded = await loadCatalog(process.env.CATALOG_CONTENT_DIR);
      const { entries, problems } = loaded;
      publishCatalogLoad(loaded, process.env.CATALOG_CONTENT_DIR);
      if (problems.length) throw new Error(`Invalid product files.\n${formatProblems(problems)}`);
      store.clear();
      for (const entry of entries) store.set({ id: entry.data.slug, data: { entry } });
      logger.info(`${entries.length} product files loaded`);
    },
  },
});

export const collections = { products };
