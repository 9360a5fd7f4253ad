// The watchers' production dependencies, from the settings: the deployed admin catalog, the shared
// store, where proposals go (GitHub, or the local checkout on `npm start`), the link checker's
// network (the local stack's test network included), the recall sources and the curators to ask.
import type { Settings } from '../../config/env.ts';
import { catalogCandidates, catalogFilesSource } from '../admin-catalog/sources.ts';
import { linkUserAgent, testNetwork } from '../mcp/links.ts';
import { chooseProposals } from '../proposals/choose.ts';
import type { SharedStore } from '../store/shared-store.ts';
import { readCurations } from './curations.ts';
import type { LinkWatchDeps } from './link-watch.ts';
import type { RecallSource } from './recall-source.ts';
import type { RecallWatchDeps } from './recall-watch.ts';

const common = (s: Settings, store: SharedStore, log: (line: string) => void) => ({
  catalog: () => catalogFilesSource(catalogCandidates(s.admin)).load(),
  store,
  proposals: chooseProposals(s.admin.proposals, { records: () => store }),
  siteUrl: s.site.url,
  reviewers: { users: s.admin.watch.reviewers.users, teams: s.admin.watch.reviewers.teams },
  now: () => Date.now(),
  log,
});

export const linkWatchDeps = (s: Settings, store: SharedStore, log: (line: string) => void): LinkWatchDeps => ({
  ...common(s, store, log),
  links: { userAgent: linkUserAgent(s.site.url), ...testNetwork(s) },
});

export const recallWatchDeps = (
  s: Settings,
  store: SharedStore,
  sources: RecallSource[],
  log: (line: string) => void,
): RecallWatchDeps => ({
  ...common(s, store, log),
  sources,
  curations: () => readCurations(s.admin),
});
