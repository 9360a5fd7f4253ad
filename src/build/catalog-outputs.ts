// Astro integration: the catalog's non-HTML outputs and the post-build proof. While Astro renders
// the pages, a worker process (./outputs-worker.ts) writes every other output, the search index,
// the link previews and the admin catalog; when the pages are done, files no output claims are
// removed and the proof runs over the whole output folder. All of it is written into a staging
// folder beside the output folder, which replaces it only when the proof has passed. A build that
// follows a finished one into the same folder starts warm (./build-cache.ts): the staging folder
// starts as a copy of the last output, and unchanged outputs are kept, not rewritten.
import { fork, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { getCompileCacheDir } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { ADMIN_CATALOG_DIR } from '../admin/catalog-format.ts';
import { checkAstroInternals } from './astro-internals.ts';
import { clearCatalogHandoff, writeCatalogHandoff } from './handoff.ts';
import { imageMediaType, productImagesDir } from '../catalog/images.ts';
import { localImageName } from '../catalog/urls.ts';
import { PRODUCTS_DIR } from '../catalog/content-paths.ts';
import { childEnv, type Settings } from '../config/env.ts';
import { codeVersion, describeStart, finishBuild, lockBuild, startBuild } from './build-cache.ts';
import { stagingDir, unlinkBeforeWrites, writeAnew, type LiveFiles } from './staging.ts';
import { BUILD_INFO_PATH, buildInfoJson } from '../contract/build-info.ts';
import { formatLeak } from './leak-scan.ts';
import type { OutputsJob, OutputsReport } from './outputs-worker.ts';
import type { McpToolSummary } from '../outputs/openapi.ts';
import { categoryStylesheet } from '../outputs/category-styles.ts';
import { keptFilesChanged, proofLedger } from './proof-ledger.ts';
import { takePrerenderTurn } from './prerender-turn.ts';
import { publicCollisions, pruneOutput } from './prune.ts';
import { readProductFiles, type ProductFiles } from './read-catalog.ts';

type WorkerAnswer = { ok: true; report: OutputsReport } | { ok: false; error: string };

/**
 * The outputs worker, started as soon as the build starts: it loads its modules (about 700) while
 * Astro loads the config and the build reads the product files, and waits for its job.
 */
function forkWorker(root: string): { child: ChildProcess; report: Promise<OutputsReport> } {
  // Astro's command line keeps Node's compile cache (not on CI): the worker's modules use it too.
  const compileCache = getCompileCacheDir();
  const child = fork(path.join(root, 'src/build/outputs-worker.ts'), [], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    ...(compileCache ? { env: { ...childEnv(), NODE_COMPILE_CACHE: compileCache } } : {}),
  });
  const report = new Promise<OutputsReport>((resolve, reject) => {
    let answered = false;
    child.once('message', (m: WorkerAnswer) => {
      answered = true;
      if (m.ok) resolve(m.report);
      else reject(new Error(`The outputs pass failed:\n${m.error}`));
    });
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`The outputs pass exited with code ${code} before reporting.`));
    });
  });
  report.catch(() => {}); // reported when awaited in build:done
  // A build that stops before the job is sent (a refused product file) or before the report
  // takes its worker with it.
  process.once('exit', () => child.kill());
  return { child, report };
}

/** Gives the worker its job; resolves with its report. */
function startJob(worker: ReturnType<typeof forkWorker>, job: OutputsJob): Promise<OutputsReport> {
  const { child } = worker;
  // On a cold build Astro's rendering is the longer road: the worker (and Pagefind, its child)
  // yields the CPU to it. On a warm one Astro renders next to nothing and the worker is the road.
  try {
    if (child.pid && job.cold) os.setPriority(child.pid, 10);
  } catch {
    // Not allowed here: both run at the same priority.
  }
  child.send(job);
  return worker.report;
}

export interface CatalogOutputsOptions {
  /** The admin tools (name, description, hints), described under POST /api/mcp in openapi.json. */
  mcpTools: McpToolSummary[];
  /** The build's settings (src/config/env.ts): the site's address, folders, a pretended time. */
  build: Settings['build'];
}

/**
 * The module through which pages read the build time (declared in src/env.d.ts). Its code never
 * changes (a changed module would make Astro render every page again): it reads the time this
 * integration keeps under a process-wide symbol, which both of the process's module graphs see.
 */
const BUILD_TIME_MODULE = 'virtual:catalog/build-time';
const BUILD_TIME_KEY = 'little-hands-catalog.build-time';
/** The categories' colour rules (src/outputs/category-styles.ts), imported by the page shell after site.css. */
const CATEGORY_STYLES_MODULE = 'virtual:catalog/category-styles.css';

/**
 * Astro's build syncs the content collections through a Vite dev server of its own, whose client
 * environment pre-bundles the dev toolbar's dependencies (about 0.5 s, and nothing of it is used):
 * in a build no environment pre-bundles anything. Vite's own build never does.
 */
const noDepOptimizer = {
  name: 'catalog-no-dep-optimizer',
  enforce: 'post' as const,
  configEnvironment(_name: string, options: { optimizeDeps?: Record<string, unknown> }) {
    options.optimizeDeps = { ...options.optimizeDeps, noDiscovery: true, include: [] };
  },
};

export default function catalogOutputs({ mcpTools, build }: CatalogOutputsOptions): AstroIntegration {
  // One build time for the whole build, decided here and handed to the pages (a virtual module),
  // the outputs worker (its job) and the proof, so that all of them agree on what is published.
  const at = build.time ?? new Date();
  let command = '';
  let root = process.cwd();
  let publicDir = path.join(root, 'public');
  /** The output folder (the site Netlify publishes), and the staging folder Astro writes into. */
  let outDir = path.join(root, 'dist');
  let stage = stagingDir(outDir);
  let cacheDir = root;
  let worker: ReturnType<typeof forkWorker> | undefined;
  let outputsReport: Promise<OutputsReport> | undefined;
  let live: LiveFiles = new Map();
  let restoreWrites = () => {};
  let loaded: ProductFiles | undefined;
  let base = '';
  let givePrerenderBack = () => {};
  const contentDir = () => path.resolve(root, build.contentDir || PRODUCTS_DIR);
  const log = (logger: AstroIntegrationLogger, lines: string[]) => lines.forEach((l) => logger.info(l));

  return {
    name: 'catalog-outputs',
    hooks: {
      'astro:config:setup': async ({ command: running, config, updateConfig, logger }) => {
        command = running;
        if (command === 'build') {
          outDir = fileURLToPath(config.outDir);
          stage = stagingDir(outDir);
          updateConfig({ outDir: pathToFileURL(`${stage}${path.sep}`) });
          givePrerenderBack = await takePrerenderTurn(stage, outDir, logger);
          worker = forkWorker(fileURLToPath(config.root));
        }
        (globalThis as Record<symbol, string>)[Symbol.for(BUILD_TIME_KEY)] = at.toISOString();
        const id = `\0${BUILD_TIME_MODULE}`;
        const stylesId = `\0${CATEGORY_STYLES_MODULE}`;
        updateConfig({
          vite: {
            plugins: [
              ...(command === 'build' ? [noDepOptimizer] : []),
              {
                name: 'catalog-build-time',
                resolveId: (source: string) => (source === BUILD_TIME_MODULE ? id : undefined),
                load: (source: string) =>
                  source === id
                    ? `export const BUILD_TIME = globalThis[Symbol.for(${JSON.stringify(BUILD_TIME_KEY)})];`
                    : undefined,
              },
              // Each category's colour rules, written from CATEGORIES into the site's one stylesheet.
              {
                name: 'catalog-category-styles',
                resolveId: (source: string) => (source === CATEGORY_STYLES_MODULE ? stylesId : undefined),
                load: (source: string) => (source === stylesId ? categoryStylesheet() : undefined),
              },
            ],
          },
        });
      },
      'astro:config:done': async ({ config, logger }) => {
        root = fileURLToPath(config.root);
        publicDir = fileURLToPath(config.publicDir);
        cacheDir = fileURLToPath(config.cacheDir);
        base = (config.site ?? '').replace(/\/+$/, '');
        if (command !== 'build') return;
        checkAstroInternals(root);
        lockBuild(cacheDir, outDir);
        // Every product file, parsed once for the whole build; a problem stops it here, before
        // anything is written.
        loaded = await readProductFiles({
          root,
          contentDir: contentDir(),
          imagesDir: productImagesDir(root, build.imagesDir),
          cacheDir,
          codeVersion: codeVersion(root),
        });
        const start = startBuild(cacheDir, outDir, { keptFilesChanged: () => keptFilesChanged(cacheDir, outDir) });
        logger.info(describeStart(start));
        live = start.live;
        // The staging folder's kept files are links to the live ones: Astro and Vite write anew.
        if (start.warm) restoreWrites = unlinkBeforeWrites(stage);
        clearCatalogHandoff(cacheDir);
        writeCatalogHandoff(cacheDir, contentDir(), loaded);
        logger.info(`${loaded.entries.length} product files read (${loaded.unchanged} unchanged, not parsed again)`);
        // Vite writes the client assets anew: the copies of the last ones go first (the output
        // folder keeps its own until the swap).
        rmSync(path.join(stage, '_astro'), { recursive: true, force: true });
        // The worker has its job now, on the core that Astro's content sync and Vite leave idle, so
        // the search index is done by the time the pages are.
        outputsReport = startJob(worker!, {
          root,
          outDir: stage,
          cacheDir,
          imagesDir: productImagesDir(root, build.imagesDir),
          contentDir: contentDir(),
          at: at.toISOString(),
          base,
          adminOut: path.resolve(root, build.adminCatalogOut ?? ADMIN_CATALOG_DIR),
          codeVersion: codeVersion(root, [base]),
          mcpTools,
          editor: build.editor,
          cold: !start.warm,
        });
      },
      // `astro dev` serves public/ only: product pictures come from their own folder, as the
      // build copies them (every product's here, drafts included: dev is for curators).
      'astro:server:setup': ({ server }) => {
        const imagesDir = productImagesDir(root, build.imagesDir);
        server.middlewares.use((req, res, next) => {
          const url = new URL(req.url ?? '/', 'http://dev.invalid');
          const name = localImageName(url.pathname);
          if (!name) return next();
          const file = path.join(imagesDir, name);
          if (!existsSync(file)) return next();
          res.setHeader('Content-Type', imageMediaType(name));
          createReadStream(file).pipe(res);
        });
      },
      'astro:build:done': async ({ dir, assets, logger }) => {
        givePrerenderBack(); // Astro has rendered every page and removed its prerender folder
        if (path.resolve(fileURLToPath(dir)) !== path.resolve(stage))
          throw new Error(`Unexpected output folder ${fileURLToPath(dir)} (expected the staging folder ${stage})`);
        // The proof's libraries (ajv, the schemas) load only now, off the way to the first page.
        restoreWrites(); // Astro has written everything it writes
        const { checkDist, formatFailures } = await import('./check-dist.ts');
        const report = await outputsReport!;
        log(logger, report.lines);
        if (report.leaks.length)
          throw new Error(`Post-build proof failed:\n${formatFailures(report.leaks.map(formatLeak))}`);
        const { entries } = loaded!;
        // Astro's pages (rendered or kept), then the worker's outputs.
        const pages = [...assets.values()]
          .flat()
          .map((u) => path.relative(stage, fileURLToPath(u)).split(path.sep).join('/'));
        const shadowed = publicCollisions(publicDir, [...pages, ...report.files]);
        if (shadowed.length)
          throw new Error(
            `These files in public/ are also written by the build, so the output would depend on which lands last: ${shadowed.map((f) => `public/${f}`).join(', ')}. Remove them from public/.`,
          );
        const buildInfo = BUILD_INFO_PATH.slice(1);
        const pruned = pruneOutput(stage, publicDir, [...pages, ...report.files, buildInfo]);
        if (pruned) logger.info(`removed ${pruned} files no output claims any more`);
        const ledger = proofLedger(cacheDir, stage, entries, at, report.scanned);
        const check = await checkDist(stage, { entries, base, scanned: ledger.vouched });
        if (check.failures.length) throw new Error(`Post-build proof failed:\n${formatFailures(check.failures)}`);
        ledger.save([buildInfo]);
        logger.info(
          `post-build proof passed: ${check.checks.map((c) => `${c.name} ${c.ms.toFixed(0)} ms`).join(', ')}; ${check.filesScanned} files read for the leak search (${ledger.vouchedCount()} vouched for)`,
        );
        // How long this build took, from its process's start to its outputs written and proven, for
        // the editor to say after publishing (/admin/build.json, src/contract/build-info.ts). Written
        // last, after the proof: two numbers, nothing of the catalog.
        const file = path.join(stage, buildInfo);
        const seconds = Math.round((Date.now() - performance.timeOrigin) / 1000);
        mkdirSync(path.dirname(file), { recursive: true });
        writeAnew(file);
        writeFileSync(file, buildInfoJson({ builtAt: new Date().toISOString(), buildSeconds: seconds }));
        logger.info(`${BUILD_INFO_PATH}: this build took ${seconds} s, from its process's start`);
        finishBuild(cacheDir, outDir, live);
        logger.info(`published ${path.relative(root, stage) || stage} as ${path.relative(root, outDir) || outDir}`);
      },
    },
  };
}
