// The in-memory store for unit tests: per process, with an injectable clock. The from-env wiring
// never chooses it, because netlify-cli and Netlify give every request or instance its own memory.
import { recordText, type SharedStore } from './shared-store.ts';
import { slotLimiter } from './slot-limiter.ts';

export function memoryStore(now: () => number = Date.now): SharedStore & { size(): number } {
  const records = new Map<string, number>();
  /** The keys of `records` by their folder (up to the last '/'): a count reads its folder's keys, not every key. */
  const folders = new Map<string, Set<string>>();
  const folderOf = (key: string) => key.slice(0, key.lastIndexOf('/') + 1);
  const forget = (key: string) => {
    records.delete(key);
    const folder = folders.get(folderOf(key));
    folder?.delete(key);
    if (folder?.size === 0) folders.delete(folderOf(key));
  };
  /** JSON records, kept as text so a reader never shares an object with the writer. */
  const values = new Map<string, { text: string; expiresAt: number }>();
  const live = (key: string) => {
    const until = records.get(key);
    if (until === undefined) return false;
    if (until > now()) return true;
    forget(key);
    return false;
  };
  const create = async (key: string, expiresAt: number) => {
    if (live(key)) return false;
    records.set(key, expiresAt);
    const folder = folderOf(key);
    folders.set(folder, (folders.get(folder) ?? new Set()).add(key));
    return true;
  };
  const count = async (prefix: string) => {
    let n = 0;
    for (const [folder, keys] of folders) {
      // live() forgets an expired key as it goes: a Set's and a Map's iteration allow that.
      if (folder.startsWith(prefix)) for (const k of keys) n += live(k) ? 1 : 0;
      else if (prefix.startsWith(folder)) for (const k of keys) n += k.startsWith(prefix) && live(k) ? 1 : 0;
    }
    return n;
  };
  return {
    backend: 'memory',
    claim: create,
    release: async (key) => void forget(key),
    has: async (key) => live(key),
    limiter: (spec) => slotLimiter({ create, count }, spec, { now, scope: 'instance' }),
    async getRecord(key) {
      const record = values.get(key);
      if (!record) return null;
      if (record.expiresAt > now()) return JSON.parse(record.text) as unknown;
      values.delete(key);
      return null;
    },
    async putRecord(key, value, expiresAt) {
      const text = recordText(key, value);
      if (expiresAt > now()) values.set(key, { text, expiresAt });
      else values.delete(key);
    },
    deleteRecord: async (key) => void values.delete(key),
    size: () => [...records.keys()].filter(live).length,
  };
}
