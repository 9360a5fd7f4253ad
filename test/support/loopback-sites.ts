// Real HTTP servers on loopback for the link-check tests: one stands for a public site on
// 127.0.0.2 (which a test counts as public), one for an internal service on 127.0.0.1 (refused as
// in production) on the same port, so a rebound host name would reach it. Both count connections.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Site {
  server: Server;
  port: number;
  /** Connections accepted so far (a refused target must never add one). */
  connections: number;
  /** `METHOD /path` of every request, in order. */
  requests: string[];
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export function listen(host: string, port: number, handle: Handler): Promise<Site> {
  return new Promise((resolve, reject) => {
    const site = { connections: 0, requests: [] as string[] } as Site;
    const server = createServer((req, res) => {
      site.requests.push(`${req.method} ${req.url}`);
      handle(req, res);
    });
    server.on('connection', () => site.connections++);
    server.once('error', reject);
    server.listen(port, host, () => {
      site.server = server;
      site.port = (server.address() as AddressInfo).port;
      resolve(site);
    });
  });
}

/** The "public" site on 127.0.0.2 and the internal service on 127.0.0.1, on one free port. */
export async function publicAndInternal(publicHandler: Handler): Promise<{ pub: Site; internal: Site }> {
  for (let attempt = 0; ; attempt++) {
    const pub = await listen('127.0.0.2', 0, publicHandler);
    try {
      const internal = await listen('127.0.0.1', pub.port, (_req, res) => res.writeHead(200).end('secret'));
      return { pub, internal };
    } catch (err) {
      pub.server.close();
      if (attempt > 20) throw err;
    }
  }
}
