// The local stack's GitHub in one call (for scripts/start.ts): the stand-in over the stack's
// proposals repository, its required check the real content checks, and the variables that point
// the site's GitHub credentials (src/server/github/credentials.ts) at it. The site branch is made
// from the repository's checked-out commit when it does not exist yet (a ref only).
import { randomBytes } from 'node:crypto';
import { contentCheck } from './content-check.ts';
import { openGit } from './git.ts';
import { startGithubStandin, type GithubStandin } from './index.ts';

export interface LocalGithubOptions {
  repoDir: string;
  /** The branch publishing merges into (never one a working tree has checked out). */
  siteBranch: string;
  owner?: string;
  repo?: string;
  /** One line per finished check (console.log unless given). */
  report?: (line: string) => void;
  /** Told the site branch's new commit after each merge. */
  onSiteMoved?: (sha: string) => void;
}

export interface LocalGithub extends GithubStandin {
  /** GITHUB_API_URL, GITHUB_REPOSITORY and GITHUB_TOKEN for the site's processes. */
  env: { GITHUB_API_URL: string; GITHUB_REPOSITORY: string; GITHUB_TOKEN: string };
}

export async function startLocalGithub(opts: LocalGithubOptions): Promise<LocalGithub> {
  const owner = opts.owner ?? 'local';
  const repo = opts.repo ?? 'catalog';
  const git = await openGit(opts.repoDir);
  const ref = `refs/heads/${opts.siteBranch}`;
  try {
    if (!(await git.refSha(ref))) {
      const head = (await git.text(['rev-parse', '--verify', 'HEAD^{commit}'])).trim();
      await git.updateRef(ref, head, null);
    }
  } finally {
    git.close();
  }
  const token = randomBytes(32).toString('base64url');
  const check = contentCheck({ repoDir: opts.repoDir, ...(opts.report ? { report: opts.report } : {}) });
  const standin = await startGithubStandin({
    repoDir: opts.repoDir,
    owner,
    repo,
    siteBranch: opts.siteBranch,
    token,
    check,
    ...(opts.onSiteMoved ? { onSiteMoved: opts.onSiteMoved } : {}),
  });
  return {
    ...standin,
    async stop() {
      check.stop();
      await standin.stop();
    },
    env: { GITHUB_API_URL: standin.url, GITHUB_REPOSITORY: `${owner}/${repo}`, GITHUB_TOKEN: token },
  };
}
