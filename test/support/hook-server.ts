// A stand-in for Netlify's build hook on loopback, for the e2e stack's BUILD_HOOK_URL: it records
// each POST to /build_hooks/<id> and answers 200, and tells tests what it received at GET /posts.
// It also hands out the stack's recent output at GET /stack-log, so a test can read what a
// function logged (scheduled functions answer nothing else). The stack and this server live in
// the global setup's process, so tests ask over HTTP.
import { createServer } from 'node:http';

export interface HookServer {
  /** The URL to set as BUILD_HOOK_URL. */
  hookUrl: string;
  /** GET it for the posts received so far: `[{ path, at }]`. */
  postsUrl: string;
  /** GET it for the stack's recent output (set `stackLog` once the stack runs). */
  stackLogUrl: string;
  stackLog: () => string;
  stop(): Promise<void>;
}

export async function startHookServer(): Promise<HookServer> {
  const posts: { path: string; at: string }[] = [];
  const self = { stackLog: () => '' };
  const server = createServer((req, res) => {
    req.resume();
    if (req.method === 'POST' && req.url?.startsWith('/build_hooks/')) {
      posts.push({ path: req.url, at: new Date().toISOString() });
      res.writeHead(200).end();
    } else if (req.method === 'GET' && req.url === '/stack-log') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(self.stackLog());
    } else if (req.method === 'GET' && req.url === '/posts') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(posts));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return Object.assign(self, {
    hookUrl: `${base}/build_hooks/e2e`,
    postsUrl: `${base}/posts`,
    stackLogUrl: `${base}/stack-log`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
