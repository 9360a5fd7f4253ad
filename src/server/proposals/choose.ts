// Which proposal backend the admin side uses: GitHub when a token and a repository are set (a
// deployed site), else the local checkout's git repository when the local stack names it (npm
// start does), else none: the write tools then answer `not_configured` naming what to set. Either
// backend's listing is kept a moment in the shared store (./listing.ts).
import type { ProposalBackend } from './backend.ts';
import { withListingCache, type ListedBackend, type ListingCache } from './listing.ts';

export interface ProposalSettings {
  /** A fine-grained GitHub token (contents and pull requests: write; actions: read) for `githubRepository`. */
  githubToken?: string | undefined;
  /** `owner/name` of the catalog's repository on GitHub. */
  githubRepository?: string | undefined;
  /** The local stack's checkout (its top-level folder), for proposals as local branches. */
  localRepoDir?: string | undefined;
}

export type ProposalsChoice =
  { ok: true; kind: ProposalBackend['kind']; backend: () => Promise<ListedBackend> } | { ok: false; missing: string };

export const PROPOSALS_NOT_CONFIGURED =
  'GITHUB_TOKEN and GITHUB_REPOSITORY (a fine-grained token with contents and pull requests: ' +
  'write on that repository; see DEPLOY.md), or run the local stack with `npm start`, which ' +
  'proposes to the checkout’s own git repository';

/** `cache`: where listings are kept (the shared store); without one, every listing is read afresh. */
export function chooseProposals(s: ProposalSettings, cache: ListingCache = { records: () => null }): ProposalsChoice {
  const once = (load: () => Promise<ProposalBackend>) => {
    let made: Promise<ListedBackend> | undefined;
    return () => (made ??= load().then((backend) => withListingCache(backend, cache)));
  };
  if (s.githubToken && s.githubRepository) {
    const { githubToken: token, githubRepository: repository } = s;
    return {
      ok: true,
      kind: 'github',
      // Octokit loads with the first write or list, never with the endpoint.
      backend: once(async () => (await import('./github.ts')).githubBackend({ token, repository })),
    };
  }
  if (s.localRepoDir) {
    const repoDir = s.localRepoDir;
    return { ok: true, kind: 'git', backend: once(async () => (await import('./git.ts')).gitBackend({ repoDir })) };
  }
  return { ok: false, missing: PROPOSALS_NOT_CONFIGURED };
}
