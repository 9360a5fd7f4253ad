// Astro builds every public file statically; see src/outputs for the non-HTML outputs.
// One build time for the whole build, set before anything reads it, so pages and outputs agree.
process.env.CATALOG_BUILD_TIME ??= new Date().toISOString();

import mdx from '@astrojs/mdx';
import { defineConfig } from 'astro/config';
import { siteUrl } from './src/config/site.ts';
import catalogOutputs from './src/integrations/catalog-outputs.ts';
import { describeMcpTools } from './src/server/mcp/describe.ts';

export default defineConfig({
  site: siteUrl(),
  output: 'static',
  trailingSlash: 'never',
  // One external stylesheet, never inlined: the site's CSP forbids inline styles.
  build: { format: 'file', concurrency: 4, inlineStylesheets: 'never' },
  // ASTRO_CACHE_DIR gives a build its own content-layer data store (default node_modules/.astro),
  // so tests can build a temporary content folder while another build of the repository runs.
  ...(process.env.ASTRO_CACHE_DIR ? { cacheDir: process.env.ASTRO_CACHE_DIR } : {}),
  // JSON, OpenAPI, llms files, Markdown twins, sitemap.xml, feed.xml, robots.txt, api-catalog.
  integrations: [mdx(), catalogOutputs({ mcpDescription: describeMcpTools() })],
  // Nor small scripts (the search page's): the CSP forbids inline script too.
  vite: { build: { assetsInlineLimit: 0 } },
  devToolbar: { enabled: false },
  telemetry: false,
});
