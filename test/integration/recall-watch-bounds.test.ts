// The recall watcher's state bounded whatever the regulators publish, against the loopback stand-ins
// (CPSC's service, Health Canada's daily file, the Safety Gate's weekly reports), its state in the
// memory store and a real redis-server: thousands of recalls matching one product leave a record
// under RECORD_MAX_BYTES, one proposal naming the most relevant and saying how many more; more new
// matches than a run keeps are read again next run; a state that cannot be written fails the run loudly.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NewProposal } from '../../src/server/proposals/backend.ts';
import { memoryStore } from '../../src/server/store/memory.ts';
import { redisStore } from '../../src/server/store/redis.ts';
import { RECORD_MAX_BYTES, type SharedStore } from '../../src/server/store/shared-store.ts';
import { cpscSource } from '../../src/server/watch/cpsc.ts';
import { healthCanadaSource } from '../../src/server/watch/health-canada.ts';
import { RecallBrands, RecallState } from '../../src/server/watch/recall-state.ts';
import { runRecallWatch, type RecallWatchDeps } from '../../src/server/watch/recall-watch.ts';
import { WATCH_KEYS } from '../../src/server/watch/records.ts';
import { safetyGateSource } from '../../src/server/watch/safety-gate.ts';
import { REAL } from '../support/cpsc-records.ts';
import { startRecallServer, type RecallServer } from '../support/recall-server.ts';
import { startRedis, type RedisServer } from '../support/redis.ts';
import { HEALTH_CANADA, report, SAFETY_GATE } from '../support/regulator-records.ts';
import { startRegulatorServer, type RegulatorServer } from '../support/regulator-server.ts';
import { harness, HOUR, recordProposals, testClock, type Harness } from '../support/watch-harness.ts';

let cpsc: RecallServer;
let regulators: RegulatorServer;
let redis: RedisServer;
let redisClient: ReturnType<typeof redisStore>;
beforeAll(async () => {
  cpsc = await startRecallServer();
  regulators = await startRegulatorServer();
  redis = await startRedis();
  redisClient = redisStore(redis.url);
});
afterAll(async () => {
  await cpsc.stop();
  await regulators.stop();
  await redisClient.close();
  await redis.stop();
});

/** A UPC-A barcode with its check digit, from an 11-digit number. */
const upc = (n: number) => {
  const d = String(n).padStart(11, '0');
  const sum = [...d].reduce((s, c, i) => s + Number(c) * (i % 2 === 0 ? 3 : 1), 0);
  return `${d}${(10 - (sum % 10)) % 10}`;
};
const RIDE_ON_BARCODE = upc(1234567890);

/** Constructed, from the real alerts' shape: a Safety Gate alert about the Huffy ride-on, naming its barcode. */
const huffyAlert = (i: number) => ({
  ...SAFETY_GATE.ledTree,
  caseNumber: `SR/${String(i).padStart(5, '0')}/26`,
  reference: `https://ec.europa.eu/safety-gate-alerts/screen/webReport/alertDetail/${20_000_000 + i}`,
  category: 'Toys',
  product: 'Ride-on toy',
  brand: 'Huffy',
  name: "Blue's Clues Foot to Floor Ride-on",
  barcode: RIDE_ON_BARCODE,
  riskType: 'Injuries',
  danger: `The toy can tip forward (alert ${i}). ${'The rider can fall and be injured. '.repeat(8)}`,
  measures: 'Recall of the product from end users',
});

/** Constructed, from the real consumer-product row: Health Canada's file naming the food jar, once per NID. */
const jarRow = (i: number) => ({
  ...HEALTH_CANADA.foodJars,
  NID: String(90_000 + i),
  URL: `https://recalls-rappels.canada.ca/en/alert-recall/stainless-king-food-jar-${i}`,
  Title: `Stainless King Food Jar recalled due to laceration hazard (${i})`,
  Issue: `Laceration hazard. ${'The lid can shatter. '.repeat(10)}`,
});

const stores: [string, () => SharedStore][] = [
  ['memory', () => memoryStore()],
  ['redis', () => redisClient],
];

describe.each(stores)('the recall watcher’s state, bounded (%s store)', (_name, makeStore) => {
  let store: SharedStore;
  let h: Harness;
  let clock: ReturnType<typeof testClock>;
  let made: NewProposal[];
  beforeEach(() => {
    cpsc.records = [REAL.huffy];
    cpsc.queries.length = 0;
    regulators.healthCanada = [];
    regulators.safetyGate = [];
    regulators.requests.length = 0;
  });
  const setup = async (products: Parameters<typeof harness>[0], opts: { proposals?: boolean } = {}) => {
    store = makeStore();
    for (const key of [WATCH_KEYS.recallState, WATCH_KEYS.recallBrands]) await store.deleteRecord(key);
    h = harness(products, store, opts);
    clock = testClock();
    made = [];
    recordProposals(h, made);
  };
  afterAll(() => h?.cleanup());
  const deps = (over: Partial<RecallWatchDeps> = {}): RecallWatchDeps => ({
    catalog: h.catalog,
    store,
    proposals: h.proposals,
    sources: [
      cpscSource({ baseUrl: cpsc.url }),
      healthCanadaSource({ url: regulators.healthCanadaUrl }),
      safetyGateSource({ url: regulators.safetyGateUrl }),
    ],
    curations: async () => ({ ok: true, value: { aliases: [], dismissals: [] } }),
    siteUrl: 'https://catalog.test',
    reviewers: { users: [], teams: [] },
    now: clock.now,
    log: h.log,
    ...over,
  });
  const run = async (over: Partial<RecallWatchDeps> = {}) => (await runRecallWatch(deps(over)))!;
  const recordBytes = async (key: string) => Buffer.byteLength(JSON.stringify(await store.getRecord(key)), 'utf8');
  const state = async () => RecallState.parse(await store.getRecord(WATCH_KEYS.recallState));
  const summary = () => h.lines.filter((l) => l.startsWith('recall watch: read')).at(-1)!;

  it('3,000 recalls matching one product from one regulator, and 3,000 from another re-read daily: the state is written under the limit, one proposal each, nothing proposed again', async () => {
    await setup([
      {
        slug: 'huffy-ride-on',
        brand: 'Huffy',
        name: 'Blue’s Clues Foot-to-Floor Ride-On',
        barcodes: [RIDE_ON_BARCODE],
      },
      { slug: 'food-jar', brand: 'Stainless King', name: 'Food Jar' },
    ]);
    regulators.safetyGate = [report(Array.from({ length: 3000 }, (_, i) => huffyAlert(i)))];
    regulators.healthCanada = Array.from({ length: 3000 }, (_, i) => jarRow(i));
    const r = await run();

    // Written, and under the store's limit.
    expect(await store.getRecord(WATCH_KEYS.recallState)).not.toBeNull();
    expect(await recordBytes(WATCH_KEYS.recallState)).toBeLessThan(RECORD_MAX_BYTES);
    expect(await recordBytes(WATCH_KEYS.recallBrands)).toBeLessThan(RECORD_MAX_BYTES);
    // Each brand's list of recalls keeps the last 100 added; audit_catalog then says "more than 100".
    const brands = RecallBrands.parse(await store.getRecord(WATCH_KEYS.recallBrands));
    for (const brand of ['huffy', 'stainless king']) {
      expect(brands[brand]!.ids).toHaveLength(100);
      expect(brands[brand]!.more).toBeGreaterThan(0);
    }
    const s = await state();
    const kept = (slug: string, source: string) =>
      Object.values(s.matches).filter((m) => m.slug === slug && m.source === source);
    // The most relevant kept per product and regulator: a barcode first, then the newest; CPSC's one recall of
    // the ride-on is never crowded out by the Safety Gate's thousands.
    expect(kept('huffy-ride-on', 'safety-gate')).toHaveLength(5);
    expect(kept('huffy-ride-on', 'cpsc')).toHaveLength(1);
    expect(kept('food-jar', 'health-canada')).toHaveLength(5);

    // One proposal a product, naming what was kept and saying how many more match.
    expect(r.proposed.map((p) => p.slug).sort()).toEqual(['food-jar', 'huffy-ride-on']);
    expect(h.branches()).toHaveLength(2);
    const ride = made.find((p) => p.path === 'content/products/huffy-ride-on.md')!;
    // The title names what fits in GitHub's 256 characters; the body every recall kept.
    expect(ride.title.length).toBeLessThanOrEqual(256);
    expect(ride.title).toMatch(
      /^Recall: unpublish `huffy-ride-on` \(EU Safety Gate recall `SR\/00000\/26`; .*; and \d more\)$/,
    );
    expect(ride.body).toContain('### U.S. CPSC recall `unquoted-huffy-2022`');
    expect(ride.body.match(/^### EU Safety Gate recall /gm)).toHaveLength(5);
    expect(ride.body).toContain(
      'At least 2995 more EU Safety Gate recalls match this product and are not listed here: the watcher keeps the 5 most relevant of each regulator (a barcode match first, then the newest).',
    );
    expect(ride.body.length).toBeLessThan(65_536);
    const jar = made.find((p) => p.path === 'content/products/food-jar.md')!;
    expect(jar.body).toContain('At least 2995 more Health Canada recalls match this product and are not listed here');

    // The run's log says what was not kept.
    expect(h.lines).toContain(
      'recall watch: 2995 more EU Safety Gate recalls match huffy-ride-on than the 5 kept; they are counted, not kept, and its proposal says so.',
    );
    expect(summary()).toMatch(/; 5990 matches not kept \(at most 5 a product and regulator\);/);
    // One MATCH line a kept match, not one a recall read.
    expect(h.lines.filter((l) => l.startsWith('recall watch: MATCH'))).toHaveLength(11);

    // The next day: Health Canada's file is read again whole, the Safety Gate has no new report.
    clock.advance(24 * HOUR);
    h.lines.length = 0;
    const again = await run();
    expect(again.reads.map((x) => x.source).sort()).toEqual(['EU Safety Gate', 'Health Canada', 'U.S. CPSC']);
    expect(again.newMatches).toEqual([]);
    expect(again.proposed).toEqual([]);
    expect(h.branches()).toHaveLength(2);
    expect(await recordBytes(WATCH_KEYS.recallState)).toBeLessThan(RECORD_MAX_BYTES);
    // The count is of recalls, not of readings: the file read twice is still 2995 more.
    expect((await state()).unlisted['food-jar']).toEqual({ 'health-canada': 2995 });
  });

  it('more new matches than a run keeps: the rest are read again next run, never lost, and the log says so', async () => {
    const products = Array.from({ length: 60 }, (_, i) => ({
      slug: `ride-on-${i}`,
      brand: 'Huffy',
      name: `Blue’s Clues Foot to Floor Ride-on ${i}`,
      barcodes: [upc(5_000_000_000 + i)],
    }));
    await setup(products, { proposals: false });
    cpsc.records = [];
    regulators.safetyGate = [
      // Another importer's name on each: only its barcode ties an alert to one product.
      report(
        products.map((p, i) => ({
          ...huffyAlert(i),
          brand: 'Relabelled Imports',
          barcode: p.barcodes[0]!,
          name: `Ride-on ${i}`,
        })),
      ),
    ];
    const first = await run();
    expect(first.newMatches).toHaveLength(50);
    expect(summary()).toMatch(
      /; 10 new matches wait for the next run \(at most 50 new a run\), which reads EU Safety Gate's part again;/,
    );
    // The report's mark did not move: the next run reads it again and keeps the rest.
    expect((await state()).sources['safety-gate']!.cursor).toBeNull();
    clock.advance(HOUR);
    const second = await run();
    expect(second.newMatches).toHaveLength(10);
    const s = await state();
    expect(new Set(Object.values(s.matches).map((m) => m.slug))).toEqual(new Set(products.map((p) => p.slug)));
    expect(s.sources['safety-gate']!.cursor).toBe('10000320');
    clock.advance(HOUR);
    expect((await run()).newMatches).toEqual([]);
  });

  it('a state that cannot be written: the run’s lines are logged, then a FAILED line, and the run fails', async () => {
    await setup([{ slug: 'huffy-ride-on', brand: 'Huffy', name: 'Blue’s Clues Foot-to-Floor Ride-On' }]);
    const refusing: SharedStore = Object.assign(Object.create(store) as SharedStore, {
      putRecord: async () => {
        throw new Error('the store refused the record');
      },
      claim: (key: string, at: number) => store.claim(key, at),
      release: (key: string, at: number) => store.release(key, at),
    });
    await expect(run({ store: refusing })).rejects.toThrow(
      /^recall watch FAILED to write its state \(the store refused the record\)/,
    );
    expect(h.lines.some((l) => l.startsWith('recall watch: MATCH huffy-ride-on'))).toBe(true);
    expect(h.lines.some((l) => l.startsWith('recall watch: read'))).toBe(true);
    expect(h.lines.at(-1)).toMatch(
      /^recall watch FAILED to write its state \(the store refused the record\): nothing this run read or matched is remembered, and the proposals it opened \(huffy-ride-on\) may be opened again; the next run reads everything again\.$/,
    );
  });
});
