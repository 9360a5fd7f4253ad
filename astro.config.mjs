// Astro builds every public file statically; see src/outputs for the non-HTML outputs. The
// environment is read once, through src/config/env.ts.
import mdx from '@astrojs/mdx';
import { settings } from './src/config/env.ts';
import catalogOutputs from './src/build/catalog-outputs.ts';
import { BUILD_CACHE_DIR } from './src/build/build-cache.ts';
import { TOOLS } from './src/server/mcp/tools/index.ts';

const { site, build } = settings();

// A plain object, typed here: `astro/config`'s defineConfig() returns its argument, and importing
// it loads svgo and csso (281 modules) that the build never uses.
/** @type {import('astro').AstroUserConfig} */
export default {
  site: site.url,
  output: 'static',
  trailingSlash: 'never',
  // One external stylesheet, never inlined: the site's CSP forbids inline styles.
  build: { format: 'file', concurrency: 4, inlineStylesheets: 'never' },
  // The build cache (content-layer store, incremental-build manifest, what the outputs pass knows),
  // kept between Netlify builds by netlify/plugins/build-cache. ASTRO_CACHE_DIR gives a build its
  // own (tests and the benchmark build temporary content folders beside the repository's build).
  cacheDir: build.cacheDir ?? BUILD_CACHE_DIR,
  // Pages whose cacheKey (src/catalog/page-keys.ts) and code did not change are not rendered again.
  experimental: { incrementalBuild: true },
  // JSON, OpenAPI, llms files, Markdown twins, sitemap.xml, feed.xml, robots.txt, api-catalog,
  // the search index, link previews and the admin catalog; then the post-build proof.
  // The admin tools are listed from their own modules (src/server/mcp/tools/), which load their
  // heavy libraries only when they run: openapi.json quotes each tool's `summary` without those.
  integrations: [
    mdx(),
    catalogOutputs({
      mcpTools: TOOLS.map(({ name, summary, annotations }) => ({ name, summary, annotations })),
      build,
    }),
  ],
  vite: {
    // Nor small scripts (the search page's): the CSP forbids inline script too.
    // The output folder is kept between builds; the integration empties it when a build starts cold.
    build: { assetsInlineLimit: 0, emptyOutDir: false },
  },
  // No code in the site's Markdown, and the CSP would refuse Shiki's inline colours: Shiki is not
  // loaded at all (20-25 MB less at the build's peak, 378-388 MB against 405 MB at 1,000 products).
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
  telemetry: false,
};
