// Which proposal backend the admin side uses: GitHub when the site's GitHub credentials and
// repository are set (a deployed site; src/server/github/credentials.ts: a GitHub App or a token),
// else the local checkout's git repository when the local stack names it (npm start does), else
// none: the write tools then answer `not_configured` naming what to set. Either backend's listing
// is kept a moment in the shared store (./listing.ts).
import { GITHUB_API_URL, type GithubSettings } from '../../config/env.ts';
import { githubAccess, githubNamed, GITHUB_NOT_CONFIGURED } from '../github/credentials.ts';
import type { ProposalBackend } from './backend.ts';
import { withListingCache, type ListedBackend, type ListingCache } from './listing.ts';

export interface ProposalSettings {
  /** The site's GitHub repository and credentials (contents and pull requests: write; actions: read). */
  github?: GithubSettings | undefined;
  /** The local stack's checkout (its top-level folder), for proposals as local branches. */
  localRepoDir?: string | undefined;
}

export type ProposalsChoice =
  | {
      ok: true;
      kind: ProposalBackend['kind'];
      /** Where proposals go, in a sentence for an admin (audit_catalog says it). */
      where: string;
      backend: () => Promise<ListedBackend>;
    }
  | { ok: false; missing: string };

/** Where GitHub proposals go: the repository, and the API when it is not GitHub's own (the local stand-in's). */
const onGithub = (owner: string, repo: string, apiUrl: string) =>
  `pull requests on ${owner}/${repo}` +
  (apiUrl === GITHUB_API_URL ? ' on GitHub' : ` through the GitHub API at ${apiUrl}`);

export const PROPOSALS_NOT_CONFIGURED =
  `${GITHUB_NOT_CONFIGURED}, with contents and pull requests: write on that repository, or run ` +
  'the local stack with `npm start`, which proposes to the checkout’s own git repository';

/** `cache`: where listings are kept (the shared store); without one, every listing is read afresh. */
export function chooseProposals(s: ProposalSettings, cache: ListingCache = { records: () => null }): ProposalsChoice {
  const once = (load: () => Promise<ProposalBackend>) => {
    let made: Promise<ListedBackend> | undefined;
    return () => (made ??= load().then((backend) => withListingCache(backend, cache)));
  };
  if (s.github && githubNamed(s.github)) {
    const access = githubAccess(s.github);
    // Half a GitHub configuration is a mistake to name, never a reason to write somewhere else.
    if (!access.ok) return { ok: false, missing: access.missing.join(', ') };
    const { apiUrl, owner, repo, token } = access.value;
    return {
      ok: true,
      kind: 'github',
      where: onGithub(owner, repo, apiUrl),
      // Octokit loads with the first write or list, never with the endpoint.
      backend: once(async () =>
        (await import('./github.ts')).githubBackend({ token, repository: `${owner}/${repo}`, baseUrl: apiUrl }),
      ),
    };
  }
  if (s.localRepoDir) {
    const repoDir = s.localRepoDir;
    return {
      ok: true,
      kind: 'git',
      where: 'branches of the local checkout (PROPOSALS_REPO_DIR)',
      backend: once(async () => (await import('./git.ts')).gitBackend({ repoDir })),
    };
  }
  return { ok: false, missing: PROPOSALS_NOT_CONFIGURED };
}
