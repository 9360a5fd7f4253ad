// HEAVY (starts the local stack once, as `npm run dev`, which skips the production build): if npm is
// killed outright, the start script notices it lost its parent and stops the whole stack, so the
// port is free for the next start. (A SIGTERM, which npm passes on, is start-output.test.ts's last
// step with `npm start`, which runs the same script; so is a build that fails.)
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/stack.ts';
import { stacksDir } from '../../scripts/lib/stack-folder.ts';
import { gone, portOpen, processesOnPort } from '../support/stack-gone.ts';
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

describe('stopping the local stack', () => {
  it('npm killed outright (SIGKILL): the start script notices, stops every process it started and frees the port', async () => {
    const port = await freePort();
    const { npm, log } = await startDev(port);
    expect(await portOpen(port)).toBe(true);
    expect(processesOnPort(port).length).toBeGreaterThan(0);
    npm.kill('SIGKILL');
    expect(await gone(port), log().slice(-2000)).toEqual({ processes: [], open: false });
    // npm start's log of this dev server (scripts/lib/start-report.ts).
    rmSync(path.join(stacksDir(ROOT), `dev-${port}.log`), { force: true });
  }, 180_000);
});
