// How a watcher recognises its open proposal in a listing: by branch and pull request, so a
// curator's later draft on the same board branch (`cms/products/<slug>`) is not taken for it.
import { describe, expect, it } from 'vitest';
import type { Proposal } from '../../src/server/proposals/backend.ts';
import type { ListedBackend } from '../../src/server/proposals/listing.ts';
import { openBranches, settle, shouldPropose } from '../../src/server/watch/watch-proposals.ts';
import type { WatcherProposal } from '../../src/server/watch/link-state.ts';

const known: WatcherProposal = {
  branch: 'cms/products/kite',
  url: 'https://github.com/o/r/pull/7',
  evidence: 'recall 1',
  state: 'open',
  at: 0,
};
const listing = (open: Partial<Proposal>[]) =>
  openBranches({
    list: async () => ({
      proposals: open.map((p) => ({ branch: 'x', url: null, ...p }) as Proposal),
      fetchedAt: '2026-11-26T10:00:00Z',
      ageSeconds: 0,
    }),
  } as unknown as ListedBackend);

describe('a watcher’s open proposal in a listing', () => {
  it('is its branch with its pull request: still open, so not proposed again', async () => {
    const open = (await listing([{ branch: known.branch, url: known.url }]))!;
    expect(settle(known, open)).toEqual(known);
    expect(shouldPropose(known, 'recall 1', open)).toBe(false);
  });

  it('a curator’s later draft on the same board branch is another pull request: the proposal was closed', async () => {
    const open = (await listing([{ branch: known.branch, url: 'https://github.com/o/r/pull/9' }]))!;
    expect(settle(known, open)).toEqual({ ...known, state: 'closed' });
    expect(shouldPropose(known, 'recall 2', open)).toBe(true);
  });

  it('on the local backend (no pull requests) the branch alone names it', async () => {
    const local = { ...known, branch: 'catalog/kite-abc123', url: null };
    expect(settle(local, (await listing([{ branch: 'catalog/kite-abc123', url: null }]))!)).toEqual(local);
    expect(settle(local, (await listing([]))!).state).toBe('closed');
  });

  it('a listing that fails is null: nothing is proposed that run', async () => {
    const failing = { list: async () => Promise.reject(new Error('down')) } as unknown as ListedBackend;
    expect(await openBranches(failing)).toBeNull();
  });
});
