// The hourly rebuild (src/server/rebuild/scheduled.ts) with fixture catalogs and a fixed clock,
// posting to a real local hook server: nothing due posts nothing; a due product posts once; two
// instances in one hour post once (in memory, and one after the other on a real local Netlify Blobs
// server, the store deployed sites use); a failed post is logged, recorded nowhere, and posted again
// by the next run. On a real redis-server: test/integration/scheduled-rebuild.test.ts.
// test/e2e/scheduled-rebuild.test.ts invokes the function on the local stack as Netlify does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAdminCatalog } from '../../src/admin/write-catalog.ts';
import { catalogFilesSource } from '../../src/server/admin-catalog/sources.ts';
import { describeOutcome, dueProducts, hourClaim, runScheduledRebuild } from '../../src/server/rebuild/scheduled.ts';
import { blobsStore } from '../../src/server/store/blobs.ts';
import { memoryStore } from '../../src/server/store/memory.ts';
import {
  BUILT,
  catalogOf,
  depsFor,
  draftDue,
  dueAt10,
  dueAt1030,
  liveBeforeBuild,
  NOW,
  published,
  useBuildHook,
} from '../support/scheduled-rebuild.ts';

const hook = useBuildHook();
const { posts, answer } = hook;
const deps = depsFor(hook);

describe('dueProducts', () => {
  it('is the products the deployed build held back whose time has come, drafts never', () => {
    const catalog = catalogOf(published, dueAt10, dueAt1030, draftDue, liveBeforeBuild);
    expect(dueProducts(catalog, NOW)).toEqual(['goes-live-at-ten']);
    expect(dueProducts(catalog, new Date('2026-12-01T10:30:00Z'))).toEqual([
      'goes-live-at-ten',
      'goes-live-at-half-past',
    ]);
    expect(dueProducts(catalog, new Date('2026-12-01T09:59:59Z'))).toEqual([]);
  });

  it('reads the admin catalog the build writes (its status and publishAt columns)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rebuild-catalog-'));
    try {
      writeAdminCatalog(dir, [published, dueAt10, dueAt1030], BUILT);
      const deployed = await catalogFilesSource([dir]).load();
      expect(deployed.builtAt).toEqual(BUILT);
      expect(dueProducts(deployed, NOW)).toEqual(['goes-live-at-ten']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('runScheduledRebuild', () => {
  it('nothing due: no post, and the log says so', async () => {
    const outcome = await runScheduledRebuild(deps({ entries: [published, dueAt1030, liveBeforeBuild] }));
    expect(outcome).toEqual({ result: 'nothing-due', builtAt: BUILT.toISOString() });
    expect(posts).toEqual([]);
    expect(describeOutcome(outcome)).toMatch(/nothing due since the deployed build of 2026-12-01T09:00:00.000Z/);
  });

  it('one product due: exactly one post, titled with what is due', async () => {
    const outcome = await runScheduledRebuild(deps());
    expect(outcome).toEqual({ result: 'posted', due: ['goes-live-at-ten'], status: 200 });
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatch(/^POST \/build_hooks\/unit\?trigger_title=Scheduled%3A\+1\+product\+due/);
  });

  it('two instances in the same hour: one post (memory store)', async () => {
    const store = memoryStore(() => NOW.getTime());
    const [a, b] = await Promise.all([runScheduledRebuild(deps({ store })), runScheduledRebuild(deps({ store }))]);
    expect([a.result, b.result].sort()).toEqual(['already-posted', 'posted']);
    expect(posts).toHaveLength(1);
    // The next hour, with the product still due (its build failed), posts again.
    const later = new Date(NOW.getTime() + 3_600_000);
    expect((await runScheduledRebuild(deps({ store, now: () => later }))).result).toBe('posted');
    expect(posts).toHaveLength(2);
  });

  it.each([
    ['an answer other than 2xx', () => (answer.status = 500), /answered HTTP 500/],
    ['no hook set', () => {}, /BUILD_HOOK_URL is not set/],
    ['an unreachable hook', () => {}, /could not be reached/],
  ])(
    'a failed post (%s) is logged with its reason, recorded nowhere, and posted by the next run',
    async (_, arrange, reason) => {
      arrange();
      const store = memoryStore(() => NOW.getTime());
      const url = reason.source.includes('not set')
        ? undefined
        : reason.source.includes('reached')
          ? 'http://127.0.0.1:9/build_hooks/closed'
          : hook.url;
      const failed = await runScheduledRebuild(deps({ store, buildHookUrl: url }));
      expect(failed).toMatchObject({ result: 'failed', due: ['goes-live-at-ten'] });
      expect(describeOutcome(failed)).toMatch(reason);
      expect(describeOutcome(failed)).toMatch(/FAILED.*The next hourly run tries again\.$/);
      expect(await store.has(hourClaim(NOW).key, hourClaim(NOW).expiresAt)).toBe(false);
      answer.status = 200;
      posts.length = 0;
      expect((await runScheduledRebuild(deps({ store }))).result).toBe('posted');
      expect(posts).toHaveLength(1);
    },
  );

  it('a hook that does not answer in time is a failure, not a hang', async () => {
    answer.hang = true;
    try {
      const outcome = await runScheduledRebuild(deps({ hookTimeoutMs: 200 }));
      expect(outcome).toMatchObject({ result: 'failed' });
      expect(describeOutcome(outcome)).toMatch(/did not answer within 0.2 s/);
    } finally {
      hook.server.closeAllConnections();
    }
  });

  it('without a shared store nothing is posted, and the log says why', async () => {
    const outcome = await runScheduledRebuild(deps({ store: null }));
    expect(outcome).toMatchObject({ result: 'failed' });
    expect(describeOutcome(outcome)).toMatch(/no shared store/);
    expect(posts).toEqual([]);
  });
});

describe('two instances on real stores', () => {
  let blobs: BlobsServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'blobs-rebuild-'));
    blobs = new BlobsServer({ directory: dir, token: 'unit-token' });
  });
  afterAll(async () => {
    await blobs?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('Netlify Blobs (local server): the second instance of the hour stands down; a failed post leaves no claim', async () => {
    const url = `http://localhost:${(await blobs.start()).port}`;
    const connection = { siteID: 'unit-site', token: 'unit-token', edgeURL: url, uncachedEdgeURL: url };
    const [a, b] = [blobsStore({ connection }), blobsStore({ connection })];
    // One after the other: the local Blobs server does not make two simultaneous writes atomic
    // (netlify-cli's emulation; Netlify's own Blobs does), so only Redis runs them at once
    // (test/integration/scheduled-rebuild.test.ts).
    expect((await runScheduledRebuild(deps({ store: a }))).result).toBe('posted');
    expect((await runScheduledRebuild(deps({ store: b }))).result).toBe('already-posted');
    expect(posts).toHaveLength(1);

    const later = new Date(NOW.getTime() + 3_600_000);
    answer.status = 503;
    expect((await runScheduledRebuild(deps({ store: a, now: () => later }))).result).toBe('failed');
    answer.status = 200;
    expect((await runScheduledRebuild(deps({ store: b, now: () => later }))).result).toBe('posted');
    expect(posts).toHaveLength(3);
  });
});
