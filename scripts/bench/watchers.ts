// `node scripts/bench/watchers.ts [products]`: what the watchers cost at 10,000 products, measured on
// loopback: the link watcher's hourly runs (time, links checked, store requests, requests per shop)
// against 40 loopback shops that answer like healthy ones (one in three products on one big shop,
// 3% of links gone, one shop down), and the recall watcher's first run (five years in 31-day windows,
// every brand's history) against a CPSC stand-in. Prints numbers; asserts nothing (DEPLOY.md quotes them).
import { ProductFrontmatter, type CatalogEntry } from '../../src/catalog/schema.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeAdminCatalog } from '../../src/admin/write-catalog.ts';
import { catalogFilesSource } from '../../src/server/admin-catalog/sources.ts';
import { chooseProposals } from '../../src/server/proposals/choose.ts';
import { memoryStore } from '../../src/server/store/memory.ts';
import { cpscSource } from '../../src/server/watch/cpsc.ts';
import { runLinkWatch } from '../../src/server/watch/link-watch.ts';
import { runRecallWatch } from '../../src/server/watch/recall-watch.ts';
import { watchedProducts } from '../../src/server/watch/watched-products.ts';
import { ADDRESS, startLinkServer } from '../../test/support/link-server.ts';
import { startRecallServer } from '../../test/support/recall-server.ts';
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

// The recall watcher's first run: 1,800 recalls over five years (CPSC publishes about 300-400 a year).
const recalls = await startRecallServer(
  Array.from({ length: 1800 }, (_, i) => {
    const day = new Date(Date.now() - i * 86_400_000).toISOString().slice(0, 10);
    return {
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
    };
  }),
);
const rc = counting(memoryStore());
t = performance.now();
const rr = (await runRecallWatch({
  ...base,
  store: rc.store,
  sources: [cpscSource({ baseUrl: recalls.url })],
  curations: async () => ({ ok: true, value: { aliases: [], dismissals: [] } }),
}))!;
console.log(
  `recall watch, first run: ${((performance.now() - t) / 1000).toFixed(1)} s; ${rr.reads.length} windows (${rr.reads.reduce((n, r) => n + r.recalls, 0)} recalls), ` +
    `${rr.lookups.length} brand histories, ${recalls.queries.length} requests to the service; ${rr.newMatches.length} matches, ${rr.brandOnly} brand-only; store: ${rc.count.reads} reads, ${rc.count.writes} writes; ` +
    `state ${Buffer.byteLength(JSON.stringify(await rc.store.getRecord('watch/recalls/state-v1')))} bytes`,
);
await recalls.stop();
rmSync(dir, { recursive: true, force: true });
