// Decap CMS's local proxy (decap-server, git mode) for the browser editor on the local stack, behind
// a guard of our own: the proxy has no authentication, and any web page the developer visits can
// send requests to localhost. Started by scripts/lib/editor-proxy.ts (npm start, the tests) with:
//   PORT                 where it listens, on 127.0.0.1 only
//   GIT_REPO_DIRECTORY   the editor's own worktree (never the checkout: the proxy runs `git add .`
//                        there and merges into whatever branch is checked out there)
//   EDITOR_ORIGIN        the stack's own origin (http://localhost:8888): the one page allowed to call it
//   EDITOR_BRANCH        the worktree's base branch: saves are rebased on it, publishing merges into it
import { createRequire } from 'node:module';
import { editorProxyGuard } from './lib/editor-proxy-guard.ts';

const port = Number(process.env.PORT);
const origin = process.env.EDITOR_ORIGIN ?? '';
const branch = process.env.EDITOR_BRANCH ?? '';
if (!Number.isInteger(port) || port <= 0 || !process.env.GIT_REPO_DIRECTORY || !URL.canParse(origin) || !branch) {
  console.error(
    'editor proxy: PORT, GIT_REPO_DIRECTORY, EDITOR_ORIGIN and EDITOR_BRANCH must be set (scripts/lib/editor-proxy.ts sets them).',
  );
  process.exit(2);
}
const require = createRequire(import.meta.url);
const middlewares = require.resolve('decap-server/dist/middlewares.js');
// decap-server's own express (4.x), not whatever version the project hoists.
interface App {
  disable(setting: string): void;
  use(handler: unknown): void;
  listen(port: number, host: string, ready: () => void): { close(done: () => void): void };
}
const express = createRequire(middlewares)('express') as { (): App; json(options: { limit: string }): unknown };
const { registerLocalGit } = require(middlewares) as {
  registerLocalGit(app: unknown, options?: { logLevel?: string }): Promise<void>;
};

const app = express();
app.disable('x-powered-by');
// The body is parsed before the guard reads it (decap-server's own parser then leaves it be).
app.use(express.json({ limit: '50mb' }));
app.use(editorProxyGuard({ origin: new URL(origin).origin, port, branch }));
await registerLocalGit(app, { logLevel: process.env.EDITOR_PROXY_LOG_LEVEL ?? 'warn' });
const server = app.listen(port, '127.0.0.1', () => {
  console.log(
    `editor proxy: listening on http://127.0.0.1:${port}/api/v1 for ${origin}, worktree ${process.env.GIT_REPO_DIRECTORY}`,
  );
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
