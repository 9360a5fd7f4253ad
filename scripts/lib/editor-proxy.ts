// Starts the browser editor's local proxy (scripts/editor-proxy.ts) for one local stack: in a git
// worktree of its own (`.editor/<site port>/`, on the branch `cms-base/<site port>`, reset to the
// repository's HEAD at every start), bound to loopback, answering only the stack's own origin.
// Saves become branches `cms/products/<slug>` of the repository, which the checkout's git sees
// (worktrees share refs); the checked-out branch and the working tree are never touched, and
// publishing merges into `cms-base/<port>` only. The build, the validator and the linters ignore
// `.editor/` (.gitignore, eslint.config.js). At stop the worktree goes, and its branch too unless
// something was published into it.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './stack.ts';
import { localEditorBranch } from '../../src/outputs/editor-names.ts';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../editor-proxy.ts');
/** Where the worktrees live, in the repository's top folder. */
export const EDITOR_WORKTREES = '.editor';

export interface EditorProxy {
  /** Decap's `local_backend.url`: http://localhost:<port>/api/v1. */
  url: string;
  port: number;
  /** The worktree's base branch. */
  branch: string;
  worktree: string;
  process: ChildProcess;
  /** What the proxy printed (its errors, for a failing test). */
  output(): string;
  stop(): Promise<void>;
}

export interface EditorProxyOptions {
  /** The repository's top folder (the checkout, or a test's scratch repository). */
  repoDir: string;
  /** The stack's own origin (http://localhost:8888). */
  origin: string;
  port?: number;
  echo?: boolean;
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-C', cwd, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** A commit identity for the proxy's commits when the repository has none configured. */
function identity(repoDir: string): Record<string, string> {
  try {
    if (git(repoDir, 'config', 'user.email') && git(repoDir, 'config', 'user.name')) return {};
  } catch {}
  const name = 'Little Hands Catalog editor (local)';
  const email = 'editor@catalog.invalid';
  return { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email };
}

/** The editor's worktree for the stack at `origin`, made afresh on its branch at the repository's HEAD. */
export function freshWorktree(repoDir: string, origin: string): { worktree: string; branch: string } {
  const branch = localEditorBranch(origin);
  const worktree = path.join(repoDir, EDITOR_WORKTREES, branch.slice(branch.indexOf('/') + 1));
  if (existsSync(worktree)) {
    try {
      git(repoDir, 'worktree', 'remove', '--force', worktree);
    } catch {
      rmSync(worktree, { recursive: true, force: true });
    }
  }
  git(repoDir, 'worktree', 'prune');
  mkdirSync(path.dirname(worktree), { recursive: true });
  git(repoDir, 'worktree', 'add', '--force', '-B', branch, worktree, 'HEAD');
  return { worktree, branch };
}

export async function startEditorProxy(opts: EditorProxyOptions): Promise<EditorProxy> {
  const port = opts.port ?? (await freePort());
  const { worktree, branch } = freshWorktree(opts.repoDir, opts.origin);
  const started = git(opts.repoDir, 'rev-parse', branch);
  const child = spawn(process.execPath, [SCRIPT], {
    env: {
      ...process.env,
      ...identity(opts.repoDir),
      PORT: String(port),
      GIT_REPO_DIRECTORY: worktree,
      EDITOR_ORIGIN: opts.origin,
      EDITOR_BRANCH: branch,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
    if (opts.echo) process.stdout.write(chunk);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        try {
          git(opts.repoDir, 'worktree', 'remove', '--force', worktree);
          // The base branch stays only when something was published into it (to be looked at).
          if (git(opts.repoDir, 'rev-parse', branch) === started) git(opts.repoDir, 'branch', '-D', branch);
        } catch {}
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The editor proxy exited with ${child.exitCode}:\n${log}`);
    if (/listening on/.test(log)) {
      const url = `http://localhost:${port}/api/v1`;
      return { url, port, branch, worktree, process: child, output: () => log, stop };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`The editor proxy did not start in time:\n${log}`);
}
