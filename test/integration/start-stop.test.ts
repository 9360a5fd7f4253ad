// HEAVY (starts the local stack twice, as `npm run dev`, which skips the production build): stopping
// the README's command stops everything it started. A SIGTERM sent to npm reaches the start script
// (which npm runs with `exec`) and ends the whole stack; if npm is killed outright, the start
// script notices it lost its parent and stops the stack too. Either way the port is free for the
// next start. (`npm start` runs the same script and stops the same way; it is started here only
// with a broken catalog, which its build refuses at once: a full build would only slow this test.)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/stack.ts';
import { stackFolder, stacksDir } from '../../scripts/lib/stack-folder.ts';
import { productFile } from '../support/products.ts';
import { contentRepository } from '../support/scratch-repo.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Where the stacks' proposals and browser editor write: never the checkout's own git. */
const proposals = contentRepository();
afterAll(() => proposals.remove());

/** `npm run dev` on `port`; resolves once it prints that it is running. */
function startDev(port: number): Promise<{ npm: ChildProcess; log: () => string }> {
  const npm = spawn('npm', ['run', 'dev'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), SITE_URL: '', PROPOSALS_REPO_DIR: proposals.dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  npm.stdout!.on('data', (c: Buffer) => (log += c.toString()));
  npm.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (/running at http:\/\/localhost:\d+/.test(log)) {
        clearInterval(timer);
        resolve({ npm, log: () => log });
      } else if (npm.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`npm run dev exited early:\n${log}`));
      }
    }, 250);
  });
}

/** Processes whose command line names this port (netlify dev and what it started). */
function processesOnPort(port: number): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (cmd.includes(`--port ${port}`)) found.push(`${pid} ${cmd.slice(0, 120)}`);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

async function gone(port: number, ms = 30_000): Promise<{ processes: string[]; open: boolean }> {
  const until = Date.now() + ms;
  for (;;) {
    const processes = processesOnPort(port);
    const open = await portOpen(port);
    if ((!processes.length && !open) || Date.now() > until) return { processes, open };
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('stopping the local stack', () => {
  it.each(['SIGTERM', 'SIGKILL'] as const)(
    'a %s to npm stops every process it started and frees the port',
    async (signal) => {
      const port = await freePort();
      const { npm, log } = await startDev(port);
      expect(await portOpen(port)).toBe(true);
      expect(processesOnPort(port).length).toBeGreaterThan(0);
      npm.kill(signal);
      expect(await gone(port), log().slice(-2000)).toEqual({ processes: [], open: false });
      // npm start's log of this dev server (scripts/lib/start-report.ts).
      rmSync(path.join(stacksDir(ROOT), `dev-${port}.log`), { force: true });
    },
    180_000,
  );
});

describe('npm start when the build fails', () => {
  it("ends with the validator's message (the file, the field, the fix), not netlify's configuration dump", async () => {
    const content = mkdtempSync(path.join(tmpdir(), 'start-broken-'));
    const port = await freePort();
    let npm: ReturnType<typeof spawn> | undefined;
    try {
      writeFileSync(path.join(content, 'broken-kit.md'), productFile({ slug: 'broken-kit', price: -5 }));
      npm = spawn('npm', ['start'], {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          SITE_URL: '',
          CATALOG_CONTENT_DIR: content,
          PROPOSALS_REPO_DIR: proposals.dir,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let log = '';
      npm.stdout!.on('data', (c: Buffer) => (log += c.toString()));
      npm.stderr!.on('data', (c: Buffer) => (log += c.toString()));
      // Bounded below the test's own timeout, so that `finally` stops a stack that started after all.
      const code = await Promise.race([
        new Promise<number | null>((resolve) => npm!.once('exit', resolve)),
        new Promise<string>((resolve) => setTimeout(() => resolve('still running after 200 s'), 200_000)),
      ]);
      expect(code, log.slice(-3000)).toBe(1);
      const tail = log.trimEnd().split('\n').slice(-8).join('\n');
      expect(tail, log.slice(-3000)).toMatch(/broken-kit\.md/);
      expect(tail).toMatch(/price/);
      expect(tail).toMatch(/Fix:|fix/i);
      expect(await gone(port)).toEqual({ processes: [], open: false });
    } finally {
      // A stack that started after all (the failure this test is for) is stopped, not left running.
      if (npm && npm.exitCode === null && npm.signalCode === null) {
        npm.kill('SIGTERM');
        await gone(port);
      }
      rmSync(stackFolder(ROOT, `port-${port}`), { recursive: true, force: true });
      rmSync(content, { recursive: true, force: true });
    }
  }, 240_000);
});
