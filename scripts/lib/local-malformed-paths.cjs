// Preloaded into the local netlify-cli process only (see stack.ts), so that no request can end the
// local stack. netlify-cli decodes every request's path with decodeURIComponent (its rules proxy,
// its static-file lookups) and lets the URIError of a malformed escape (`/products/%ff`, `/%`,
// `/x%e0%a4`) reject its request handler, which ends the whole process. Here, before netlify-cli
// sees a request, a path that does not decode has its `%` escaped as `%25`: it is then an ordinary
// path naming no file, and the site's own rules answer it (the 404, as production does: docs/cdn.md).
// Anything else a handler throws is logged and answered (400 for a request it cannot parse, 500
// otherwise) instead of ending the process.
'use strict';
if (/netlify-cli|[\\/]\.bin[\\/]netlify$/.test(process.argv[1] ?? '')) {
  const http = require('node:http');
  const { syncBuiltinESMExports } = require('node:module');

  /** The request target with the `%` of an undecodable path escaped; unchanged when it decodes. */
  const decodablePath = (target) => {
    const q = target.indexOf('?');
    const path = q < 0 ? target : target.slice(0, q);
    try {
      decodeURIComponent(new URL(path, 'http://local.invalid').pathname);
      return target;
    } catch {
      return path.replaceAll('%', '%25') + (q < 0 ? '' : target.slice(q));
    }
  };

  const unparsable = (err) => err instanceof URIError || err?.code === 'ERR_INVALID_URL';

  const guarded = (handler) =>
    function guardedRequest(req, res) {
      const failed = (err) => {
        console.error(`The local stack could not handle ${req.method} ${req.url}:`, err);
        if (res.headersSent) return res.destroy();
        res.writeHead(unparsable(err) ? 400 : 500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(unparsable(err) ? 'Bad request\n' : 'Internal error of the local stack (see its log)\n');
      };
      if (typeof req.url === 'string') req.url = decodablePath(req.url);
      try {
        const result = handler.call(this, req, res);
        if (result && typeof result.then === 'function') result.then(undefined, failed);
        return result;
      } catch (err) {
        failed(err);
      }
    };

  const createServer = http.createServer;
  http.createServer = function createGuardedServer(...args) {
    const i = args.findIndex((a) => typeof a === 'function');
    if (i >= 0) args[i] = guarded(args[i]);
    return createServer.apply(this, args);
  };
  syncBuiltinESMExports();
}
