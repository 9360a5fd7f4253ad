// The benchmark's own pieces: the synthetic catalog passes the real schema and is deterministic,
// the build command follows package.json, and the statistics are computed correctly. No timing.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/catalog/load.ts';
import { statusOf } from '../../src/catalog/catalog.ts';
import { writeSyntheticCatalog } from '../../scripts/bench/generate.ts';
import { percentile } from '../../scripts/bench/admin.ts';
import { buildSteps, isPageLine, phases } from '../../scripts/bench/build.ts';
import { judge, type BenchReport } from '../../scripts/bench/report.ts';
import { spread } from '../../scripts/bench/search.ts';
import { ROOT } from '../../scripts/lib/stack.ts';

const dirs: string[] = [];
const tmp = async () => {
  const d = await mkdtemp(path.join(os.tmpdir(), 'bench-test-'));
  dirs.push(d);
  return d;
};
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('synthetic catalog', () => {
  it('is valid under the product schema and mixes published, draft and scheduled products', async () => {
    const dir = await tmp();
    await writeSyntheticCatalog(dir, 400, { seed: 7, images: ['/images/products/a.svg'] });
    const { entries, problems } = await loadCatalog(dir);
    expect(problems).toEqual([]);
    expect(entries).toHaveLength(400);
    const statuses = new Set(entries.map((e) => statusOf(e, new Date('2026-01-01T00:00:00Z'))));
    expect([...statuses].sort()).toEqual(['draft', 'published', 'scheduled']);
    expect(entries.some((e) => e.data.price === null)).toBe(true);
    expect(new Set(entries.map((e) => e.data.currency)).size).toBeGreaterThan(1);
    expect(new Set(entries.map((e) => e.data.imageUrl))).toEqual(new Set([null, '/images/products/a.svg']));
  });

  it('is the same for the same seed and differs for another seed', async () => {
    const [a, b, c] = [await tmp(), await tmp(), await tmp()];
    await writeSyntheticCatalog(a, 50, { seed: 1 });
    await writeSyntheticCatalog(b, 50, { seed: 1 });
    await writeSyntheticCatalog(c, 50, { seed: 2 });
    const read = async (d: string) =>
      Promise.all((await readdir(d)).sort().map((f) => readFile(path.join(d, f), 'utf8')));
    expect(await read(a)).toEqual(await read(b));
    expect(await read(a)).not.toEqual(await read(c));
  });
});

describe('build command', () => {
  it('runs package.json build steps with --outDir on astro build and without the Node check', () => {
    const steps = buildSteps(ROOT, '/tmp/x/dist');
    expect(steps.some((s) => /^(?:[A-Z_]+=\S*\s+)*astro build\b.*--outDir '\/tmp\/x\/dist'$/.test(s))).toBe(true);
    // The build's environment prefix (MIMALLOC_PURGE_DELAY) is kept: the benchmark runs the real build.
    expect(steps.join(' && ')).toContain('MIMALLOC_PURGE_DELAY=0 astro build');
    expect(steps.some((s) => s.includes('check-node'))).toBe(false);
  });
});

describe('statistics', () => {
  it.each([
    [[5, 1, 4, 2, 3], 50, 3],
    [[5, 1, 4, 2, 3], 95, 5],
    [Array.from({ length: 100 }, (_, i) => i + 1), 95, 95],
    [[7], 50, 7],
  ])('percentile(%j, %i) = %i', (xs, p, want) => {
    expect(percentile(xs, p)).toBe(want);
  });

  it('splits a build log into phases', () => {
    const log = [
      { ms: 700, line: '08:01:47 [content] Syncing content' },
      { ms: 3700, line: '08:01:47 [content] Synced content' },
      { ms: 3800, line: '08:01:47 [build] Building static entrypoints...' },
      { ms: 5300, line: '08:01:47 [vite] ✓ built in 1.5s' },
      { ms: 5350, line: ' generating static routes ' },
      { ms: 5400, line: '08:01:47   ├─ /index.html (+32ms)' },
      { ms: 9300, line: '08:01:47   └─ /products/a.html (+3ms)' },
      { ms: 9350, line: '08:01:47 ✓ Completed in 4s.' },
      { ms: 10350, line: '08:01:47 [build] Complete!' },
    ];
    expect(isPageLine(log[5]!.line)).toBe(true);
    expect(isPageLine(log[0]!.line)).toBe(false);
    const got = Object.fromEntries(phases(log, 10_500).map((p) => [p.name, p.ms]));
    expect(got).toEqual({
      'node start + config (until first log line)': 700,
      'content sync': 3000,
      'vite (static entrypoints)': 1500,
      'render + write 2 pages': 4000,
      'after the pages (build:done integrations, outputs)': 1000,
      'after astro (other build steps, exit)': 150,
    });
  });
});

describe('search sample and the browse targets', () => {
  it('spreads a sample over the whole list, first and last included', () => {
    const xs = Array.from({ length: 1000 }, (_, i) => i);
    const s = spread(xs, 25);
    expect(s).toHaveLength(25);
    expect([s[0], s.at(-1)]).toEqual([0, 999]);
    expect(new Set(s).size).toBe(25);
    expect(spread([1, 2], 25)).toEqual([1, 2]);
  });

  const base = {
    cold: {
      ok: true,
      wallMs: 1,
      peakRssBytes: 1,
      dist: { largestHtmlGzip: { path: '/ages/6-8.html', bytes: 31_000 }, htmlPages: 9 },
    },
    ratioColdToHugo: null,
    hugo: null,
    admin: { available: false },
  } as unknown as Omit<BenchReport, 'targets'>;
  const verdictOf = (r: Omit<BenchReport, 'targets'>, name: RegExp) => judge(r).find((t) => name.test(t.name))?.verdict;

  it('judges the heaviest gzipped page against 30 KB', () => {
    const r = { ...base, pages: { available: true, weights: [], lighthouse: [] } };
    expect(verdictOf(r, /HTML page ≤ 30 KB/)).toBe('NOT MET');
    const light = {
      ...r,
      cold: { ...base.cold!, dist: { largestHtmlGzip: { path: '/x.html', bytes: 29_000 }, htmlPages: 9 } },
    };
    expect(verdictOf(light as typeof r, /HTML page ≤ 30 KB/)).toBe('MET');
  });

  it('judges the largest process of the cold and warm builds, naming which build and process it was', () => {
    const run = (bytes: number, command: string) => ({
      ...base.cold!,
      peakProcessBytes: bytes,
      peakProcessCommand: command,
      peakProcessPhase: 'content sync',
      peakRssBytes: bytes * 2,
    });
    const r = {
      ...base,
      pages: { available: true, weights: [], lighthouse: [] },
      cold: run(900e6, 'node astro'),
      warm: run(1_003e6, 'node outputs-worker.ts'),
    };
    const memory = judge(r).find((t) => /peak memory/.test(t.name))!;
    expect(memory.verdict).toBe('NOT MET');
    expect(memory.measured).toMatch(/^1003 MB \(warm: node outputs-worker\.ts, content sync;/);
    expect(verdictOf({ ...r, warm: run(999e6, 'node astro') }, /peak memory/)).toBe('MET');
  });

  it('judges llms-small.txt against 1.5 MB, and says when the build wrote none', () => {
    const withSmall = (bytes: number | null) => ({
      ...base,
      cold: {
        ...base.cold!,
        dist: { ...base.cold!.dist!, llmsSmallTxt: bytes === null ? null : { path: '/llms-small.txt', bytes } },
      },
      pages: { available: true, weights: [], lighthouse: [] },
    });
    expect(verdictOf(withSmall(1_380_000), /llms-small/)).toBe('MET');
    expect(verdictOf(withSmall(1_500_000), /llms-small/)).toBe('NOT MET');
    expect(verdictOf(withSmall(null), /llms-small/)).toBe('NOT AVAILABLE');
  });

  it('judges search ranking (every sampled name first) and the bytes of one query', () => {
    const search = {
      sample: 25,
      firstHits: 24,
      misses: [],
      queryBytes: 150_000,
      queryRequests: 9,
      queryBytesByKind: {},
    };
    const r = { ...base, pages: { available: true, weights: [], lighthouse: [], search } };
    expect(verdictOf(r, /exact name/)).toBe('NOT MET');
    expect(verdictOf(r, /one search query/)).toBe('MET');
    const all = { ...r, pages: { ...r.pages, search: { ...search, firstHits: 25, queryBytes: 300_000 } } };
    expect(verdictOf(all, /exact name/)).toBe('MET');
    expect(verdictOf(all, /one search query/)).toBe('NOT MET');
    expect(verdictOf({ ...r, pages: { ...r.pages, search: null } }, /exact name/)).toBe('NOT AVAILABLE');
  });
});
