// `node scripts/bench/watchers.ts [products]`: what the watchers cost at 10,000 products, measured on
// loopback: the link watcher's hourly runs (time, links checked, store requests, requests per shop)
// against 40 loopback shops that answer like healthy ones (one in three products on one big shop,
// 3% of links gone, one shop down), and the recall watcher's runs against loopback stand-ins of its
// three sources at their real sizes (CPSC: five years in 31-day windows and every brand's history;
// Health Canada: a 16 MB daily file; the Safety Gate: a list of 1,100 weekly reports, five years of
// them read the first time): requests, bytes, seconds and peak memory of the first run (until every
// source is read up to today) and of a daily run. Prints numbers; asserts nothing (docs/operate.md quotes them).
import { ProductFrontmatter, type CatalogEntry } from '../../src/catalog/schema.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeAdminCatalog } from '../../src/admin/write-catalog.ts';
import { catalogFilesSource } from '../../src/server/admin-catalog/sources.ts';
import { chooseProposals } from '../../src/server/proposals/choose.ts';
import { memoryStore } from '../../src/server/store/memory.ts';
import { cpscSource } from '../../src/server/watch/cpsc.ts';
import { healthCanadaSource } from '../../src/server/watch/health-canada.ts';
import { RecallState } from '../../src/server/watch/recall-state.ts';
import { safetyGateSource } from '../../src/server/watch/safety-gate.ts';
import { runLinkWatch } from '../../src/server/watch/link-watch.ts';
import { runRecallWatch } from '../../src/server/watch/recall-watch.ts';
import { watchedProducts } from '../../src/server/watch/watched-products.ts';
import { ADDRESS, startLinkServer } from '../../test/support/link-server.ts';
import { startRecallServer } from '../../test/support/recall-server.ts';
import type { HealthCanadaRow, SafetyGateReport } from '../../test/support/regulator-records.ts';
import { startRegulatorServer } from '../../test/support/regulator-server.ts';
import { counting } from '../../test/support/watch-harness.ts';
import { prng, syntheticProduct } from './generate.ts';

const N = Number(process.argv[2] ?? 10_000);
const HOUR = 3_600_000;
const shops = await startLinkServer();
const rand = prng(7);
const hostOf = (i: number) => (i % 3 === 0 ? 'big-shop.test' : `shop${i % 39}.test`);
const entries: CatalogEntry[] = [];
for (let i = 1; i <= N; i++) {
  const { data, body } = syntheticProduct(i, rand);
  const host = hostOf(i);
  const where = `/products/${data.slug}`;
  data.url = shops.url(host, where);
  shops.set(host, where, { status: rand() < 0.03 ? 404 : 200, delayMs: 20 + Math.floor(rand() * 60) });
  entries.push({
    data: ProductFrontmatter.parse(data),
    description: body || null,
    sourcePath: `content/products/${data.slug}.md`,
  });
}
shops.set('shop7.test', '*', { status: 502 }); // one shop down
for (const e of entries)
  if (hostOf(Number(e.data.slug.split('-').at(-1))) === 'shop7.test')
    shops.set('shop7.test', new URL(e.data.url).pathname, { status: 502 });
// The catalog as the functions read it: the admin catalog the build writes, read from files.
const dir = mkdtempSync(path.join(tmpdir(), 'bench-watch-catalog-'));
writeAdminCatalog(dir, entries, new Date());
let t = performance.now();
const catalog = await catalogFilesSource([dir]).load();
const published = watchedProducts(catalog, ['published']);
console.log(
  `catalog: ${N} products, ${published.length} published; reading the admin catalog and every product's link, brand and name took ${(performance.now() - t).toFixed(0)} ms`,
);

const store = memoryStore();
const c = counting(store);
let offset = 0;
const now = () => Date.now() + offset;
const base = {
  catalog: async () => catalog,
  proposals: chooseProposals({}),
  siteUrl: 'https://catalog.example.org',
  reviewers: { users: [], teams: [] },
  now,
  log: () => {},
};
for (let run = 1; run <= 8; run++) {
  shops.seen.length = 0;
  shops.maxInFlight.clear();
  c.count.reads = c.count.writes = 0;
  t = performance.now();
  const r = (await runLinkWatch({
    ...base,
    store: c.store,
    links: { allowAddresses: [ADDRESS], lookup: shops.lookup },
  }))!;
  const ms = performance.now() - t;
  const perHost = new Map<string, number>();
  for (const s of shops.seen) perHost.set(s.host, (perHost.get(s.host) ?? 0) + 1);
  const busiest = [...perHost].sort((a, b) => b[1] - a[1])[0]!;
  console.log(
    `link watch run ${run}: ${(ms / 1000).toFixed(1)} s; walk ${r.walk}, rechecks ${r.rechecks}; ok ${r.counts.ok}, failed ${r.counts.failed}, ` +
      `not checked ${r.counts.notChecked}; ${shops.seen.length} requests to ${perHost.size} shops, at most ${busiest[1]} to one (${busiest[0]}), ` +
      `at most ${Math.max(...shops.maxInFlight.values())} at once to one; store: ${c.count.reads} reads, ${c.count.writes} writes; shops down: ${r.shopsDown.map((s) => s.host).join(', ') || 'none'}`,
  );
  offset += HOUR;
}
await shops.stop();

// The recall watcher: 1,800 CPSC recalls over five years (CPSC publishes about 300-400 a year).
const cpscRecord = (i: number, day: string) => ({
  RecallID: i,
  RecallNumber: `B${i}`,
  RecallDate: `${day}T00:00:00`,
  Description: '',
  URL: null,
  Title: `Maker ${i % 500} Recalls Things Due to Hazard`,
  ConsumerContact: '',
  LastPublishDate: `${day}T00:00:00`,
  Products: [{ Name: `Thing ${i}`, Description: '', Model: '', Type: '', CategoryID: '', NumberOfUnits: '' }],
  Manufacturers: [{ Name: i % 50 === 0 ? 'HABA USA, Inc.' : `Maker ${i % 500} LLC`, CompanyID: '' }],
  Importers: [],
  Distributors: [],
  Retailers: [],
  Hazards: [{ Name: 'Hazard', HazardType: '', HazardTypeID: '' }],
  Remedies: [{ Name: 'Refund' }],
  Images: [],
  Injuries: [],
  ManufacturerCountries: [],
});
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const recalls = await startRecallServer(
  Array.from({ length: 1800 }, (_, i) => cpscRecord(i, dayOf(Date.now() - i * 86_400_000))),
);
// Health Canada: 33,000 records (the real file's count in 2026) of about 480 bytes, one in six a
// consumer product: about 16 MB, the real file's size.
const ORGS = [
  'CFIA',
  'CFIA',
  'Drugs and health products',
  'Transport Canada',
  'Medical devices',
  'Consumer product safety',
];
const regulators = await startRegulatorServer();
regulators.healthCanada = Array.from({ length: 33_000 }, (_, i): HealthCanadaRow => ({
  NID: String(50_000 + i),
  Title: `${i % 6 === 5 ? `Maker ${i % 500}` : 'Various brands of'} products recalled due to a hazard found in testing (${i})`,
  URL: `https://recalls-rappels.canada.ca/en/alert-recall/products-recalled-due-hazard-found-testing-${i}`,
  Organization: ORGS[i % 6]!,
  Product: `Thing ${i} in several sizes and colours`,
  Issue: 'Product safety - Choking hazard',
  'What you should do':
    'Immediately stop using the recalled products and return them for a full refund. Report any health or safety incidents to Health Canada.',
  Category: i % 6 === 5 ? "Children's products" : 'Other',
  'Recall class': '',
  'Last updated': dayOf(Date.now() - (i % 3650) * 86_400_000),
  Archived: i % 4 === 0 ? '1' : '0',
}));
// The Safety Gate: a weekly report a week for 21 years (the list holds 1,100), 75 alerts each.
const alert = (r: number, k: number) => ({
  caseNumber: `SR/${String(r * 100 + k).padStart(5, '0')}/26`,
  reference: `https://ec.europa.eu/safety-gate-alerts/screen/webReport/alertDetail/${r * 100 + k}`,
  category: k % 3 === 0 ? 'Toys' : 'Electrical appliances',
  product: k % 3 === 0 ? 'Toy' : 'Charger',
  brand: k % 40 === 0 ? 'HABA' : `Maker ${k}`,
  name: `Thing ${r}-${k}`,
  type_numberOfModel: `M-${k}`,
  barcode: '8720362191049',
  riskType: 'Choking',
  danger: 'The toy has small parts that can detach; a child may put them in the mouth and choke.',
  description: 'Plush toy with eyes sewn on, in a plastic bag with a cardboard label.',
  measures: 'Withdrawal of the product from the market; recall of the product from end users',
  notifyingCountry: 'Germany',
  countryOfOrigin: 'China',
  level: 'Serious risk',
});
const weekly = (n: number, at: number): SafetyGateReport => {
  const d = new Date(at);
  return {
    id: 10_000_000 + n,
    reference: `Report-${d.getUTCFullYear()}-${n}`,
    publicationDate: `${d.getUTCDate()}/${d.getUTCMonth() + 1}/${d.getUTCFullYear()}`,
    alerts: Array.from({ length: 75 }, (_, k) => alert(n, k)),
  };
};
regulators.safetyGate = Array.from({ length: 1100 }, (_, n) =>
  weekly(n, Date.now() - (1099 - n) * 7 * 86_400_000 - 86_400_000),
);
const hcBytes = Buffer.byteLength(JSON.stringify(regulators.healthCanada));
console.log(
  `recall sources: CPSC 1,800 recalls; Health Canada's file ${(hcBytes / 1_048_576).toFixed(1)} MB (${regulators.healthCanada.length} records); ` +
    `Safety Gate ${regulators.safetyGate.length} weekly reports of 75 alerts`,
);

/** Requests and bytes the sources answered, counted where the watcher reads them. */
const traffic = { requests: 0, bytes: 0 };
const countingFetch: typeof fetch = async (url, init) => {
  const res = await fetch(url, init);
  traffic.requests++;
  if (!res.body) return res;
  const body = res.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, ctl) {
        traffic.bytes += chunk.byteLength;
        ctl.enqueue(chunk);
      },
    }),
  );
  return new Response(body, { status: res.status, headers: res.headers });
};
const rc = counting(memoryStore());
const recallRun = async (label: string) => {
  traffic.requests = traffic.bytes = 0;
  rc.count.reads = rc.count.writes = 0;
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  t = performance.now();
  const rr = (await runRecallWatch({
    ...base,
    store: rc.store,
    sources: [
      cpscSource({ baseUrl: recalls.url, fetch: countingFetch }),
      healthCanadaSource({ url: regulators.healthCanadaUrl, fetch: countingFetch }),
      safetyGateSource({ url: regulators.safetyGateUrl, fetch: countingFetch }),
    ],
    curations: async () => ({ ok: true, value: { aliases: [], dismissals: [] } }),
  }))!;
  const seconds = (performance.now() - t) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const state = RecallState.parse(await rc.store.getRecord('watch/recalls/state-v1'));
  const per = (name: string) => rr.reads.filter((r) => r.source === name);
  console.log(
    `recall watch, ${label}: ${seconds.toFixed(1)} s; ${traffic.requests} requests, ${(traffic.bytes / 1_048_576).toFixed(1)} MB read; ` +
      `CPSC ${per('U.S. CPSC').length} windows + ${rr.lookups.length} brand histories, Health Canada ${per('Health Canada').length} file, ` +
      `Safety Gate ${per('EU Safety Gate').filter((r) => r.what.startsWith('weekly')).length} reports; ` +
      `${rr.newMatches.length} new matches, ${rr.brandOnly} brand-only, ${rr.failures.length} failures; ` +
      `peak memory +${((peak - before) / 1_048_576).toFixed(0)} MB (rss ${(peak / 1_048_576).toFixed(0)} MB); ` +
      `store: ${rc.count.reads} reads, ${rc.count.writes} writes, state ${Buffer.byteLength(JSON.stringify(state))} bytes; ` +
      `${rr.failures.map((f) => `FAILED ${f.source}: ${f.reason}; `).join('')}read through: ${Object.entries(
        state.sources,
      )
        .map(([id, m]) => `${id} ${m.readThrough ?? 'not yet'}`)
        .join(', ')}`,
  );
  return state;
};
// The first run, then one an hour until every source is read up to today.
offset = 0;
let first = await recallRun('first run');
for (let n = 2; n <= 24 && Object.values(first.sources).some((m) => m.readThrough !== dayOf(now())); n++) {
  offset += HOUR;
  first = await recallRun(`first day, run ${n}`);
}
// A daily run: a day later, with a day's new CPSC recalls and a new weekly report.
offset += 24 * HOUR;
recalls.records = [cpscRecord(9001, dayOf(now())), cpscRecord(9002, dayOf(now())), ...recalls.records];
regulators.safetyGate.push(weekly(1100, now()));
await recallRun('daily run');
await recalls.stop();
await regulators.stop();
rmSync(dir, { recursive: true, force: true });
