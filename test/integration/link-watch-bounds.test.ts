// The link watcher bounded whatever shops answer (an outside review's findings), each case against
// real loopback shops (test/support/link-server.ts): redirects to private, link-local or loopback
// addresses are never followed; a long redirect chain stops at five hops; a body that never ends or
// trickles is not read (the answer's status is all a check needs); and a check still running when
// the run's time is up is cut and reported as not checked, never as a broken link.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryStore } from '../../src/server/store/memory.ts';
import type { SharedStore } from '../../src/server/store/shared-store.ts';
import { LinkShard, LinkState } from '../../src/server/watch/link-state.ts';
import { runLinkWatch, type LinkWatchDeps } from '../../src/server/watch/link-watch.ts';
import { WATCH_KEYS } from '../../src/server/watch/records.ts';
import { ADDRESS, startLinkServer, type LinkServer } from '../support/link-server.ts';
import { listen } from '../support/loopback-sites.ts';
import { harness, linked, testClock, type Harness } from '../support/watch-harness.ts';

let shops: LinkServer;
beforeAll(async () => {
  shops = await startLinkServer();
});
afterAll(() => shops.stop());
beforeEach(() => shops.reset());

describe('the link watcher, bounded', () => {
  let store: SharedStore;
  let h: Harness;
  let clock: ReturnType<typeof testClock>;
  const setup = (products: Parameters<typeof harness>[0]) => {
    store = memoryStore();
    h = harness(products, store, { proposals: false });
    clock = testClock();
  };
  afterAll(() => h?.cleanup());
  const run = async (over: Partial<LinkWatchDeps> = {}) =>
    (await runLinkWatch({
      catalog: h.catalog,
      store,
      proposals: h.proposals,
      links: { allowAddresses: [ADDRESS], lookup: shops.lookup },
      siteUrl: 'https://catalog.test',
      reviewers: { users: [], teams: [] },
      now: clock.now,
      log: h.log,
      // The watcher's own timeouts (link-watch.test.ts says why).
      ...over,
    }))!;
  const records = async () => {
    const all: LinkShard = {};
    for (let i = 0; i < 64; i++) Object.assign(all, (await store.getRecord(WATCH_KEYS.linkShard(i))) ?? {});
    return all;
  };

  it('a redirect to a private, link-local or loopback address is never followed, literal or by name', async () => {
    // What a followed redirect would reach: a server of its own on loopback (a port the kernel gives:
    // the shops' port on 127.0.0.1 may be another socket's).
    const internal = await listen('127.0.0.1', 0, (_req, res) => res.writeHead(200).end('internal'));
    try {
      shops.set('shop.test', '/to-metadata', {
        status: 302,
        headers: { location: 'http://169.254.169.254/latest/meta-data/' },
      });
      shops.set('shop.test', '/to-router', { status: 301, headers: { location: 'http://10.0.0.1/admin' } });
      shops.set('shop.test', '/to-loopback', {
        status: 302,
        headers: { location: `http://127.0.0.1:${internal.port}/` },
      });
      shops.set('shop.test', '/to-inside', {
        status: 302,
        headers: { location: `http://inside.test:${internal.port}/` },
      });
      setup([
        linked('a', shops.url('shop.test', '/to-metadata')),
        linked('b', shops.url('shop.test', '/to-router')),
        linked('c', shops.url('shop.test', '/to-loopback')),
        linked('d', shops.url('shop.test', '/to-inside')),
      ]);
      const r = await run({
        links: {
          allowAddresses: [ADDRESS],
          lookup: async (host) => (host === 'inside.test' ? ['192.168.1.1', '127.0.0.1'] : shops.lookup(host)),
        },
      });
      expect(r.counts.failed).toBe(4);
      expect(internal.connections).toBe(0);
      const reasons = Object.values(await records()).map((x) => x.reason);
      expect(reasons).toHaveLength(4);
      for (const reason of reasons) expect(reason).toMatch(/refused/);
    } finally {
      internal.server.close();
    }
  });

  it('a long redirect chain stops after five redirects: six requests, then broken', async () => {
    for (let i = 0; i < 30; i++)
      shops.set('shop.test', `/hop-${i}`, { status: 302, headers: { location: `/hop-${i + 1}` } });
    setup([linked('endless-chain', shops.url('shop.test', '/hop-0'))]);
    const r = await run();
    expect(r.counts.failed).toBe(1);
    expect(Object.values(await records())[0]!.reason).toBe('more than 5 redirects');
    expect(shops.seen.filter((s) => s.path.startsWith('/hop-')).map((s) => s.path)).toEqual([
      '/hop-0',
      '/hop-1',
      '/hop-2',
      '/hop-3',
      '/hop-4',
      '/hop-5',
    ]);
  });

  it('a body that never ends, or trickles, is not read: the status decides, and the shop sends little', async () => {
    shops.set('shop.test', '/products/endless-page', { headStatus: 405, status: 200, body: 'endless' });
    shops.set('shop.test', '/products/trickling-page', { headStatus: 405, status: 200, body: 'trickle' });
    setup([
      linked('endless-page', shops.url('shop.test', '/products/endless-page')),
      linked('trickling-page', shops.url('shop.test', '/products/trickling-page')),
    ]);
    const r = await run();
    expect(r.counts.ok).toBe(2);
    // Both were asked with GET (HEAD is refused), and their bodies dropped after the headers: an
    // endless body costs a few buffers, never its length.
    expect(shops.seen.filter((s) => s.method === 'GET')).toHaveLength(2);
    expect(shops.bodyBytes()).toBeLessThan(16 * 1_048_576);
  });

  it('a check still running when the run’s time is up is cut and not checked, never broken; it is checked next run', async () => {
    shops.set('shop.test', '/products/slow-shop', { hang: true });
    setup([linked('slow-shop', shops.url('shop.test', '/products/slow-shop'))]);
    // Its own timeout (5 s) and link time (6 s) are longer than the run's checks may last (2.5 s).
    const r = await run({ timing: { checkUntilMs: 2000, checksEndMs: 2500, timeoutMs: 5000, linkMs: 6000 } });
    expect(r.counts).toMatchObject({ notChecked: 1, failed: 0 });
    expect(await records()).toEqual({});
    expect((await store.getRecord(WATCH_KEYS.linkState).then((v) => LinkState.parse(v))).cursor).toBeNull();
    shops.set('shop.test', '/products/slow-shop', { status: 200 });
    expect((await run()).counts.ok).toBe(1);
  });
});
