// The benchmark's own pieces: the synthetic catalog passes the real schema and is deterministic,
// the build command follows package.json, the statistics are computed correctly, the targets are
// judged, and the same-work Hugo site is written as Hugo needs it. No timing, no Hugo.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/catalog/load.ts';
import { publishedEntries, statusOf } from '../../src/catalog/catalog.ts';
import { ageBandsFor } from '../../src/catalog/ages.ts';
import { writeSyntheticCatalog } from '../../scripts/bench/generate.ts';
import { percentile } from '../../scripts/bench/admin.ts';
import { buildSteps, isPageLine, phases } from '../../scripts/bench/build.ts';
import {
  checkSameWorkOutput,
  hugoStats,
  outputKind,
  sameWorkExpectations,
  writeSameWorkHugoSite,
  type OutputKinds,
} from '../../scripts/bench/hugo-same-work.ts';
import {
  judge,
  sizesMarkdown,
  summariseSize,
  type BenchReport,
  type BuildRun,
  type SameWorkRun,
} from '../../scripts/bench/report.ts';
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
    expect(steps.some((s) => /^(?:[A-Z_]+=(?:"[^"]*"|\S*)\s+)*astro build\b.*--outDir '\/tmp\/x\/dist'$/.test(s))).toBe(
      true,
    );
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

  const anchor = (over: Partial<SameWorkRun> = {}): SameWorkRun => ({
    available: true,
    wallMs: 10_000,
    hugoMs: 6_000,
    pagefindMs: 4_000,
    peakProcessBytes: 800e6,
    peakProcessCommand: 'hugo',
    problems: [],
    ...over,
  });

  it('judges the largest process of the cold and warm builds against 1.25× Hugo + Pagefind, naming which build and process it was', () => {
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
      hugoSameWork: anchor(),
      cold: run(900e6, 'node astro'),
      warm: run(1_003e6, 'node outputs-worker.ts'),
    };
    const memory = judge(r).find((t) => /peak memory/.test(t.name))!;
    expect(memory.verdict).toBe('NOT MET');
    expect(memory.measured).toMatch(
      /^1\.25×: ours 1003 MB \(warm: node outputs-worker\.ts, content sync;.* vs 800 MB \(hugo\)$/,
    );
    expect(verdictOf({ ...r, warm: run(999e6, 'node astro') }, /peak memory/)).toBe('MET');
    expect(verdictOf({ ...r, hugoSameWork: null }, /peak memory/)).toBe('NOT AVAILABLE');
  });

  it('judges the cold build against 2× and the warm rebuild against 1× Hugo + Pagefind doing the same work', () => {
    const timed = (cold: number, warm: number, over: Partial<SameWorkRun> = {}) => ({
      ...base,
      pages: { available: true, weights: [], lighthouse: [] },
      cold: { ...base.cold!, wallMs: cold, peakProcessBytes: 1 },
      warm: { ...base.cold!, wallMs: warm, peakProcessBytes: 1 },
      hugoSameWork: anchor(over),
    });
    expect(verdictOf(timed(20_000, 10_000), /^cold build ≤ 2× Hugo \+ Pagefind \(same work\)$/)).toBe('MET');
    expect(verdictOf(timed(20_001, 10_000), /^cold build/)).toBe('NOT MET');
    expect(verdictOf(timed(20_000, 10_000), /^warm rebuild .* ≤ 1× Hugo \+ Pagefind/)).toBe('MET');
    expect(verdictOf(timed(20_000, 10_001), /^warm rebuild/)).toBe('NOT MET');
    // An anchor whose output is incomplete, or that did not run, judges nothing.
    const incomplete = timed(1, 1, { problems: ['missing 1 files: feed.xml'] });
    expect(judge(incomplete).find((t) => /^cold build/.test(t.name))).toMatchObject({
      verdict: 'NOT AVAILABLE',
      measured: expect.stringContaining('incomplete: missing 1 files: feed.xml'),
    });
    expect(verdictOf(timed(1, 1, { available: false, note: 'not installed' }), /^warm rebuild/)).toBe('NOT AVAILABLE');
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

// The same-work Hugo site is checked as written, without running Hugo (CI does not install it):
// the benchmark builds it with the real Hugo and checks the output with checkSameWorkOutput.
describe('same-work Hugo site', () => {
  const at = new Date('2026-06-01T00:00:00Z');
  const makeSite = async () => {
    const dir = await tmp();
    await writeSyntheticCatalog(path.join(dir, 'content'), 150, { seed: 3 });
    const { entries } = await loadCatalog(path.join(dir, 'content'));
    await writeSameWorkHugoSite(path.join(dir, 'site'), entries, { at });
    const read = (rel: string) => readFile(path.join(dir, 'site', rel), 'utf8');
    return { dir, entries, read, published: publishedEntries(entries, at) };
  };
  /** One site for the block, written on first use: every test here only reads it. */
  let made: ReturnType<typeof makeSite> | undefined;
  const site = () => (made ??= makeSite());

  it('configures what Hugo 0.111 needs for our outputs: ugly URLs, 48 a page at /list/N, output formats per kind', async () => {
    const { read } = await site();
    const config = await read('config.toml');
    for (const line of [
      'uglyURLs = true',
      'paginate = 48',
      'paginatePath = ""',
      'category = "categories"',
      'age = "ages"',
      'filter = "filters"',
      'filters = "/ages/:slug/"',
      'home = ["HTML", "markdown", "RSS", "productsjson", "llms", "llmssmall", "llmsfull"]',
      'page = ["HTML", "markdown", "productjson"]',
      'section = ["HTML", "markdown"]',
      'term = ["HTML", "markdown"]',
    ])
      expect(config).toContain(line);
    // The per-product JSON has an empty suffix (an extension-less file) under api/.
    expect(config).toMatch(/\[mediaTypes\."application\/x-product"\]\s+suffixes = \[""\]/);
    expect(config).toMatch(/\[outputFormats\.productjson\][^[]*path = "api"/);
    expect(config).toMatch(/\[outputFormats\.productsjson\][^[]*baseName = "products"[^[]*path = "api"/);
  });

  it('has a template for every custom output format it asks for, and a realistic layout', async () => {
    const { dir, read } = await site();
    const config = await read('config.toml');
    const frontMatter = await read('content/categories/books/_index.md');
    const asked = new Set(
      [...`${config}\n${frontMatter}`.matchAll(/"([a-z]+)"/g)]
        .map((m) => m[1]!)
        .filter((f) => new RegExp(`\\[outputFormats\\.${f}\\]`).test(config)),
    );
    expect([...asked].sort()).toEqual(
      ['llms', 'llmsdump', 'llmsfull', 'llmssmall', 'markdown', 'productjson', 'productsjson'].sort(),
    );
    const layouts = (await readdir(path.join(dir, 'site/layouts'), { recursive: true })).map(String);
    for (const f of asked) expect(layouts.some((l) => path.basename(l).includes(`.${f}`))).toBe(true);
    const base = await read('layouts/_default/baseof.html');
    expect(base).toContain('partialCached "header.html"');
    expect(base).toMatch(/og:title.*og:description.*og:url.*og:image/s);
    expect(await read('layouts/_default/single.html')).toMatch(/application\/ld\+json.*jsonify \| safeJS/s);
    expect(await read('layouts/_default/single.html')).toContain('data-pagefind-body');
    expect(await read('layouts/_default/list.html')).toContain('.Paginate');
    expect(await read('layouts/_default/list.markdown.md')).toContain('.Paginate');
  });

  it('writes every product with drafts as draft: true and scheduled ones with a future publishDate', async () => {
    const { entries, read } = await site();
    const fm = async (slug: string) => (await read(`content/products/${slug}.md`)).split('---\n')[1]!;
    const draft = entries.find((e) => statusOf(e, at) === 'draft')!;
    const scheduled = entries.find((e) => statusOf(e, at) === 'scheduled')!;
    const published = entries.find((e) => statusOf(e, at) === 'published' && e.data.ageRange !== null)!;
    expect(await fm(draft.data.slug)).toMatch(/^draft: true$/m);
    const future = /^publishDate: "(.+)"$/m.exec(await fm(scheduled.data.slug))![1]!;
    expect(new Date(future).getTime()).toBeGreaterThan(at.getTime());
    const p = await fm(published.data.slug);
    expect(p).toMatch(/^draft: false$/m);
    // Hugo's own `url` key would move the page: the product's link is `shopUrl`.
    expect(p).not.toMatch(/^url:/m);
    expect(p).toContain(`shopUrl: ${JSON.stringify(published.data.url)}`);
    const bands = JSON.parse(/^ages: (.+)$/m.exec(p)![1]!) as string[];
    expect(bands.length).toBeGreaterThan(0);
    expect(JSON.parse(/^filters: (.+)$/m.exec(p)![1]!)).toEqual(
      bands.flatMap((b) => published.data.categories.map((c) => `${b}/${c}`)),
    );
  });

  it('writes one content file per product and a titled term page for each category, band and filter page with products', async () => {
    const { dir, entries, published, read } = await site();
    expect(await readdir(path.join(dir, 'site/content/products'))).toHaveLength(entries.length + 1); // + _index.md
    expect(await read('content/categories/books/_index.md')).toMatch(/^outputs: \["HTML","markdown","llmsdump"\]$/m);
    const filters = (await readdir(path.join(dir, 'site/content/filters'), { recursive: true }))
      .map(String)
      .filter((f) => f.endsWith('_index.md') && f.includes('/'));
    const pairs = new Set(
      published.flatMap((e) =>
        ageBandsFor(e.data.ageRange).flatMap((b) => e.data.categories.map((c) => `${b}/${c}/_index.md`)),
      ),
    );
    expect(new Set(filters)).toEqual(pairs);
    const [first] = [...pairs];
    expect(await read(`content/filters/${first}`)).toContain(`slug: "${first!.replace('/_index.md', '')}"`);
  });

  it('expects the files a user of the site would ask for, and none of an unpublished product', async () => {
    const { entries, published } = await site();
    expect(published.length).toBeGreaterThan(48);
    const { mustExist, mustNotExist, products } = sameWorkExpectations(entries, at);
    expect(products).toBe(published.length);
    const sample = published[Math.floor(published.length / 2)]!.data.slug;
    for (const f of [
      `products/${sample}.html`,
      `products/${sample}.md`,
      `api/products/${sample}`,
      'products/2.html',
      'products/2.md',
      'categories/books.html',
      'categories/books.md',
      'api/products.json',
      'llms-full.txt',
      'sitemap.xml',
      'feed.xml',
      'pagefind/pagefind.js',
    ])
      expect(mustExist).toContain(f);
    const draft = entries.find((e) => statusOf(e, at) === 'draft')!.data.slug;
    expect(mustNotExist).toContain(`products/${draft}.html`);
    expect(mustExist.some((f) => f.includes(draft))).toBe(false);
  });

  it('reports a built folder that lacks an expected file or holds an unpublished product', async () => {
    const { entries } = await site();
    const expected = sameWorkExpectations(entries, at);
    const out = await tmp();
    const touch = async (rel: string) => {
      await mkdir(path.dirname(path.join(out, rel)), { recursive: true });
      await writeFile(path.join(out, rel), '');
    };
    for (const f of expected.mustExist) await touch(f);
    const kinds = (k: Partial<OutputKinds>) =>
      ({
        productHtml: expected.products,
        productMd: expected.products,
        productJson: expected.products,
        ...k,
      }) as OutputKinds;
    expect(checkSameWorkOutput(out, kinds({}), expected)).toEqual([]);
    await rm(path.join(out, 'feed.xml'));
    await touch(expected.mustNotExist[0]!);
    expect(checkSameWorkOutput(out, kinds({ productJson: 3 }), expected)).toEqual([
      'missing 1 files: feed.xml',
      `unpublished products written: ${expected.mustNotExist[0]}`,
      `productJson: 3 files for ${expected.products} products`,
    ]);
  });

  it("reads the page counts from Hugo's summary table", () => {
    expect(hugoStats(['  Pages            | 31302  ', '  Paginator pages  |  1746  ', 'Total in 9100 ms'])).toEqual({
      Pages: 31302,
      'Paginator pages': 1746,
    });
  });
});

describe.each([
  ['products/wooden-kite-7.html', 'productHtml'],
  ['products/wooden-kite-7.md', 'productMd'],
  ['api/products/wooden-kite-7', 'productJson'],
  ['api/products.json', 'other'],
  ['products.html', 'listHtml'],
  ['products/2.html', 'listHtml'],
  ['products/2.md', 'listMd'],
  ['products/1.html', 'pageOneRedirects'],
  ['staff-picks/3.md', 'listMd'],
  ['categories/books.html', 'listHtml'],
  ['categories/books/2.md', 'listMd'],
  ['ages/6-8.md', 'listMd'],
  ['ages/6-8/1.html', 'pageOneRedirects'],
  ['ages/6-8/books.html', 'listHtml'],
  ['ages/6-8/books/4.html', 'listHtml'],
  ['categories.html', 'otherHtml'],
  ['index.html', 'otherHtml'],
  ['llms-full.txt', 'other'],
  ['pagefind/fragment/en_1.pf_fragment', 'pagefind'],
])('output kind of %s', (rel, kind) => {
  it(`is ${kind}`, () => expect(outputKind(rel)).toBe(kind));
});

describe('several sizes in one run', () => {
  const build = (wallMs: number, peakProcessBytes: number, repeatsMs?: number[]) =>
    ({
      ok: true,
      wallMs,
      peakProcessBytes,
      loadBefore: 1.5,
      ...(repeatsMs ? { repeatsMs, loads: repeatsMs.map(() => 1.5) } : {}),
    }) as BuildRun;
  const anchor: SameWorkRun = {
    available: true,
    wallMs: 1000,
    peakProcessBytes: 100e6,
    problems: [],
    repeatsMs: [900, 1000, 1300],
  };

  it('keeps every run of a size and judges the goals of its size on the medians', () => {
    const thousand = summariseSize({
      n: 1000,
      cold: build(2400, 390e6, [2600, 2400, 2300]),
      warm: build(1400, 380e6),
      hugoSameWork: anchor,
    });
    expect(thousand).toMatchObject({
      coldMs: [2600, 2400, 2300],
      warmMs: [1400],
      peakProcessBytes: 390e6,
      sameWorkMs: [900, 1000, 1300],
    });
    const ten = summariseSize({ n: 10, cold: build(2100, 500e6), warm: build(1500, 500e6), hugoSameWork: null });
    const speed = {
      runsMs: [600, 628, 700],
      medianMs: 628,
      timesReference: 2,
      load: [1, 1, 1] as [number, number, number],
      cores: 2,
    };
    const table = sizesMarkdown([ten, thousand], [speed]);
    // 10 products: 2.1 s is over 2 s here, 1.1 s at the reference's speed; the anchor did not run.
    expect(table).toContain(
      '| 10 | 2.1 s | 1.1 s | 1.5 s | 500 MB | n/a, n/a | n/a | n/a | n/a | cold ≤ 2 s NOT MET | 1.5–1.5 |',
    );
    // 1,000: cold 2.4 ÷ 1.0 s, warm 1.4 ÷ 1.0 s, 390 MB.
    expect(table).toContain('| 2.40× | 1.40× | 3.90× | cold ≤ 2.5× MET; warm ≤ 1.5× MET; ≤ 400 MB MET |');
  });

  it('has no figures for a build that failed', () => {
    const failed = summariseSize({
      n: 10000,
      cold: { ...build(9000, 1e9), ok: false },
      warm: null,
      hugoSameWork: anchor,
    });
    expect(failed).toMatchObject({ coldMs: [], warmMs: [], peakProcessBytes: null });
    expect(sizesMarkdown([failed])).toContain(
      'cold ≤ 1.68× NOT AVAILABLE; warm ≤ 0.73× NOT AVAILABLE; memory ≤ 1.21× NOT AVAILABLE',
    );
  });
});
