// Astro builds every public file statically; see src/outputs for the non-HTML outputs.
// One build time for the whole build, set before anything reads it, so pages and outputs agree.
process.env.CATALOG_BUILD_TIME ??= new Date().toISOString();

import { defineConfig } from 'astro/config';
import { siteUrl } from './src/config/site.ts';
import catalogOutputs from './src/integrations/catalog-outputs.ts';

export default defineConfig({
  site: siteUrl(),
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file', concurrency: 4 },
  // JSON, OpenAPI, llms files, Markdown twins, sitemap.xml, feed.xml, robots.txt, api-catalog.
  integrations: [catalogOutputs()],
  devToolbar: { enabled: false },
  telemetry: false,
});
