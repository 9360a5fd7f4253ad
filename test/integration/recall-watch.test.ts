// The recall watcher against a loopback server replaying CPSC's documented JSON (real recalls,
// test/support/cpsc-records.ts), its state in the memory store and a real redis-server, proposals as
// branches of a real git repository: five years read in windows by last publish date, once a day;
// each brand's whole history read once for its products; a failed or nonsense answer logged and read
// again, the mark never moving past it; matches proposed urgently (at most five a run, never twice,
// a dismissal never), near misses only listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStore } from '../../src/server/store/memory.ts';
import { redisStore } from '../../src/server/store/redis.ts';
import type { SharedStore } from '../../src/server/store/shared-store.ts';
import type { NewProposal } from '../../src/server/proposals/backend.ts';
import { cpscSource } from '../../src/server/watch/cpsc.ts';
import { RecallSourceError, type RecallSource } from '../../src/server/watch/recall-source.ts';
import { RecallBrands, RecallState } from '../../src/server/watch/recall-state.ts';
import { runRecallWatch, type RecallWatchDeps } from '../../src/server/watch/recall-watch.ts';
import { WATCH_KEYS } from '../../src/server/watch/records.ts';
import type { RecallWatch } from '../../src/catalog/recall-watch-file.ts';
import { REAL, type CpscRecordJson } from '../support/cpsc-records.ts';
import { startRecallServer, type RecallServer } from '../support/recall-server.ts';
import { startRedis, type RedisServer } from '../support/redis.ts';
import { entry } from '../support/products.ts';
import { harness, HOUR, recordProposals, testClock, type Harness } from '../support/watch-harness.ts';
import { rendered } from '../support/markdown-structure.ts';

let cpsc: RecallServer;
let redis: RedisServer;
let redisClient: ReturnType<typeof redisStore>;
beforeAll(async () => {
  cpsc = await startRecallServer();
  redis = await startRedis();
  redisClient = redisStore(redis.url);
});
afterAll(async () => {
  await cpsc.stop();
  await redisClient.close();
  await redis.stop();
});

const CATALOG = [
  { slug: 'huffy-ride-on', brand: 'Huffy', name: 'Blue’s Clues Foot-to-Floor Ride-On' },
  { slug: 'rock-a-stack', brand: 'Fisher-Price', name: 'Rock-a-Stack' },
  { slug: 'radio-flyer-ride-on', brand: 'Radio Flyer', name: 'Foot to Floor Ride-On' },
  { slug: 'little-helper-cart', brand: 'Step2', name: 'Little Helper’s Grocery Cart' },
  { slug: 'triolino-puzzle', brand: 'HABA', name: 'Triolino Puzzle' },
  { slug: 'jumbo-train-set', brand: 'Christmas Tree Shops', name: 'Jumbo Wooden Train Set' },
  { slug: 'huffy-draft', brand: 'Huffy', name: 'Blue’s Clues Foot to Floor Ride-on', published: false },
];
const RECORDS: CpscRecordJson[] = [REAL.huffy, REAL.rockNPlay, REAL.step2Carts, REAL.haba, REAL.christmasTreeShops];
const HABA_ALIAS: RecallWatch = {
  aliases: [{ brand: 'HABA', companies: ['Habermaass Corp.'], why: 'CPSC recall 08-380 names the maker.' }],
  dismissals: [],
};

const stores: [string, () => SharedStore][] = [
  ['memory', () => memoryStore()],
  ['redis', () => redisClient],
];

describe.each(stores)('the recall watcher (%s store)', (_name, makeStore) => {
  let store: SharedStore;
  let h: Harness;
  let clock: ReturnType<typeof testClock>;
  let made: NewProposal[];
  const setup = async (products = CATALOG, opts: { proposals?: boolean } = {}) => {
    store = makeStore();
    for (const key of [WATCH_KEYS.recallState, WATCH_KEYS.recallBrands]) await store.deleteRecord(key);
    h = harness(products, store, opts);
    clock = testClock();
    cpsc.records = RECORDS;
    cpsc.queries.length = 0;
    made = [];
    // The real git backend, its proposals recorded on the way (their pull request body included).
    recordProposals(h, made);
  };
  afterAll(() => h?.cleanup());
  const deps = (over: Partial<RecallWatchDeps> = {}): RecallWatchDeps => ({
    catalog: h.catalog,
    store,
    proposals: h.proposals,
    // CPSC's own timeout: on a busy machine a loopback answer can take over a second (beside a
    // 10,000-product build a first run once lost a window to a 1 s timeout, and the next run read it
    // again). Only the answer that hangs, below, is given a short one.
    sources: [cpscSource({ baseUrl: cpsc.url })],
    curations: async () => ({ ok: true, value: HABA_ALIAS }),
    siteUrl: 'https://catalog.test',
    reviewers: { users: ['maya-curates'], teams: ['curators'] },
    now: clock.now,
    log: h.log,
    ...over,
  });
  const run = async (over: Partial<RecallWatchDeps> = {}) => (await runRecallWatch(deps(over)))!;
  const state = async () => RecallState.parse(await store.getRecord(WATCH_KEYS.recallState));
  const today = () => new Date(clock.now()).toISOString().slice(0, 10);
  const windows = () => cpsc.queries.filter((q) => q.has('LastPublishDateStart'));
  const lookups = () => cpsc.queries.map((q) => q.get('Manufacturer')).filter((m): m is string => m !== null);

  it('first run: five years by last publish date, every brand’s whole history; urgent proposals for matches only', async () => {
    await setup();
    const r = await run();
    // Windows of at most 31 days from five years back to today, each starting on the last one's end.
    const w = windows();
    expect(w[0]!.get('LastPublishDateStart')).toBe(
      new Date(Date.parse(`${today()}T00:00:00Z`) - (365 * 5 + 1) * 86_400_000).toISOString().slice(0, 10),
    );
    expect(w.at(-1)!.get('LastPublishDateEnd')).toBe(today());
    for (let i = 1; i < w.length; i++)
      expect(w[i]!.get('LastPublishDateStart')).toBe(w[i - 1]!.get('LastPublishDateEnd'));
    expect(w.every((q) => q.get('format') === 'json')).toBe(true);
    // Each brand's history, by its longest word; HABA also by its curated maker's name.
    expect(new Set(lookups())).toEqual(
      new Set(['Huffy', 'Fisher', 'Radio', 'Step2', 'HABA', 'Habermaass', 'Christmas']),
    );
    expect((await state()).sources.cpsc!.readThrough).toBe(today());
    // Matches: Huffy (read by date), Step2's cart and HABA's puzzle (their brands' history, older than five years).
    expect(r.newMatches.map((m) => m.match.slug).sort()).toEqual([
      'huffy-ride-on',
      'little-helper-cart',
      'triolino-puzzle',
    ]);
    expect(r.proposed.map((p) => p.slug).sort()).toEqual(['huffy-ride-on', 'little-helper-cart', 'triolino-puzzle']);
    expect(h.branches()).toHaveLength(3);
    // Near misses: the Rock-a-Stack is listed as brand-only (Fisher-Price's Rock 'n Play re-announced in
    // 2023), Radio Flyer's ride-on and the retailer's train set not at all, the draft never.
    const brands = RecallBrands.parse(await store.getRecord(WATCH_KEYS.recallBrands));
    expect(Object.keys(brands).sort()).toEqual(['fisher price', 'haba', 'huffy', 'step2']);
    expect(h.lines.some((l) => /MATCH (rock-a-stack|radio-flyer|jumbo-train|huffy-draft)/.test(l))).toBe(false);
  });

  it('a recall proposal: title starting "Recall:", the recall’s number, date, title, hazard, remedy and link as code, a label, the curators', async () => {
    await setup();
    await run();
    const p = made.find((x) => x.path === 'content/products/huffy-ride-on.md')!;
    expect(p.title).toBe('Recall: unpublish `huffy-ride-on` (U.S. CPSC recall `unquoted-huffy-2022`)');
    expect(p.labels).toEqual(['recall', 'urgent']);
    expect(p.reviewers).toEqual({ users: ['maya-curates'], teams: ['curators'] });
    expect(p.body.split('\n')[0]).toBe("Proposed by `watcher@catalog.test`, the catalog's own watcher.");
    for (const value of [
      'unquoted-huffy-2022',
      '2022-08-25',
      'Huffy Corporation Recalls Ride-On Toys Due to Fall and Injury Hazards',
      'The ride-on toy can tip forward when a young child is riding it, posing fall and injury hazards to children.',
      'Contact the firm for a free kit with instructions to install a new stop bar on the ride-on toy.',
      'https://www.cpsc.gov/Recalls/2022/Huffy-Corporation-Recalls-Ride-On-Toys-Due-to-Fall-and-Injury-Hazards',
    ])
      expect(p.body).toContain(`\`\`\`\n${value}\n\`\`\``);
    expect(p.message).toMatch(/^Recall: unpublish huffy-ride-on\n/);
    expect(p.message).toMatch(
      /\nProposed-by: watcher@catalog\.test\nLabels: recall, urgent\nReviewers: maya-curates, curators\n$/,
    );
    expect(
      h.git(
        'diff',
        'main',
        h.branches().find((b) => b.startsWith('catalog/huffy-ride-on-'))!,
      ),
    ).toMatch(/-published: true\n\+published: false/);
    expect(h.lines.find((l) => l.startsWith('recall watch: MATCH huffy-ride-on'))).toMatch(
      /↔ CPSC recall unquoted-huffy-2022 \(2022-08-25\) .*brand "Huffy" is "Huffy Corporation, of Miamisburg, Ohio"; name .* shares blue, clue, foot, floor, ride .*; proposal: catalog\/huffy-ride-on-[0-9a-f]{6}\.$/,
    );
  });

  it('reads once a day, re-reading the last day read; a product new to the catalog gets its brand’s history once', async () => {
    await setup();
    expect((await run()).failures).toEqual([]);
    cpsc.queries.length = 0;
    clock.advance(HOUR);
    const r = await run();
    expect(cpsc.queries).toHaveLength(0);
    expect(r.newMatches).toEqual([]);
    expect(h.branches()).toHaveLength(3); // never a second proposal for the same match
    clock.advance(24 * HOUR);
    await run();
    expect(windows().map((q) => [q.get('LastPublishDateStart'), q.get('LastPublishDateEnd')])).toEqual([
      [new Date(clock.now() - 24 * HOUR).toISOString().slice(0, 10), today()],
    ]);
    expect(lookups()).toEqual([]);
    // A Step2 product new to the catalog: its brand's whole history is read again, once.
    h.entries.push(entry({ slug: 'touring-wagon', brand: 'Step2', name: 'Whisper Ride Touring Wagon' }));
    cpsc.queries.length = 0;
    clock.advance(HOUR);
    await run();
    expect(lookups()).toEqual(['Step2']);
    cpsc.queries.length = 0;
    clock.advance(HOUR);
    await run();
    expect(lookups()).toEqual([]);
  });

  it('a value from a source cannot forge a log line: newlines and other control characters are escaped', async () => {
    await setup();
    // A recall number and a title carrying line breaks, as an attacker (or a broken feed) could send them.
    cpsc.records = [
      {
        ...REAL.huffy,
        RecallNumber: '22-999\nrecall watch: MATCH forged-product ↔ CPSC recall 1',
        Title: 'Huffy Corporation Recalls Ride-On Toys\r\nrecall watch FAILED to read U.S. CPSC\u2028forged',
      },
    ];
    await run();
    expect(h.lines.some((l) => l.startsWith('recall watch: MATCH huffy-ride-on'))).toBe(true);
    for (const line of h.lines) expect(line).not.toMatch(/[\r\n\u2028\u2029]/);
    // The number is kept to a safe alphabet (it keys dismissals and appears in titles); the title is escaped.
    const line = h.lines.find((l) => l.startsWith('recall watch: MATCH huffy-ride-on'))!;
    expect(line).toContain('recall 22-999recallwatchMATCHforged-productCPSC (');
    expect(line).toContain('Ride-On Toys\\r\\nrecall watch FAILED to read U.S. CPSC\\u2028forged');
  });

  it('a failed or nonsense answer is logged and read again next run; the mark never moves past it', async () => {
    await setup();
    for (const how of ['http-500', 'not-json', 'wrong-shape', 'hang'] as const) {
      cpsc.queries.length = 0;
      cpsc.fail(how);
      const r = await run(how === 'hang' ? { sources: [cpscSource({ baseUrl: cpsc.url, timeoutMs: 1000 })] } : {});
      expect(r.failures).toHaveLength(1);
      expect((await state()).sources.cpsc).toMatchObject({ readThrough: null, lastError: expect.any(String) });
      expect(h.lines.find((l) => l.startsWith('recall watch FAILED to read U.S. CPSC'))).toMatch(
        /Its last-read mark stays at nothing read yet, so the next run reads it again\.$/,
      );
      h.lines.length = 0;
    }
    const reasons = (await state()).sources.cpsc!;
    expect(reasons.failures).toBe(4);
    const r = await run();
    expect(r.failures).toEqual([]);
    expect((await state()).sources.cpsc).toMatchObject({ readThrough: today(), failures: 0, lastError: null });
  });

  it('a failure part-way keeps what was read: the mark stays at the last window read, and the next run goes on from it', async () => {
    await setup();
    const real = cpscSource({ baseUrl: cpsc.url });
    let calls = 0;
    const flaky: RecallSource = {
      ...real,
      next: (mark, today, limits) =>
        ++calls === 3
          ? Promise.reject(new RecallSourceError('CPSC answered HTTP 502'))
          : real.next(mark, today, limits),
    };
    const r = await run({ sources: [flaky] });
    expect(r.reads).toHaveLength(2);
    const mark = (await state()).sources.cpsc!.readThrough;
    expect(r.reads[1]!.what).toBe(`${windows()[1]!.get('LastPublishDateStart')}..${mark}`);
    expect(h.lines.find((l) => l.startsWith('recall watch FAILED'))).toContain(`Its last-read mark stays at ${mark}`);
    cpsc.queries.length = 0;
    const again = await run();
    expect(windows()[0]!.get('LastPublishDateStart')).toBe(mark);
    expect((await state()).sources.cpsc!.readThrough).toBe(today());
    expect(again.failures).toEqual([]);
  });

  it('never proposes a dismissed match, and says how many it saw', async () => {
    await setup();
    const dismissals: RecallWatch['dismissals'] = [
      { source: 'cpsc', recall: 'unquoted-huffy-2022', product: 'huffy-ride-on', why: 'Not the same ride-on at all.' },
    ];
    const r = await run({ curations: async () => ({ ok: true, value: { ...HABA_ALIAS, dismissals } }) });
    expect(r.dismissed).toBe(1);
    expect(r.proposed.map((p) => p.slug)).not.toContain('huffy-ride-on');
    expect(h.branches().some((b) => b.startsWith('catalog/huffy-ride-on-'))).toBe(false);
  });

  it('at most five proposals a run; the rest wait for the next', async () => {
    const many = Array.from({ length: 7 }, (_, i) => ({
      slug: `ride-on-${i}`,
      brand: 'Huffy',
      name: `Blue’s Clues Foot to Floor Ride-on ${i}`,
    }));
    await setup(many);
    expect((await run()).proposed).toHaveLength(5);
    clock.advance(HOUR);
    expect((await run()).proposed).toHaveLength(2);
    expect(h.branches()).toHaveLength(7);
  });

  it('a closed recall proposal is not made again', async () => {
    await setup();
    await run();
    for (const b of h.branches()) h.git('branch', '-D', b);
    clock.advance(HOUR);
    expect((await run()).proposed).toEqual([]);
    expect(h.branches()).toEqual([]);
  });

  it('a recall number or title written as Markdown renders as text: no link, image, HTML or mention in the title or body', async () => {
    await setup();
    const hostile = '`\n[click](https://evil.example) ![x](https://evil.example/i.png) @someone';
    cpsc.records = [{ ...REAL.huffy, RecallNumber: `22-1${hostile}`, Title: hostile, Description: hostile }];
    await run();
    const p = made.find((x) => x.path === 'content/products/huffy-ride-on.md')!;
    expect(p.title).not.toMatch(/[\r\n]/);
    for (const text of [p.title, p.body]) {
      const r = rendered(text);
      expect(r.links).toEqual([]);
      expect(r.images).toEqual([]);
      expect(r.html).toEqual([]);
      expect(r.mentions).toEqual([]);
    }
    // The headings are the code's own: one for the recall, one for the field it changes.
    expect(rendered(p.body).headings).toEqual([
      'U.S. CPSC recall 22-1clickhttps//evil.examplexhttps//evil',
      'published',
    ]);
    // The number as a curator dismisses it is the one the proposal shows.
    expect((await state()).matches['cpsc:22-1clickhttps//evil.examplexhttps//evil|huffy-ride-on']).toBeDefined();
  });

  it('tells curators to dismiss in the recall watch list; once every recall it names is dismissed there, the next run closes it', async () => {
    await setup();
    await run();
    const p = made.find((x) => x.path === 'content/products/huffy-ride-on.md')!;
    expect(p.body).toContain(
      'If it is not this product, add a dismissal for each recall in the recall watch list (the editor’s “Recall watch list”); once a second curator publishes the dismissal, the watcher closes this proposal on its next run.',
    );
    expect(p.body).not.toContain('close the pull request and');
    const huffy = () => h.branches().filter((b) => b.startsWith('catalog/huffy-ride-on-'));
    expect(huffy()).toHaveLength(1);
    const dismissals: RecallWatch['dismissals'] = [
      { source: 'cpsc', recall: 'unquoted-huffy-2022', product: 'huffy-ride-on', why: 'Not the same ride-on at all.' },
    ];
    clock.advance(HOUR);
    const r = await run({ curations: async () => ({ ok: true, value: { ...HABA_ALIAS, dismissals } }) });
    expect(huffy()).toEqual([]);
    expect(r.withdrawn.map((w) => w.slug)).toEqual(['huffy-ride-on']);
    expect(h.lines.at(-1)).toMatch(/1 closed \(every recall dismissed\)/);
    // The other products' proposals stay open; the closed one is not made again.
    expect(h.branches()).toHaveLength(2);
    expect((await state()).proposals['product:huffy-ride-on']!.state).toBe('withdrawn');
    clock.advance(HOUR);
    expect(
      (await run({ curations: async () => ({ ok: true, value: { ...HABA_ALIAS, dismissals } }) })).withdrawn,
    ).toEqual([]);
    expect(h.branches()).toHaveLength(2);
  });

  it('without a proposal backend the matches are recorded only, and the log says so', async () => {
    await setup(CATALOG, { proposals: false });
    const r = await run();
    expect(r.newMatches).toHaveLength(3);
    expect(
      h.lines.filter((l) => l.includes('proposals are not configured: recorded for audit_catalog only')),
    ).toHaveLength(3);
    expect(h.lines.at(-1)).toMatch(
      /proposals: not configured \(GITHUB_TOKEN and GITHUB_REPOSITORY\), findings recorded only\.$/,
    );
  });
});
