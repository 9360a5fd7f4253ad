// The MCP endpoint's production dependencies, read from the environment once per instance: token
// settings, the shared store (Netlify Blobs, or Redis when REDIS_URL is set; chosen per request so a
// missing store answers 503), its two limits, the build's admin catalog and the build hook.
import { tokenSettingsFromEnv, type Env } from '../auth/settings.ts';
import { catalogFilesSource } from '../admin-catalog/sources.ts';
import type { RateLimiter } from '../rate-limit/limiter.ts';
import { PROPOSAL_LIMIT, REBUILD_LIMIT, REQUEST_LIMIT } from '../../contract/limits.ts';
import { chooseProposals } from '../proposals/choose.ts';
import { sharedStoreFromEnv } from '../store/from-env.ts';
import type { LimitSpec } from '../store/shared-store.ts';
import type { McpDeps } from './handler.ts';

/** A limiter in whichever store the environment provides at the time of the request. */
function storeLimiter(env: Env, spec: LimitSpec): RateLimiter {
  return {
    points: spec.points,
    durationSeconds: spec.durationSeconds,
    scope: 'shared',
    async consume(key) {
      const choice = sharedStoreFromEnv(env);
      if (!choice.ok)
        return { allowed: false, limit: spec.points, remaining: 0, resetSeconds: 60, retryAfterSeconds: 60 };
      return choice.store.limiter(spec).consume(key);
    },
  };
}

export function mcpDepsFromEnv(env: Env = process.env): McpDeps {
  return {
    tokenSettings: () => tokenSettingsFromEnv(env),
    storeMissing: () => {
      const choice = sharedStoreFromEnv(env);
      return choice.ok ? null : choice.missing;
    },
    limiter: storeLimiter(env, REQUEST_LIMIT),
    rebuildLimiter: storeLimiter(env, REBUILD_LIMIT),
    proposalLimiter: storeLimiter(env, PROPOSAL_LIMIT),
    proposals: chooseProposals({
      githubToken: env.GITHUB_TOKEN?.trim() || undefined,
      githubRepository: env.GITHUB_REPOSITORY?.trim() || undefined,
      localRepoDir: env.PROPOSALS_REPO_DIR?.trim() || undefined,
    }),
    catalog: catalogFilesSource(),
    buildHookUrl: env.BUILD_HOOK_URL?.trim() || undefined,
  };
}
