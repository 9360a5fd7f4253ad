// Preloaded into the local netlify-cli process only (see stack.ts): the site's port answers as
// Netlify's CDN does. netlify-cli's static server stamps every file `cache-control: public,
// max-age=0`, and its proxy writes that over the `_headers` rule for the same header (setHeader,
// then writeHead with the file's headers), so immutable files revalidated on `npm start`; and it
// sends every file uncompressed. Here a static file's Cache-Control rule wins, and text is
// compressed by the request's Accept-Encoding (brotli first, then gzip), as Netlify compresses: a
// response already encoded (the edge runtime's), an event stream, `no-transform`, an image and a
// 204/304 go as they are.
'use strict';
if (/netlify-cli|[\\/]\.bin[\\/]netlify$/.test(process.argv[1] ?? '')) {
  const http = require('node:http');
  const zlib = require('node:zlib');
  const at = process.argv.indexOf('--port');
  const sitePort = at > 0 ? Number(process.argv[at + 1]) : 8888;
  /**
   * What netlify-cli's static server sends on every file: its hook's value
   * (dist/utils/static-server.js), which @fastify/send then replaces with its own.
   */
  const STATIC_DEFAULTS = ['public, max-age=0, must-revalidate', 'public, max-age=0'];
  const COMPRESSIBLE =
    /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]*\+)?(?:json|javascript|xml|ecmascript|wasm|manifest\+json)\b|image\/svg\+xml|font\/(?:ttf|otf)|image\/x-icon)/i;
  const ENCODER = Symbol('local-cdn encoder');
  // Brotli's quality 5: Decap's 2.4 MB script in about 0.2 s (the default, 11, takes 6 s a request;
  // Netlify's CDN keeps what it compressed, this server compresses each answer).
  const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
  const proto = http.ServerResponse.prototype;
  const { writeHead, write, end } = proto;

  const onSite = (res) => res.req?.socket?.localPort === sitePort;

  /** The coding Netlify would answer `accept-encoding` with: br, else gzip, else none. */
  function coding(accept) {
    const q = new Map();
    for (const part of String(accept ?? '').split(',')) {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const weight = params.map((p) => /^\s*q=([\d.]+)/.exec(p)).find(Boolean);
      if (name) q.set(name, weight ? Number(weight[1]) : 1);
    }
    const ok = (c) => (q.get(c) ?? q.get('*') ?? 0) > 0;
    return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
  }

  /** The header `name` as it will be sent: writeHead's own headers override those set before. */
  function final(res, given, name) {
    if (given && !Array.isArray(given)) {
      const key = Object.keys(given).find((k) => k.toLowerCase() === name);
      if (key !== undefined) return given[key];
    }
    return res.getHeader(name);
  }

  /** Whether this answer goes out compressed, and with which coding. */
  function encodingFor(res, status, given) {
    if (!onSite(res) || Array.isArray(given)) return null;
    if (!['GET', 'HEAD'].includes(res.req.method) || status < 200 || status === 204 || status === 304) return null;
    if (final(res, given, 'content-encoding')) return null;
    if (!COMPRESSIBLE.test(String(final(res, given, 'content-type') ?? ''))) return null;
    if (/\bno-transform\b/i.test(String(final(res, given, 'cache-control') ?? ''))) return null;
    return coding(res.req.headers['accept-encoding']);
  }

  const without = (given, name) =>
    Object.fromEntries(Object.entries(given ?? {}).filter(([k]) => k.toLowerCase() !== name));

  proto.writeHead = function writeHeadLikeNetlify(status, ...rest) {
    if (!onSite(this) || this.headersSent) return writeHead.call(this, status, ...rest);
    const at = rest.findIndex((r) => typeof r === 'object' && r !== null);
    let given = at >= 0 ? rest[at] : undefined;
    // A static file: the `_headers` rule already set on the response wins over the server's default.
    const rule = this.getHeader('cache-control');
    if (
      given &&
      !Array.isArray(given) &&
      STATIC_DEFAULTS.includes(final(this, given, 'cache-control')) &&
      rule &&
      rule !== final(this, given, 'cache-control')
    )
      given = without(given, 'cache-control');
    const encoding = encodingFor(this, status, given);
    if (encoding) {
      given = without(given, 'content-length');
      this.removeHeader('content-length');
      const vary = String(final(this, given, 'vary') ?? '');
      given = without(given, 'vary');
      this.setHeader(
        'vary',
        vary ? (/\baccept-encoding\b/i.test(vary) ? vary : `${vary}, Accept-Encoding`) : 'Accept-Encoding',
      );
      this.setHeader('content-encoding', encoding);
      if (this.req.method === 'GET') {
        const encoder = encoding === 'br' ? zlib.createBrotliCompress(BROTLI) : zlib.createGzip();
        encoder.on('data', (chunk) => write.call(this, chunk));
        encoder.on('end', () => end.call(this));
        encoder.on('drain', () => this.emit('drain'));
        this[ENCODER] = encoder;
      }
    }
    if (at >= 0) rest[at] = given;
    else if (given) rest.push(given);
    return writeHead.call(this, status, ...rest);
  };

  /** Before a body is written with no writeHead (headers set one by one): decide the coding first. */
  function headFirst(res) {
    if (onSite(res) && !res.headersSent && encodingFor(res, res.statusCode)) res.writeHead(res.statusCode);
  }

  proto.write = function writeLikeNetlify(chunk, ...rest) {
    headFirst(this);
    const encoder = this[ENCODER];
    return encoder ? encoder.write(chunk, ...rest) : write.call(this, chunk, ...rest);
  };

  proto.end = function endLikeNetlify(...args) {
    headFirst(this);
    const encoder = this[ENCODER];
    if (!encoder) return end.apply(this, args);
    const [chunk, encodingOrCb, cb] = args;
    const done = typeof chunk === 'function' ? chunk : typeof encodingOrCb === 'function' ? encodingOrCb : cb;
    if (done) this.once('finish', done);
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
      encoder.end(chunk, typeof encodingOrCb === 'string' ? encodingOrCb : undefined);
    else encoder.end();
    return this;
  };
}
