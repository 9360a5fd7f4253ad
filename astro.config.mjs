// Astro builds every public file statically; see src/outputs for the non-HTML outputs.
import { defineConfig } from 'astro/config';
import { siteUrl } from './src/config/site.ts';

export default defineConfig({
  site: siteUrl(),
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file', concurrency: 4 },
  devToolbar: { enabled: false },
  telemetry: false,
});
