// The in-memory store for unit tests: per process, with an injectable clock. The from-env wiring
// never chooses it, because netlify-cli and Netlify give every request or instance its own memory.
import type { SharedStore } from './shared-store.ts';
import { slotLimiter } from './slot-limiter.ts';

export function memoryStore(now: () => number = Date.now): SharedStore & { size(): number } {
  const records = new Map<string, number>();
  const live = (key: string) => {
    const until = records.get(key);
    if (until === undefined) return false;
    if (until > now()) return true;
    records.delete(key);
    return false;
  };
  const create = async (key: string, expiresAt: number) => {
    if (live(key)) return false;
    records.set(key, expiresAt);
    return true;
  };
  const count = async (prefix: string) => [...records.keys()].filter((k) => k.startsWith(prefix) && live(k)).length;
  return {
    backend: 'memory',
    claim: create,
    release: async (key) => void records.delete(key),
    has: async (key) => live(key),
    limiter: (spec) => slotLimiter({ create, count }, spec, { now, scope: 'instance' }),
    size: () => [...records.keys()].filter(live).length,
  };
}
