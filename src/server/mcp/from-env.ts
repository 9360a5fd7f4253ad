// The MCP endpoint's production dependencies, read from the environment once per instance: token
// settings, the two limits (Redis when REDIS_URL is set), the build's catalog snapshot and the
// build hook.
import { tokenSettingsFromEnv, type Env } from '../auth/settings.ts';
import { snapshotSource } from '../admin-catalog/sources.ts';
import { REBUILD_LIMIT, REQUEST_LIMIT, adminLimiters, type AdminLimiters } from '../rate-limit/from-env.ts';
import type { RateLimiter } from '../rate-limit/limiter.ts';
import type { McpDeps } from './handler.ts';

/** Builds the limiters on first use, so importing the function does not connect to Redis. */
function lazyLimiters(env: Env): { requests: RateLimiter; rebuilds: RateLimiter } {
  let made: Promise<AdminLimiters> | undefined;
  const get = () => (made ??= adminLimiters(env.REDIS_URL?.trim() || undefined));
  const lazy = (
    pick: (l: AdminLimiters) => RateLimiter,
    limit: { points: number; durationSeconds: number },
  ): RateLimiter => ({
    ...limit,
    get scope() {
      return env.REDIS_URL ? ('shared' as const) : ('instance' as const);
    },
    consume: async (key) => pick(await get()).consume(key),
  });
  return { requests: lazy((l) => l.requests, REQUEST_LIMIT), rebuilds: lazy((l) => l.rebuilds, REBUILD_LIMIT) };
}

export function mcpDepsFromEnv(env: Env = process.env): McpDeps {
  const limiters = lazyLimiters(env);
  return {
    tokenSettings: () => tokenSettingsFromEnv(env),
    limiter: limiters.requests,
    rebuildLimiter: limiters.rebuilds,
    catalog: snapshotSource(),
    buildHookUrl: env.BUILD_HOOK_URL?.trim() || undefined,
  };
}
