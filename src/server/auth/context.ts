// Everything the /api/auth handlers depend on, injected: configuration, clock, the shared store and
// the upstream provider. `authContext` builds the real one from the environment's settings, kept
// while the settings and the shared store (which the platform may hand over per request) are the same.
import type { Checked, Settings } from '../../config/env.ts';
import { sharedStoreFor, type StoreChoice } from '../store/choose.ts';
import { authConfig, type AuthConfig } from './config.ts';
import { oidcUpstream, type Upstream } from './upstream.ts';

export interface AuthContext {
  config: Checked<AuthConfig>;
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

const made = new WeakMap<Settings, AuthContext>();

export function authContext(s: Settings): AuthContext {
  const store = sharedStoreFor(s.store);
  const known = made.get(s);
  if (known && known.store === store) return known;
  const config = authConfig(s);
  const upstream: Upstream = config.ok
    ? oidcUpstream({ ...config.value.oidc, redirectUri: `${config.value.base}/api/auth/callback` })
    : unconfiguredUpstream;
  const ctx: AuthContext = { config, now: Date.now, store, upstream };
  // Once per settings (a cold start): the function log names what keeps the editor's sign-in off.
  if (config.ok && !config.value.editor.ok && !known)
    console.error(`editor sign-in refused until fixed: ${config.value.editor.missing.join('; ')}`);
  made.set(s, ctx);
  return ctx;
}
