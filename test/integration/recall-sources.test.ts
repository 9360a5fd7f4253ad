// The recall watcher reading all three sources at once, against loopback stand-ins that serve the
// published formats (real records quoted in test/support/cpsc-records.ts and regulator-records.ts):
// Health Canada's daily file (consumer products only, brands found in its text), the Safety Gate's
// weekly reports (only those not yet read; a barcode is a match whatever the brand), one proposal per
// product naming every regulator's recall of it, and every read bounded: a failing, hanging, endless
// or trickling source never holds up the others and is read again next run.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NewProposal } from '../../src/server/proposals/backend.ts';
import { memoryStore } from '../../src/server/store/memory.ts';
import type { SharedStore } from '../../src/server/store/shared-store.ts';
import { cpscSource } from '../../src/server/watch/cpsc.ts';
import { healthCanadaSource } from '../../src/server/watch/health-canada.ts';
import { RecallState } from '../../src/server/watch/recall-state.ts';
import { runRecallWatch, type RecallWatchDeps } from '../../src/server/watch/recall-watch.ts';
import { WATCH_KEYS } from '../../src/server/watch/records.ts';
import type { RecallSource } from '../../src/server/watch/recall-source.ts';
import { safetyGateSource } from '../../src/server/watch/safety-gate.ts';
import { REAL } from '../support/cpsc-records.ts';
import { startRecallServer, type RecallServer } from '../support/recall-server.ts';
import { FRENCH_COPY, HEALTH_CANADA, report, SAFETY_GATE } from '../support/regulator-records.ts';
import { reportXml, startRegulatorServer, type RegulatorServer } from '../support/regulator-server.ts';
import { harness, HOUR, recordProposals, testClock, type Harness } from '../support/watch-harness.ts';

let cpsc: RecallServer;
let regulators: RegulatorServer;
beforeAll(async () => {
  cpsc = await startRecallServer();
  regulators = await startRegulatorServer();
});
afterAll(async () => {
  await cpsc.stop();
  await regulators.stop();
});

/** A barcode (valid check digit) for the constructed records below. */
const RIDE_ON_BARCODE = '012345678905';

const CATALOG = [
  { slug: 'huffy-ride-on', brand: 'Huffy', name: 'Blue’s Clues Foot-to-Floor Ride-On', barcodes: [RIDE_ON_BARCODE] },
  { slug: 'food-jar', brand: 'Stainless King', name: 'Food Jar' },
  // Sold here under another name than the alert's brand: only its barcode ties it to the alert.
  { slug: 'glow-tree', brand: 'Holiday Glow', name: 'Light-up Christmas Tree', barcodes: ['8720362191049'] },
  { slug: 'rainbow-stacker', brand: 'Grimm’s', name: 'Rainbow Stacker' },
];

/** Constructed: a Safety Gate alert about the Huffy ride-on, naming its barcode, to show two regulators' evidence made one proposal. */
const HUFFY_ALERT = {
  caseNumber: 'SR/00001/26',
  reference: 'https://ec.europa.eu/safety-gate-alerts/screen/webReport/alertDetail/1',
  category: 'Toys',
  product: 'Ride-on toy',
  brand: 'Huffy',
  name: "Blue's Clues Foot to Floor Ride-on",
  barcode: RIDE_ON_BARCODE,
  riskType: 'Injuries',
  danger: 'The toy can tip forward.',
  measures: 'Recall of the product from end users',
};

describe('the recall watcher with three sources', () => {
  let store: SharedStore;
  let h: Harness;
  let clock: ReturnType<typeof testClock>;
  let made: NewProposal[];
  beforeEach(() => {
    cpsc.records = [REAL.huffy, REAL.step2Carts];
    cpsc.queries.length = 0;
    regulators.healthCanada = [HEALTH_CANADA.foodJars, HEALTH_CANADA.easymulti, HEALTH_CANADA.sandwiches, FRENCH_COPY];
    regulators.safetyGate = [
      report([SAFETY_GATE.passengerCar], { id: 100, reference: 'Report-2019-1', publicationDate: '04/01/2019' }),
      report([SAFETY_GATE.ledTree, HUFFY_ALERT]),
    ];
    regulators.requests.length = 0;
  });
  const setup = async (products = CATALOG) => {
    store = memoryStore();
    h = harness(products, store);
    clock = testClock();
    made = [];
    recordProposals(h, made);
  };
  afterAll(() => h?.cleanup());
  const sources = (over: { hcCap?: number } = {}) => [
    cpscSource({ baseUrl: cpsc.url }),
    healthCanadaSource({ url: regulators.healthCanadaUrl, ...(over.hcCap ? { capBytes: over.hcCap } : {}) }),
    safetyGateSource({ url: regulators.safetyGateUrl }),
  ];
  const deps = (over: Partial<RecallWatchDeps> = {}): RecallWatchDeps => ({
    catalog: h.catalog,
    store,
    proposals: h.proposals,
    sources: sources(),
    curations: async () => ({ ok: true, value: { aliases: [], dismissals: [] } }),
    siteUrl: 'https://catalog.test',
    reviewers: { users: [], teams: [] },
    now: clock.now,
    log: h.log,
    ...over,
  });
  const run = async (over: Partial<RecallWatchDeps> = {}) => (await runRecallWatch(deps(over)))!;
  const state = async () => RecallState.parse(await store.getRecord(WATCH_KEYS.recallState));
  const today = () => new Date(clock.now()).toISOString().slice(0, 10);
  const hcRequests = () => regulators.requests.filter((r) => r.endsWith('HCRSAMOpenData.json'));
  const sgRequests = () => regulators.requests.filter((r) => r.includes('/weeklyReport/'));

  it('Health Canada: its daily file once a day, consumer products only, the brand and name found in its text', async () => {
    await setup();
    const r = await run();
    expect(hcRequests()).toHaveLength(1);
    expect(r.reads.find((x) => x.source === 'Health Canada')?.what).toBe(
      'its daily file (1 consumer-product records of 4)',
    );
    const jar = r.newMatches.find((m) => m.match.slug === 'food-jar')!;
    expect(jar.match).toMatchObject({
      source: 'health-canada',
      number: '82252',
      date: '2026-06-29',
      company: 'stainless king',
    });
    expect(jar.match.shared.sort()).toEqual(['food', 'jar']);
    expect(r.newMatches.filter((m) => m.match.source === 'health-canada')).toHaveLength(1);
    // Read once a day: the next hour asks nothing; the next day asks for the file again, and the
    // same record is not a new match.
    clock.advance(HOUR);
    await run();
    expect(hcRequests()).toHaveLength(1);
    clock.advance(24 * HOUR);
    const later = await run();
    expect(hcRequests()).toHaveLength(2);
    expect(later.newMatches).toEqual([]);
    expect(h.branches().filter((b) => b.startsWith('catalog/food-jar-'))).toHaveLength(1);
  });

  it('Safety Gate: the reports not yet read, as listed; a barcode is a match whatever the brand, and the proposal says so', async () => {
    await setup();
    const r = await run();
    // The report older than five years is never read; the other is requested exactly as listed.
    expect(sgRequests()).toEqual([
      '/safety-gate-alerts/api/download/weeklyReport/list/xml/en',
      '/safety-gate-alerts/api/download/weeklyReport/detail/xml/10000320?language=en&search=WEB_REPORT|:|10000320,',
    ]);
    const tree = r.newMatches.find((m) => m.match.slug === 'glow-tree')!;
    expect(tree.match).toMatchObject({
      source: 'safety-gate',
      number: 'SR/02362/26',
      date: '2026-08-28',
      barcode: '08720362191049',
      company: '',
    });
    expect(h.lines.find((l) => l.startsWith('recall watch: MATCH glow-tree'))).toContain(
      "barcode 08720362191049 is this product's",
    );
    const p = made.find((x) => x.path === 'content/products/glow-tree.md')!;
    expect(p.title).toBe('Recall: unpublish `glow-tree` (EU Safety Gate recall `SR/02362/26`)');
    expect(p.body).toContain(
      "**Matched by barcode:** the recall names this product's barcode, which is a match whatever brand the recall names.",
    );
    expect(p.body).toContain('```\nhttps://ec.europa.eu/safety-gate-alerts/screen/webReport/alertDetail/10118487\n```');
    expect((await state()).sources['safety-gate']).toMatchObject({ readThrough: today(), cursor: '10000320' });
    // The next day: the list again, and only the report published since.
    regulators.safetyGate.push(
      report([], { id: 10000321, reference: 'Report-2026-35', publicationDate: '04/09/2026' }),
    );
    regulators.requests.length = 0;
    clock.advance(24 * HOUR);
    await run();
    expect(sgRequests()).toEqual([
      '/safety-gate-alerts/api/download/weeklyReport/list/xml/en',
      '/safety-gate-alerts/api/download/weeklyReport/detail/xml/10000321?language=en&search=WEB_REPORT|:|10000321,',
    ]);
  });

  it('one product, several regulators: one proposal naming each regulator, its recall page and its date', async () => {
    await setup();
    const r = await run();
    expect(
      r.newMatches
        .filter((m) => m.match.slug === 'huffy-ride-on')
        .map((m) => m.match.source)
        .sort(),
    ).toEqual(['cpsc', 'safety-gate']);
    expect(h.branches().filter((b) => b.startsWith('catalog/huffy-ride-on-'))).toHaveLength(1);
    const p = made.find((x) => x.path === 'content/products/huffy-ride-on.md')!;
    expect(p.title).toBe(
      'Recall: unpublish `huffy-ride-on` (EU Safety Gate recall `SR/00001/26`; U.S. CPSC recall `unquoted-huffy-2022`)',
    );
    for (const value of [
      'EU Safety Gate',
      'https://ec.europa.eu/safety-gate-alerts/screen/webReport/alertDetail/1',
      '2026-08-28',
      'U.S. CPSC',
      REAL.huffy.URL!,
      '2022-08-25',
    ])
      expect(p.body).toContain(`\`\`\`\n${value}\n\`\`\``);
    // Closed by a curator: the same two recalls never make it again.
    for (const b of h.branches()) h.git('branch', '-D', b);
    clock.advance(24 * HOUR);
    expect((await run()).proposed).toEqual([]);
  });

  it('a source that fails, hangs, or answers without end never holds up the others, and is read again next run', async () => {
    await setup();
    regulators.fail('health-canada', 'endless');
    regulators.fail('safety-gate', 'hang');
    const r = await run({ sources: sources({ hcCap: 4 * 1_048_576 }), timing: { readUntilMs: 4000 } });
    const reasons = Object.fromEntries(r.failures.map((f) => [f.source, f.reason]));
    // Health Canada's endless answer is abandoned at its cap (4 MB here), not read to the end.
    expect(reasons['Health Canada']).toMatch(/passed the 4\.0 MB allowed, so it was abandoned there$/);
    // The hanging list's timeout was cut to what was left of the run's 4 s, not its own 10 s.
    expect(reasons['EU Safety Gate']).toMatch(/no complete answer within [0-4]\.\d s$/);
    // CPSC was read all the same.
    expect(r.reads.some((x) => x.source === 'U.S. CPSC')).toBe(true);
    const marks = (await state()).sources;
    expect(marks['health-canada']).toMatchObject({ readThrough: null, failures: 1 });
    expect(marks['safety-gate']).toMatchObject({ readThrough: null, failures: 1 });
    clock.advance(HOUR);
    const again = await run();
    expect(again.failures).toEqual([]);
    expect((await state()).sources['health-canada']!.readThrough).toBe(today());
    expect((await state()).sources['safety-gate']!.readThrough).toBe(today());
  });

  it('a body that trickles is abandoned at the run’s deadline; an answer of another format is an error; both retried', async () => {
    await setup();
    regulators.fail('health-canada', 'trickle');
    regulators.fail('safety-gate', 'not-the-format');
    const r = await run({ timing: { readUntilMs: 1500 } });
    const reasons = Object.fromEntries(r.failures.map((f) => [f.source, f.reason]));
    expect(reasons['Health Canada']).toMatch(/no complete answer within 1\.\d s$|the run's time ran out/);
    expect(reasons['EU Safety Gate']).toMatch(
      /list of weekly reports is not its known XML \(it begins "<!DOCTYPE html>/,
    );
    expect(h.lines.filter((l) => l.startsWith('recall watch FAILED to read'))).toHaveLength(2);
  });

  it('the limits hold across the sources together: five proposals a run, the rest the next run, one per product', async () => {
    const rideOns = Array.from({ length: 4 }, (_, i) => ({
      slug: `ride-on-${i}`,
      brand: 'Huffy',
      name: `Blue’s Clues Foot to Floor Ride-on ${i}`,
    }));
    const jars = Array.from({ length: 3 }, (_, i) => ({
      slug: `jar-${i}`,
      brand: 'Stainless King',
      name: `Food Jar ${i}`,
    }));
    await setup([...rideOns, ...jars]);
    const r = await run();
    // The ride-ons match CPSC's recall and the (constructed) Safety Gate alert, the jars Health Canada's.
    expect(new Set(r.newMatches.map((m) => m.match.source))).toEqual(new Set(['cpsc', 'health-canada', 'safety-gate']));
    expect(r.proposed).toHaveLength(5);
    clock.advance(HOUR);
    expect((await run()).proposed).toHaveLength(2);
    clock.advance(HOUR);
    expect((await run()).proposed).toHaveLength(0);
    expect(h.branches()).toHaveLength(7);
  });

  /** A Safety Gate whose list names one report and whose report is `body`, each answered in one piece. */
  const SG_LIST = 'https://ec.europa.eu/safety-gate-alerts/api/download/weeklyReport/list/xml/en';
  const servedGate = (body: string) =>
    safetyGateSource({
      url: SG_LIST,
      fetch: async (url) =>
        new Response(
          String(url).includes('/list/')
            ? '<Safety-Gate><weeklyReport><reference>Report-2026-34</reference><publicationDate>28/08/2026</publicationDate>' +
                '<URL>https://ec.europa.eu/safety-gate-alerts/api/download/weeklyReport/detail/xml/10000320?language=en</URL></weeklyReport></Safety-Gate>'
            : body,
        ),
    });

  it('a report whose reading outlasts the run is stopped inside its parsing, with a problem naming it; the other sources’ marks are written', async () => {
    await setup();
    const alerts = Array.from({ length: 3000 }, (_, i) => ({ ...SAFETY_GATE.passengerCar, caseNumber: `SR/${i}/26` }));
    const gate = servedGate(reportXml(report(alerts)));
    // The gate's clock moves a second each time it is read: the report's 2 MB take longer than the run has.
    let asked = 0;
    const slow: RecallSource = {
      ...gate,
      next: (mark, day, limits) => gate.next(mark, day, { ...limits, now: () => limits.now() + 1000 * asked++ }),
    };
    const [cpscNow, hcNow] = sources();
    const r = await run({ sources: [cpscNow!, hcNow!, slow] });
    const reasons = Object.fromEntries(r.failures.map((f) => [f.source, f.reason]));
    expect(reasons['EU Safety Gate']).toMatch(
      /^Safety Gate's weekly report Report-2026-34 was not read to its end: the run's time ran out after \d+ of its \d+ kilobytes$/,
    );
    // Stopped at the deadline (14 s of its clock), not after the report's 32 chunks.
    expect(asked).toBeLessThanOrEqual(16);
    const marks = (await state()).sources;
    expect(marks['safety-gate']).toMatchObject({ readThrough: null, cursor: null, failures: 1 });
    expect(marks.cpsc!.readThrough).toBe(today());
    expect(marks['health-canada']!.readThrough).toBe(today());
  });

  it('a hostile report (CDATA sections in a field never closed) is refused as not well-formed; the others are read', async () => {
    await setup();
    // Short enough for a regular-expression reader to finish; test/unit/xml-records.test.ts counts the work on longer ones.
    const hostile = `<Safety-Gate><notifications><caseNumber>${'<![CDATA[x]]>'.repeat(16)}</notifications></Safety-Gate>`;
    const [cpscNow, hcNow] = sources();
    const r = await run({ sources: [cpscNow!, hcNow!, servedGate(hostile)] });
    expect(r.failures.map((f) => f.source)).toEqual(['EU Safety Gate']);
    expect(r.failures[0]!.reason).toMatch(
      /^Safety Gate's weekly report Report-2026-34 is not well-formed XML \(\d+:\d+: unexpected close tag\.\)$/,
    );
    expect((await state()).sources['health-canada']!.readThrough).toBe(today());
  });

  it('a proposal naming two regulators’ recalls stays open until both are dismissed, then the next run closes it', async () => {
    await setup();
    await run();
    const huffy = () => h.branches().filter((b) => b.startsWith('catalog/huffy-ride-on-'));
    expect(huffy()).toHaveLength(1);
    const dismiss = (d: { source: 'cpsc' | 'safety-gate'; recall: string }[]) => ({
      curations: async () => ({
        ok: true as const,
        value: { aliases: [], dismissals: d.map((x) => ({ ...x, product: 'huffy-ride-on', why: 'Another ride-on.' })) },
      }),
    });
    clock.advance(HOUR);
    expect((await run(dismiss([{ source: 'cpsc', recall: 'unquoted-huffy-2022' }]))).withdrawn).toEqual([]);
    expect(huffy()).toHaveLength(1);
    clock.advance(HOUR);
    const both = await run(
      dismiss([
        { source: 'cpsc', recall: 'unquoted-huffy-2022' },
        { source: 'safety-gate', recall: 'SR/00001/26' },
      ]),
    );
    expect(both.withdrawn).toEqual([
      { slug: 'huffy-ride-on', branch: expect.stringMatching(/^catalog\/huffy-ride-on-/) },
    ]);
    expect(huffy()).toEqual([]);
  });

  it('a value from the Safety Gate cannot forge a log line either', async () => {
    await setup();
    regulators.safetyGate = [
      report([
        { ...SAFETY_GATE.ledTree, caseNumber: 'SR/1\nrecall watch: MATCH forged ↔ X', danger: 'lead\u2028forged' },
      ]),
    ];
    await run();
    expect(h.lines.some((l) => l.startsWith('recall watch: MATCH glow-tree'))).toBe(true);
    for (const line of h.lines) expect(line).not.toMatch(/[\r\n\u2028\u2029]/);
  });
});
