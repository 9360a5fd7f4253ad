// The browser editor's path on the local stack, the same as on Netlify: curators sign in through
// the site's own /api/auth (the development identity provider upstream), Decap's git-gateway
// backend talks to the site's gateway (/api/git, the same function code as deployed), and the
// gateway talks to "GitHub" — here a loopback stand-in over the stack's proposals repository
// (./github-standin/), whose required check is the content checks. Publishing merges into the
// stack's site branch (./site-branch.ts); the stack then rebuilds and serves the change.
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { startGithubStandin, type GithubStandin } from './github-standin/index.ts';
import { contentChecks } from './github-standin/content-checks.ts';
import { openSiteBranch, type SiteBranch } from './site-branch.ts';

/** The stand-in's repository name, as the gateway and the editor see it. */
export const LOCAL_REPOSITORY = { owner: 'local', repo: 'catalog' } as const;

export interface LocalEditor {
  site: SiteBranch;
  standin: GithubStandin;
  /** What the stack's build and functions need: the gateway's GitHub, the site branch, the content folders. */
  env: Record<string, string>;
  /** Rebuild the stack whenever the site branch moves (a publish). */
  followPublishes(rebuild: () => Promise<unknown>): void;
  stop(): Promise<void>;
}

export async function startLocalEditor(opts: { repoDir: string; siteUrl: string }): Promise<LocalEditor> {
  const site = openSiteBranch(opts.repoDir, opts.siteUrl);
  const token = randomBytes(24).toString('base64url');
  let standin: GithubStandin;
  try {
    standin = await startGithubStandin({
      repoDir: opts.repoDir,
      ...LOCAL_REPOSITORY,
      siteBranch: site.branch,
      token,
      check: (sha) => contentChecks(opts.repoDir, sha),
    });
  } catch (err) {
    site.remove();
    throw err;
  }
  let timer: NodeJS.Timeout | undefined;
  const tip = () =>
    execFileSync('git', ['-C', opts.repoDir, 'rev-parse', site.branch], { encoding: 'utf8' }).trim();
  return {
    site,
    standin,
    env: {
      GITHUB_API_URL: standin.url,
      GITHUB_TOKEN: token,
      GITHUB_REPOSITORY: `${LOCAL_REPOSITORY.owner}/${LOCAL_REPOSITORY.repo}`,
      SITE_BRANCH: site.branch,
      ...site.buildEnv,
    },
    followPublishes(rebuild) {
      let seen = tip();
      let busy = false;
      timer = setInterval(() => {
        if (busy) return;
        let now: string;
        try {
          now = tip();
        } catch {
          return;
        }
        if (now === seen) return;
        seen = now;
        busy = true;
        try {
          site.sync();
        } catch {}
        void rebuild().finally(() => (busy = false));
      }, 1000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await standin.stop();
      site.remove();
    },
  };
}
