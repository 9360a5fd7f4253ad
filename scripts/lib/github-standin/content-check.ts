// The GitHub stand-in's real required check: the content checks of `npm run test:content` (the
// validator, then the production build with its post-build proof: scripts/lib/content-steps.ts)
// on one commit's content. The commit's content/ folder is checked out (git read-tree and
// checkout-index into a temporary index and folder, never the repository's working tree) beside
// links to the checkout's code; the validator runs there, the build runs in the checkout with
// that content (CATALOG_CONTENT_DIR, CATALOG_IMAGES_DIR) into a temporary output folder. The build
// cache is kept between checks (warm builds, as on Netlify); each check's output is kept in
// `<checks folder>/<sha>.log`.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSteps, validateStep } from '../content-steps.ts';
import { netlifyEnv, ROOT } from '../stack.ts';
import type { Step } from '../steps.ts';
import { CANCELLED } from './checks.ts';
import { openGit, SHA } from './git.ts';

/** What the content checks need of the checkout besides its content: links to them, never copies. */
const CODE = ['package.json', 'scripts', 'src', 'node_modules'];

export interface ContentCheckOptions {
  /** The repository the stand-in serves. */
  repoDir: string;
  /** The checkout whose code checks the content (this one unless given). */
  root?: string;
  /** Where the build cache and the logs live (a folder per repository in the system's temporary folder unless given). */
  folder?: string;
  /** One line per check: which commit, passed or failed, where its log is. */
  report?: (line: string) => void;
}

/** The folder of a repository's content checks: its build cache and logs. */
export const checksFolder = (repoDir: string) =>
  path.join(
    tmpdir(),
    `little-hands-catalog-checks-${createHash('sha1').update(path.resolve(repoDir)).digest('hex').slice(0, 10)}`,
  );

/** The steps running now (each in its own process group, so ending it ends npm and what it started). */
const running = new Set<ChildProcess>();

const end = (child: ChildProcess) => {
  if (child.pid !== undefined)
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already ended.
    }
};

function runStep(
  step: Step,
  cwd: string,
  env: NodeJS.ProcessEnv,
  log: NodeJS.WritableStream,
  signal: AbortSignal,
): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  log.write(`\n▶ ${step.name}: ${step.cmd} ${step.args.join(' ')} (in ${cwd})\n`);
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.add(child);
    const cancel = () => {
      log.write(`${CANCELLED}\n`);
      end(child);
    };
    signal.addEventListener('abort', cancel, { once: true });
    child.on('exit', () => {
      running.delete(child);
      signal.removeEventListener('abort', cancel);
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('error', (err) => {
      log.write(`${step.cmd} could not start: ${err.message}\n`);
      resolve(false);
    });
    child.on('close', (code) => {
      log.write(`◀ ${step.name}: exit ${code}\n`);
      resolve(code === 0);
    });
  });
}

export interface ContentCheck {
  (sha: string, signal?: AbortSignal): Promise<boolean>;
  /** Ends the steps running now (their checks fail); for the stand-in's stop. */
  stop(): void;
}

/** The check `startGithubStandin` takes: true when the commit's content passes the content checks. */
export function contentCheck(opts: ContentCheckOptions): ContentCheck {
  const root = opts.root ?? ROOT;
  const folder = opts.folder ?? checksFolder(opts.repoDir);
  const report = opts.report ?? ((line: string) => console.log(line));
  const git = openGit(opts.repoDir);
  const check = async (sha: string, signal = new AbortController().signal) => {
    if (!SHA.test(sha)) throw new Error(`contentCheck: ${sha} is not a commit id.`);
    mkdirSync(path.join(folder, 'logs'), { recursive: true });
    const logFile = path.join(folder, 'logs', `${sha}.log`);
    const log = createWriteStream(logFile);
    const work = await mkdtemp(path.join(tmpdir(), 'catalog-content-check-'));
    const started = Date.now();
    let passed = false;
    try {
      const g = await git;
      const tree = path.join(work, 'tree');
      const content = path.join(tree, 'content');
      mkdirSync(content, { recursive: true });
      const env = { GIT_INDEX_FILE: path.join(work, 'index') };
      const read = await g.run(['read-tree', `${sha}:content`], { env, ok: [128] });
      if (read.code !== 0) {
        log.write(`${sha} has no content/ folder.\n`);
        return false;
      }
      await g.run([`--work-tree=${content}`, 'checkout-index', '-a', '-f'], { env });
      for (const name of CODE) symlinkSync(path.join(root, name), path.join(tree, name));
      const base = netlifyEnv();
      passed = await runStep(validateStep(), tree, base, log, signal);
      const buildEnv = {
        ...base,
        CATALOG_CONTENT_DIR: path.join(content, 'products'),
        CATALOG_IMAGES_DIR: path.join(content, 'images/products'),
        ASTRO_CACHE_DIR: path.join(folder, 'build-cache'),
        ADMIN_CATALOG_OUT: path.join(work, 'admin-catalog'),
      };
      for (const step of buildSteps(path.join(work, 'dist')))
        passed = passed && (await runStep(step, root, buildEnv, log, signal));
      return passed;
    } finally {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      report(
        `content checks of ${sha.slice(0, 12)}: ${signal.aborted ? 'cancelled' : passed ? 'passed' : 'failed'} in ${seconds} s (log: ${logFile})`,
      );
      await new Promise<void>((resolve) => log.end(() => resolve()));
      await rm(work, { recursive: true, force: true });
    }
  };
  return Object.assign(check, {
    stop() {
      for (const child of running) end(child);
    },
  });
}
