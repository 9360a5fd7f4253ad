// HEAVY (`npm start` with its production build of the five-product fixture catalog, then a start
// whose build fails on a product file): what `npm start` prints fits on one screen. Before its summary, at most 25
// rows at 80 columns: npm's two lines, one progress line per build step, no `Error:` line; the
// build's output goes to a log file whose path it prints. The summary names the site, the editor
// and the MCP endpoint with their addresses, and a request prints nothing more. A build that fails
// still shows its error (the validator's: the file, the field, the fix) and the log's path, and npm
// start exits non-zero. Ctrl+C (SIGTERM) stops everything the stack started.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/stack.ts';
import { stackFolder } from '../../scripts/lib/stack-folder.ts';
import { FIXTURE_CATALOG } from '../support/build-site.ts';
import { productFile } from '../support/products.ts';
import { contentRepository } from '../support/scratch-repo.ts';
import { gone, processesOnPort } from '../support/stack-gone.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Where the stack's proposals and browser editor write: never the checkout's own git. */
const proposals = contentRepository();
const folders: string[] = [];
afterAll(() => {
  proposals.remove();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

/** Display rows of `text` on a terminal `columns` wide: a line longer than the width wraps. */
const displayRows = (text: string, columns = 80): number =>
  stripVTControlCharacters(text)
    .replace(/\n$/, '')
    .split('\n')
    .reduce((n, line) => n + Math.max(1, Math.ceil([...line].length / columns)), 0);

function npmStart(port: number, env: Record<string, string> = {}) {
  folders.push(stackFolder(ROOT, `port-${port}`));
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      SITE_URL: '',
      HOST: '',
      START_VERBOSE: '',
      CATALOG_CONTENT_DIR: FIXTURE_CATALOG,
      PROPOSALS_REPO_DIR: proposals.dir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  npm.stdout!.on('data', (c: Buffer) => (log += c.toString()));
  npm.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  const exited = new Promise<number | null>((resolve) => npm.once('exit', resolve));
  return { npm, log: () => log, exited };
}

const until = async (what: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!what() && Date.now() < end) await new Promise((r) => setTimeout(r, 250));
};

describe('npm start on one screen', () => {
  it('prints at most 25 rows before its summary, the log’s path, and nothing per request', async () => {
    const port = await freePort();
    const start = npmStart(port);
    try {
      await until(() => /running at http:\/\/localhost:\d+/.test(start.log()) || start.npm.exitCode !== null, 540_000);
      await until(() => /Press Ctrl\+C to stop\./.test(start.log()), 5_000);
      const out = stripVTControlCharacters(start.log());
      const at = out.indexOf(`Catalog running at http://localhost:${port}`);
      expect(at, out.slice(-3000)).toBeGreaterThan(-1);
      const before = out.slice(0, out.lastIndexOf('\n', at) + 1);
      const summary = out.slice(at);

      expect(displayRows(before), before).toBeLessThanOrEqual(25);
      // A progress line per build step: the build's own output is not on the screen.
      expect(before).toMatch(/\[\d+:\d\d\] build\.command from netlify\.toml…/);
      expect(before).not.toMatch(/Netlify Build Complete|\[build\] /);
      expect(out).not.toMatch(/Error:/);

      const site = `http://localhost:${port}`;
      expect(summary).toMatch(new RegExp(`Site\\s+${site}\\n`));
      expect(summary).toMatch(new RegExp(`Editor\\s+${site}/admin\\n`));
      expect(summary).toMatch(new RegExp(`MCP\\s+${site}/api/mcp\\s`));
      const logFile = /Log of the build and every request: (\S+)/.exec(summary)?.[1];
      expect(logFile).toBeTruthy();
      expect(readFileSync(logFile!, 'utf8')).toMatch(/build\.command from netlify\.toml[\s\S]*\[build\] /);

      // Requests, pages and functions alike, print nothing more; the log has them.
      const printed = start.log().length;
      for (const p of ['/', '/api/health', '/products', '/llms.txt'])
        expect((await fetch(`${site}${p}`)).ok).toBe(true);
      // The admin side runs on npm start's defaults (netlify serve runs as production, on a plain-http
      // loopback address): an MCP call without a token is a 401, not a 503 naming a setting.
      const mcp = await fetch(`${site}/api/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: '{}',
      });
      expect([mcp.status, ((await mcp.json()) as { error: { code: string } }).error.code]).toEqual([
        401,
        'unauthorized',
      ]);
      await new Promise((r) => setTimeout(r, 2000));
      expect(start.log().slice(printed)).toBe('');
      expect(readFileSync(logFile!, 'utf8')).toContain('/api/health');

      // Ctrl+C (a SIGTERM to npm, which passes it on to the start script) stops every process the
      // stack started and frees the port.
      expect(processesOnPort(port).length).toBeGreaterThan(0);
      start.npm.kill('SIGTERM');
      await start.exited;
      expect(await gone(port)).toEqual({ processes: [], open: false });
    } finally {
      start.npm.kill('SIGTERM');
      await start.exited;
    }
  }, 600_000);

  it('a build that fails shows the validator’s message (the file, the field, the fix) and the log’s path, and exits non-zero', async () => {
    const content = mkdtempSync(path.join(tmpdir(), 'start-broken-'));
    folders.push(content);
    writeFileSync(path.join(content, 'broken-kit.md'), productFile({ slug: 'broken-kit', price: -5 }));
    const port = await freePort();
    const start = npmStart(port, { CATALOG_CONTENT_DIR: content });
    try {
      // Bounded below the test's own timeout, so that `finally` stops a stack that started after all.
      const code = await Promise.race([
        start.exited,
        new Promise<string>((r) => setTimeout(() => r('still running'), 200_000)),
      ]);
      const out = stripVTControlCharacters(start.log());
      expect(code, out.slice(-3000)).toBe(1);
      expect(out).toMatch(/✖ npm start failed after \d+:\d\d, in "build\.command from netlify\.toml"/);
      const shown = out.slice(0, out.indexOf('The whole log:'));
      const tail = shown.trimEnd().split('\n').slice(-8).join('\n');
      expect(tail, out.slice(-3000)).toMatch(/broken-kit\.md/);
      expect(tail).toMatch(/price/);
      expect(tail).toMatch(/Fix:|fix/i);
      const logFile = /The whole log: (\S+)/.exec(out)?.[1];
      expect(logFile).toBeTruthy();
      expect(readFileSync(logFile!, 'utf8')).toContain('broken-kit.md');
      // netlify-cli's dump of its resolved configuration stays in the log.
      expect(out).not.toContain('Resolved config');
      expect(displayRows(shown)).toBeLessThanOrEqual(40);
      expect(await gone(port)).toEqual({ processes: [], open: false });
    } finally {
      // A stack that started after all (the failure this test is for) is stopped, not left running.
      if (start.npm.exitCode === null && start.npm.signalCode === null) {
        start.npm.kill('SIGTERM');
        await gone(port);
      }
    }
  }, 240_000);
});
