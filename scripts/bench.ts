// `npm run bench [-- --n 10000 | --sizes 10,1000,10000] [--runs 3] [--keep] [--skip-lighthouse] [--skip-hugo]
// [--seed 1] [--astro-config f]` (`--help` prints this): builds N synthetic products cold, then warm
// as a rebuild on Netlify (the output folder and build cache kept, one product edited), beside two
// Hugo anchors (Hugo + Pagefind doing the same work, which the build targets are judged against,
// and a trivial one-template site for information); times the admin functions, weighs the pages
// (and the heaviest of all, gzipped), checks search ranking and transfer, runs Lighthouse on four
// pages, judges the targets (TARGETS in scripts/bench/report.ts) and writes
// bench-results/<timestamp>.json. With --sizes the builds and both anchors run at every size and
// everything else at the largest; a table of every size (SIZE_GOALS) ends the report, with this
// machine's speed and load beside it (./bench/machine.ts). --runs repeats each timed build and the
// same-work anchor: medians, with the spread beside them.
// The run is the list PHASES below; each phase reads and fills one shared record, `Run`.
// Everything generated lives under os.tmpdir(); nothing is written to content/ or dist/.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { commitName, recordResults } from './lib/results-file.ts';
import { CATEGORY_SLUGS } from '../src/config/site.ts';
import { loadCatalog } from '../src/catalog/load.ts';
import { PRODUCT_IMAGES_DIR } from '../src/catalog/images.ts';
import type { CatalogEntry } from '../src/catalog/schema.ts';
import { formatProblems } from '../src/catalog/problems.ts';
import { publishedEntries, statusOf } from '../src/catalog/catalog.ts';
import { AGE_BANDS } from '../src/catalog/ages.ts';
import {
  ageCategoryPath,
  categoryPath,
  listPagePath,
  PRODUCTS_PATH,
  productPath,
  SEARCH_PATH,
} from '../src/catalog/urls.ts';
import { ROOT } from './lib/stack.ts';
import { benchAdmin } from './bench/admin.ts';
import { buildSteps, clearAstroCaches, isPageLine, phases, supportsCacheDirEnv } from './bench/build.ts';
import { distStats } from './bench/dist-stats.ts';
import { HUGO, hugoAvailable, hugoCommand, writeHugoSite } from './bench/hugo.ts';
import {
  checkSameWorkOutput,
  countOutputKinds,
  hugoStats,
  pagefindCommand,
  sameWorkExpectations,
  sameWorkHugoCommand,
  writeSameWorkHugoSite,
  type OutputKinds,
} from './bench/hugo-same-work.ts';
import { chromiumAvailable, lighthouse } from './bench/lighthouse.ts';
import { measure } from './bench/measure.ts';
import { pageWeight } from './bench/pages.ts';
import { describeSpeed, loadAverage, machineSpeed, type MachineSpeed } from './bench/machine.ts';
import {
  judge,
  markdown,
  mb,
  sec,
  sizesMarkdown,
  summariseSize,
  toBuildRun,
  type BenchReport,
  type BuildRun,
  type SameWorkRun,
  type SizeSummary,
} from './bench/report.ts';
import { benchSearch } from './bench/search.ts';
import { serveStatic } from './bench/static-server.ts';
import { imageCdn, photoTransfer, writeBenchPictures } from './bench/photos.ts';
import { writeSyntheticCatalog } from './bench/generate.ts';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '20261122' },
    keep: { type: 'boolean', default: false },
    'skip-lighthouse': { type: 'boolean', default: false },
    'skip-hugo': { type: 'boolean', default: false },
    repeat: { type: 'string', default: '50' },
    'cold-runs': { type: 'string', default: '5' },
    'lighthouse-runs': { type: 'string', default: '3' },
    /** An alternative Astro config inside the project (e.g. .cache/x.mjs importing ../astro.config.mjs). */
    'astro-config': { type: 'string' },
    /** Writes the verdicts into docs/results.json, which the documents quote. */
    record: { type: 'boolean', default: false },
    /** Several catalog sizes in one run (e.g. 10,1000,10000); --n is then ignored. */
    sizes: { type: 'string' },
    /** Each timed build and the same-work anchor this many times (medians, spread beside them). */
    runs: { type: 'string', default: '1' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  const head = readFileSync(new URL(import.meta.url), 'utf8').split('\n');
  console.log(
    head
      .slice(
        0,
        head.findIndex((l) => !l.startsWith('//')),
      )
      .join('\n')
      .replace(/^\/\/ ?/gm, ''),
  );
  process.exit(0);
}
const n = Number(args.n);
const sizes = args.sizes ? args.sizes.split(',').map((s) => Number(s.trim())) : [n];
const runs = Number(args.runs);
const seed = Number(args.seed);
/** Makers' photos in the synthetic catalog's pictures (each shared by many products). */
const MAKER_PHOTOS = 24;
for (const size of sizes)
  if (!Number.isInteger(size) || size < 1)
    throw new Error(`--n and --sizes must be positive whole numbers (got ${args.sizes ?? args.n})`);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive whole number (got ${args.runs})`);

// Astro moves built assets from the checkout's `.astro/` into the output folder with rename(),
// which fails across filesystems (EXDEV): the temporary folder must share the checkout's.
if (statSync(os.tmpdir()).dev !== statSync(ROOT).dev) {
  console.error(
    `The temporary folder ${os.tmpdir()} is on another filesystem than ${ROOT}; Astro's build cannot move files across. Unset TMPDIR or point it at a folder on the same filesystem.`,
  );
  process.exit(1);
}

const started = Date.now();
const log = (s: string) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${s}`);

/** What the phases share: where things are, and what each phase measured for the report. */
interface Run extends Omit<BenchReport, 'date' | 'machine' | 'targets'> {
  tmp: string;
  contentDir: string;
  distDir: string;
  /** A build-private content-layer store, when astro.config.mjs reads ASTRO_CACHE_DIR. */
  cacheDir: string | null;
  adminCatalog: string;
  entries: CatalogEntry[];
  now: Date;
  buildEnv: NodeJS.ProcessEnv;
  /** The pages weighed, in order: home, a product, a list page, search, a category, a filter page. */
  pagePaths: string[];
}

interface BenchPhase {
  name: string;
  run(r: Run): Promise<void>;
  /** Run at every size of --sizes (the others only at the largest). */
  everySize?: boolean;
}

/** Writes what the last build or run left on the disk, so that the next timed one does not pay it. */
const flushDisk = () => execFileSync('sync');

/** Writes N synthetic product files and checks them against the schema. */
async function generateProducts(r: Run) {
  // The demo's pictures and makers' photos at the size they supply them (3000 px, 1–5 MB), in a
  // folder of the run's own (CATALOG_IMAGES_DIR): the build reads each photo's size, nothing more.
  const imageDir = path.join(r.tmp, 'images');
  await mkdir(imageDir, { recursive: true });
  const images = await writeBenchPictures(imageDir, path.join(ROOT, PRODUCT_IMAGES_DIR), MAKER_PHOTOS);
  r.buildEnv.CATALOG_IMAGES_DIR = imageDir;
  const photoBytes = (await readdir(imageDir))
    .filter((f) => f.startsWith('maker-photo-'))
    .map((f) => statSync(path.join(imageDir, f)).size);
  log(
    `  ${images.length} pictures, among them ${MAKER_PHOTOS} makers' photos of ${mb(Math.min(...photoBytes))}–${mb(Math.max(...photoBytes))}`,
  );
  log(`generating ${r.n.toLocaleString('en-US')} synthetic products (seed ${seed})`);
  await writeSyntheticCatalog(r.contentDir, r.n, {
    seed,
    images,
    onProgress: (done) => {
      if (done % 2500 === 0 || done === r.n) log(`  ${done.toLocaleString('en-US')} files written`);
    },
  });
  const { entries, problems } = await loadCatalog(r.contentDir);
  if (problems.length)
    throw new Error(`The synthetic catalog does not pass the schema:\n${formatProblems(problems.slice(0, 20))}`);
  r.entries = entries;
  for (const e of entries) r.catalog[statusOf(e, r.now)]++;
  log(
    `  valid under the schema: ${r.catalog.published} published, ${r.catalog.draft} drafts, ${r.catalog.scheduled} scheduled`,
  );
}

/** One run of the production build; cold starts without an output folder, as Netlify does. */
async function ourBuild(r: Run, label: 'cold' | 'warm'): Promise<BuildRun> {
  if (label === 'cold') await rm(r.distDir, { recursive: true, force: true });
  let pages = 0;
  flushDisk();
  const load = loadAverage()[0];
  const result = await measure(r.buildCommand.join(' && '), {
    cwd: ROOT,
    env: r.buildEnv,
    onLine: (line, ms) => {
      if (isPageLine(line)) {
        if (++pages % 2000 === 0) log(`  ${label}: ${pages} pages rendered (${sec(ms)})`);
      } else if (line.trim()) console.log(`    ${line}`);
    },
  });
  const dist = result.ok ? await distStats(r.distDir, { gzipHtml: label === 'cold' }) : null;
  const run = { ...toBuildRun(result, phases(result.log, result.wallMs), dist), loadBefore: load };
  if (result.ok && label === 'cold') run.kinds = await countOutputKinds(r.distDir);
  log(
    `${label} build ${result.ok ? 'done' : 'FAILED'} (load ${load} before): ${sec(result.wallMs)}, peak RSS ${mb(result.peakProcessBytes)} (${result.peakProcessCommand}), ${mb(result.peakRssBytes)} over ${result.peakProcesses} processes${dist ? `, ${dist.files} files` : ''}`,
  );
  log(
    `  peak at ${sec(result.peakAtMs)} (${run.peakPhase ?? 'between phases'}): ${result.atPeak.map((p) => `${p.command} ${mb(p.bytes)}`).join(', ')}`,
  );
  for (const p of run.phases) log(`  ${p.name}: ${sec(p.ms)}`);
  if (!result.ok) console.error(run.error);
  return run;
}

/** The build of median wall time among `all` stands for them; every wall time and load is kept beside it. */
function medianRun(all: BuildRun[]): BuildRun {
  const ok = all.filter((b) => b.ok);
  if (ok.length < all.length) return all.find((b) => !b.ok)!;
  const median = [...ok].sort((a, b) => a.wallMs - b.wallMs)[Math.floor((ok.length - 1) / 2)]!;
  return { ...median, repeatsMs: all.map((b) => b.wallMs), loads: all.map((b) => b.loadBefore ?? 0) };
}

async function coldBuild(r: Run) {
  log(`build command: ${r.buildCommand.join(' && ')}`);
  const all: BuildRun[] = [];
  for (let i = 0; i < runs && all.every((b) => b.ok); i++) {
    const cleared = await clearAstroCaches(ROOT, r.cacheDir);
    log(
      `cleared ${cleared.length ? cleared.map((d) => path.relative(ROOT, d) || d).join(', ') : 'nothing (no caches yet)'}`,
    );
    all.push(await ourBuild(r, 'cold'));
  }
  r.cold = medianRun(all);
}

/** The warm rebuild: one product repriced, everything else as Netlify's build cache keeps it. */
async function warmBuild(r: Run) {
  if (!r.cold?.ok) return log('skipped: the cold build failed');
  const edited = publishedEntries(r.entries, r.now).find((e) => e.data.price !== null)!;
  const file = path.join(r.contentDir, `${edited.data.slug}.md`);
  const all: BuildRun[] = [];
  for (let i = 0; i < runs && all.every((b) => b.ok); i++) {
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(/^price: (\d+)$/m, (_, p) => `price: ${Number(p) + 100}`),
    );
    all.push(await ourBuild(r, 'warm'));
  }
  r.warmEdit = `${edited.data.slug} repriced`;
  r.warm = medianRun(all);
}

/** The trivial anchor: one template writes the same products as HTML pages (information only). */
async function hugoBuild(r: Run) {
  if (args['skip-hugo']) r.hugo = { available: false, note: 'skipped (--skip-hugo)' };
  else if (!hugoAvailable()) {
    log(
      `Hugo is not installed at ${HUGO}: install it (as root: \`apt-get install -y hugo\`) to compare. Skipping the Hugo build.`,
    );
    r.hugo = { available: false, note: 'not installed (as root: apt-get install -y hugo)' };
  } else {
    const site = path.join(r.tmp, 'hugo-site');
    const pub = path.join(r.tmp, 'hugo-public');
    const hugoCache = path.join(r.tmp, 'hugo-cache');
    log('writing the same products as a Hugo site');
    await writeHugoSite(site, r.entries);
    await rm(hugoCache, { recursive: true, force: true });
    const result = await measure(hugoCommand(site, pub, hugoCache), { cwd: r.tmp, env: process.env });
    const version = execFileSync(HUGO, ['version'], { encoding: 'utf8' }).trim();
    const files = result.ok ? (await distStats(pub)).files : 0;
    const tail = result.log
      .slice(-5)
      .map((l) => l.line)
      .join(' ');
    r.hugo = result.ok
      ? { available: true, wallMs: result.wallMs, peakRssBytes: result.peakRssBytes, files, version }
      : { available: false, note: `hugo failed: ${tail}` };
    log(`Hugo ${result.ok ? `done: ${sec(result.wallMs)}, ${mb(result.peakRssBytes)}, ${files} files` : 'FAILED'}`);
  }
  const hugoMs = r.hugo.wallMs;
  r.ratioColdToHugo = r.cold?.ok && hugoMs ? r.cold.wallMs / hugoMs : null;
  r.ratioWarmToHugo = r.warm?.ok && hugoMs ? r.warm.wallMs / hugoMs : null;
  if (r.ratioColdToHugo !== null)
    log(`ratio ours/trivial Hugo: cold ${r.ratioColdToHugo.toFixed(2)}×, warm ${r.ratioWarmToHugo?.toFixed(2)}×`);
}

const PAGEFIND = path.join(ROOT, 'node_modules/.bin/pagefind');

/** One line per kind of output file: ours beside the same-work Hugo site's. */
function logKinds(ours: OutputKinds | undefined, theirs: OutputKinds) {
  const names: [keyof OutputKinds, string][] = [
    ['productHtml', 'product pages (HTML)'],
    ['productMd', 'product twins (.md)'],
    ['productJson', 'product JSON'],
    ['listHtml', 'list pages (HTML, every page of every list)'],
    ['listMd', 'list twins (.md)'],
    ['pageOneRedirects', "Hugo's page-1 redirects"],
    ['pagefind', 'Pagefind files'],
    ['otherHtml', 'other HTML pages'],
    ['other', 'other files'],
    ['total', 'total'],
  ];
  log(`  ${'files by kind'.padEnd(44)} ${'ours'.padStart(7)} ${'Hugo'.padStart(7)}`);
  for (const [k, name] of names)
    log(`  ${name.padEnd(44)} ${(ours?.[k] ?? '–').toString().padStart(7)} ${theirs[k].toString().padStart(7)}`);
}

/** One cold run of the same-work anchor over the site Hugo reads from `site`: Hugo, then Pagefind. */
async function sameWorkOnce(r: Run, site: string): Promise<SameWorkRun> {
  const pub = path.join(r.tmp, 'hugo-same-work-public');
  const cache = path.join(r.tmp, 'hugo-same-work-cache');
  await Promise.all([pub, cache].map((d) => rm(d, { recursive: true, force: true })));
  flushDisk();
  const load = loadAverage()[0];
  const hugo = await measure(sameWorkHugoCommand(site, pub, cache), { cwd: r.tmp, env: process.env });
  const tail = (res: typeof hugo) =>
    res.log
      .slice(-5)
      .map((l) => l.line)
      .join(' ');
  if (!hugo.ok) return { available: false, note: `hugo failed: ${tail(hugo)}` };
  log(
    `  Hugo (load ${load} before): ${sec(hugo.wallMs)}, largest process ${mb(hugo.peakProcessBytes)} (${hugo.peakProcessCommand})`,
  );
  const pagefind = await measure(pagefindCommand(PAGEFIND, pub), { cwd: r.tmp, env: process.env });
  if (!pagefind.ok) return { available: false, note: `pagefind failed: ${tail(pagefind)}` };
  log(
    `  Pagefind: ${sec(pagefind.wallMs)}, largest process ${mb(pagefind.peakProcessBytes)} (${pagefind.peakProcessCommand})`,
  );
  const kinds = await countOutputKinds(pub);
  const problems = checkSameWorkOutput(pub, kinds, sameWorkExpectations(r.entries, r.now));
  const [peak, command] =
    pagefind.peakProcessBytes > hugo.peakProcessBytes
      ? [pagefind.peakProcessBytes, pagefind.peakProcessCommand]
      : [hugo.peakProcessBytes, hugo.peakProcessCommand];
  log(
    `Hugo + Pagefind (same work): ${sec(hugo.wallMs + pagefind.wallMs)}, largest process ${mb(peak)} (${command}), ${kinds.total} files`,
  );
  logKinds(r.cold?.kinds, kinds);
  for (const p of problems) log(`  INCOMPLETE: ${p}`);
  return {
    available: true,
    wallMs: hugo.wallMs + pagefind.wallMs,
    hugoMs: hugo.wallMs,
    pagefindMs: pagefind.wallMs,
    peakProcessBytes: peak,
    peakProcessCommand: command,
    hugoPeakProcessBytes: hugo.peakProcessBytes,
    pagefindPeakProcessBytes: pagefind.peakProcessBytes,
    hugoStats: hugoStats(hugo.log.map((l) => l.line)),
    kinds,
    problems,
    version: execFileSync(HUGO, ['version'], { encoding: 'utf8' }).trim(),
    loadBefore: load,
  };
}

/**
 * The anchor of the build targets: Hugo building the same outputs (hugo-same-work.ts), then
 * Pagefind indexing its HTML, cold, each measured on its own; the anchor's time is the sum and its
 * memory the larger of the two largest processes. The output is counted and checked afterwards.
 * Repeated --runs times: the run of median time stands for them.
 */
async function hugoSameWorkBuild(r: Run) {
  if (args['skip-hugo']) r.hugoSameWork = { available: false, note: 'skipped (--skip-hugo)' };
  else if (!hugoAvailable()) {
    log(`Hugo is not installed at ${HUGO}: install it (as root: \`apt-get install -y hugo\`) to compare. Skipping.`);
    r.hugoSameWork = { available: false, note: 'not installed (as root: apt-get install -y hugo)' };
  } else if (!existsSync(PAGEFIND)) {
    r.hugoSameWork = { available: false, note: `Pagefind's CLI not found at ${PAGEFIND} (npm install)` };
  } else {
    const site = path.join(r.tmp, 'hugo-same-work-site');
    log('writing the same products as a same-work Hugo site (output formats, taxonomies, pagination)');
    await writeSameWorkHugoSite(site, r.entries, { at: r.now, staticFrom: path.join(ROOT, 'public') });
    const all: SameWorkRun[] = [];
    for (let i = 0; i < runs && all.every((x) => x.available); i++) all.push(await sameWorkOnce(r, site));
    const done = all.filter((x) => x.available);
    r.hugoSameWork =
      done.length < all.length
        ? all.find((x) => !x.available)!
        : {
            ...[...done].sort((x, y) => x.wallMs! - y.wallMs!)[Math.floor((done.length - 1) / 2)]!,
            repeatsMs: done.map((x) => x.wallMs!),
            loads: done.map((x) => x.loadBefore ?? 0),
          };
  }
  const a = r.hugoSameWork;
  const ok = a?.available && !a.problems?.length;
  r.ratioColdToSameWork = ok && r.cold?.ok ? r.cold.wallMs / a.wallMs! : null;
  r.ratioWarmToSameWork = ok && r.warm?.ok ? r.warm.wallMs / a.wallMs! : null;
  const ourPeak = Math.max(r.cold?.ok ? r.cold.peakProcessBytes : 0, r.warm?.ok ? r.warm.peakProcessBytes : 0);
  r.ratioMemoryToSameWork = ok && ourPeak ? ourPeak / a.peakProcessBytes! : null;
  if (r.ratioColdToSameWork !== null)
    log(
      `ratio ours/(Hugo + Pagefind, same work): cold ${r.ratioColdToSameWork.toFixed(2)}×, warm ${r.ratioWarmToSameWork?.toFixed(2) ?? 'n/a'}×, memory ${r.ratioMemoryToSameWork?.toFixed(2) ?? 'n/a'}×`,
    );
}

/** Cold starts of the health and MCP functions, and tool latencies, against the 10k catalog. */
async function adminFunctions(r: Run) {
  r.admin = await benchAdmin({
    root: ROOT,
    coldRuns: Number(args['cold-runs']),
    repeat: Number(args.repeat),
    searchArgs: { query: 'wooden' },
    calls: { search_products: { query: 'wooden' }, audit_catalog: {} },
    env: { CATALOG_CONTENT_DIR: r.contentDir, ADMIN_CATALOG_PATH: r.adminCatalog },
    workDir: r.tmp,
    log,
  });
  log(r.admin.available ? `  MCP/health cold start: ${r.admin.ratio!.toFixed(2)}×` : `  ${r.admin.note}`);
}

/** Serves the cold build's output on loopback for the page phases, then stops. */
async function withSite(r: Run, fn: (base: string) => Promise<void>) {
  if (!r.cold?.ok) {
    r.pages.note = 'no build output';
    return log('skipped: no build output');
  }
  const server = await serveStatic(r.distDir, imageCdn(path.resolve(r.distDir)));
  try {
    await fn(server.url);
  } finally {
    await server.close();
  }
}

async function pageWeights(r: Run) {
  await withSite(r, async (base) => {
    const published = publishedEntries(r.entries, r.now);
    // The product page weighed (and run through Lighthouse) is one with a maker's photo.
    const photos = published.filter((e) => e.data.imageUrl?.includes('maker-photo-'));
    const sample = (photos.length ? photos : published)[Math.floor((photos.length || published.length) / 2)]!;
    r.pagePaths = [
      '/',
      productPath(sample.data.slug),
      listPagePath(PRODUCTS_PATH, 2),
      SEARCH_PATH,
      categoryPath(CATEGORY_SLUGS[0]),
      ageCategoryPath(AGE_BANDS[2].slug, CATEGORY_SLUGS[0]),
    ];
    log(`weighing ${r.pagePaths.join(', ')} on ${base}`);
    r.pages.weights = await Promise.all(r.pagePaths.map((p) => pageWeight(base, p)));
    r.pages.available = true;
  });
}

/** What a 360px phone downloads of the pictures of a list page full of makers' photos. */
async function photosOnAPhone(r: Run) {
  if (!chromiumAvailable()) return log('skipped: Chromium not found');
  await withSite(r, async (base) => {
    const t = (r.pages.photos = await photoTransfer(base, listPagePath(PRODUCTS_PATH, 2)));
    if (t.error) return log(`  failed: ${t.error}`);
    const types = Object.entries(t.types)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ');
    log(
      `  ${t.path} at ${t.viewport}: first screen ${(t.firstScreenBytes / 1000).toFixed(1)} KB, all ${(t.allBytes / 1000).toFixed(1)} KB (${t.images} images received of ${t.pictures} on the page: ${types})`,
    );
  });
}

/** Exact names in Chromium, and the bytes one query transfers. */
async function search(r: Run) {
  if (!chromiumAvailable()) return log('skipped: Chromium not found');
  await withSite(r, async (base) => {
    const products = publishedEntries(r.entries, r.now).map(
      (e) => [e.data.name, productPath(e.data.slug)] as [string, string],
    );
    const s = (r.pages.search = await benchSearch(base, products));
    const byKind = Object.entries(s.queryBytesByKind)
      .map(([k, b]) => `${k} ${(b / 1000).toFixed(1)} KB`)
      .join(', ');
    log(
      s.error
        ? `  search failed: ${s.error}`
        : `  exact name first: ${s.firstHits}/${s.sample} (median ${s.queryMs} ms a search); one query: ${(s.queryBytes / 1000).toFixed(1)} KB in ${s.queryRequests} requests (${byKind})`,
    );
    for (const m of s.misses) log(`    not first: "${m.name}" → ${m.first ?? 'no result'}`);
  });
}

/** Lighthouse on the first four weighed pages (home, product, list page, search). */
async function lighthouseScores(r: Run) {
  if (args['skip-lighthouse']) {
    r.pages.note = 'Lighthouse skipped (--skip-lighthouse)';
    return log('skipped (--skip-lighthouse)');
  }
  if (!chromiumAvailable()) {
    r.pages.note = 'Chromium not found at /usr/bin/chromium (apt-get install chromium); Lighthouse skipped';
    return log('skipped: Chromium not found');
  }
  await withSite(r, async (base) => {
    for (const p of r.pagePaths.slice(0, 4)) {
      const status = r.pages.weights.find((w) => w.path === p)?.status;
      if (status !== 200) {
        r.pages.lighthouse.push({ url: `${base}${p}`, scores: null, failing: [], error: `${p} answered ${status}` });
        log(`${p}: skipped, the page answered ${status}`);
        continue;
      }
      log(`${p}…`);
      const res = await lighthouse(ROOT, `${base}${p}`, Number(args['lighthouse-runs']));
      r.pages.lighthouse.push(res);
      const scores = res.scores
        ? `${Object.entries(res.scores)
            .map(([k, v]) => `${k} ${v}`)
            .join(
              ', ',
            )} (median of ${res.runs?.length ?? 1}: ${res.runs?.map((x) => Object.values(x).join('/')).join(', ')})`
        : `failed: ${res.error}`;
      log(`  ${scores}`);
      for (const f of res.failing) log(`    below 100: ${f}`);
    }
  });
}

/**
 * Judges the targets of the largest size, writes bench-results/<timestamp>.json (every size's
 * summary and the machine's speed in it) and prints the tables: the largest size's, then every size's.
 */
async function report(r: Run, summaries: SizeSummary[], speed: MachineSpeed[]) {
  const cpus = os.cpus();
  const { tmp, contentDir, distDir, cacheDir, adminCatalog, entries, now, buildEnv, pagePaths, ...measured } = r;
  const partial: Omit<BenchReport, 'targets'> = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.availableParallelism(),
      cpuModel: cpus[0]?.model ?? 'unknown',
      memoryBytes: os.totalmem(),
      node: process.version,
      platform: `${os.type()} ${os.release()}`,
      tmpFs:
        execFileSync('df', ['-T', os.tmpdir()], { encoding: 'utf8' }).trim().split('\n').pop()?.split(/\s+/)[1] ??
        'unknown',
    },
    ...measured,
    sizes: summaries,
    speed,
  };
  const result: BenchReport = { ...partial, targets: judge(partial) };
  const outDir = path.join(ROOT, 'bench-results');
  await mkdir(outDir, { recursive: true });
  const file = path.join(outDir, `${result.date.replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  const m = result.machine;
  console.log(`\n## Benchmark, ${result.date.slice(0, 10)}: ${r.n.toLocaleString('en-US')} products\n`);
  console.log(`Machine: ${m.cpus} CPUs (${m.cpuModel}), ${mb(m.memoryBytes)} RAM, Node ${m.node}, tmp on ${m.tmpFs}\n`);
  console.log(markdown(result));
  console.log(`\n## Every size (${runs} run${runs > 1 ? 's' : ''} each: median, spread in brackets)\n`);
  console.log(sizesMarkdown(summaries, speed));
  console.log(`\nReport: ${path.relative(ROOT, file)}`);
  if (args.record)
    recordResults('bench', {
      date: result.date.slice(0, 10),
      commit: commitName(),
      machine: `${m.cpus} CPUs${args['skip-lighthouse'] ? ', Lighthouse skipped' : ''}`,
      products: r.n,
      targets: result.targets,
    });
}

/** The benchmark, in order. Hugo runs after our builds so that theirs do not warm its disk cache. */
const PHASES: BenchPhase[] = [
  { name: 'products', run: generateProducts, everySize: true },
  { name: 'cold build', run: coldBuild, everySize: true },
  { name: 'warm build', run: warmBuild, everySize: true },
  { name: 'Hugo, trivial site', run: hugoBuild, everySize: true },
  { name: 'Hugo + Pagefind, same work', run: hugoSameWorkBuild, everySize: true },
  { name: 'admin functions', run: adminFunctions },
  { name: 'page weights', run: pageWeights },
  { name: 'photos on a phone', run: photosOnAPhone },
  { name: 'search', run: search },
  { name: 'Lighthouse', run: lighthouseScores },
];

const cacheEnv = supportsCacheDirEnv(ROOT);

/** A fresh record, and its own temporary folder, for a catalog of `size` products. */
async function newRun(size: number): Promise<Run> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'catalog-bench-'));
  const cacheDir = cacheEnv ? path.join(tmp, 'astro-cache') : null;
  const contentDir = path.join(tmp, 'content/products');
  const distDir = path.join(tmp, 'dist');
  const adminCatalog = path.join(tmp, 'admin-catalog');
  return {
    tmp,
    contentDir,
    distDir,
    cacheDir,
    adminCatalog,
    entries: [],
    now: new Date(),
    n: size,
    seed,
    catalog: { published: 0, draft: 0, scheduled: 0 },
    // Astro joins --config to the project root, so the variant is passed relative to it.
    buildCommand: buildSteps(
      ROOT,
      distDir,
      args['astro-config'] ? path.relative(ROOT, path.resolve(args['astro-config'])) : undefined,
    ),
    buildEnv: {
      ...process.env,
      PATH: `${path.join(ROOT, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
      CATALOG_CONTENT_DIR: contentDir,
      ASTRO_TELEMETRY_DISABLED: '1',
      ...(cacheDir ? { ASTRO_CACHE_DIR: cacheDir } : {}),
      // The build writes the admin catalog here instead of the repository's .generated/.
      ADMIN_CATALOG_OUT: adminCatalog,
    },
    cacheMode: cacheEnv ? 'ASTRO_CACHE_DIR in tmp' : 'node_modules/.astro',
    cold: null,
    warm: null,
    hugo: null,
    ratioColdToHugo: null,
    ratioWarmToHugo: null,
    hugoSameWork: null,
    ratioColdToSameWork: null,
    ratioWarmToSameWork: null,
    ratioMemoryToSameWork: null,
    admin: { available: false, note: 'not run' },
    pages: { available: false, weights: [], lighthouse: [], search: null },
    pagePaths: [],
  };
}

/** Puts the repository back as it was: no 10k content-layer store, no temporary folder. */
function restore(r: Run | undefined) {
  if (!cacheEnv) rmSync(path.join(ROOT, 'node_modules/.astro'), { recursive: true, force: true });
  if (r && !args.keep) rmSync(r.tmp, { recursive: true, force: true });
}
let current: Run | undefined;
process.on('SIGINT', () => {
  restore(current);
  process.exit(130);
});

// The smaller sizes first; the largest last, with every phase, and its report.
const ordered = [...new Set(sizes)].sort((a, b) => a - b);
const speed = [machineSpeed()];
log(describeSpeed(speed[0]!));
const summaries: SizeSummary[] = [];
for (const size of ordered) {
  const largest = size === ordered.at(-1);
  const run = (current = await newRun(size));
  try {
    log(
      `${size.toLocaleString('en-US')} products: working in ${run.tmp}${args.keep ? ' (kept: --keep)' : ''}; content-layer cache: ${run.cacheMode}`,
    );
    for (const phase of PHASES.filter((p) => largest || p.everySize)) {
      log(`— ${phase.name}`);
      await phase.run(run);
    }
    summaries.push(summariseSize(run));
    if (largest) {
      speed.push(machineSpeed());
      log(describeSpeed(speed[1]!));
      log('— report');
      await report(run, summaries, speed);
    }
  } finally {
    restore(run);
  }
}
