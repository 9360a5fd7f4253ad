// Everything the /api/auth handlers depend on, injected: configuration, clock, the shared store and
// the upstream provider. `authContextFromEnv` builds the real one, memoized while the environment
// (and the Netlify Blobs context the platform hands the function) is unchanged.
import { sharedStoreFromEnv, type StoreChoice } from '../store/from-env.ts';
import { authConfigFromEnv, type AuthConfig } from './config.ts';
import type { SettingsResult } from './settings.ts';
import { oidcUpstream, type Upstream } from './upstream.ts';

export interface AuthContext {
  config: SettingsResult<AuthConfig>;
  now: () => number;
  /** Where single-use records and rate-limit counters live; never per-instance memory outside tests. */
  store: StoreChoice;
  upstream: Upstream;
}

const unconfiguredUpstream: Upstream = {
  begin: () => Promise.reject(new Error('not configured')),
  finish: () => Promise.reject(new Error('not configured')),
  authorizationOrigin: () => Promise.reject(new Error('not configured')),
};

let cached: { key: string; ctx: AuthContext } | undefined;

export function authContextFromEnv(env: Record<string, string | undefined> = process.env): AuthContext {
  const store = sharedStoreFromEnv(env);
  const key = [
    'SITE_URL',
    'URL',
    'OIDC_ISSUER',
    'OIDC_CLIENT_ID',
    'OIDC_CLIENT_SECRET',
    'ADMIN_EMAILS',
    'AUTH_SECRET',
    'AUTH_SECRET_PREVIOUS',
  ]
    .map((k) => env[k] ?? '')
    .join('\n');
  if (cached?.key === key && cached.ctx.store === store) return cached.ctx;
  const config = authConfigFromEnv(env);
  const upstream: Upstream = config.ok
    ? oidcUpstream({ ...config.value.oidc, redirectUri: `${config.value.base}/api/auth/callback` })
    : unconfiguredUpstream;
  const ctx: AuthContext = { config, now: Date.now, store, upstream };
  cached = { key, ctx };
  return ctx;
}
