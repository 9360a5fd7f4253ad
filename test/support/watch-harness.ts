// What the watcher tests share: a catalog of products made with the project's one product factory,
// a real git repository holding their files (the local proposal backend), a clock from noon UTC
// that the test moves forward by hours while real time still passes, a counting store, and a log.
import { catalogOfEntries } from '../../src/server/admin-catalog/admin-index.ts';
import type { CatalogEntry } from '../../src/catalog/schema.ts';
import type { NewProposal } from '../../src/server/proposals/backend.ts';
import { chooseProposals } from '../../src/server/proposals/choose.ts';
import type { SharedStore } from '../../src/server/store/shared-store.ts';
import { entry, productFile, type ProductOverrides } from './products.ts';
import { scratchRepo } from './scratch-repo.ts';

export const HOUR = 3_600_000;

/**
 * A clock that starts at the next noon UTC (today's, or tomorrow's in the afternoon) and then runs
 * at real time plus whatever the test has added. Starting at noon, an hour's advance stays on the
 * same date: at real time, a test run between 23:00 and midnight UTC saw the next day an hour later.
 */
export function testClock() {
  const noon = new Date();
  noon.setUTCHours(12, 0, 0, 0);
  if (noon.getTime() < Date.now()) noon.setUTCDate(noon.getUTCDate() + 1);
  let offset = noon.getTime() - Date.now();
  return {
    now: () => Date.now() + offset,
    advance: (ms: number) => void (offset += ms),
  };
}

/** A product file's overrides for a product `slug` linking to `url`. */
export const linked = (slug: string, url: string, over: ProductOverrides = {}): ProductOverrides => ({
  slug,
  name: slug.replace(/-/g, ' '),
  url,
  ...over,
});

export interface Harness {
  entries: CatalogEntry[];
  catalog: () => Promise<ReturnType<typeof catalogOfEntries>>;
  repo: string;
  git(...args: string[]): string;
  /** The proposal branches of the repository. */
  branches(): string[];
  proposals: ReturnType<typeof chooseProposals>;
  lines: string[];
  log: (line: string) => void;
  cleanup(): void;
}

/** A catalog of `products` and a git repository holding their files, proposals going to it. */
export function harness(products: ProductOverrides[], store: SharedStore, opts: { proposals?: boolean } = {}): Harness {
  const entries = products.map((p) => entry(p));
  const {
    dir: repo,
    git,
    remove,
  } = scratchRepo('watch-repo-', {
    products: Object.fromEntries(products.map((p) => [`${String(p.slug)}.md`, productFile(p)])),
  });
  const lines: string[] = [];
  return {
    entries,
    catalog: async () => catalogOfEntries(entries, [], new Date()),
    repo,
    git,
    branches: () => git('for-each-ref', '--format=%(refname:short)', 'refs/heads/catalog/').split('\n').filter(Boolean),
    proposals:
      opts.proposals === false
        ? chooseProposals({})
        : chooseProposals({ localRepoDir: repo }, { records: () => store }),
    lines,
    log: (line) => void lines.push(line),
    cleanup: remove,
  };
}

/** A store that counts its record reads and writes (the requests a run costs). */
export function counting(store: SharedStore) {
  const count = { reads: 0, writes: 0 };
  const counted: SharedStore = Object.assign(Object.create(store) as SharedStore, {
    getRecord: (key: string) => (count.reads++, store.getRecord(key)),
    putRecord: (key: string, value: unknown, at: number) => (count.writes++, store.putRecord(key, value, at)),
    claim: (key: string, at: number) => store.claim(key, at),
    release: (key: string, at: number) => store.release(key, at),
  });
  return { store: counted, count };
}

/** Records each proposal the harness's backend makes in `made` (the real git backend still makes it). */
export function recordProposals(h: Harness, made: NewProposal[]): void {
  if (!h.proposals.ok) return;
  const real = h.proposals.backend;
  h.proposals = {
    ...h.proposals,
    backend: async () => {
      const b = await real();
      return {
        ...b,
        create: (p) => (made.push(p), b.create(p)),
        list: () => b.list(),
        withdraw: (x) => b.withdraw(x),
      };
    },
  };
}
