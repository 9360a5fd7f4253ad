// The benchmark's targets (issue 8) judged as MET / NOT MET / NOT AVAILABLE, and the short
// Markdown table printed at the end and kept in docs/bench.md.
import type { AdminResult } from './admin.ts';
import type { DistStats } from './dist-stats.ts';
import type { LighthouseResult } from './lighthouse.ts';
import type { RunResult } from './measure.ts';
import type { PageWeight } from './pages.ts';
import type { SearchBench } from './search.ts';
import { isPageLine, strip, type Phase } from './build.ts';

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
  peakProcesses: number;
  atPeak: RunResult['atPeak'];
  peakAtMs: number;
  /** The phase running when memory peaked. */
  peakPhase: string | null;
  phases: Phase[];
  /** The build's log without the per-page lines, with milliseconds since the start. */
  log: { ms: number; line: string }[];
  dist: DistStats | null;
  error?: string;
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
  warm: BuildRun | null;
  hugo: {
    available: boolean;
    note?: string;
    wallMs?: number;
    peakRssBytes?: number;
    files?: number;
    version?: string;
  } | null;
  ratioColdToHugo: number | null;
  admin: AdminResult;
  pages: {
    available: boolean;
    note?: string;
    weights: PageWeight[];
    lighthouse: LighthouseResult[];
    search?: SearchBench | null;
  };
  targets: Target[];
}

export const LIMITS = {
  hugoRatio: 4,
  peakMemoryBytes: 1_000_000_000,
  llmsTxtChars: 50_000,
  productGzipBytes: 15_000,
  htmlGzipBytes: 30_000,
  searchQueryBytes: 300_000,
  mcpRatio: 3,
} as const;

export const mb = (b: number) => `${(b / 1_000_000).toFixed(0)} MB`;
export const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const kb = (b: number) => `${(b / 1000).toFixed(1)} KB`;
export const size = (b: number) => (b >= 1_000_000 ? `${(b / 1_000_000).toFixed(1)} MB` : kb(b));

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
    peakProcesses: r.peakProcesses,
    atPeak: r.atPeak,
    peakAtMs: r.peakAtMs,
    peakPhase: p.find((x) => r.peakAtMs >= x.startMs && r.peakAtMs <= x.endMs)?.name ?? null,
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
const na = (name: string, why: string): Target => ({ name, verdict: 'NOT AVAILABLE', measured: why });

export function judge(r: Omit<BenchReport, 'targets'>): Target[] {
  const t: Target[] = [];
  const cold = r.cold?.ok ? r.cold : null;
  const name1 = `cold build ≤ ${LIMITS.hugoRatio}× Hugo`;
  if (!cold) t.push(na(name1, 'our build did not complete'));
  else if (r.ratioColdToHugo === null) t.push(na(name1, `ours ${sec(cold.wallMs)}; Hugo ${r.hugo?.note ?? 'not run'}`));
  else
    t.push({
      name: name1,
      verdict: verdict(r.ratioColdToHugo <= LIMITS.hugoRatio),
      measured: `${r.ratioColdToHugo.toFixed(1)}× (${sec(cold.wallMs)} vs ${sec(r.hugo!.wallMs!)})`,
    });

  const name2 = 'peak memory ≤ 1 GB (10⁹ bytes)';
  if (!cold) t.push(na(name2, 'our build did not complete'));
  else
    t.push({
      name: name2,
      verdict: verdict(cold.peakRssBytes <= LIMITS.peakMemoryBytes),
      measured: `${mb(cold.peakRssBytes)} (process tree RSS, cold)`,
    });

  const name3 = `llms.txt < ${LIMITS.llmsTxtChars.toLocaleString('en-US')} characters`;
  const llms = cold?.dist?.llmsTxt;
  if (!llms) t.push(na(name3, 'no llms.txt in the build output yet'));
  else
    t.push({
      name: name3,
      verdict: verdict(llms.chars! < LIMITS.llmsTxtChars),
      measured: `${llms.chars!.toLocaleString('en-US')} characters`,
    });

  const name4 = 'product page < 15 KB gzipped HTML, no required JS';
  const product = r.pages.weights.find((w) => w.path.startsWith('/products/'));
  if (!product || product.status !== 200)
    t.push(na(name4, product ? `product page answered ${product.status}` : (r.pages.note ?? 'no product page')));
  else
    t.push({
      name: name4,
      verdict: verdict(product.htmlGzipBytes < LIMITS.productGzipBytes && product.jsBytes === 0),
      measured: `${kb(product.htmlGzipBytes)} gzipped, ${product.scripts} scripts / ${product.jsBytes} B JS`,
    });

  const nameHtml = `every HTML page ≤ ${LIMITS.htmlGzipBytes / 1000} KB gzipped`;
  const heaviest = cold?.dist?.largestHtmlGzip;
  if (!heaviest) t.push(na(nameHtml, 'no HTML pages weighed'));
  else
    t.push({
      name: nameHtml,
      verdict: verdict(heaviest.bytes <= LIMITS.htmlGzipBytes),
      measured: `largest ${kb(heaviest.bytes)} gzipped: ${heaviest.path} (of ${cold!.dist!.htmlPages!.toLocaleString('en-US')} pages)`,
    });

  const search = r.pages.search;
  const nameRank = "search for a product's exact name lists it first";
  const nameQuery = `one search query transfers < ${LIMITS.searchQueryBytes / 1000} KB`;
  if (!search || search.error) {
    const why = search?.error ?? r.pages.note ?? 'search not measured (Chromium missing?)';
    t.push(na(nameRank, why), na(nameQuery, why));
  } else {
    t.push({
      name: nameRank,
      verdict: verdict(search.sample > 0 && search.firstHits === search.sample),
      measured: `${search.firstHits}/${search.sample} sampled names first`,
    });
    t.push({
      name: nameQuery,
      verdict: verdict(search.queryBytes < LIMITS.searchQueryBytes),
      measured: `${kb(search.queryBytes)} in ${search.queryRequests} requests`,
    });
  }

  const name5 = 'Lighthouse 100 ×4 on home, product, list page and search';
  const lh = r.pages.lighthouse;
  if (lh.length < 4 || lh.some((x) => !x.scores))
    t.push(na(name5, lh.find((x) => x.error)?.error ?? r.pages.note ?? 'Lighthouse not run'));
  else {
    const all = lh.flatMap((x) => Object.values(x.scores!));
    t.push({
      name: name5,
      verdict: verdict(all.every((s) => s === 100)),
      measured: lh.map((x) => `${new URL(x.url).pathname}: ${Object.values(x.scores!).join('/')}`).join('; '),
    });
  }

  const name6 = `MCP cold start ≤ ${LIMITS.mcpRatio}× health cold start`;
  if (!r.admin.available || r.admin.ratio === undefined) t.push(na(name6, r.admin.note ?? 'not measured'));
  else {
    const failed = r.admin.mcp!.status !== 200 || r.admin.mcp!.error !== null;
    t.push({
      name: name6,
      verdict: failed ? 'NOT MET' : verdict(r.admin.ratio <= LIMITS.mcpRatio),
      measured: `${r.admin.ratio.toFixed(1)}× (${r.admin.mcp!.medianImportPlusFirstCallMs.toFixed(0)} ms vs ${r.admin.health!.medianImportPlusFirstCallMs.toFixed(0)} ms import + first call)${failed ? ` — first call failed: ${r.admin.mcp!.error ?? r.admin.mcp!.status}` : ''}`,
    });
  }
  return t;
}

/** The short Markdown table: figures, then targets. */
export function markdown(r: BenchReport): string {
  const rows: [string, string][] = [];
  const c = r.cold;
  rows.push([
    'products (published / draft / scheduled)',
    `${r.n.toLocaleString('en-US')} (${r.catalog.published} / ${r.catalog.draft} / ${r.catalog.scheduled})`,
  ]);
  if (c) rows.push(['cold build: wall, peak RSS', c.ok ? `${sec(c.wallMs)}, ${mb(c.peakRssBytes)}` : 'FAILED']);
  if (r.warm)
    rows.push([
      'warm build: wall, peak RSS',
      r.warm.ok ? `${sec(r.warm.wallMs)}, ${mb(r.warm.peakRssBytes)}` : 'FAILED',
    ]);
  rows.push([
    'Hugo cold build',
    r.hugo?.wallMs !== undefined
      ? `${sec(r.hugo.wallMs)} (${r.hugo.files} files), ratio ${r.ratioColdToHugo === null ? 'n/a (our cold build failed)' : `${r.ratioColdToHugo.toFixed(1)}×`}`
      : (r.hugo?.note ?? 'not run'),
  ]);
  const d = c?.dist;
  if (d) {
    rows.push(['output files, total size', `${d.files.toLocaleString('en-US')}, ${mb(d.bytes)}`]);
    rows.push(['products.json', d.productsJson ? size(d.productsJson.bytes) : 'not available yet']);
    rows.push(['llms.txt', d.llmsTxt ? `${d.llmsTxt.chars!.toLocaleString('en-US')} chars` : 'not available yet']);
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
