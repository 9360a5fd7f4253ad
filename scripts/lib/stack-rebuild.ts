// Rebuilds a running local stack's site in place, as a deploy does on Netlify after a merge: the
// same build command its netlify.toml runs, with the same environment, into the stack's own dist/
// (the build stages its output and swaps it in only once its proof passed, so the stack serves the
// old site until the new one is whole). netlify-cli's static server reads files per request, so the
// stack serves the new pages at once. Rebuilds asked for while one runs are folded into one more.
// The functions keep the admin catalog bundled at start (netlify serve bundles them once).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { takeStartSlot } from './start-slot.ts';
import { stacksDir } from './stack-folder.ts';

export interface RebuildOptions {
  root: string;
  /** The stack's folder and its published site (dist/). */
  site: string;
  port: number;
  /** The environment the stack's build ran with (netlifyEnv's, with the folder's build variables). */
  env: NodeJS.ProcessEnv;
  /** Where each line of the build goes (the stack's log). */
  log: (line: string) => void;
}

export interface RebuildResult {
  ok: boolean;
  ms: number;
}

export interface Rebuilder {
  /** Asks for a rebuild; resolves when a build that started after the ask has ended. */
  rebuild(): Promise<RebuildResult>;
  /** Runs `fn` at the start of every rebuild, before the build reads anything (the site's content). */
  beforeEach(fn: () => void): void;
}

export function rebuilder(opts: RebuildOptions): Rebuilder {
  let running: Promise<RebuildResult> | undefined;
  let queued: Promise<RebuildResult> | undefined;
  let prepare: (() => void) | undefined;

  const once = async (): Promise<RebuildResult> => {
    const release = await takeStartSlot(stacksDir(opts.root), opts.port, opts.log, 600_000);
    const started = Date.now();
    try {
      prepare?.();
      const code = await new Promise<number>((resolve) => {
        const child = spawn('npm', ['run', 'build', '--', '--outDir', opts.site], {
          cwd: opts.root,
          env: opts.env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const forward = (chunk: Buffer) => {
          for (const line of chunk.toString().split('\n')) if (line) opts.log(`[rebuild] ${line}`);
        };
        child.stdout.on('data', forward);
        child.stderr.on('data', forward);
        child.on('error', () => resolve(1));
        child.on('exit', (c) => resolve(c ?? 1));
      });
      const result = { ok: code === 0, ms: Date.now() - started };
      opts.log(
        `[rebuild] ${result.ok ? 'published' : 'failed'} in ${(result.ms / 1000).toFixed(1)} s (${path.basename(opts.site)})`,
      );
      return result;
    } finally {
      release();
    }
  };

  const rebuild = (): Promise<RebuildResult> => {
    if (!running) {
      running = once().finally(() => (running = undefined));
      return running;
    }
    // One is running: the next one starts when it ends, and serves every ask made meanwhile.
    queued ??= running.then(() => {
      queued = undefined;
      return rebuild();
    });
    return queued;
  };
  return { rebuild, beforeEach: (fn) => (prepare = fn) };
}
