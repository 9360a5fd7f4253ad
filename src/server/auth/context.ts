// Everything the /api/auth handlers depend on, injected: configuration, clock, single-use store
// and upstream provider. `authContextFromEnv` builds the real one once per function instance.
import { authConfigFromEnv, type AuthConfig } from './config.ts';
import { MemoryOneTimeStore, RedisOneTimeStore, type OneTimeStore } from './one-time-store.ts';
import type { SettingsResult } from './settings.ts';
import { oidcUpstream, type Upstream } from './upstream.ts';

export interface AuthContext {
  config: SettingsResult<AuthConfig>;
  now: () => number;
  store: OneTimeStore;
  upstream: Upstream;
}

let cached: { key: string; ctx: AuthContext } | undefined;

/** The per-instance context for the deployed functions (memoized while the environment is unchanged). */
export function authContextFromEnv(env: Record<string, string | undefined> = process.env): AuthContext {
  const key = [
    'SITE_URL',
    'URL',
    'OIDC_ISSUER',
    'OIDC_CLIENT_ID',
    'OIDC_CLIENT_SECRET',
    'ADMIN_EMAILS',
    'AUTH_SECRET',
    'REDIS_URL',
  ]
    .map((k) => env[k] ?? '')
    .join('\n');
  if (cached?.key === key) return cached.ctx;
  const config = authConfigFromEnv(env);
  const store: OneTimeStore =
    config.ok && config.value.redisUrl ? new RedisOneTimeStore(config.value.redisUrl) : new MemoryOneTimeStore();
  const upstream: Upstream = config.ok
    ? oidcUpstream({ ...config.value.oidc, redirectUri: `${config.value.base}/api/auth/callback` })
    : {
        begin: () => Promise.reject(new Error('not configured')),
        finish: () => Promise.reject(new Error('not configured')),
      };
  const ctx: AuthContext = { config, now: Date.now, store, upstream };
  cached = { key, ctx };
  return ctx;
}
