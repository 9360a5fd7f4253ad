// Starts the production-like local stack (netlify-cli `serve --offline`: build, static files,
// header and redirect rules, edge and serverless functions) and waits until it answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The environment netlify-cli needs to run offline with its state kept inside the project. */
export function netlifyEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const bin = path.join(ROOT, 'node_modules/.bin');
  return {
    ...process.env,
    PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
    BROWSER: 'none',
    NETLIFY_TELEMETRY_DISABLED: '1',
    XDG_CONFIG_HOME: path.join(ROOT, '.config'),
    XDG_CACHE_HOME: path.join(ROOT, '.cache'),
    // Local only: see local-static-mime.cjs (extension-less JSON files typed as JSON).
    NODE_OPTIONS: [process.env.NODE_OPTIONS, `--require=${path.join(ROOT, 'scripts/lib/local-static-mime.cjs')}`]
      .filter(Boolean)
      .join(' '),
    NETLIFY_EDGE_BOOTSTRAP: `file://${path.join(ROOT, 'node_modules/@netlify/edge-functions-dev/dist/deno/bootstrap.mjs')}`,
    ...extra,
  };
}

export interface Stack {
  url: string;
  port: number;
  process: ChildProcess;
  /** The last 20 kB the stack printed (netlify's log and the functions' console). */
  output(): string;
  stop(): Promise<void>;
}

export interface StackOptions {
  port?: number;
  /** Extra environment for the build and the functions. */
  env?: Record<string, string>;
  /** `dev` runs `netlify dev` (reloads on change) instead of `netlify serve`. */
  mode?: 'serve' | 'dev';
  /** Echo the stack's output (npm start does; tests keep it for failures). */
  echo?: boolean;
  timeoutMs?: number;
}

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const port = opts.port ?? (await freePort());
  const url = `http://localhost:${port}`;
  const functionsPort = await freePort();
  const args = [opts.mode ?? 'serve', '--offline', '--port', String(port), '--functions-port', String(functionsPort)];
  if (opts.mode === 'dev') {
    // netlify dev would start Astro through the framework's detected command, `npm run dev`,
    // which is this very script: it is told to run Astro's dev server itself. `--ignore-lock`: this
    // script owns the server's life, so a lock file left by a killed run (.astro/dev.json, whose
    // pid may since belong to another process) must not stop it from starting.
    const astroPort = await freePort();
    args.push('--no-open', '--framework', '#custom', '--command', `astro dev --port ${astroPort} --ignore-lock`);
    args.push('--target-port', String(astroPort));
  }
  const child = spawn(path.join(ROOT, 'node_modules/.bin/netlify'), args, {
    cwd: ROOT,
    env: netlifyEnv({ SITE_URL: url, ...opts.env }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    const s = chunk.toString();
    log = (log + s).slice(-20_000);
    if (opts.echo) process.stdout.write(s);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        resolve();
      }
      setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {}
      }, 5000).unref();
    });
  const deadline = Date.now() + (opts.timeoutMs ?? 240_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`netlify ${args[0]} exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok && /Local dev server ready|Server now ready/i.test(log))
        return { url, port, process: child, output: () => log, stop };
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`The local stack did not answer on ${url} in time:\n${log}`);
}
