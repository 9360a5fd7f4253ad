// The shared store on Redis (REDIS_URL): single use is `SET key 1 PX ttl NX`; a JSON record is one
// string `SET key json PX ttl`, so Redis itself forgets it at its expiry; limits count over
// any span of their duration with the same slot limiter as the other stores (./slot-limiter.ts),
// each step's slots one Redis set (`SADD` creates a slot once, `SCARD` counts them). While Redis is
// unreachable an in-memory limiter of the same kind keeps limiting on this instance.
import type { RateLimiter } from '../rate-limit/limiter.ts';
import { readyWithin } from '../rate-limit/limiter.ts';
import { createRedisClient } from '../rate-limit/redis.ts';
import { memoryStore } from './memory.ts';
import { recordText, type SharedStore } from './shared-store.ts';
import { slotLimiter, type SlotBackend } from './slot-limiter.ts';

const PREFIX = 'admin:';

export function redisStore(
  url: string,
  opts: { now?: () => number; log?: (message: string) => void } = {},
): SharedStore & { close(): Promise<void> } {
  const now = opts.now ?? Date.now;
  const log = opts.log ?? ((m: string) => console.warn(m));
  // The client queues nothing while disconnected, so wait briefly for the first connection.
  const ready = createRedisClient(url, (err) => log(`shared store (Redis): ${err.message}`)).then(async (client) => {
    await readyWithin(client, 1500);
    return client;
  });
  // One limiter per name, so its in-memory stand-in keeps counting across requests of this instance.
  const limiters = new Map<string, RateLimiter>();
  const standIn = memoryStore(now);
  /** A slot `<prefix><n>` is member n of the set `<prefix>`. */
  const split = (key: string) => [key.slice(0, key.lastIndexOf('/') + 1), key.slice(key.lastIndexOf('/') + 1)];
  const slots: SlotBackend = {
    async create(key, expiresAt) {
      const client = await ready;
      const [set, member] = split(key);
      const [[, added]] = (await client
        .multi()
        .sadd(`${PREFIX}${set}`, member!)
        .pexpireat(`${PREFIX}${set}`, Math.ceil(expiresAt))
        .exec()) as [[Error | null, number], unknown];
      return added === 1;
    },
    async count(prefix) {
      const client = await ready;
      return client.scard(`${PREFIX}${prefix}`);
    },
  };
  return {
    backend: 'redis',
    async claim(key, expiresAt) {
      const client = await ready;
      const ttl = Math.max(1, Math.ceil(expiresAt - now()));
      return (await client.set(`${PREFIX}${key}`, '1', 'PX', ttl, 'NX')) === 'OK';
    },
    async release(key) {
      const client = await ready;
      await client.del(`${PREFIX}${key}`);
    },
    async has(key) {
      const client = await ready;
      return (await client.exists(`${PREFIX}${key}`)) === 1;
    },
    async getRecord(key) {
      const client = await ready;
      const text = await client.get(`${PREFIX}record:${key}`);
      return text === null ? null : (JSON.parse(text) as unknown);
    },
    async putRecord(key, value, expiresAt) {
      const text = recordText(key, value);
      const client = await ready;
      const ttl = Math.ceil(expiresAt - now());
      if (ttl <= 0) await client.del(`${PREFIX}record:${key}`);
      else await client.set(`${PREFIX}record:${key}`, text, 'PX', ttl);
    },
    async deleteRecord(key) {
      const client = await ready;
      await client.del(`${PREFIX}record:${key}`);
    },
    limiter(spec) {
      let limiter = limiters.get(spec.name);
      if (!limiter) {
        limiter = slotLimiter(slots, spec, {
          now,
          scope: 'shared',
          onStoreError: (err) => log(`rate limit store failed: ${String(err)}`),
          fallback: standIn.limiter(spec),
        });
        limiters.set(spec.name, limiter);
      }
      return limiter;
    },
    async close() {
      (await ready).disconnect();
    },
  };
}
