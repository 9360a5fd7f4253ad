// The local Deno edge runtime's bootstrap (NETLIFY_EDGE_BOOTSTRAP, set by stack.ts): Netlify's own,
// with its server bound to loopback. Netlify's bootstrap calls Deno.serve without a hostname, which
// listens on 0.0.0.0; only netlify-cli on this machine talks to it (at 127.0.0.1).
/* global Deno */
import * as netlify from '../../node_modules/@netlify/edge-functions-dev/dist/deno/bootstrap.mjs';

export * from '../../node_modules/@netlify/edge-functions-dev/dist/deno/bootstrap.mjs';

export function boot(...args) {
  const serve = Deno.serve.bind(Deno);
  Deno.serve = (first, ...rest) =>
    typeof first === 'function'
      ? serve({ hostname: '127.0.0.1' }, first, ...rest)
      : serve({ ...first, hostname: '127.0.0.1' }, ...rest);
  return netlify.boot(...args);
}
