// The link watcher, run after run with a clock the test moves by hours, against real loopback shops
// (test/support/link-server.ts), with its state in the memory store and in a real redis-server, and
// its proposals as branches of a real git repository: when a link counts as broken or moved, what
// it proposes and withdraws, how it walks the catalog, spares shops that asked to wait or are down,
// and stops starting checks inside a scheduled function's time limit.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryStore } from '../../src/server/store/memory.ts';
import { redisStore } from '../../src/server/store/redis.ts';
import type { SharedStore } from '../../src/server/store/shared-store.ts';
import { LinkState, perRun, walkKey } from '../../src/server/watch/link-state.ts';
import { runLinkWatch, type LinkWatchDeps } from '../../src/server/watch/link-watch.ts';
import { WATCH_KEYS } from '../../src/server/watch/records.ts';
import { ADDRESS, startLinkServer, type LinkServer } from '../support/link-server.ts';
import { listen } from '../support/loopback-sites.ts';
import { startRedis, type RedisServer } from '../support/redis.ts';
import { counting, harness, HOUR, linked, testClock, type Harness } from '../support/watch-harness.ts';

let shops: LinkServer;
let redis: RedisServer;
let redisClient: ReturnType<typeof redisStore>;
beforeAll(async () => {
  shops = await startLinkServer();
  redis = await startRedis();
  redisClient = redisStore(redis.url);
});
afterAll(async () => {
  await shops.stop();
  await redisClient.close();
  await redis.stop();
});
beforeEach(() => shops.reset());

const stores: [string, () => SharedStore][] = [
  ['memory', () => memoryStore()],
  ['redis', () => redisClient],
];

describe.each(stores)('the link watcher (%s store)', (_name, makeStore) => {
  let store: SharedStore;
  let h: Harness;
  let clock: ReturnType<typeof testClock>;
  const url = (host: string, p: string) => shops.url(host, p);
  const setup = async (products: Parameters<typeof harness>[0], opts: { proposals?: boolean } = {}) => {
    store = makeStore();
    // Redis is shared by the tests: start each from an empty watcher state.
    for (const key of [WATCH_KEYS.linkState, ...Array.from({ length: 64 }, (_, i) => WATCH_KEYS.linkShard(i))])
      await store.deleteRecord(key);
    h = harness(products, store, opts);
    clock = testClock();
  };
  afterAll(() => h?.cleanup());
  const deps = (over: Partial<LinkWatchDeps> = {}): LinkWatchDeps => ({
    catalog: h.catalog,
    store,
    proposals: h.proposals,
    links: { allowAddresses: [ADDRESS], lookup: shops.lookup },
    siteUrl: 'https://catalog.test',
    reviewers: { users: ['maya-curates'], teams: [] },
    now: clock.now,
    log: h.log,
    // The watcher's own timeouts: on a busy machine a loopback shop can take longer than a short
    // one, and a good link would count a failure (recall-watch.test.ts lost a window so).
    ...over,
  });
  const run = async (over: Partial<LinkWatchDeps> = {}) => (await runLinkWatch(deps(over)))!;
  const state = async () => LinkState.parse(await store.getRecord(WATCH_KEYS.linkState));

  it('one failure is not a broken link; three failures spanning 48 hours are, then one proposal, never two; a recovery withdraws it', async () => {
    await setup([
      linked('wooden-rainbow-stacker', url('shop.test', '/products/wooden-rainbow-stacker')),
      linked('gone-puzzle', url('shop.test', '/products/gone-puzzle')),
    ]);
    let r = await run();
    expect(r.counts).toMatchObject({ ok: 1, failed: 1 });
    expect((await state()).findings).toEqual({});
    clock.advance(12 * HOUR);
    r = await run(); // nothing due: the walk's next pass and the failing link's recheck are daily
    expect(r.walk + r.rechecks).toBe(0);
    clock.advance(12 * HOUR);
    r = await run();
    expect(r.counts).toMatchObject({ ok: 1, failed: 1 });
    expect(r.newFindings).toEqual([]); // two failures, 24 hours
    clock.advance(24 * HOUR);
    r = await run();
    expect(r.newFindings.map((f) => f.slug)).toEqual(['gone-puzzle']);
    expect(h.lines.at(-1)).toMatch(
      /^link watch: BROKEN gone-puzzle: .* failed 3 checks in a row since .* \(HTTP 404, HTTP 404, HTTP 404\)/,
    );
    expect(h.branches()).toEqual([]); // proposed by the next run's proposal phase

    clock.advance(HOUR);
    r = await run();
    expect(r.proposed.map((p) => p.slug)).toEqual(['gone-puzzle']);
    const [branch] = h.branches();
    expect(branch).toMatch(/^catalog\/gone-puzzle-[0-9a-f]{6}$/);
    const message = h.git('log', '-1', '--format=%B', branch!);
    expect(message).toMatch(/^Broken link: unpublish gone-puzzle\n/);
    expect(message).toMatch(/\nProposed-by: watcher@catalog\.test\nLabels: broken-link\nReviewers: maya-curates\n?$/);
    expect(h.git('diff', 'main', branch!, '--stat')).toMatch(/content\/products\/gone-puzzle\.md \| 2 \+-/);
    expect(h.git('diff', 'main', branch!)).toMatch(/-published: true\n\+published: false/);

    clock.advance(HOUR);
    r = await run();
    expect(r.proposed).toEqual([]);
    expect(h.branches()).toEqual([branch]);

    // The shop puts the page back; the next daily recheck sees it, the run after withdraws.
    shops.set('shop.test', '/products/gone-puzzle', { status: 200 });
    clock.advance(24 * HOUR);
    r = await run();
    expect(r.recovered).toEqual(['gone-puzzle']);
    clock.advance(HOUR);
    r = await run();
    expect(r.withdrawn).toEqual([{ slug: 'gone-puzzle', branch }]);
    expect(h.branches()).toEqual([]);
  });

  it('a closed proposal is not made again on the same evidence; a new failure after a recovery is new evidence', async () => {
    await setup([linked('removed-kite', url('shop.test', '/products/removed-kite'))]);
    for (let i = 0; i < 3; i++) {
      await run();
      clock.advance(24 * HOUR);
    }
    await run(); // proposes (the third failure was confirmed by the run before)
    const [branch] = h.branches();
    expect(branch).toBeDefined();
    h.git('branch', '-D', branch!); // a curator closes it
    clock.advance(HOUR);
    expect((await run()).proposed).toEqual([]);
    expect((await state()).proposals['removed-kite']).toMatchObject({ state: 'closed' });
    shops.set('shop.test', '/products/removed-kite', { status: 200 });
    clock.advance(24 * HOUR);
    await run();
    shops.set('shop.test', '/products/removed-kite', { status: 410 });
    for (let i = 0; i < 3; i++) {
      clock.advance(24 * HOUR);
      await run();
    }
    clock.advance(HOUR);
    expect((await run()).proposed.map((p) => p.slug)).toEqual(['removed-kite']);
  });

  it('401, 403, 429 and 503 are unknown: a bot-walled link checked for days is never broken', async () => {
    await setup([linked('walled-blocks', url('walled.test', '/products/walled-blocks'))]);
    for (let i = 0; i < 5; i++) {
      const r = await run();
      expect(r.counts.unknown).toBe(1);
      clock.advance(24 * HOUR);
    }
    expect((await state()).findings).toEqual({});
    expect(h.branches()).toEqual([]);
  });

  it('a redirect to the shop’s home page is moved, confirmed like a failure and proposed as a moved link', async () => {
    await setup([linked('discontinued-drum', url('shop.test', '/products/discontinued-drum'))]);
    for (let i = 0; i < 3; i++) {
      const r = await run();
      expect(r.counts.moved).toBe(1);
      clock.advance(24 * HOUR);
    }
    expect(
      h.lines.some((l) => /^link watch: MOVED discontinued-drum: .* ending at http:\/\/shop\.test:\d+\/;/.test(l)),
    ).toBe(true);
    const r = await run();
    expect(r.proposed.map((p) => p.slug)).toEqual(['discontinued-drum']);
    expect(h.git('log', '-1', '--format=%s', h.branches()[0]!)).toBe('Moved link: unpublish discontinued-drum');
  });

  it('an affiliate redirect that ends on the product and a redirect chain stay ok', async () => {
    await setup([
      linked('felt-animals', url('aff.test', '/click?id=7')),
      linked('chain-telescope', url('shop.test', '/products/chain-a')),
      linked('no-head-loom', url('shop.test', '/products/no-head-loom')),
    ]);
    const r = await run();
    expect(r.counts).toMatchObject({ ok: 3, failed: 0, moved: 0 });
    expect((await state()).due).toEqual({});
  });

  it('a 429’s Retry-After is honoured: the shop is not asked again before it said, in this run or the next', async () => {
    await setup(['a', 'b', 'c'].map((x) => linked(`busy-${x}`, url('busy.test', `/products/${x}`))));
    const r = await run();
    // Two went out at once (two at a time per shop); the third waited, and was not sent after the 429.
    expect(r.counts).toMatchObject({ unknown: 2, notChecked: 1 });
    expect(shops.seen.filter((s) => s.host === 'busy.test')).toHaveLength(2);
    expect(shops.seen.every((s) => s.method === 'HEAD')).toBe(true);
    clock.advance(60_000); // Retry-After: 120
    await run();
    expect(shops.seen.filter((s) => s.host === 'busy.test')).toHaveLength(2);
    clock.advance(24 * HOUR);
    await run();
    expect(shops.seen.filter((s) => s.host === 'busy.test').length).toBeGreaterThan(2);
  });

  it('more than five failing links on one shop in a run are one finding (the shop is down), not one proposal each', async () => {
    await setup([
      ...Array.from({ length: 8 }, (_, i) => linked(`down-${i}`, url('down.test', `/products/p${i}`))),
      linked('wooden-rainbow-stacker', url('shop.test', '/products/wooden-rainbow-stacker')),
    ]);
    const r = await run();
    expect(r.counts.failed).toBe(8);
    expect(r.shopsDown).toEqual([{ host: 'down.test', failing: 8, sample: expect.any(Array) }]);
    expect(
      h.lines.some((l) => l.startsWith('link watch: SHOP DOWN down.test: 8 of its links get no answer or a 5xx')),
    ).toBe(true);
    expect(shops.maxInFlight.get('down.test')).toBeLessThanOrEqual(2);
    // While it is down, a run asks it only three times, and nothing of it is proposed.
    for (let i = 0; i < 4; i++) {
      clock.advance(24 * HOUR);
      shops.seen.length = 0;
      await run();
      expect(new Set(shops.seen.filter((s) => s.host === 'down.test').map((s) => s.path)).size).toBe(3);
    }
    expect(h.branches()).toEqual([]);
    expect((await state()).hosts['down.test']?.down).toBeDefined();
    // One page answers again: the shop is up.
    for (let i = 0; i < 8; i++) shops.set('down.test', `/products/p${i}`, { status: 200 });
    clock.advance(24 * HOUR);
    await run();
    expect((await state()).hosts['down.test']).toBeUndefined();
  });

  it('a shop is down when more than five of its links fail at once across runs, though each run sees only three', async () => {
    // 60 products, 25 a run in walk order: the down shop's 8 sit three in the first slice, three in
    // the second and two in the third.
    const slugs = Array.from({ length: 60 }, (_, i) => `spread-${i}`).sort((a, b) =>
      walkKey(a) < walkKey(b) ? -1 : 1,
    );
    const onDownShop = new Set([0, 1, 2, 25, 26, 27, 50, 51].map((i) => slugs[i]!));
    await setup(
      slugs.map((slug) =>
        onDownShop.has(slug) ? linked(slug, url('down.test', `/${slug}`)) : linked(slug, url('shop.test', `/${slug}`)),
      ),
    );
    for (const slug of slugs) if (!onDownShop.has(slug)) shops.set('shop.test', `/${slug}`, { status: 200 });
    let r = await run();
    expect(r.counts.failed).toBe(3);
    expect(r.shopsDown).toEqual([]);
    clock.advance(HOUR);
    r = await run();
    expect(r.counts.failed).toBe(3);
    expect(r.shopsDown).toEqual([{ host: 'down.test', failing: 6, sample: expect.any(Array) }]);
  });

  it('pages gone from a shop that answers (404, 410) are broken one by one, not a shop down', async () => {
    await setup(Array.from({ length: 7 }, (_, i) => linked(`gone-${i}`, url('shop.test', `/products/gone-${i}`))));
    const r = await run();
    expect(r.counts.failed).toBe(7);
    expect(r.shopsDown).toEqual([]);
    for (let i = 0; i < 3; i++) {
      clock.advance(24 * HOUR);
      await run();
    }
    expect(Object.keys((await state()).findings)).toHaveLength(7);
    // One proposal each, at most five a run (fewer when the run's proposal time is up).
    const perRunMade: number[] = [];
    while (h.branches().length < 7 && perRunMade.length < 7) {
      clock.advance(HOUR);
      perRunMade.push((await run()).proposed.length);
    }
    expect(h.branches()).toHaveLength(7);
    expect(Math.max(...perRunMade)).toBeLessThanOrEqual(5);
  });

  it('walks the catalog in a fixed order from a cursor, a slice a run, and reaches every product', async () => {
    const products = Array.from({ length: 60 }, (_, i) => linked(`walk-${i}`, url('shop.test', `/products/walk-${i}`)));
    for (let i = 0; i < 60; i++) shops.set('shop.test', `/products/walk-${i}`, { status: 200 });
    await setup(products);
    const seen = new Set<string>();
    const order: string[] = [];
    for (let i = 0; i < 3; i++) {
      shops.seen.length = 0;
      const r = await run();
      expect(r.walk).toBe(Math.min(perRun(60), 60 - seen.size));
      for (const s of shops.seen) {
        seen.add(s.path);
        order.push(s.path.slice('/products/'.length));
      }
      clock.advance(HOUR);
    }
    expect(seen.size).toBe(60);
    const keys = order.slice(0, 60).map(walkKey);
    expect(keys).toEqual([...keys].sort());
    expect((await state()).passStartedAt).not.toBeNull();
  });

  it('stops starting checks at its time limit and resumes from there', async () => {
    const products = Array.from({ length: 30 }, (_, i) =>
      linked(`slow-${i}`, url(`slow${i % 15}.test`, '/products/x')),
    );
    await setup(products);
    for (let i = 0; i < 15; i++) shops.set(`slow${i}.test`, '/products/x', { status: 200, delayMs: 400 });
    const started = Date.now();
    const r = await run({ timing: { checkUntilMs: 600, linkMs: 1500, timeoutMs: 800 } });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(r.counts.notChecked).toBeGreaterThan(0);
    const cursor = (await state()).cursor;
    const checked = r.counts.ok;
    const again = await run();
    expect(again.counts.ok).toBeGreaterThan(0);
    expect((await state()).cursor! > cursor!).toBe(true);
    expect(checked + again.counts.ok).toBeLessThanOrEqual(30);
  });

  it('reaches only public addresses, as check_links does: a shop link resolving to loopback fails unrequested', async () => {
    const internal = await listen('127.0.0.1', shops.port, (_req, res) => res.writeHead(200).end('internal'));
    try {
      await setup([linked('inside-job', `http://internal.test:${shops.port}/admin`)]);
      const r = await run({
        links: {
          allowAddresses: [ADDRESS],
          lookup: async (host) => (host === 'internal.test' ? ['127.0.0.1'] : shops.lookup(host)),
        },
      });
      expect(r.counts.failed).toBe(1);
      expect(internal.connections).toBe(0);
      const records: { reason: string | null }[] = [];
      for (let i = 0; i < 64; i++)
        records.push(...Object.values((await store.getRecord(WATCH_KEYS.linkShard(i))) ?? {}));
      expect(records).toHaveLength(1);
      expect(records[0]!.reason).toMatch(/refused: internal\.test resolves to 127\.0\.0\.1/);
    } finally {
      internal.server.close();
    }
  });

  it('without a proposal backend it records findings only, and says so', async () => {
    await setup([linked('error-blocks', url('shop.test', '/products/error-blocks'))], { proposals: false });
    for (let i = 0; i < 4; i++) {
      await run();
      clock.advance(24 * HOUR);
    }
    expect((await state()).findings['error-blocks']).toMatchObject({ cause: 'broken' });
    expect(h.lines.at(-1)).toMatch(
      /proposals: not configured \(GITHUB_TOKEN and GITHUB_REPOSITORY\), findings recorded only\.$/,
    );
  });

  it('reads and writes only the state and the shards of the products it checks', async () => {
    const products = Array.from({ length: 60 }, (_, i) => linked(`walk-${i}`, url('shop.test', `/products/walk-${i}`)));
    for (let i = 0; i < 60; i++) shops.set('shop.test', `/products/walk-${i}`, { status: 200 });
    await setup(products);
    const c = counting(store);
    await runLinkWatch({ ...deps(), store: c.store });
    // 25 products of 60, in walk order: a contiguous run of shard numbers, not all 64 shards.
    expect(c.count.reads).toBeLessThan(1 + 25);
    expect(c.count.writes).toBe(c.count.reads);
  });
});
