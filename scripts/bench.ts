// `npm run bench [-- --n 10000] [--keep] [--skip-lighthouse] [--skip-hugo] [--seed 1] [--astro-config f]`: builds N
// synthetic products cold, then warm as the hourly rebuild on Netlify (the output folder and build
// cache kept, one product edited), beside Hugo; times the admin functions, weighs the pages (and
// the heaviest of all, gzipped), checks search ranking and transfer, runs Lighthouse on four pages,
// judges the targets (scripts/bench/report.ts) and writes bench-results/<timestamp>.json. The run
// is a list of phases (PHASES below), each logged with its name.
// Everything generated lives under os.tmpdir(); nothing is written to content/ or dist/.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CATEGORY_SLUGS } from '../src/config/site.ts';
import { loadCatalog } from '../src/catalog/load.ts';
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
import { chromiumAvailable, lighthouse } from './bench/lighthouse.ts';
import { measure } from './bench/measure.ts';
import { pageWeight } from './bench/pages.ts';
import { judge, markdown, mb, sec, toBuildRun, type BenchReport, type BuildRun } from './bench/report.ts';
import { benchSearch } from './bench/search.ts';
import { serveStatic } from './bench/static-server.ts';
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
  },
});
const n = Number(args.n);
const seed = Number(args.seed);
if (!Number.isInteger(n) || n < 1) throw new Error(`--n must be a positive whole number (got ${args.n})`);

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
const tmp = await mkdtemp(path.join(os.tmpdir(), 'catalog-bench-'));
const contentDir = path.join(tmp, 'content/products');
const distDir = path.join(tmp, 'dist');
const cacheEnv = supportsCacheDirEnv(ROOT);
const cacheDir = cacheEnv ? path.join(tmp, 'astro-cache') : null;
const adminCatalog = path.join(tmp, 'admin-catalog');

/** Puts the repository back as it was: no 10k content-layer store, no temporary folder. */
function restore() {
  if (!cacheEnv) rmSync(path.join(ROOT, 'node_modules/.astro'), { recursive: true, force: true });
  if (!args.keep) rmSync(tmp, { recursive: true, force: true });
}
process.on('SIGINT', () => {
  restore();
  process.exit(130);
});

try {
  log(`working in ${tmp}${args.keep ? ' (kept: --keep)' : ''}`);
  // 1. Products.
  log(`generating ${n.toLocaleString('en-US')} synthetic products (seed ${seed})`);
  const imageDir = path.join(ROOT, 'public/images/products');
  const images = existsSync(imageDir) ? (await readdir(imageDir)).sort().map((f) => `/images/products/${f}`) : [];
  await writeSyntheticCatalog(contentDir, n, {
    seed,
    images,
    onProgress: (done) => {
      if (done % 2500 === 0 || done === n) log(`  ${done.toLocaleString('en-US')} files written`);
    },
  });
  const { entries, problems } = await loadCatalog(contentDir);
  if (problems.length)
    throw new Error(`The synthetic catalog does not pass the schema:\n${formatProblems(problems.slice(0, 20))}`);
  const now = new Date();
  const catalog = { published: 0, draft: 0, scheduled: 0 };
  for (const e of entries) catalog[statusOf(e, now)]++;
  log(
    `  valid under the schema: ${catalog.published} published, ${catalog.draft} drafts, ${catalog.scheduled} scheduled`,
  );

  // 2. Our build, cold then warm.
  // Astro joins --config to the project root, so the variant is passed relative to it.
  const steps = buildSteps(
    ROOT,
    distDir,
    args['astro-config'] ? path.relative(ROOT, path.resolve(args['astro-config'])) : undefined,
  );
  const buildEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${path.join(ROOT, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
    CATALOG_CONTENT_DIR: contentDir,
    ASTRO_TELEMETRY_DISABLED: '1',
    ...(cacheDir ? { ASTRO_CACHE_DIR: cacheDir } : {}),
    // The build writes the admin catalog here instead of the repository's .generated/.
    ADMIN_CATALOG_OUT: adminCatalog,
  };
  log(`build command: ${steps.join(' && ')}`);
  log(
    `cache: ${cacheEnv ? `ASTRO_CACHE_DIR=${cacheDir}` : 'node_modules/.astro (astro.config.mjs has no ASTRO_CACHE_DIR)'}`,
  );
  /** Cold: no output folder (Netlify starts without one). Warm: the previous one, as the build plugin restores it. */
  async function build(label: 'cold' | 'warm'): Promise<BuildRun> {
    if (label === 'cold') await rm(distDir, { recursive: true, force: true });
    let pages = 0;
    log(`${label} build…`);
    const r = await measure(steps.join(' && '), {
      cwd: ROOT,
      env: buildEnv,
      onLine: (line, ms) => {
        if (isPageLine(line)) {
          if (++pages % 2000 === 0) log(`  ${label}: ${pages} pages rendered (${sec(ms)})`);
        } else if (line.trim()) console.log(`    ${line}`);
      },
    });
    const dist = r.ok ? await distStats(distDir, { gzipHtml: label === 'cold' }) : null;
    const run = toBuildRun(r, phases(r.log, r.wallMs), dist);
    log(
      `${label} build ${r.ok ? 'done' : 'FAILED'}: ${sec(r.wallMs)}, peak RSS ${mb(r.peakProcessBytes)} (${r.peakProcessCommand}), ${mb(r.peakRssBytes)} over ${r.peakProcesses} processes${dist ? `, ${dist.files} files` : ''}`,
    );
    log(
      `  peak at ${sec(r.peakAtMs)} (${run.peakPhase ?? 'between phases'}): ${r.atPeak.map((p) => `${p.command} ${mb(p.bytes)}`).join(', ')}`,
    );
    for (const p of run.phases) log(`  ${p.name}: ${sec(p.ms)}`);
    if (!r.ok) console.error(run.error);
    return run;
  }
  const cleared = await clearAstroCaches(ROOT, cacheDir);
  log(
    `cold: cleared ${cleared.length ? cleared.map((d) => path.relative(ROOT, d) || d).join(', ') : 'nothing (no caches yet)'}`,
  );
  const cold = await build('cold');
  // The hourly rebuild: one product edited, everything else as Netlify's build cache keeps it.
  const edited = publishedEntries(entries, new Date()).find((e) => e.data.price !== null)!;
  const warmEdit = `${edited.data.slug} repriced`;
  const editedFile = path.join(contentDir, `${edited.data.slug}.md`);
  writeFileSync(
    editedFile,
    readFileSync(editedFile, 'utf8').replace(/^price: (\d+)$/m, (_, p) => `price: ${Number(p) + 100}`),
  );
  const warm = cold.ok ? await build('warm') : null;

  // 3. Hugo, same products, cold.
  let hugo: BenchReport['hugo'] = null;
  if (args['skip-hugo']) hugo = { available: false, note: 'skipped (--skip-hugo)' };
  else if (!hugoAvailable()) {
    console.log(`Hugo is not installed at ${HUGO}: run \`apt-get install hugo\` to compare. Skipping the Hugo build.`);
    hugo = { available: false, note: 'not installed (apt-get install hugo)' };
  } else {
    const site = path.join(tmp, 'hugo-site');
    const pub = path.join(tmp, 'hugo-public');
    const hugoCache = path.join(tmp, 'hugo-cache');
    log('writing the same products as a Hugo site');
    await writeHugoSite(site, entries);
    await rm(hugoCache, { recursive: true, force: true });
    log('Hugo cold build…');
    const r = await measure(hugoCommand(site, pub, hugoCache), { cwd: tmp, env: process.env });
    const version = execFileSync(HUGO, ['version'], { encoding: 'utf8' }).trim();
    const files = r.ok ? (await distStats(pub)).files : 0;
    hugo = r.ok
      ? { available: true, wallMs: r.wallMs, peakRssBytes: r.peakRssBytes, files, version }
      : {
          available: false,
          note: `hugo failed: ${r.log
            .slice(-5)
            .map((l) => l.line)
            .join(' ')}`,
        };
    log(`Hugo ${r.ok ? `done: ${sec(r.wallMs)}, ${mb(r.peakRssBytes)}, ${files} files` : 'FAILED'}`);
  }
  const ratioColdToHugo = cold.ok && hugo?.wallMs ? cold.wallMs / hugo.wallMs : null;
  const ratioWarmToHugo = warm?.ok && hugo?.wallMs ? warm.wallMs / hugo.wallMs : null;
  if (ratioColdToHugo !== null)
    log(`ratio ours/Hugo: cold ${ratioColdToHugo.toFixed(2)}×, warm ${ratioWarmToHugo?.toFixed(2)}×`);

  // 4. Admin side at scale.
  log('admin functions at scale');
  const admin = await benchAdmin({
    root: ROOT,
    coldRuns: Number(args['cold-runs']),
    repeat: Number(args.repeat),
    searchArgs: { query: 'wooden' },
    calls: { search_products: { query: 'wooden' }, audit_catalog: {} },
    env: { CATALOG_CONTENT_DIR: contentDir, ADMIN_CATALOG_PATH: adminCatalog },
    workDir: tmp,
    log,
  });
  log(admin.available ? `  MCP/health cold start: ${admin.ratio!.toFixed(2)}×` : `  ${admin.note}`);

  // 5. Pages.
  const pages: BenchReport['pages'] = { available: false, weights: [], lighthouse: [], search: null };
  if (!cold.ok) pages.note = 'no build output';
  else {
    const server = await serveStatic(distDir);
    try {
      const published = publishedEntries(entries, now);
      const sample = published[Math.floor(published.length / 2)]!;
      // Home, a product, a paginated list page, the search page, then a category and a filter page.
      const paths = [
        '/',
        productPath(sample.data.slug),
        listPagePath(PRODUCTS_PATH, 2),
        SEARCH_PATH,
        categoryPath(CATEGORY_SLUGS[0]),
        ageCategoryPath(AGE_BANDS[2].slug, CATEGORY_SLUGS[0]),
      ];
      log(`weighing ${paths.join(', ')} on ${server.url}`);
      pages.weights = await Promise.all(paths.map((p) => pageWeight(server.url, p)));
      pages.available = true;
      if (!chromiumAvailable()) pages.search = null;
      else {
        log('search: exact names and the bytes of one query (Chromium)');
        pages.search = await benchSearch(
          server.url,
          published.map((e) => [e.data.name, productPath(e.data.slug)] as [string, string]),
        );
        const s = pages.search;
        log(
          s.error
            ? `  search failed: ${s.error}`
            : `  exact name first: ${s.firstHits}/${s.sample}; one query: ${(s.queryBytes / 1000).toFixed(1)} KB in ${s.queryRequests} requests (${Object.entries(
                s.queryBytesByKind,
              )
                .map(([k, b]) => `${k} ${(b / 1000).toFixed(1)} KB`)
                .join(', ')})`,
        );
        for (const m of s.misses) log(`    not first: "${m.name}" → ${m.first ?? 'no result'}`);
      }
      if (args['skip-lighthouse']) pages.note = 'Lighthouse skipped (--skip-lighthouse)';
      else if (!chromiumAvailable())
        pages.note = 'Chromium not found at /usr/bin/chromium (apt-get install chromium); Lighthouse skipped';
      else
        for (const p of paths.slice(0, 4)) {
          const status = pages.weights.find((w) => w.path === p)?.status;
          if (status !== 200) {
            pages.lighthouse.push({
              url: `${server.url}${p}`,
              scores: null,
              failing: [],
              error: `not available yet: ${p} answered ${status}`,
            });
            log(`Lighthouse ${p}: skipped, the page answered ${status}`);
            continue;
          }
          log(`Lighthouse ${p}…`);
          const res = await lighthouse(ROOT, `${server.url}${p}`, Number(args['lighthouse-runs']));
          pages.lighthouse.push(res);
          log(
            `  ${
              res.scores
                ? `${Object.entries(res.scores)
                    .map(([k, v]) => `${k} ${v}`)
                    .join(
                      ', ',
                    )} (median of ${res.runs?.length ?? 1}: ${res.runs?.map((x) => Object.values(x).join('/')).join(', ')})`
                : `failed: ${res.error}`
            }`,
          );
          for (const f of res.failing) log(`    below 100: ${f}`);
        }
    } finally {
      await server.close();
    }
  }

  // 6. Report.
  const cpus = os.cpus();
  const partial: Omit<BenchReport, 'targets'> = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.availableParallelism(),
      cpuModel: cpus[0]?.model ?? 'unknown',
      memoryBytes: os.totalmem(),
      node: process.version,
      platform: `${os.type()} ${os.release()}`,
      tmpFs:
        execFileSync('df', ['-T', tmp], { encoding: 'utf8' }).trim().split('\n').pop()?.split(/\s+/)[1] ?? 'unknown',
    },
    n,
    seed,
    catalog,
    buildCommand: steps,
    cacheMode: cacheEnv ? 'ASTRO_CACHE_DIR in tmp' : 'node_modules/.astro',
    cold,
    warm,
    warmEdit,
    hugo,
    ratioColdToHugo,
    ratioWarmToHugo,
    admin,
    pages,
  };
  const report: BenchReport = { ...partial, targets: judge(partial) };
  const outDir = path.join(ROOT, 'bench-results');
  await mkdir(outDir, { recursive: true });
  const file = path.join(outDir, `${report.date.replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n## Benchmark, ${report.date.slice(0, 10)}: ${n.toLocaleString('en-US')} products\n`);
  console.log(
    `Machine: ${report.machine.cpus} CPUs (${report.machine.cpuModel}), ${mb(report.machine.memoryBytes)} RAM, Node ${report.machine.node}, tmp on ${report.machine.tmpFs}\n`,
  );
  console.log(markdown(report));
  console.log(`\nReport: ${path.relative(ROOT, file)}`);
} finally {
  restore();
}
