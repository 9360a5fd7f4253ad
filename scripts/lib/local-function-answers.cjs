// Preloaded into the local netlify-cli process only (see stack.ts), so that a function's answer is
// the one the client gets, as on Netlify. netlify-cli answers a request it proxied with 403 or 404 by
// asking again for `<path>.html`, `<path>.htm`, `<path>/index.html` and `<path>/index.htm` (its
// emulation of the CDN's static fallbacks: dist/utils/proxy.js, `alternativePathsFor`), and sends
// the last answer. It spares /.netlify/functions/ but not a function with a path of its own, so each
// 403 or 404 of ours was sent four more times, body and all, and the first answer lost: the gateway's
// "someone else must publish it (four eyes)" reached the editor as "not something the editor may do
// (PUT pulls/1/merge/index.htm)", and each file Decap looks for and does not find cost five
// invocations. Under /api/ and /.well-known/ the site has no page those fallbacks could find (its
// files there have extensions, which netlify-cli never retries), so such a request keeps none.
// And a body past netlify-cli's own cut (6,000,000 bytes: it then answers 500) that the editor's
// gateway would refuse is answered with the gateway's 413 and sentence when its length is declared,
// as a browser's fetch declares it (src/contract/limits.ts holds the limit and the sentence).
'use strict';
if (/netlify-cli|[\\/]\.bin[\\/]netlify$/.test(process.argv[1] ?? '')) {
  const http = require('node:http');
  const { syncBuiltinESMExports } = require('node:module');

  const FUNCTION_PATHS = /^\/(?:api|\.well-known)\//;
  const GATEWAY_PATHS = /^\/api\/git\//;
  const { GATEWAY_BODY_BYTES, GATEWAY_BODY_TOO_LARGE } = require('../../src/contract/limits.ts');

  const oneAnswer = (handler) =>
    function answeredOnce(req, res) {
      if (
        typeof req.url === 'string' &&
        GATEWAY_PATHS.test(req.url) &&
        Number(req.headers['content-length']) > GATEWAY_BODY_BYTES
      ) {
        // Read to its end first (and dropped), so the client is not cut off while it still sends.
        const body = JSON.stringify({ message: GATEWAY_BODY_TOO_LARGE });
        req.resume();
        req.once('end', () => {
          res.writeHead(413, {
            'content-type': 'application/json; charset=utf-8',
            'content-length': Buffer.byteLength(body),
            'cache-control': 'no-store',
          });
          res.end(body);
        });
        return;
      }
      if (typeof req.url === 'string' && FUNCTION_PATHS.test(req.url)) {
        // netlify-cli sets `req.alternativePaths` before proxying and reads it on a 403 or 404.
        Object.defineProperty(req, 'alternativePaths', { configurable: true, get: () => [], set: () => {} });
      }
      return handler.call(this, req, res);
    };

  const createServer = http.createServer;
  http.createServer = function createServerAnsweringOnce(...args) {
    const i = args.findIndex((a) => typeof a === 'function');
    if (i >= 0) args[i] = oneAnswer(args[i]);
    return createServer.apply(this, args);
  };
  syncBuiltinESMExports();
}
