// Chooses the shared store from the environment's settings: Redis when REDIS_URL is set, otherwise
// Netlify Blobs, which Netlify and `netlify serve` provide to every function. Never memory: with
// neither, the admin side answers 503 naming what is missing. Backends load on first use (cold starts).
import type { Settings } from '../../config/env.ts';
import type { RateLimiter } from '../rate-limit/limiter.ts';
import type { SharedStore, StoreBackend } from './shared-store.ts';

export type StoreChoice = { ok: true; store: SharedStore } | { ok: false; missing: string };

export const NO_STORE =
  'a shared store for single-use codes and rate limits (Netlify ' +
  'Blobs, which Netlify and `netlify serve` provide, or REDIS_URL)';

/** The Netlify Blobs context functions receive, when it can serve strongly consistent reads. */
function blobsContext(store: Settings['store']): string | null {
  const raw = store.blobsContext();
  if (!raw) return null;
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as Record<string, unknown>;
    const ok = c.siteID && c.token && (c.uncachedEdgeURL || (c.apiURL && !c.edgeURL));
    return ok ? raw : null;
  } catch {
    return null;
  }
}

/** A store whose backend module is imported on its first call. */
function lazy(backend: StoreBackend, load: () => Promise<SharedStore>): SharedStore {
  let loaded: Promise<SharedStore> | undefined;
  const get = () => (loaded ??= load());
  const limiters = new Map<string, RateLimiter>();
  return {
    backend,
    claim: async (key, expiresAt) => (await get()).claim(key, expiresAt),
    release: async (key, expiresAt) => (await get()).release(key, expiresAt),
    has: async (key, expiresAt) => (await get()).has(key, expiresAt),
    getRecord: async (key) => (await get()).getRecord(key),
    putRecord: async (key, value, expiresAt) => (await get()).putRecord(key, value, expiresAt),
    deleteRecord: async (key) => (await get()).deleteRecord(key),
    limiter(spec) {
      let limiter = limiters.get(spec.name);
      if (!limiter) {
        let real: Promise<RateLimiter> | undefined;
        limiter = {
          points: spec.points,
          durationSeconds: spec.durationSeconds,
          scope: 'shared',
          consume: async (key) => (await (real ??= get().then((s) => s.limiter(spec)))).consume(key),
        };
        limiters.set(spec.name, limiter);
      }
      return limiter;
    },
  };
}

let cached: { key: string; choice: StoreChoice } | undefined;

export function sharedStoreFor(store: Settings['store']): StoreChoice {
  const redisUrl = store.redisUrl;
  const blobs = redisUrl ? null : blobsContext(store);
  const key = `${redisUrl ?? ''}\n${blobs ?? ''}`;
  if (cached?.key === key) return cached.choice;
  let choice: StoreChoice;
  if (redisUrl)
    choice = { ok: true, store: lazy('redis', async () => (await import('./redis.ts')).redisStore(redisUrl)) };
  else if (blobs)
    choice = {
      ok: true,
      store: lazy('netlify-blobs', async () =>
        (await import('./blobs.ts')).blobsStore({
          onStoreError: (err) => console.warn(`shared store: ${String(err)}`),
        }),
      ),
    };
  else choice = { ok: false, missing: NO_STORE };
  cached = { key, choice };
  return choice;
}
