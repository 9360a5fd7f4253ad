// Preloaded into the local netlify-cli process only (see stack.ts): every server it starts without
// naming an address listens on loopback instead of on every interface. netlify-cli has no option
// for it: its site server, functions server and local Blobs servers call `listen(port)`, which
// binds all interfaces. The site's port (`--port`) listens on HOST when set (`0.0.0.0` or `::`
// opens the stack to the network; see docs/develop.md, "The local stack"); every other one stays on 127.0.0.1, since only
// netlify-cli itself talks to them. (The Deno edge runtime gets the same from
// edge-bootstrap-loopback.mjs.)
'use strict';
if (/netlify-cli|[\\/]\.bin[\\/]netlify$/.test(process.argv[1] ?? '')) {
  const net = require('node:net');
  const at = process.argv.indexOf('--port');
  const sitePort = at > 0 ? Number(process.argv[at + 1]) : NaN;
  const siteHost = process.env.HOST?.trim() || '127.0.0.1';
  const hostFor = (port) => (Number(port) === sitePort ? siteHost : '127.0.0.1');
  const isPort = (v) => typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v));
  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = function listenOnLoopback(...args) {
    const [first] = args;
    if (first === undefined || typeof first === 'function') {
      args.unshift(0, '127.0.0.1'); // listen() or listen(callback): a random port
    } else if (isPort(first)) {
      if (typeof args[1] !== 'string') args.splice(1, 0, hostFor(first)); // listen(port[, backlog][, cb])
    } else if (
      typeof first === 'object' &&
      first !== null &&
      first.host === undefined &&
      first.path === undefined &&
      first.fd === undefined &&
      first.handle === undefined &&
      first._handle === undefined
    ) {
      args[0] = { ...first, host: hostFor(first.port ?? 0) }; // listen({ port })
    }
    return listen.apply(this, args);
  };
}
