// The local stack's site branch: what `npm start` serves, and what curators publish into. On
// Netlify the site is the repository's main branch and a merge deploys it; locally the site is a
// branch of its own, `cms-base/<port>`, that no working tree has checked out, so that a curator's
// Publish never moves the checkout's branch or touches its working tree.
//
// At start the branch is made afresh from the repository's HEAD plus the content of its working
// tree as it is (a developer's uncommitted product files are served too: they are committed on the
// site branch only, with git's plumbing and a temporary index, never the checkout's). The stack
// builds from a copy of the branch's content in a folder outside the repository, written again
// after each publish. At stop the branch is deleted unless a curator published into it: then
// `git merge cms-base/<port>` brings those publishes into the developer's branch.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PRODUCT_IMAGES_DIR } from '../../src/catalog/images.ts';
import { PRODUCTS_DIR } from '../../src/catalog/content-paths.ts';
import { RECALL_WATCH_FILE } from '../../src/catalog/recall-watch-file.ts';
import { localEditorBranch } from '../../src/outputs/editor-names.ts';

/** The content a developer edits by hand, which the site branch snapshots at start. */
const CONTENT_PATHS = [PRODUCTS_DIR, PRODUCT_IMAGES_DIR, RECALL_WATCH_FILE];

/** The identity of the snapshot commit (the repository's own, when it has one configured). */
const SNAPSHOT_IDENTITY = {
  GIT_AUTHOR_NAME: 'Little Hands Catalog (local stack)',
  GIT_AUTHOR_EMAIL: 'local-stack@catalog.invalid',
  GIT_COMMITTER_NAME: 'Little Hands Catalog (local stack)',
  GIT_COMMITTER_EMAIL: 'local-stack@catalog.invalid',
};

function git(cwd: string, args: string[], env: NodeJS.ProcessEnv = process.env, input?: Buffer): string {
  return execFileSync('git', ['-C', cwd, ...args], {
    encoding: 'utf8',
    stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    env,
    ...(input ? { input } : {}),
    maxBuffer: 256 * 1024 * 1024,
  }).trim();
}

export interface SiteBranch {
  /** `cms-base/<port>`. */
  branch: string;
  /** The folder the stack builds from: the branch's content, written anew by `sync`. */
  folder: string;
  /** The environment that points the build at that folder's content. */
  buildEnv: Record<string, string>;
  /** The branch's tip when the stack started (after the snapshot). */
  started: string;
  /** Writes the branch's content into the folder again (after a publish moved the branch). */
  sync(): void;
  /** Whether a curator published into the branch since the start. */
  published(): boolean;
  /** A branch kept from an earlier run that held publishes not in HEAD (renamed, never lost). */
  kept: string | undefined;
  /** Removes the folder, and the branch unless something was published into it. */
  remove(): void;
}

/** The commit HEAD + the working tree's content paths as they are, or HEAD itself when nothing differs. */
function snapshot(repoDir: string, folder: string): string {
  const head = git(repoDir, ['rev-parse', '--verify', 'HEAD^{commit}']);
  const index = path.join(folder, '.snapshot-index');
  const env = { ...process.env, GIT_INDEX_FILE: index };
  try {
    git(repoDir, ['read-tree', head], env);
    const present = CONTENT_PATHS.filter((p) => existsSync(path.join(repoDir, p)));
    // Stage exactly what the working tree holds under the content paths (removals included).
    git(repoDir, ['rm', '-r', '--cached', '--quiet', '--ignore-unmatch', '--', ...CONTENT_PATHS], env);
    if (present.length) git(repoDir, ['add', '--', ...present], env);
    const tree = git(repoDir, ['write-tree'], env);
    if (tree === git(repoDir, ['rev-parse', `${head}^{tree}`])) return head;
    const hasIdentity = (() => {
      try {
        return Boolean(git(repoDir, ['config', 'user.email']));
      } catch {
        return false;
      }
    })();
    return git(
      repoDir,
      ['commit-tree', tree, '-p', head, '-m', 'Local content as npm start found it (uncommitted edits)'],
      hasIdentity ? process.env : { ...process.env, ...SNAPSHOT_IDENTITY },
    );
  } finally {
    rmSync(index, { force: true });
  }
}

/** Makes the site branch of the stack at `siteUrl` afresh in `repoDir`. */
export function openSiteBranch(repoDir: string, siteUrl: string): SiteBranch {
  const branch = localEditorBranch(siteUrl);
  const id = createHash('sha1').update(path.resolve(repoDir)).digest('hex').slice(0, 10);
  const folder = path.join(tmpdir(), `little-hands-catalog-site-${id}`, branch.replace('/', '-'));
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const ref = `refs/heads/${branch}`;
  // An earlier run's publishes that the developer has not merged yet are kept under another name.
  let kept: string | undefined;
  try {
    if (git(repoDir, ['rev-list', '--count', `HEAD..${ref}`]) !== '0') {
      kept = `${branch}-previous`;
      git(repoDir, ['update-ref', `refs/heads/${kept}`, git(repoDir, ['rev-parse', ref])]);
    }
  } catch {}
  const started = snapshot(repoDir, folder);
  git(repoDir, ['update-ref', ref, started]);

  const sync = () => {
    for (const p of CONTENT_PATHS) rmSync(path.join(folder, p), { recursive: true, force: true });
    const present = CONTENT_PATHS.filter((p) => git(repoDir, ['ls-tree', '--name-only', ref, '--', p]) !== '');
    if (!present.length) return;
    const tar = execFileSync('git', ['-C', repoDir, 'archive', '--format=tar', ref, '--', ...present], {
      maxBuffer: 1024 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', '-C', folder], { input: tar });
  };
  sync();

  return {
    branch,
    folder,
    started,
    kept,
    buildEnv: {
      CATALOG_CONTENT_DIR: path.join(folder, PRODUCTS_DIR),
      CATALOG_IMAGES_DIR: path.join(folder, PRODUCT_IMAGES_DIR),
    },
    sync,
    published: () => git(repoDir, ['rev-parse', ref]) !== started,
    remove: () => {
      rmSync(folder, { recursive: true, force: true });
      try {
        if (git(repoDir, ['rev-parse', ref]) === started) git(repoDir, ['update-ref', '-d', ref]);
      } catch {}
    },
  };
}
