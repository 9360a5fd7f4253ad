// The figures the documents quote (the benchmark's verdicts, `npm test`'s time), written from
// docs/results.json, which `npm run bench -- --record` and `npm test -- --record` update when asked.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const RESULTS_FILE = 'docs/results.json';
/** The generated sections written from it (src/outputs/doc-sections.ts). */
export const RESULT_SECTIONS = ['figures', 'bench-results', 'test-times'];

export interface BenchResults {
  date: string;
  commit: string;
  machine: string;
  products: number;
  targets: { name: string; verdict: string; measured: string }[];
}

export interface TestResults {
  date: string;
  commit: string;
  machine: string;
  /** `npm test` from its start to its summary, in seconds. */
  seconds: number;
  tests: number;
  /** The one-minute load average at the start and the end (other work on the machine shows here). */
  load?: [number, number];
  /** Each step's start, duration and CPU seconds (its processes and theirs), when they were recorded. */
  steps?: { name: string; from: number; took: number; cpu?: number | null }[];
}

export interface Results {
  bench: BenchResults;
  test: TestResults;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
export const readResults = (): Results => JSON.parse(readFileSync(path.join(ROOT, RESULTS_FILE), 'utf8')) as Results;

/** Seconds as the documents and `npm test`'s report print them: 12.3 → "12.3 s", 934 → "15 min 34 s" (rounded, then split). */
export function duration(s: number): string {
  const tenths = Math.round(s * 10);
  if (tenths < 600) return `${(tenths / 10).toFixed(1)} s`;
  const whole = Math.round(s);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

const run = (r: { date: string; commit: string; machine: string }) =>
  `${r.date.slice(0, 10)}, \`${r.commit}\`, ${r.machine}`;

/** The README's two sentences of figures. */
export function readmeFigures(r: Results = readResults()): string {
  const met = r.bench.targets.filter((t) => t.verdict === 'MET').length;
  const ratio = (name: RegExp) => /^[\d.]+×/.exec(r.bench.targets.find((t) => name.test(t.name))?.measured ?? '')?.[0];
  return [
    `At ${r.bench.products.toLocaleString('en-US')} products, ${met} of the benchmark's ${r.bench.targets.length} targets were met on its recorded run (${run(r.bench)}): a cold build ${ratio(/^cold build/) ?? 'n/a'} the time of Hugo + Pagefind doing the same work, a rebuild ${ratio(/^warm rebuild/) ?? 'n/a'}.`,
    `\`npm test\` took ${duration(r.test.seconds)} (${r.test.tests.toLocaleString('en-US')} tests; ${run(r.test)}).`,
  ].join('\n');
}

/** The benchmark's recorded verdicts, one row per target. */
export function benchTable(r: Results = readResults()): string {
  return [
    `Recorded run: ${run(r.bench)}, ${r.bench.products.toLocaleString('en-US')} products.`,
    '',
    '| target | verdict | measured |',
    '|---|---|---|',
    ...r.bench.targets.map((t) => `| ${t.name} | ${t.verdict} | ${t.measured} |`),
  ].join('\n');
}

/** `npm test`'s recorded time, with its steps when they were recorded. */
export function testTimes(r: Results = readResults()): string {
  const load = r.test.load
    ? `, load ${r.test.load[0].toFixed(1)} at the start and ${r.test.load[1].toFixed(1)} at the end`
    : '';
  const head = `Recorded run: ${run(r.test)}${load}: **${duration(r.test.seconds)}**, ${r.test.tests.toLocaleString('en-US')} tests.`;
  if (!r.test.steps?.length) return head;
  const cpu = (c: number | null | undefined) => (c == null ? '?' : `${Math.round(c)}`);
  return [
    head,
    '',
    '| step | from | took | CPU s |',
    '|---|---|---|---|',
    ...r.test.steps.map((s) => `| ${s.name} | ${duration(s.from)} | ${duration(s.took)} | ${cpu(s.cpu)} |`),
  ].join('\n');
}
