// The benchmark's targets judged as MET / NOT MET / NOT AVAILABLE, and the short
// Markdown table printed at the end and kept in docs/bench.md.
import type { AdminResult } from './admin.ts';
import type { DistStats } from './dist-stats.ts';
import type { OutputKinds } from './hugo-same-work.ts';
import type { LighthouseResult } from './lighthouse.ts';
import type { RunResult } from './measure.ts';
import type { PageWeight } from './pages.ts';
import type { PhotoTransfer } from './photos.ts';
import type { SearchBench } from './search.ts';
import { isPageLine, strip, type Phase } from './build.ts';
import { REFERENCE_LOOP_MS, type MachineSpeed } from './machine.ts';

export type Verdict = 'MET' | 'NOT MET' | 'NOT AVAILABLE';

export interface Target {
  name: string;
  verdict: Verdict;
  measured: string;
}

export interface BuildRun {
  ok: boolean;
  wallMs: number;
  peakRssBytes: number;
  /** The largest single process's peak RSS (the memory target), and its command. */
  peakProcessBytes: number;
  peakProcessCommand: string;
  /** The phase running when the largest process peaked. */
  peakProcessPhase: string | null;
  peakProcesses: number;
  atPeak: RunResult['atPeak'];
  peakAtMs: number;
  /** The phase running when memory peaked. */
  peakPhase: string | null;
  phases: Phase[];
  /** The build's log without the per-page lines, with milliseconds since the start. */
  log: { ms: number; line: string }[];
  dist: DistStats | null;
  /** Output files by kind (product pages, twins, JSON, list pages…), to set beside Hugo's. */
  kinds?: OutputKinds;
  error?: string;
  /** The 1-minute load average just before the build. */
  loadBefore?: number;
  /** With --runs: every run's wall time and load before it (this run is the median one). */
  repeatsMs?: number[];
  loads?: number[];
}

/**
 * The fair anchor: Hugo building the same outputs (scripts/bench/hugo-same-work.ts), then Pagefind
 * over its HTML, back to back. Time is the sum of both; memory the largest single process of either.
 */
export interface SameWorkRun {
  available: boolean;
  note?: string;
  wallMs?: number;
  hugoMs?: number;
  pagefindMs?: number;
  peakProcessBytes?: number;
  peakProcessCommand?: string;
  hugoPeakProcessBytes?: number;
  pagefindPeakProcessBytes?: number;
  /** Hugo's own summary table (Pages, Paginator pages, Static files, Aliases, …). */
  hugoStats?: Record<string, number>;
  kinds?: OutputKinds;
  /** What the output lacks against the expected files (empty when complete). */
  problems?: string[];
  version?: string;
  loadBefore?: number;
  repeatsMs?: number[];
  loads?: number[];
}

/** One catalog size of a --sizes run: every timed run's wall time, the largest processes, the loads. */
export interface SizeSummary {
  n: number;
  coldMs: number[];
  warmMs: number[];
  /** Our largest process, the larger of the median cold and warm builds'. */
  peakProcessBytes: number | null;
  sameWorkMs: number[];
  sameWorkPeakBytes: number | null;
  /** The 1-minute load before each timed build, ours then the anchor's. */
  loads: number[];
}

export interface BenchReport {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryBytes: number; node: string; platform: string; tmpFs: string };
  n: number;
  seed: number;
  catalog: { published: number; draft: number; scheduled: number };
  buildCommand: string[];
  cacheMode: string;
  cold: BuildRun | null;
  /** The warm rebuild (after a merge or a due schedule): dist/ and the build cache kept as Netlify keeps them, one product edited. */
  warm: BuildRun | null;
  /** What the warm build's content change was. */
  warmEdit?: string;
  /** The trivial Hugo site (one template, 10,000 HTML files): reported for information only. */
  hugo: {
    available: boolean;
    note?: string;
    wallMs?: number;
    peakRssBytes?: number;
    files?: number;
    version?: string;
  } | null;
  ratioColdToHugo: number | null;
  ratioWarmToHugo?: number | null;
  /** The anchor of the build targets. */
  hugoSameWork?: SameWorkRun | null;
  ratioColdToSameWork?: number | null;
  ratioWarmToSameWork?: number | null;
  /** Our largest process (the larger of cold and warm) ÷ Hugo + Pagefind's largest process. */
  ratioMemoryToSameWork?: number | null;
  admin: AdminResult;
  pages: {
    available: boolean;
    note?: string;
    weights: PageWeight[];
    lighthouse: LighthouseResult[];
    search?: SearchBench | null;
    /** A list page's pictures on a 360px phone (./photos.ts). */
    photos?: PhotoTransfer | null;
  };
  targets: Target[];
  /** Every size of the run (one when --sizes is not given), smallest first. */
  sizes?: SizeSummary[];
  /** The machine's speed and load before the first build and after the largest size's builds. */
  speed?: MachineSpeed[];
}

export const LIMITS = {
  /** Ours ÷ Hugo + Pagefind doing the same work, same run. */
  sameWorkColdRatio: 2,
  sameWorkWarmRatio: 1,
  sameWorkMemoryRatio: 1.25,
  /** Image bytes of a list page on a 360px phone (issue: real product photos). */
  photosFirstScreenBytes: 250_000,
  photosAllBytes: 1_500_000,
  llmsTxtChars: 50_000,
  llmsSmallBytes: 1_500_000,
  productGzipBytes: 15_000,
  htmlGzipBytes: 30_000,
  searchQueryBytes: 300_000,
  mcpRatio: 3,
} as const;

export const mb = (b: number) => `${(b / 1_000_000).toFixed(0)} MB`;
export const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const kb = (b: number) => `${(b / 1000).toFixed(1)} KB`;
export const size = (b: number) => (b >= 1_000_000 ? `${(b / 1_000_000).toFixed(1)} MB` : kb(b));

const phaseAt = (p: Phase[], ms: number) => p.find((x) => ms >= x.startMs && ms <= x.endMs)?.name ?? null;

export function toBuildRun(r: RunResult, p: Phase[], dist: DistStats | null): BuildRun {
  const tail = r.log
    .filter((l) => !isPageLine(l.line))
    .slice(-15)
    .map((l) => l.line)
    .join('\n');
  return {
    ok: r.ok,
    wallMs: r.wallMs,
    peakRssBytes: r.peakRssBytes,
    peakProcessBytes: r.peakProcessBytes,
    peakProcessCommand: r.peakProcessCommand,
    peakProcessPhase: phaseAt(p, r.peakProcessAtMs),
    peakProcesses: r.peakProcesses,
    atPeak: r.atPeak,
    peakAtMs: r.peakAtMs,
    peakPhase: phaseAt(p, r.peakAtMs),
    phases: p,
    log: r.log
      .filter((l) => !isPageLine(l.line))
      .slice(0, 300)
      .map((l) => ({ ms: Math.round(l.ms), line: strip(l.line) })),
    dist,
    ...(r.ok ? {} : { error: `exit ${r.exitCode}\n${tail}` }),
  };
}

const verdict = (ok: boolean): Verdict => (ok ? 'MET' : 'NOT MET');

type Report = Omit<BenchReport, 'targets'>;

/** One target: its name, and how a report is judged against it. */
interface TargetDef {
  name: string;
  judge(r: Report): Omit<Target, 'name'>;
}
const met = (ok: boolean, measured: string) => ({ verdict: verdict(ok), measured });
const unknown = (measured: string) => ({ verdict: 'NOT AVAILABLE' as const, measured });
const okRun = (b: BuildRun | null | undefined) => (b?.ok ? b : null);

/** The same-work anchor when it ran and wrote what it must, or why it cannot be used. */
function sameWorkAnchor(r: Report): SameWorkRun | string {
  const a = r.hugoSameWork;
  if (!a?.available || a.wallMs === undefined || !a.peakProcessBytes)
    return `Hugo + Pagefind (same work) ${a?.note ?? 'not run'}`;
  if (a.problems?.length) return `the same-work Hugo output is incomplete: ${a.problems.join('; ')}`;
  return a;
}

/** The targets of the benchmark, in the order the report lists them. */
export const TARGETS: TargetDef[] = [
  {
    name: `cold build ≤ ${LIMITS.sameWorkColdRatio}× Hugo + Pagefind (same work)`,
    judge(r) {
      const cold = okRun(r.cold);
      if (!cold) return unknown('our build did not complete');
      const anchor = sameWorkAnchor(r);
      if (typeof anchor === 'string') return unknown(`ours ${sec(cold.wallMs)}; ${anchor}`);
      const ratio = cold.wallMs / anchor.wallMs!;
      return met(
        ratio <= LIMITS.sameWorkColdRatio,
        `${ratio.toFixed(2)}× (${sec(cold.wallMs)} vs ${sec(anchor.wallMs!)})`,
      );
    },
  },
  {
    name: `warm rebuild (one product edited) ≤ ${LIMITS.sameWorkWarmRatio}× Hugo + Pagefind (same work)`,
    judge(r) {
      const warm = okRun(r.warm);
      if (!warm) return unknown('the warm build did not run or failed');
      const anchor = sameWorkAnchor(r);
      if (typeof anchor === 'string') return unknown(`ours ${sec(warm.wallMs)}; ${anchor}`);
      const ratio = warm.wallMs / anchor.wallMs!;
      return met(
        ratio <= LIMITS.sameWorkWarmRatio,
        `${ratio.toFixed(2)}× (${sec(warm.wallMs)} vs ${sec(anchor.wallMs!)})`,
      );
    },
  },
  {
    name: `peak memory of the largest process ≤ ${LIMITS.sameWorkMemoryRatio}× Hugo + Pagefind's (same work)`,
    judge(r) {
      const cold = okRun(r.cold);
      if (!cold) return unknown('our build did not complete');
      const warm = okRun(r.warm);
      const [label, run] = warm && warm.peakProcessBytes > cold.peakProcessBytes ? ['warm', warm] : ['cold', cold];
      const where = [run.peakProcessCommand, run.peakProcessPhase].filter(Boolean).join(', ');
      const ours = `${mb(run.peakProcessBytes)} (${label}: ${where}; whole process tree ${mb(run.peakRssBytes)})`;
      const anchor = sameWorkAnchor(r);
      if (typeof anchor === 'string') return unknown(`ours ${ours}; ${anchor}`);
      const ratio = run.peakProcessBytes / anchor.peakProcessBytes!;
      return met(
        ratio <= LIMITS.sameWorkMemoryRatio,
        `${ratio.toFixed(2)}×: ours ${ours} vs ${mb(anchor.peakProcessBytes!)} (${anchor.peakProcessCommand})`,
      );
    },
  },
  {
    name: `llms.txt < ${LIMITS.llmsTxtChars.toLocaleString('en-US')} characters`,
    judge(r) {
      const llms = r.cold?.ok ? r.cold.dist?.llmsTxt : undefined;
      if (!llms) return unknown('no llms.txt in the build output yet');
      return met(llms.chars! < LIMITS.llmsTxtChars, `${llms.chars!.toLocaleString('en-US')} characters`);
    },
  },
  {
    name: `llms-small.txt < ${size(LIMITS.llmsSmallBytes)}`,
    judge(r) {
      const small = r.cold?.ok ? r.cold.dist?.llmsSmallTxt : undefined;
      if (!small) return unknown('no llms-small.txt in the build output');
      return met(small.bytes < LIMITS.llmsSmallBytes, size(small.bytes));
    },
  },
  {
    name: 'product page < 15 KB gzipped HTML, no required JS',
    judge(r) {
      const product = r.pages.weights.find((w) => w.path.startsWith('/products/'));
      if (!product || product.status !== 200)
        return unknown(product ? `product page answered ${product.status}` : (r.pages.note ?? 'no product page'));
      return met(
        product.htmlGzipBytes < LIMITS.productGzipBytes && product.jsBytes === 0,
        `${kb(product.htmlGzipBytes)} gzipped, ${product.scripts} scripts / ${product.jsBytes} B JS`,
      );
    },
  },
  {
    name: `every HTML page ≤ ${LIMITS.htmlGzipBytes / 1000} KB gzipped`,
    judge(r) {
      const cold = okRun(r.cold);
      const heaviest = cold?.dist?.largestHtmlGzip;
      if (!heaviest) return unknown('no HTML pages weighed');
      return met(
        heaviest.bytes <= LIMITS.htmlGzipBytes,
        `largest ${kb(heaviest.bytes)} gzipped: ${heaviest.path} (of ${cold!.dist!.htmlPages!.toLocaleString('en-US')} pages)`,
      );
    },
  },
  {
    name: "search for a product's exact name lists it first",
    judge(r) {
      const search = r.pages.search;
      if (!search || search.error)
        return unknown(search?.error ?? r.pages.note ?? 'search not measured (Chromium missing?)');
      return met(
        search.sample > 0 && search.firstHits === search.sample,
        `${search.firstHits}/${search.sample} sampled names first`,
      );
    },
  },
  {
    name: `one search query transfers < ${LIMITS.searchQueryBytes / 1000} KB`,
    judge(r) {
      const search = r.pages.search;
      if (!search || search.error)
        return unknown(search?.error ?? r.pages.note ?? 'search not measured (Chromium missing?)');
      return met(
        search.queryBytes < LIMITS.searchQueryBytes,
        `${kb(search.queryBytes)} in ${search.queryRequests} requests`,
      );
    },
  },
  {
    name: `a list page's pictures at 360 px: first screen ≤ ${LIMITS.photosFirstScreenBytes / 1000} KB, all ≤ ${LIMITS.photosAllBytes / 1e6} MB`,
    judge(r) {
      const t = r.pages.photos;
      if (!t || t.error) return unknown(t?.error ?? r.pages.note ?? 'not measured (Chromium missing?)');
      return met(
        t.firstScreenBytes <= LIMITS.photosFirstScreenBytes && t.allBytes <= LIMITS.photosAllBytes,
        `${t.path}: first screen ${kb(t.firstScreenBytes)}, all ${kb(t.allBytes)} (${t.images} images)`,
      );
    },
  },
  {
    name: 'Lighthouse 100 ×4 on home, product (a photo), list page and search',
    judge(r) {
      const lh = r.pages.lighthouse;
      if (lh.length < 4 || lh.some((x) => !x.scores))
        return unknown(lh.find((x) => x.error)?.error ?? r.pages.note ?? 'Lighthouse not run');
      return met(
        lh.flatMap((x) => Object.values(x.scores!)).every((s) => s === 100),
        lh.map((x) => `${new URL(x.url).pathname}: ${Object.values(x.scores!).join('/')}`).join('; '),
      );
    },
  },
  {
    name: `MCP cold start ≤ ${LIMITS.mcpRatio}× health cold start`,
    judge(r) {
      if (!r.admin.available || r.admin.ratio === undefined) return unknown(r.admin.note ?? 'not measured');
      const failed = r.admin.mcp!.status !== 200 || r.admin.mcp!.error !== null;
      return {
        verdict: failed ? 'NOT MET' : verdict(r.admin.ratio <= LIMITS.mcpRatio),
        measured: `${r.admin.ratio.toFixed(1)}× (${r.admin.mcp!.medianImportPlusFirstCallMs.toFixed(0)} ms vs ${r.admin.health!.medianImportPlusFirstCallMs.toFixed(0)} ms import + first call)${failed ? ` — first call failed: ${r.admin.mcp!.error ?? r.admin.mcp!.status}` : ''}`,
      };
    },
  },
];

export function judge(r: Report): Target[] {
  return TARGETS.map((t) => ({ name: t.name, ...t.judge(r) }));
}

/** The short Markdown table: figures, then targets. */
export function markdown(r: BenchReport): string {
  const rows: [string, string][] = [];
  const c = r.cold;
  rows.push([
    'products (published / draft / scheduled)',
    `${r.n.toLocaleString('en-US')} (${r.catalog.published} / ${r.catalog.draft} / ${r.catalog.scheduled})`,
  ]);
  const peaks = (b: BuildRun) =>
    `${sec(b.wallMs)}, peak RSS ${mb(b.peakProcessBytes ?? b.peakRssBytes)} largest process (${mb(b.peakRssBytes)} tree)`;
  if (c) rows.push(['cold build: wall, memory', c.ok ? peaks(c) : 'FAILED']);
  if (r.warm)
    rows.push([
      `warm build (${r.warmEdit ?? 'kept output and cache'}): wall, memory`,
      r.warm.ok ? peaks(r.warm) : 'FAILED',
    ]);
  const x = (ratio: number | null | undefined) => (ratio ? `${ratio.toFixed(2)}×` : 'n/a');
  const sw = r.hugoSameWork;
  rows.push([
    'Hugo + Pagefind, same work (the anchor of the build targets)',
    sw?.available && sw.wallMs !== undefined
      ? `${sec(sw.wallMs)} (Hugo ${sec(sw.hugoMs!)} + Pagefind ${sec(sw.pagefindMs!)}), largest process ${mb(sw.peakProcessBytes!)} (${sw.peakProcessCommand}; Pagefind ${mb(sw.pagefindPeakProcessBytes!)}), ${sw.kinds?.total.toLocaleString('en-US')} files; ours ÷ it: cold ${x(r.ratioColdToSameWork)}, warm ${x(r.ratioWarmToSameWork)}, memory ${x(r.ratioMemoryToSameWork)}${sw.problems?.length ? ` — INCOMPLETE: ${sw.problems.join('; ')}` : ''}`
      : (sw?.note ?? 'not run'),
  ]);
  rows.push([
    'Hugo, trivial site (one template, HTML only; information)',
    r.hugo?.wallMs !== undefined
      ? `${sec(r.hugo.wallMs)} (${r.hugo.files} files); ours ÷ it: cold ${r.ratioColdToHugo === null ? 'n/a (our cold build failed)' : x(r.ratioColdToHugo)}, warm ${x(r.ratioWarmToHugo)}`
      : (r.hugo?.note ?? 'not run'),
  ]);
  const ours = c?.kinds;
  const theirs = sw?.kinds;
  if (ours || theirs) {
    const pair = (k: keyof OutputKinds) =>
      `${ours ? ours[k].toLocaleString('en-US') : '–'} / ${theirs ? theirs[k].toLocaleString('en-US') : '–'}`;
    rows.push([
      'output files by kind, ours / Hugo same work',
      `product pages ${pair('productHtml')}; product twins ${pair('productMd')}; product JSON ${pair('productJson')}; list pages ${pair('listHtml')}; list twins ${pair('listMd')}; Pagefind ${pair('pagefind')}; other HTML ${pair('otherHtml')}; Hugo's page-1 redirects ${pair('pageOneRedirects')}; other ${pair('other')}; total ${pair('total')}`,
    ]);
  }
  const d = c?.dist;
  if (d) {
    rows.push(['output files, total size', `${d.files.toLocaleString('en-US')}, ${mb(d.bytes)}`]);
    rows.push(['products.json', d.productsJson ? size(d.productsJson.bytes) : 'not available yet']);
    rows.push(['llms.txt', d.llmsTxt ? `${d.llmsTxt.chars!.toLocaleString('en-US')} chars` : 'not available yet']);
    rows.push(['llms-small.txt', d.llmsSmallTxt ? size(d.llmsSmallTxt.bytes) : 'not available yet']);
    rows.push(['llms-full.txt', d.llmsFullTxt ? size(d.llmsFullTxt.bytes) : 'not available yet']);
    rows.push(['largest HTML page', d.largestHtml ? `${d.largestHtml.path} ${kb(d.largestHtml.bytes)}` : 'none']);
    if (d.largestHtmlGzip)
      rows.push(['largest HTML page gzipped', `${d.largestHtmlGzip.path} ${kb(d.largestHtmlGzip.bytes)}`]);
  }
  for (const w of r.pages.weights) {
    rows.push([
      `page ${w.path}`,
      w.status === 200
        ? `${kb(w.htmlBytes)} HTML (${kb(w.htmlGzipBytes)} gz), JS ${w.jsBytes} B, CSS ${kb(w.cssBytes)}`
        : `HTTP ${w.status}`,
    ]);
  }
  const sb = r.pages.search;
  if (sb && !sb.error) {
    rows.push(['search: exact name listed first', `${sb.firstHits}/${sb.sample} sampled names`]);
    rows.push([
      'search: one query (cold cache)',
      `${kb(sb.queryBytes)} in ${sb.queryRequests} requests (${Object.entries(sb.queryBytesByKind)
        .map(([k, b]) => `${k} ${kb(b)}`)
        .join(', ')})`,
    ]);
  } else if (sb?.error) rows.push(['search', `failed: ${sb.error}`]);
  for (const l of r.pages.lighthouse)
    rows.push([
      `Lighthouse ${new URL(l.url).pathname} (perf/a11y/bp/seo)`,
      l.scores ? Object.values(l.scores).join(' / ') : (l.error ?? 'failed'),
    ]);
  if (r.admin.available) {
    rows.push([
      'function mode',
      r.admin.mode === 'bundled' ? 'esbuild bundles (as deployed)' : `sources (${r.admin.bundleNote ?? ''})`,
    ]);
    const cs = (x: NonNullable<AdminResult['mcp']>) =>
      `${x.medianImportPlusFirstCallMs.toFixed(0)} ms (import ${x.medianImportMs.toFixed(0)} + first call ${x.medianFirstCallMs.toFixed(0)}); process ${x.medianProcessWallMs.toFixed(0)} ms, ${mb(x.medianRssBytes)}`;
    rows.push(['health cold start (median of runs)', cs(r.admin.health!)]);
    rows.push(['MCP cold start, first search_products', cs(r.admin.mcp!)]);
    const u = r.admin.mcpUnauthenticated;
    if (u)
      rows.push([
        `MCP cold start, first request without a token (HTTP ${u.status})`,
        `${cs(u)}${u.error ? ` — ${u.error}` : ''}`,
      ]);
    for (const [name, s] of Object.entries(r.admin.tools ?? {}))
      rows.push([
        `${name} p50 / p95 (${s.calls} calls)`,
        `${s.p50Ms.toFixed(1)} / ${s.p95Ms.toFixed(1)} ms${s.error ? ` (error: ${s.error.slice(0, 80)})` : ''}`,
      ]);
  } else rows.push(['MCP / health cold start', r.admin.note ?? 'not available yet']);
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  return [
    '| measure | result |',
    '|---|---|',
    ...rows.map(([a, b]) => `| ${cell(a)} | ${cell(b)} |`),
    '',
    '| target | verdict | measured |',
    '|---|---|---|',
    ...r.targets.map((t) => `| ${cell(t.name)} | ${t.verdict} | ${cell(t.measured)} |`),
  ].join('\n');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** A size's figures from its record (the median runs and every run's wall time). */
export function summariseSize(r: Pick<Report, 'n' | 'cold' | 'warm' | 'hugoSameWork'>): SizeSummary {
  const walls = (b: BuildRun | null | undefined) => (b?.ok ? (b.repeatsMs ?? [b.wallMs]) : []);
  const loads = (b: { loadBefore?: number; loads?: number[] } | null | undefined) =>
    b ? (b.loads ?? (b.loadBefore === undefined ? [] : [b.loadBefore])) : [];
  const ours = [r.cold, r.warm].filter((b) => b?.ok).map((b) => b!.peakProcessBytes);
  const sw = r.hugoSameWork?.available && !r.hugoSameWork.problems?.length ? r.hugoSameWork : null;
  return {
    n: r.n,
    coldMs: walls(r.cold),
    warmMs: walls(r.warm),
    peakProcessBytes: ours.length ? Math.max(...ours) : null,
    sameWorkMs: sw ? (sw.repeatsMs ?? [sw.wallMs!]) : [],
    sameWorkPeakBytes: sw?.peakProcessBytes ?? null,
    loads: [...loads(r.cold), ...loads(r.warm), ...loads(sw)],
  };
}

/**
 * The goals of "the build starts fast", by catalog size: a small catalog's cold build in seconds,
 * a curated catalog's (1,000) against Hugo + Pagefind doing the same work, and a large one's no
 * worse than the round before (1.68×, 0.73×, 1.21×, measured beside the anchor after a `sync`).
 */
export const SIZE_GOALS: { n: number; name: string; judge(s: SizeSummary): boolean | null }[] = [
  { n: 10, name: 'cold ≤ 2 s', judge: (s) => (s.coldMs.length ? median(s.coldMs)! <= 2000 : null) },
  { n: 1000, name: 'cold ≤ 2.5×', judge: (s) => ratioOf(s.coldMs, s.sameWorkMs, (x) => x <= 2.5) },
  { n: 1000, name: 'warm ≤ 1.5×', judge: (s) => ratioOf(s.warmMs, s.sameWorkMs, (x) => x <= 1.5) },
  { n: 1000, name: '≤ 400 MB', judge: (s) => (s.peakProcessBytes ? s.peakProcessBytes <= 400e6 : null) },
  { n: 10000, name: 'cold ≤ 1.68×', judge: (s) => ratioOf(s.coldMs, s.sameWorkMs, (x) => x <= 1.68) },
  { n: 10000, name: 'warm ≤ 0.73×', judge: (s) => ratioOf(s.warmMs, s.sameWorkMs, (x) => x <= 0.73) },
  {
    n: 10000,
    name: 'memory ≤ 1.21×',
    judge: (s) => (s.peakProcessBytes && s.sameWorkPeakBytes ? s.peakProcessBytes / s.sameWorkPeakBytes <= 1.21 : null),
  },
];

function ratioOf(ours: number[], anchor: number[], ok: (ratio: number) => boolean): boolean | null {
  return ours.length && anchor.length ? ok(median(ours)! / median(anchor)!) : null;
}

/** The table of every size: medians, the spread in brackets, ratios to the anchor, the goals, the loads. */
export function sizesMarkdown(sizes: SizeSummary[], speed: MachineSpeed[] = []): string {
  const time = (xs: number[]) =>
    !xs.length
      ? 'n/a'
      : xs.length === 1
        ? sec(xs[0]!)
        : `${sec(median(xs)!)} (${sec(Math.min(...xs))}–${sec(Math.max(...xs))})`;
  const ratio = (a: number[], b: number[]) =>
    a.length && b.length ? `${(median(a)! / median(b)!).toFixed(2)}×` : 'n/a';
  const goals = (s: SizeSummary) =>
    SIZE_GOALS.filter((g) => g.n === s.n)
      .map((g) => {
        const ok = g.judge(s);
        return `${g.name} ${ok === null ? 'NOT AVAILABLE' : ok ? 'MET' : 'NOT MET'}`;
      })
      .join('; ') || '–';
  // The machine's speed now against the reference machine's (the loop of ./machine.ts, before and
  // after the builds): a wall time divided by it is what the reference would have taken, roughly.
  const factor = speed.length ? speed.reduce((a, m) => a + m.timesReference, 0) / speed.length : null;
  const scaled = (xs: number[]) => (factor && xs.length ? `${sec(median(xs)! / factor)}` : 'n/a');
  const rows = sizes.map((s) =>
    [
      s.n.toLocaleString('en-US'),
      time(s.coldMs),
      scaled(s.coldMs),
      time(s.warmMs),
      s.peakProcessBytes ? mb(s.peakProcessBytes) : 'n/a',
      `${time(s.sameWorkMs)}, ${s.sameWorkPeakBytes ? mb(s.sameWorkPeakBytes) : 'n/a'}`,
      ratio(s.coldMs, s.sameWorkMs),
      ratio(s.warmMs, s.sameWorkMs),
      s.peakProcessBytes && s.sameWorkPeakBytes ? `${(s.peakProcessBytes / s.sameWorkPeakBytes).toFixed(2)}×` : 'n/a',
      goals(s),
      s.loads.length ? `${Math.min(...s.loads)}–${Math.max(...s.loads)}` : 'n/a',
    ].join(' | '),
  );
  const speeds = speed.map(
    (m) =>
      `${m.runsMs.join(', ')} ms (median ${m.medianMs} ms, ${(m.medianMs / REFERENCE_LOOP_MS).toFixed(2)}× the reference's ${REFERENCE_LOOP_MS} ms), load ${m.load.join(' ')} on ${m.cores} cores`,
  );
  return [
    '| products | ours cold | ours cold ÷ machine speed | ours warm | largest process | Hugo + Pagefind (same work) | cold ÷ | warm ÷ | memory ÷ | goals | load (1 min) before the builds |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r} |`),
    '',
    ...(speeds.length ? [`Machine speed (one core of plain JavaScript), before and after: ${speeds.join('; ')}.`] : []),
  ].join('\n');
}
