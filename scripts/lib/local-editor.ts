// The browser editor's path on the local stack, the same as on Netlify: curators sign in through
// the site's own /api/auth (the development identity provider upstream), Decap's git-gateway
// backend talks to the site's gateway (/api/git, the same function code as deployed), and the
// gateway talks to "GitHub" — here a loopback stand-in over the stack's proposals repository
// (./github-standin/), whose required check is the content checks. Publishing merges into the
// stack's site branch (./site-branch.ts); the stack then rebuilds and serves the change.
import { startLocalGithub, type LocalGithub } from './github-standin/local.ts';
import { openSiteBranch, type SiteBranch } from './site-branch.ts';
import type { Rebuilder } from './stack-rebuild.ts';

export interface LocalEditor {
  site: SiteBranch;
  github: LocalGithub;
  /** What the stack's build and functions need: the gateway's GitHub, the site branch, the content folders. */
  env: Record<string, string>;
  /** Rebuild the stack whenever a publish moves the site branch (each rebuild reads the branch afresh). */
  followPublishes(rebuilder: Rebuilder): void;
  stop(): Promise<void>;
}

export async function startLocalEditor(opts: {
  repoDir: string;
  siteUrl: string;
  /** Where the stand-in reports each finished check (the stack's log). */
  report?: (line: string) => void;
}): Promise<LocalEditor> {
  const site = openSiteBranch(opts.repoDir, opts.siteUrl);
  let rebuilder: Rebuilder | undefined;
  // Publishes arriving while a rebuild runs are served by the next one (the rebuilder folds them).
  const published = () => void rebuilder?.rebuild();
  let github: LocalGithub;
  try {
    github = await startLocalGithub({
      repoDir: opts.repoDir,
      siteBranch: site.branch,
      onSiteMoved: published,
      ...(opts.report ? { report: opts.report } : {}),
    });
  } catch (err) {
    site.remove();
    throw err;
  }
  return {
    site,
    github,
    env: { ...github.env, SITE_BRANCH: site.branch, ...site.buildEnv },
    followPublishes(r) {
      rebuilder = r;
      r.beforeEach(site.sync);
    },
    async stop() {
      await github.stop();
      site.remove();
    },
  };
}
