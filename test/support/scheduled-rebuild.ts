// The scheduled rebuild's bench (test/unit/ and test/integration/scheduled-rebuild.test.ts): a
// deployed build at 09:00, the clock at 10:07, products due or not, and a build hook on loopback
// that records each POST and answers `answer.status` (or never, when `answer.hang`).
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { CatalogEntry } from '../../src/catalog/schema.ts';
import { catalogOfEntries } from '../../src/server/admin-catalog/admin-index.ts';
import type { ScheduledRebuildDeps } from '../../src/server/rebuild/scheduled.ts';
import { memoryStore } from '../../src/server/store/memory.ts';
import { entry } from './products.ts';

export const BUILT = new Date('2026-12-01T09:00:00Z');
/** 10:07, an hour and seven minutes after the deployed build. */
export const NOW = new Date('2026-12-01T10:07:00Z');

export const catalogOf = (...entries: CatalogEntry[]) => catalogOfEntries(entries, [], BUILT);
export const published = entry({ slug: 'always-there' });
export const dueAt10 = entry({ slug: 'goes-live-at-ten', publishAt: '2026-12-01T10:00:00Z' });
export const dueAt1030 = entry({ slug: 'goes-live-at-half-past', publishAt: '2026-12-01T10:30:00Z' });
export const draftDue = entry({ slug: 'a-draft', published: false, publishAt: '2026-12-01T10:00:00Z' });
export const liveBeforeBuild = entry({ slug: 'went-live-at-eight', publishAt: '2026-12-01T08:00:00Z' });

export interface BuildHook {
  server: Server;
  /** Its BUILD_HOOK_URL, once the suite's beforeAll has run. */
  url: string;
  /** `METHOD /path?query` of each request, emptied after each test. */
  posts: string[];
  /** How it answers, reset after each test. */
  answer: { status: number; hang: boolean };
}

/** A build hook for the calling test file: started before its tests, stopped after them. */
export function useBuildHook(): BuildHook {
  const hook: BuildHook = {
    server: createServer((req, res) => {
      req.resume();
      hook.posts.push(`${req.method} ${req.url}`);
      if (hook.answer.hang) return;
      res.writeHead(hook.answer.status).end();
    }),
    url: '',
    posts: [],
    answer: { status: 200, hang: false },
  };
  beforeAll(async () => {
    await new Promise<void>((resolve) => hook.server.listen(0, '127.0.0.1', resolve));
    const address = hook.server.address() as { port: number };
    hook.url = `http://127.0.0.1:${address.port}/build_hooks/unit`;
  });
  afterAll(() => {
    hook.server.closeAllConnections();
    hook.server.close();
  });
  afterEach(() => {
    hook.posts.length = 0;
    Object.assign(hook.answer, { status: 200, hang: false });
  });
  return hook;
}

/** The rebuild's dependencies: the published product and the one due at ten, the memory store, NOW, `hook`. */
export function depsFor(hook: BuildHook) {
  return (over: Partial<ScheduledRebuildDeps> & { entries?: CatalogEntry[] } = {}): ScheduledRebuildDeps => {
    const catalog = catalogOf(...(over.entries ?? [published, dueAt10]));
    return {
      catalog: async () => catalog,
      store: memoryStore(() => NOW.getTime()),
      buildHookUrl: hook.url,
      now: () => NOW,
      ...over,
    };
  };
}
