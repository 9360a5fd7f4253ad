// Shops on loopback for the link checker and the link watcher: one real HTTP server on 127.0.0.2
// (which tests count as public) answering for several host names by their Host header, each path
// with a documented behaviour: 200, 404, 410, 500, a timeout, redirect chains, a redirect to the
// shop's home page or to another product, an affiliate network's redirect, a 403 bot wall, a 429
// with Retry-After, a HEAD-refusing server, and a host where every page fails. It records every
// request (method, host, path, User-Agent) and the most requests it ever had in flight per host.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  host: string;
  path: string;
  userAgent: string;
  at: number;
}

export interface LinkServer {
  port: number;
  /** `http://<host>:<port><path>`. */
  url(host: string, path: string): string;
  seen: Seen[];
  /** The most requests in flight at once, per host name. */
  maxInFlight: Map<string, number>;
  /** Bytes of body written so far (the endless and trickling bodies included). */
  bodyBytes(): number;
  /** Changes what a path answers from now on (host `*` for every host). */
  set(host: string, path: string, answer: Answer): void;
  reset(): void;
  /** Resolves the test hosts (every `*.test` name) to the server's address. */
  lookup(host: string): Promise<string[]>;
  stop(): Promise<void>;
}

/** What a path answers: a status and headers, after a delay; `hang` never answers. */
export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  /** Only for HEAD (e.g. 405); GET gets `status`. */
  headStatus?: number;
  delayMs?: number;
  hang?: boolean;
  /** A GET's body never ends: `endless` as fast as it is taken, `trickle` a byte every 100 ms. */
  body?: 'endless' | 'trickle';
}

export const ADDRESS = '127.0.0.2';

/** The shops every test starts with. `{port}` in a location is the server's port. */
function defaults(): Map<string, Answer> {
  const m = new Map<string, Answer>();
  const at = (host: string, path: string, a: Answer) => m.set(`${host} ${path}`, a);
  const redirect = (to: string, status = 301): Answer => ({ status, headers: { location: to } });
  // shop.test: a healthy shop.
  at('shop.test', '/', { status: 200 });
  at('shop.test', '/products/wooden-rainbow-stacker', { status: 200 });
  at('shop.test', '/products/felt-animals', { status: 200 });
  at('shop.test', '/products/gone-puzzle', { status: 404 });
  at('shop.test', '/products/removed-kite', { status: 410 });
  at('shop.test', '/products/error-blocks', { status: 500 });
  at('shop.test', '/products/slow-abacus', { hang: true });
  at('shop.test', '/products/no-head-loom', { headStatus: 405, status: 200 });
  at('shop.test', '/products/chain-a', redirect('/products/chain-b', 302));
  at('shop.test', '/products/chain-b', redirect('http://shop.test:{port}/products/chain-c', 301));
  at('shop.test', '/products/chain-c', redirect('/products/chain-final-telescope', 308));
  at('shop.test', '/products/chain-final-telescope', { status: 200 });
  at('shop.test', '/products/discontinued-drum', redirect('/', 301));
  at('shop.test', '/products/old-xylophone', redirect('/products/felt-animals', 301));
  at('shop.test', '/products/renamed-stacker', redirect('/products/wooden-rainbow-stacker-large', 301));
  at('shop.test', '/products/wooden-rainbow-stacker-large', { status: 200 });
  at('shop.test', '/products/crayon-rocks', redirect('/collections/sale', 301));
  at('shop.test', '/collections/sale', { status: 200 });
  // aff.test: an affiliate network that redirects to the shop's product.
  at('aff.test', '/click', { status: 302, headers: { location: 'http://shop.test:{port}/products/felt-animals' } });
  at('aff.test', '/click-home', { status: 302, headers: { location: 'http://shop.test:{port}/' } });
  // walled.test: a bot wall; busy.test: a rate limit.
  at('walled.test', '*', { status: 403 });
  at('busy.test', '*', { status: 429, headers: { 'retry-after': '120' } });
  // down.test: every page fails (the shop is down behind its proxy).
  at('down.test', '*', { status: 502 });
  return m;
}

export async function startLinkServer(): Promise<LinkServer> {
  let answers = defaults();
  const seen: Seen[] = [];
  const inFlight = new Map<string, number>();
  const maxInFlight = new Map<string, number>();
  let port = 0;
  let bodyBytes = 0;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const path = (req.url ?? '/').split('?')[0]!;
    seen.push({ method: req.method!, host, path, userAgent: String(req.headers['user-agent'] ?? ''), at: Date.now() });
    const now = (inFlight.get(host) ?? 0) + 1;
    inFlight.set(host, now);
    maxInFlight.set(host, Math.max(maxInFlight.get(host) ?? 0, now));
    res.on('close', () => inFlight.set(host, inFlight.get(host)! - 1));
    const a = answers.get(`${host} ${path}`) ?? answers.get(`${host} *`) ?? { status: 404 };
    if (a.hang) return;
    const send = () => {
      const headers = Object.fromEntries(
        Object.entries(a.headers ?? {}).map(([k, v]) => [k, v.replace('{port}', String(port))]),
      );
      const status = req.method === 'HEAD' && a.headStatus ? a.headStatus : (a.status ?? 200);
      if (a.body && req.method !== 'HEAD') {
        res.writeHead(status, { 'content-type': 'text/html', ...headers });
        if (a.body === 'endless') {
          const chunk = Buffer.alloc(65_536, 0x20);
          const pump = () => {
            while (!res.destroyed) {
              bodyBytes += chunk.length;
              if (!res.write(chunk)) return void res.once('drain', pump);
            }
          };
          return pump();
        }
        const timer = setInterval(() => ((bodyBytes += 1), res.write(' ')), 100);
        return void res.on('close', () => clearInterval(timer));
      }
      res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : 'page');
    };
    if (a.delayMs) setTimeout(send, a.delayMs);
    else send();
  };
  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, ADDRESS, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (host, path) => `http://${host}:${port}${path}`,
    seen,
    maxInFlight,
    bodyBytes: () => bodyBytes,
    set: (host, path, answer) => void answers.set(`${host} ${path}`, answer),
    reset() {
      answers = defaults();
      seen.length = 0;
      maxInFlight.clear();
    },
    lookup: async (host) => {
      if (!host.endsWith('.test')) throw Object.assign(new Error(`queryA ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return [ADDRESS];
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
