// Single-use enforcement for authorization codes and refresh tokens. Redis (`SET key 1 NX PX ttl`)
// shares the record across function instances; the in-memory store is per instance only.
import { Redis } from 'ioredis';

export interface OneTimeStore {
  /** Marks `id` used; true the first time, false on every later call within `ttlMs`. */
  claim(id: string, ttlMs: number): Promise<boolean>;
}

export class MemoryOneTimeStore implements OneTimeStore {
  readonly #used = new Map<string, number>();
  readonly #now: () => number;
  constructor(now: () => number = Date.now) {
    this.#now = now;
  }
  async claim(id: string, ttlMs: number): Promise<boolean> {
    const now = this.#now();
    for (const [k, until] of this.#used) if (until <= now) this.#used.delete(k);
    if (this.#used.has(id)) return false;
    this.#used.set(id, now + ttlMs);
    return true;
  }
}

export class RedisOneTimeStore implements OneTimeStore {
  readonly #redis: Redis;
  constructor(url: string, prefix = 'auth:used:') {
    this.#redis = new Redis(url, {
      keyPrefix: prefix,
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
    });
    this.#redis.on('error', () => {}); // failures surface on claim(), which rejects; connects on first use
  }
  async claim(id: string, ttlMs: number): Promise<boolean> {
    const res = await this.#redis.set(id, '1', 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX');
    return res === 'OK';
  }
  async close(): Promise<void> {
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}
