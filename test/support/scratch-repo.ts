// A throw-away git repository for a test: made in the system's temporary folder, on branch `main`,
// seeded (folders copied, files written) and committed with a fixed test identity, so that nothing
// a test or a stack under test writes ever lands in the checkout's own git.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Who commits the seed and whatever the test commits through `git` (set in the environment, not in the repository's config). */
const IDENTITY = { name: 'Catalog tests', email: 'tests@catalog.invalid' };

export interface ScratchSeed {
  /** Folders copied in: where in the repository → from where (relative to the checkout's top, or absolute). */
  copy?: Record<string, string>;
  /** Files written: path in the repository → text. */
  files?: Record<string, string>;
  /** Product files written to content/products/: file name → text. */
  products?: Record<string, string>;
  /** The seed commit's message. */
  message?: string;
}

export interface ScratchRepo {
  /** The repository's top folder. */
  dir: string;
  /** git in the repository (as the test identity), its output trimmed. */
  git(...args: string[]): string;
  /** Deletes the repository and everything in it. */
  remove(): void;
}

/** A repository in a new temporary folder named `<prefix>…`, with `seed` as its one commit on `main`. */
export function scratchRepo(prefix: string, seed: ScratchSeed = {}): ScratchRepo {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: IDENTITY.name,
    GIT_AUTHOR_EMAIL: IDENTITY.email,
    GIT_COMMITTER_NAME: IDENTITY.name,
    GIT_COMMITTER_EMAIL: IDENTITY.email,
  };
  // No background maintenance after a commit (`git maintenance run --auto`: a process a commit, and
  // nothing to tidy in a repository that lives for one test).
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', dir, '-c', 'maintenance.auto=false', ...args], { encoding: 'utf8', env }).trim();
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  git('init', '-q', '-b', 'main');
  for (const [to, from] of Object.entries(seed.copy ?? {}))
    cpSync(path.resolve(ROOT, from), path.join(dir, to), { recursive: true });
  for (const [file, text] of Object.entries(seed.files ?? {})) write(file, text);
  for (const [name, text] of Object.entries(seed.products ?? {})) write(path.join('content/products', name), text);
  git('add', '-A');
  git('commit', '-q', '--allow-empty', '-m', seed.message ?? 'Catalog');
  return { dir, git, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A repository holding the checkout's content as it is (product files, their pictures, the recall
 * watch's file): for a stack under test, whose proposals and browser editor write there
 * (PROPOSALS_REPO_DIR) instead of making branches and worktrees in the checkout's git.
 */
export const contentRepository = (prefix = 'stack-proposals-') =>
  scratchRepo(prefix, { copy: { content: 'content' }, message: 'The catalog under test' });
