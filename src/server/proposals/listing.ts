// list_proposals' answer, kept for a moment in the shared store so that repeated calls cost the
// backend (GitHub's token) nothing: a listing is reused for LISTING_TTL_MS after it was read, and
// says when that was. Making or withdrawing a proposal through this wrapper clears it, leaving a
// mark, so that a listing read while the change was being made is not kept afterwards.
import { createHash } from 'node:crypto';
import type { RecordStore } from '../store/shared-store.ts';
import type { Proposal, ProposalBackend } from './backend.ts';

/** How long a listing is reused. */
export const LISTING_TTL_MS = 30_000;

export interface ProposalListing {
  proposals: Proposal[];
  /** When the backend was read (RFC 3339). */
  fetchedAt: string;
  /** Whole seconds since then. */
  ageSeconds: number;
}

/** A backend whose list is kept a moment and says how old it is. */
export interface ListedBackend extends Omit<ProposalBackend, 'list'> {
  list(): Promise<ProposalListing>;
}

export interface ListingCache {
  /** The shared store, or null when there is none (every listing is then read afresh). */
  records: () => RecordStore | null;
  now?: () => number;
  /** Where store trouble is reported; the listing answers all the same. */
  log?: (message: string) => void;
}

type Kept = { proposals: Proposal[]; fetchedAt: string } | { clearedAt: number };

const isListing = (v: unknown): v is { proposals: Proposal[]; fetchedAt: string } =>
  typeof v === 'object' &&
  v !== null &&
  Array.isArray((v as { proposals?: unknown }).proposals) &&
  typeof (v as { fetchedAt?: unknown }).fetchedAt === 'string' &&
  !Number.isNaN(Date.parse((v as { fetchedAt: string }).fetchedAt));

export function withListingCache(backend: ProposalBackend, cache: ListingCache): ListedBackend {
  const now = cache.now ?? Date.now;
  const log = cache.log ?? ((m: string) => console.warn(m));
  // One record per place proposals go; the version changes with the record's shape.
  const key = `proposals/listing-v1/${createHash('sha256').update(backend.describe).digest('hex').slice(0, 24)}`;

  /** A store call whose failure is logged and read as nothing. */
  async function quietly<T>(doing: string, run: (store: RecordStore) => Promise<T>): Promise<T | null> {
    const store = cache.records();
    if (!store) return null;
    try {
      return await run(store);
    } catch (err) {
      log(`proposals: the shared store failed while ${doing}: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  }

  const aged = (kept: { proposals: Proposal[]; fetchedAt: string }): ProposalListing => ({
    proposals: kept.proposals,
    fetchedAt: kept.fetchedAt,
    ageSeconds: Math.max(0, Math.floor((now() - Date.parse(kept.fetchedAt)) / 1000)),
  });

  /** Clears the kept listing, marking when, after a change the backend made (or may have made). */
  async function changed<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } finally {
      const at = now();
      await quietly('clearing the proposals listing', (s) =>
        s.putRecord(key, { clearedAt: at } satisfies Kept, at + LISTING_TTL_MS),
      );
    }
  }

  return {
    kind: backend.kind,
    describe: backend.describe,
    readBase: (path) => backend.readBase(path),
    create: (proposal) => changed(() => backend.create(proposal)),
    withdraw: (branch) => changed(() => backend.withdraw(branch)),
    async list() {
      const kept = await quietly('reading the proposals listing', (s) => s.getRecord(key));
      if (isListing(kept)) return aged(kept);
      const started = now();
      const fresh = { proposals: await backend.list(), fetchedAt: new Date(started).toISOString() };
      // Kept unless a proposal was made or withdrawn since this listing began.
      const mark = (await quietly('reading the proposals listing', (s) => s.getRecord(key))) as {
        clearedAt?: unknown;
      } | null;
      if (!(typeof mark?.clearedAt === 'number' && mark.clearedAt >= started))
        await quietly('keeping the proposals listing', (s) =>
          s.putRecord(key, fresh satisfies Kept, started + LISTING_TTL_MS),
        );
      return aged(fresh);
    },
  };
}
