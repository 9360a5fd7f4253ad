// Preloaded into the local netlify-cli process only (see stack.ts). netlify-cli's static server
// types files by extension and sends extension-less ones as application/octet-stream, and locally
// that type wins over netlify.toml's [[headers]] (production applies the rules). Every
// extension-less public file of this site is JSON (/api/products/{slug}, /.well-known/api-catalog),
// so the local server's default becomes JSON: `curl -i` on `npm start` then shows what production sends.
'use strict';
if (/netlify-cli|[\\/]\.bin[\\/]netlify$/.test(process.argv[1] ?? '')) {
  try {
    const { createRequire } = require('node:module');
    const send = require.resolve('@fastify/send', { paths: [require.resolve('netlify-cli/package.json')] });
    // @fastify/static assigns its own default when it loads, after this preload: keep ours.
    Object.defineProperty(createRequire(send)('mime'), 'default_type', {
      get: () => 'application/json',
      set() {},
      configurable: true,
    });
  } catch {
    // A netlify-cli without this static server: nothing to adjust.
  }
}
