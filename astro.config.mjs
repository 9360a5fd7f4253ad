// Astro builds every public file statically; see src/outputs for the non-HTML outputs.
import { defineConfig } from 'astro/config';
import { siteUrl } from './src/config/site.ts';

export default defineConfig({
  site: siteUrl(),
  output: 'static',
  trailingSlash: 'never',
  // One external stylesheet, never inlined: the site's CSP forbids inline styles.
  build: { format: 'file', concurrency: 4, inlineStylesheets: 'never' },
  devToolbar: { enabled: false },
  telemetry: false,
});
