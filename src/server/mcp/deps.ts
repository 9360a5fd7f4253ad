// The MCP endpoint's production dependencies, from the environment's settings: token settings, the
// shared store (Netlify Blobs, or Redis when REDIS_URL is set; chosen per request so a missing store
// answers 503), its limits, the build's admin catalog, the build hook, the link checker's test
// network (local stack only), where proposals go (their listing kept a moment in that store) and
// what audit_catalog reads of the watchers.
import type { Settings } from '../../config/env.ts';
import { PROPOSAL_LIMIT, REBUILD_LIMIT, REQUEST_LIMIT } from '../../contract/limits.ts';
import { tokenSettings } from '../auth/settings.ts';
import { catalogFilesSource, catalogCandidates } from '../admin-catalog/sources.ts';
import { chooseProposals } from '../proposals/choose.ts';
import type { RateLimiter } from '../rate-limit/limiter.ts';
import { sharedStoreFor } from '../store/choose.ts';
import type { LimitSpec } from '../store/shared-store.ts';
import type { McpDeps } from './handler.ts';
import { testNetwork } from './links.ts';

/** A limiter in whichever store the settings provide at the time of the request. */
function storeLimiter(s: Settings, spec: LimitSpec): RateLimiter {
  return {
    points: spec.points,
    durationSeconds: spec.durationSeconds,
    scope: 'shared',
    async consume(key) {
      const choice = sharedStoreFor(s.store);
      if (!choice.ok)
        return { allowed: false, limit: spec.points, remaining: 0, resetSeconds: 60, retryAfterSeconds: 60 };
      return choice.store.limiter(spec).consume(key);
    },
  };
}

export function mcpDeps(s: Settings): McpDeps {
  return {
    tokenSettings: () => tokenSettings(s),
    storeMissing: () => {
      const choice = sharedStoreFor(s.store);
      return choice.ok ? null : choice.missing;
    },
    limiter: storeLimiter(s, REQUEST_LIMIT),
    rebuildLimiter: storeLimiter(s, REBUILD_LIMIT),
    proposalLimiter: storeLimiter(s, PROPOSAL_LIMIT),
    proposals: chooseProposals(s.admin.proposals, {
      records: () => {
        const choice = sharedStoreFor(s.store);
        return choice.ok ? choice.store : null;
      },
    }),
    catalog: catalogFilesSource(catalogCandidates(s.admin)),
    buildHookUrl: s.admin.buildHookUrl,
    links: testNetwork(s),
    watch: {
      records: () => {
        const choice = sharedStoreFor(s.store);
        return choice.ok ? choice.store : null;
      },
      // Loaded when audit_catalog first runs: yaml and the file's schema stay out of the cold start.
      curations: async () => (await import('../watch/curations.ts')).readCurations(s.admin),
      paused: s.admin.watch.paused,
    },
  };
}
