// The proposals listing kept in the shared store: a listing read while a proposal was being made is
// not kept afterwards, a failing store never fails the listing, and without a store every listing
// is read afresh. The backend here is a plain object that counts its reads (the GitHub backend's
// own counts are in test/integration/proposals-github.test.ts); the store is the in-memory one.
import { describe, expect, it } from 'vitest';
import type { NewProposal, Proposal, ProposalBackend } from '../../src/server/proposals/backend.ts';
import { LISTING_TTL_MS, withListingCache } from '../../src/server/proposals/listing.ts';
import { memoryStore } from '../../src/server/store/memory.ts';
import type { RecordStore } from '../../src/server/store/shared-store.ts';

const proposal = (branch: string): Proposal => ({
  branch,
  title: branch,
  url: null,
  number: null,
  via: 'mcp',
  proposedBy: 'ada@example.test',
  checks: 'none',
  createdAt: '2030-01-01T00:00:00.000Z',
});

/** A backend holding branches in memory; `hold()` makes the next list wait until released. */
function countingBackend(describe = 'the test backend') {
  const branches: string[] = [];
  let held: Promise<void> | null = null;
  const state = {
    reads: 0,
    hold() {
      let release!: () => void;
      held = new Promise<void>((r) => (release = r));
      return () => release();
    },
  };
  const backend: ProposalBackend = {
    kind: 'git',
    describe,
    readBase: async () => null,
    async create(p: NewProposal) {
      branches.push(p.branch);
      return proposal(p.branch);
    },
    async list() {
      state.reads++;
      const seen = branches.map(proposal);
      if (held) {
        const wait = held;
        held = null;
        await wait;
      }
      return seen;
    },
    async withdraw(branch) {
      branches.splice(branches.indexOf(branch), 1);
    },
  };
  return { backend, state };
}
const made = (branch: string) => ({ branch }) as NewProposal;

describe('the proposals listing in the shared store', () => {
  it('a listing read while a proposal was made is answered but not kept', async () => {
    const clock = { now: Date.parse('2030-01-01T00:00:00Z') };
    const store = memoryStore(() => clock.now);
    const { backend, state } = countingBackend();
    const cached = withListingCache(backend, { records: () => store, now: () => clock.now });
    const release = state.hold();
    const slow = cached.list(); // reads the backend before the proposal exists…
    await new Promise((r) => setTimeout(r, 10));
    clock.now += 1_000;
    await cached.create(made('catalog/new-1')); // …which is made meanwhile
    release();
    expect((await slow).proposals).toEqual([]);
    clock.now += 1_000;
    expect((await cached.list()).proposals.map((p) => p.branch)).toEqual(['catalog/new-1']);
    expect(state.reads).toBe(2);
    // That one is kept.
    expect((await cached.list()).ageSeconds).toBe(0);
    expect(state.reads).toBe(2);
  });

  it('keeps one listing per backend', async () => {
    const store = memoryStore();
    const a = countingBackend('owner/a on GitHub');
    const b = countingBackend('owner/b on GitHub');
    await a.backend.create(made('catalog/a-1'));
    const ca = withListingCache(a.backend, { records: () => store });
    const cb = withListingCache(b.backend, { records: () => store });
    expect((await ca.list()).proposals).toHaveLength(1);
    expect((await cb.list()).proposals).toHaveLength(0);
    expect((await ca.list()).proposals).toHaveLength(1);
    expect([a.state.reads, b.state.reads]).toEqual([1, 1]);
  });

  it('expires after LISTING_TTL_MS', async () => {
    const clock = { now: 0 };
    const store = memoryStore(() => clock.now);
    const { backend, state } = countingBackend();
    const cached = withListingCache(backend, { records: () => store, now: () => clock.now });
    await cached.list();
    clock.now += LISTING_TTL_MS - 1;
    expect((await cached.list()).ageSeconds).toBe(Math.floor((LISTING_TTL_MS - 1) / 1000));
    clock.now += 1;
    expect((await cached.list()).ageSeconds).toBe(0);
    expect(state.reads).toBe(2);
  });

  it('answers when the store fails (and says so in the log), and reads afresh without a store', async () => {
    const broken: RecordStore = {
      getRecord: () => Promise.reject(new Error('store down')),
      putRecord: () => Promise.reject(new Error('store down')),
      deleteRecord: () => Promise.reject(new Error('store down')),
    };
    const logged: string[] = [];
    const { backend, state } = countingBackend();
    const cached = withListingCache(backend, { records: () => broken, log: (m) => logged.push(m) });
    expect((await cached.list()).proposals).toEqual([]);
    await cached.create(made('catalog/x-1'));
    expect((await cached.list()).proposals).toHaveLength(1);
    expect(state.reads).toBe(2);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged[0]).toMatch(/shared store failed while reading the proposals listing: store down/);
    const bare = withListingCache(backend, { records: () => null });
    await bare.list();
    await bare.list();
    expect(state.reads).toBe(4);
  });
});
