// `npm start` as a developer types it, for the tests of what it prints and how it stops: on the
// test's port, with the five-product fixture catalog, printing nothing per request (START_VERBOSE
// empty). Its output is kept; `running` and `exited` say when it runs and when npm ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { FIXTURE_CATALOG, ROOT } from './build-site.ts';

export interface NpmStart {
  port: number;
  npm: ChildProcess;
  /** What it printed so far (stdout and stderr). */
  log(): string;
  /** Resolves once it says it is running; rejects when npm ends first. */
  running: Promise<void>;
  /** npm's exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/** `npm start` on `port`; `env` adds to the process's environment (PROPOSALS_REPO_DIR, at least). */
export function npmStart(port: number, env: Record<string, string>): NpmStart {
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      SITE_URL: '',
      HOST: '',
      START_VERBOSE: '',
      CATALOG_CONTENT_DIR: FIXTURE_CATALOG,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  npm.stdout!.on('data', (c: Buffer) => (log += c.toString()));
  npm.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  const exited = new Promise<number | null>((resolve) => npm.once('exit', resolve));
  const running = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (log.includes(`running at http://localhost:${port}`)) {
        clearInterval(timer);
        resolve();
      } else if (npm.exitCode !== null || npm.signalCode !== null) {
        clearInterval(timer);
        reject(new Error(`npm start on ${port} exited early:\n${log.slice(-3000)}`));
      }
    }, 250);
  });
  // A start that is meant to fail is awaited through `exited` only.
  running.catch(() => {});
  return { port, npm, log: () => log, running, exited };
}

/** Whether npm has ended (by itself or by a signal). */
export const ended = (s: NpmStart) => s.npm.exitCode !== null || s.npm.signalCode !== null;

/** Display rows of `text` on a terminal `columns` wide: a line longer than the width wraps. */
export const displayRows = (text: string, columns = 80): number =>
  stripVTControlCharacters(text)
    .replace(/\n$/, '')
    .split('\n')
    .reduce((n, line) => n + Math.max(1, Math.ceil([...line].length / columns)), 0);
