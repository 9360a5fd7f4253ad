// A tiny static server for a built dist/ on loopback, resolving URLs the way the site is deployed
// (build.format 'file': /products/x → products/x.html) and compressing text like the CDN does.
// `dynamic` answers paths the CDN computes (the Image CDN, ./photos.ts) before files are looked up.
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpeg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

async function isFile(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isFile();
  } catch {
    return false;
  }
}

/** The file a URL path maps to, or null. */
export async function resolveFile(dist: string, urlPath: string): Promise<string | null> {
  const clean = path.posix.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.\/?)+/, '');
  const base = path.join(dist, clean);
  if (!base.startsWith(dist)) return null;
  const candidates = clean.endsWith('/')
    ? [path.join(base, 'index.html')]
    : [base, `${base}.html`, path.join(base, 'index.html')];
  for (const c of candidates) if (await isFile(c)) return c;
  return null;
}

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/** An answer computed for a URL, or null when the path is not its own (a promise of null: not found). */
export type DynamicAnswer = (url: URL) => Promise<{ type: string; body: Buffer } | null> | null;

export async function serveStatic(dist: string, dynamic?: DynamicAnswer): Promise<StaticServer> {
  const root = path.resolve(dist);
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const computed = dynamic?.(url);
    if (computed) {
      const answer = await computed;
      if (answer) res.writeHead(200, { 'content-type': answer.type, 'cache-control': 'public, max-age=31536000' });
      else res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(answer?.body ?? 'Not found');
      return;
    }
    const file = await resolveFile(root, url.pathname);
    const notFound = file === null ? await resolveFile(root, '/404') : null;
    const target = file ?? notFound;
    if (target === null) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    let body = await readFile(target);
    const type =
      TYPES[path.extname(target)] ??
      (target.includes(`${path.sep}api${path.sep}`) ? 'application/json' : 'application/octet-stream');
    const headers: Record<string, string> = { 'content-type': type, 'cache-control': 'public, max-age=31536000' };
    if (/text|json|xml|svg|javascript/.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      body = gzipSync(body);
      headers['content-encoding'] = 'gzip';
      headers.vary = 'Accept-Encoding';
    }
    res.writeHead(file ? 200 : 404, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
