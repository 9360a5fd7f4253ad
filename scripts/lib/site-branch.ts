// The local stack's site branch: what `npm start` serves, and what curators publish into. On
// Netlify the site is the repository's main branch and a merge deploys it; locally the site is a
// branch of its own, `cms-base/<port>`, in a worktree of its own (`.editor/<port>/`), so that a
// curator's Publish never moves the checkout's branch or touches its working tree.
//
// At start the branch is made afresh from the repository's HEAD, plus the content of the
// repository's working tree as it is (a developer's uncommitted product files are served too,
// committed on the site branch only). The stack builds from the worktree's content folders. After
// a publish the worktree is brought to the branch's new tip and the stack rebuilds. At stop the
// worktree goes, and the branch too unless a curator published into it: `git merge cms-base/<port>`
// then brings those publishes into the developer's branch.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PRODUCT_IMAGES_DIR } from '../../src/catalog/images.ts';
import { PRODUCTS_DIR } from '../../src/catalog/load.ts';
import { RECALL_WATCH_FILE } from '../../src/catalog/recall-watch-file.ts';
import { localEditorBranch } from '../../src/outputs/editor-names.ts';

/** Where the site worktrees live, in the repository's top folder (ignored by git, the build and the linters). */
export const SITE_WORKTREES = '.editor';

/** The content a developer edits by hand and the site branch snapshots at start. */
const CONTENT_PATHS = [PRODUCTS_DIR, PRODUCT_IMAGES_DIR, RECALL_WATCH_FILE];

/** The identity of the snapshot commit when the repository has none configured. */
const SNAPSHOT_IDENTITY = {
  GIT_AUTHOR_NAME: 'Little Hands Catalog (local stack)',
  GIT_AUTHOR_EMAIL: 'local-stack@catalog.invalid',
  GIT_COMMITTER_NAME: 'Little Hands Catalog (local stack)',
  GIT_COMMITTER_EMAIL: 'local-stack@catalog.invalid',
};

const git = (cwd: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
  execFileSync('git', ['-C', cwd, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env }).trim();

export interface SiteBranch {
  /** `cms-base/<port>`. */
  branch: string;
  /** Its worktree: the stack builds from its content folders. */
  worktree: string;
  /** The environment that points the build at the worktree's content. */
  buildEnv: Record<string, string>;
  /** The branch's tip when the stack started (after the snapshot). */
  started: string;
  /** Brings the worktree to the branch's tip (after a publish moved the branch). */
  sync(): void;
  /** Whether a curator published into the branch since the start. */
  published(): boolean;
  /** Removes the worktree, and the branch unless something was published into it. */
  remove(): void;
}

/** Makes the site branch of the stack at `siteUrl` afresh in `repoDir`. */
export function openSiteBranch(repoDir: string, siteUrl: string): SiteBranch {
  const branch = localEditorBranch(siteUrl);
  const worktree = path.join(repoDir, SITE_WORKTREES, branch.slice(branch.indexOf('/') + 1));
  if (existsSync(worktree)) {
    try {
      git(repoDir, ['worktree', 'remove', '--force', worktree]);
    } catch {
      rmSync(worktree, { recursive: true, force: true });
    }
  }
  git(repoDir, ['worktree', 'prune']);
  mkdirSync(path.dirname(worktree), { recursive: true });
  git(repoDir, ['worktree', 'add', '--force', '-B', branch, worktree, 'HEAD']);

  // The working tree's content as it is now, uncommitted edits included.
  for (const rel of CONTENT_PATHS) {
    const from = path.join(repoDir, rel);
    const to = path.join(worktree, rel);
    rmSync(to, { recursive: true, force: true });
    if (existsSync(from)) cpSync(from, to, { recursive: true, verbatimSymlinks: true });
  }
  git(worktree, ['add', '--all', '--', ...CONTENT_PATHS.filter((p) => existsSync(path.join(worktree, p)))]);
  if (git(worktree, ['status', '--porcelain', '--', ...CONTENT_PATHS]))
    git(worktree, ['commit', '--quiet', '--no-verify', '-m', 'Local content as npm start found it (uncommitted edits)'], {
      ...SNAPSHOT_IDENTITY,
      ...process.env,
    });
  const started = git(repoDir, ['rev-parse', branch]);

  return {
    branch,
    worktree,
    started,
    buildEnv: {
      CATALOG_CONTENT_DIR: path.join(worktree, PRODUCTS_DIR),
      CATALOG_IMAGES_DIR: path.join(worktree, PRODUCT_IMAGES_DIR),
    },
    sync: () => {
      git(worktree, ['reset', '--quiet', '--hard', branch]);
    },
    published: () => git(repoDir, ['rev-parse', branch]) !== started,
    remove: () => {
      const moved = git(repoDir, ['rev-parse', branch]) !== started;
      try {
        git(repoDir, ['worktree', 'remove', '--force', worktree]);
      } catch {
        rmSync(worktree, { recursive: true, force: true });
        git(repoDir, ['worktree', 'prune']);
      }
      if (!moved) git(repoDir, ['branch', '-D', branch]);
    },
  };
}
