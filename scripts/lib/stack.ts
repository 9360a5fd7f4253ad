// Starts the production-like local stack (netlify-cli `serve --offline`: build, static files,
// header and redirect rules, edge and serverless functions) and waits until it answers. Each stack
// runs in a folder of its own (./stack-folder.ts) on ports of its own, and builds when no other
// stack of the checkout is building (./start-slot.ts), so stacks run side by side.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareStackFolder, stackFolder, stacksDir, stackSite } from './stack-folder.ts';
import { takeStartSlot } from './start-slot.ts';
import { rebuilder, type Rebuilder } from './stack-rebuild.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A free TCP port on loopback, for a server started later (a stack's ports are chosen before
 * netlify-cli binds them, sometimes after other servers have started). It is drawn at random from
 * below the kernel's ephemeral range, which `listen(0)` and outgoing connections take from: a port
 * taken from inside that range could be handed to one of them in between (CI once lost a stack's
 * port to another loopback server that way).
 */
export async function freePort(): Promise<number> {
  const [low, high] = portRange();
  for (let tries = 0; tries < 50; tries++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await canListen(port)) return port;
  }
  throw new Error(`No free port found between ${low} and ${high} after 50 tries.`);
}

/** The ports below the kernel's ephemeral range (Linux: /proc/sys/net/ipv4/ip_local_port_range). */
function portRange(): [number, number] {
  let start = 32768;
  try {
    start = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || start;
  } catch {}
  const high = Math.max(start, 11_000);
  return [Math.max(high - 12_000, 10_000), high];
}

/** Whether a port is free on loopback and on every address (netlify-cli checks both). */
async function canListen(port: number): Promise<boolean> {
  for (const host of ['127.0.0.1', '0.0.0.0']) {
    const ok = await new Promise<boolean>((resolve) => {
      const srv = createServer();
      srv.unref();
      srv.once('error', () => resolve(false));
      srv.listen(port, host, () => srv.close(() => resolve(true)));
    });
    if (!ok) return false;
  }
  return true;
}

const PRELOADS = [
  'local-static-mime.cjs',
  'local-loopback.cjs',
  'local-malformed-paths.cjs',
  'local-function-answers.cjs',
  'local-warm-functions.cjs',
  'local-cdn.cjs',
].map((f) => path.join(ROOT, 'scripts/lib', f));

/**
 * Node's compile cache (V8's code for each module, kept on disk and checked against the module's
 * text): a process that loads modules an earlier one loaded starts faster. Measured 2026-12-07
 * (1.2×, load 1): a five-product build 3.75 → 3.17 s and 5.5 → 4.7 CPU s; a script's start 0.44 →
 * 0.25 s. Node 24 (the project's) reads it; Node 20 ignores it. In the system's temporary folder, as
 * Node's documents advise, so stale entries go with it.
 */
export const compileCache = () =>
  process.env.NODE_COMPILE_CACHE || path.join(tmpdir(), 'little-hands-catalog-node-compile-cache');

/**
 * The environment netlify-cli needs to run offline, its own settings and caches kept inside the
 * project (a stack's state is in its folder: ./stack-folder.ts).
 */
export function netlifyEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const bin = path.join(ROOT, 'node_modules/.bin');
  return {
    ...process.env,
    PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
    BROWSER: 'none',
    NETLIFY_TELEMETRY_DISABLED: '1',
    XDG_CONFIG_HOME: path.join(ROOT, '.config'),
    XDG_CACHE_HOME: path.join(ROOT, '.cache'),
    // Every node process of a stack, a build, `npm test` and its checks (compileCache above).
    NODE_COMPILE_CACHE: compileCache(),
    // Local only, each read by the netlify-cli process alone: local-static-mime.cjs (extension-less
    // JSON files typed as JSON), local-loopback.cjs (its servers on loopback, the site on HOST),
    // local-malformed-paths.cjs (a path that does not decode is answered, not fatal),
    // local-function-answers.cjs (a function's 403 or 404 is not asked again as `.html` and the like),
    // local-warm-functions.cjs (a function's worker answers the requests after its first),
    // local-cdn.cjs (a static file's Cache-Control rule of `_headers` wins; text is compressed by
    // Accept-Encoding, as Netlify's CDN does).
    NODE_OPTIONS: [
      process.env.NODE_OPTIONS,
      ...PRELOADS.filter((f) => !process.env.NODE_OPTIONS?.includes(f)).map((f) => `--require=${f}`),
    ]
      .filter(Boolean)
      .join(' '),
    // Netlify's edge bootstrap, with its Deno server on loopback (edge-bootstrap-loopback.mjs).
    NETLIFY_EDGE_BOOTSTRAP: `file://${path.join(ROOT, 'scripts/lib/edge-bootstrap-loopback.mjs')}`,
    ...extra,
  };
}

export interface Stack {
  url: string;
  port: number;
  process: ChildProcess;
  /** `netlify serve` only: the stack's own folder (./stack-folder.ts) and the site its build published. */
  folder?: string;
  site?: string;
  /** `netlify serve` only: rebuilds the running site in place (after a local publish). */
  rebuilder?: Rebuilder;
  /** The last megabyte the stack printed (netlify's log and the functions' console). */
  output(): string;
  stop(): Promise<void>;
}

export interface StackOptions {
  port?: number;
  /** Extra environment for the build and the functions. */
  env?: Record<string, string>;
  /** `dev` runs `netlify dev` (reloads on change) instead of `netlify serve`. */
  mode?: 'serve' | 'dev';
  /**
   * `netlify serve` only: the name of the stack's folder (default `port-<port>`); a stack started
   * again under the same name finds its last build there and starts warm.
   */
  folder?: string;
  /** Remove the stack's folder when it stops (throwaway stacks of tests). */
  removeFolder?: boolean;
  /** The address the site's port listens on (default 127.0.0.1; `0.0.0.0` or `::` for the network). */
  host?: string;
  /** Each chunk the stack prints (npm start's report, ./start-report.ts; tests keep the last 20 kB for failures). */
  output?: (chunk: string) => void;
  /** The stack's own status lines: waiting for another stack's build (default: into `output`). */
  status?: (line: string) => void;
  timeoutMs?: number;
}

/**
 * How much of the stack's output is kept (its last characters), for tests reading what a function
 * logged: 20 kB let a watcher's lines scroll away under an editor's hundreds of requests.
 */
const LOG_KEPT = 1_000_000;

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const port = opts.port ?? (await freePort());
  const url = `http://localhost:${port}`;
  const timeoutMs = opts.timeoutMs ?? 240_000;
  const serve = opts.mode !== 'dev';
  let log = '';
  const keep = (chunk: Buffer | string) => {
    const s = chunk.toString();
    log = (log + s).slice(-LOG_KEPT);
    opts.output?.(s);
  };
  const say = (line: string) => {
    if (!opts.status) return keep(`${line}\n`);
    log = (log + `${line}\n`).slice(-LOG_KEPT);
    opts.status(line);
  };
  // netlify-cli's default ports are fixed (its static server's is 3999): every port is chosen here.
  const args = [
    serve ? 'serve' : 'dev',
    '--offline',
    '--port',
    String(port),
    '--functions-port',
    String(await freePort()),
  ];
  const env: Record<string, string> = { SITE_URL: url, HOST: opts.host ?? '127.0.0.1', ...opts.env };
  let folder: string | undefined;
  let release = () => {};
  if (serve) {
    args.push('--staticServerPort', String(await freePort()));
    release = await takeStartSlot(stacksDir(ROOT), port, say, timeoutMs);
    folder = stackFolder(ROOT, opts.folder ?? `port-${port}`);
    try {
      Object.assign(env, prepareStackFolder(ROOT, folder), opts.env);
    } catch (err) {
      release();
      throw err;
    }
  } else {
    // netlify dev would start Astro through the framework's detected command, `npm run dev`,
    // which is this very script: it is told to run Astro's dev server itself. `--ignore-lock`: this
    // script owns the server's life, so a lock file left by a killed run (.astro/dev.json, whose
    // pid may since belong to another process) must not stop it from starting. It runs in the
    // checkout itself (no build; it serves the files as they are edited).
    const astroPort = await freePort();
    args.push('--no-open', '--framework', '#custom', '--command', `astro dev --port ${astroPort} --ignore-lock`);
    args.push('--target-port', String(astroPort));
  }
  const child = spawn(path.join(ROOT, 'node_modules/.bin/netlify'), args, {
    cwd: folder ?? ROOT,
    env: netlifyEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // Decoded per stream, so a character split between two chunks (netlify-cli's box drawing) stays whole.
  for (const stream of [child.stdout!, child.stderr!]) stream.setEncoding('utf8').on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    release();
    // The whole process group: netlify-cli and what it started (Deno, esbuild), even if it is gone.
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {}
    if (child.exitCode === null && child.signalCode === null) {
      const kill = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {}
      }, 5000);
      kill.unref();
      await exited;
      clearTimeout(kill);
    }
    if (opts.removeFolder && folder) rmSync(folder, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`netlify ${args[0]} exited with ${child.exitCode ?? child.signalCode}:\n${log.slice(-20_000)}`);
      try {
        const res = await fetch(`${url}/api/health`);
        if (res.ok && /Local dev server ready|Server now ready/i.test(log)) {
          release();
          return {
            url,
            port,
            process: child,
            folder,
            site: folder && stackSite(ROOT, folder),
            rebuilder:
              folder === undefined
                ? undefined
                : rebuilder({
                    root: ROOT,
                    site: stackSite(ROOT, folder),
                    port,
                    env: netlifyEnv(env),
                    log: (line) => keep(`${line}\n`),
                  }),
            output: () => log,
            stop,
          };
        }
      } catch {}
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`The local stack did not answer on ${url} in time:\n${log.slice(-20_000)}`);
  } catch (err) {
    await stop();
    throw err;
  }
}
