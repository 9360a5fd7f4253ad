// `node scripts/search-index.ts [dist]`: the step after `astro build` in `npm run build`. Feeds
// the search records the build left in the folder to Pagefind and writes /pagefind/ (see
// src/integrations/search-index.ts for why it runs apart from the build).
import path from 'node:path';
import { writeSearchIndex } from '../src/integrations/search-index.ts';

const dist = path.resolve(process.argv[2] ?? 'dist');
try {
  const { records, ms } = await writeSearchIndex(dist);
  console.log(
    `search index: ${records} products in ${ms.toFixed(0)} ms → ${path.relative(process.cwd(), dist)}/pagefind`,
  );
} catch (e) {
  console.error(`✖ search index for ${dist}: ${(e as Error).message}`);
  process.exit(1);
}
