// Lighthouse scores (performance, accessibility, best practices, SEO) for one URL, running the
// lighthouse CLI against the preflight's Chromium on loopback with every background fetch switched off.
// Lighthouse is not in the project's install: the benchmark installs its pinned release once, asked.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Scores = Record<(typeof CATEGORIES)[number], number | null>;

export interface LighthouseResult {
  url: string;
  /** Median per category over the runs (Lighthouse's advice on noisy machines). */
  scores: Scores | null;
  /** Every run's scores. */
  runs?: Scores[];
  /** Audits that kept a category under 100 (id and title), for the report. */
  failing: string[];
  error?: string;
}

/** The Lighthouse release the benchmark runs (installed on first use, not by `npm install`). */
export const LIGHTHOUSE_VERSION = '13.5.0';

/**
 * The Lighthouse CLI's entry file: a copy installed in node_modules (by hand), else the pinned
 * release under node_modules/.cache/, installed there on first use with a line saying so; null
 * (with the reason printed) when that install fails.
 */
export function lighthouseCli(root: string, say: (line: string) => void = console.log): string | null {
  const own = path.join(root, 'node_modules/lighthouse/cli/index.js');
  if (existsSync(own)) return own;
  const prefix = path.join(root, 'node_modules/.cache', `lighthouse-${LIGHTHOUSE_VERSION}`);
  const cli = path.join(prefix, 'node_modules/lighthouse/cli/index.js');
  if (existsSync(cli)) return cli;
  say(`Lighthouse is not part of the install: installing lighthouse@${LIGHTHOUSE_VERSION} into ${prefix} (once)`);
  const npm = spawnSync(
    'npm',
    ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', `lighthouse@${LIGHTHOUSE_VERSION}`],
    { stdio: 'inherit' },
  );
  if (npm.status === 0 && existsSync(cli)) return cli;
  say(`could not install lighthouse@${LIGHTHOUSE_VERSION} (npm exited with ${npm.status}): Lighthouse skipped`);
  return null;
}

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

async function lighthouseOnce(cli: string, url: string): Promise<LighthouseResult> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'bench-lh-'));
  const out = path.join(tmp, 'report.json');
  const flags = [...CHROMIUM_FLAGS, `--user-data-dir=${path.join(tmp, 'profile')}`].join(' ');
  const args = [
    cli,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    `--chrome-flags=${flags}`,
    '--max-wait-for-load=30000',
  ];
  try {
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, args, {
        cwd: tmp,
        env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let err = '';
      child.stderr!.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-2000)));
      child.on('close', (c) => {
        if (c !== 0) process.stderr.write(err);
        resolve(c);
      });
    });
    if (code !== 0 || !existsSync(out))
      return { url, scores: null, failing: [], error: `lighthouse exited with ${code}` };
    const report = JSON.parse(await readFile(out, 'utf8')) as {
      categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
      audits: Record<
        string,
        {
          score: number | null;
          title: string;
          scoreDisplayMode: string;
          details?: { items?: Record<string, unknown>[] };
        }
      >;
      runtimeError?: { message: string };
    };
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [
        c,
        report.categories[c]?.score == null ? null : Math.round(report.categories[c]!.score! * 100),
      ]),
    ) as Scores;
    const failing: string[] = [];
    for (const c of CATEGORIES) {
      for (const ref of report.categories[c]?.auditRefs ?? []) {
        const a = report.audits[ref.id];
        if (ref.weight > 0 && a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative') {
          const items = (a.details?.items ?? [])
            .slice(0, 3)
            .map((i) => String(i.description ?? i.url ?? i.source ?? JSON.stringify(i)).slice(0, 160));
          failing.push(`${c}: ${ref.id} (${a.title})${items.length ? ` — ${items.join(' | ')}` : ''}`);
        }
      }
    }
    return { url, scores, failing, ...(report.runtimeError ? { error: report.runtimeError.message } : {}) };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

const medianOf = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/** Runs Lighthouse `runs` times and keeps the median score per category. */
export async function lighthouse(root: string, url: string, runs = 3): Promise<LighthouseResult> {
  const cli = lighthouseCli(root);
  if (!cli) return { url, scores: null, failing: [], error: `lighthouse@${LIGHTHOUSE_VERSION} could not be installed` };
  const results: LighthouseResult[] = [];
  for (let i = 0; i < runs; i++) results.push(await lighthouseOnce(cli, url));
  const ok = results.filter((r) => r.scores);
  if (ok.length === 0) return results[0]!;
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, medianOf(ok.map((r) => r.scores![c] ?? 0))])) as Scores;
  // The failing audits of the run closest to the median performance score.
  const closest = ok.reduce((best, r) =>
    Math.abs((r.scores!.performance ?? 0) - scores.performance!) <
    Math.abs((best.scores!.performance ?? 0) - scores.performance!)
      ? r
      : best,
  );
  const errors = results.filter((r) => r.error).map((r) => r.error!);
  return {
    url,
    scores,
    runs: ok.map((r) => r.scores!),
    failing: closest.failing,
    ...(errors.length ? { error: errors.join('; ') } : {}),
  };
}
