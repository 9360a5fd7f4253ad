// How a build starts and ends (src/build/build-cache.ts): warm only from a finished build's own
// output, with a log line that tells the truth; a second build into the same cache while one runs
// refuses; the build writes into a staging folder that replaces the output folder only at the end.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ASTRO_INCREMENTAL } from '../../src/build/astro-internals.ts';
import { describeStart, finishBuild, lockBuild, startBuild } from '../../src/build/build-cache.ts';
import { stagingDir, syncFolder } from '../../src/build/staging.ts';

let tmp: string;
let cacheDir: string;
let outDir: string;
const state = () => path.join(cacheDir, 'catalog/build-state.json');
const lock = () => path.join(cacheDir, 'catalog-build.lock');

/** A build that writes its catalog JSON and finishes (with Astro's page manifest unless told). */
function finishedBuild({ manifest = true, generatedAt = '2026-11-24T00:00:00.000Z' } = {}) {
  startBuild(cacheDir, outDir);
  writeOutput('api/products.json', `{"count":0,"generatedAt":"${generatedAt}"}`);
  if (manifest) writeFileSync(path.join(cacheDir, ASTRO_INCREMENTAL.manifest), '{}');
  finishBuild(cacheDir, outDir);
}
/** Writes a file as a running build does: into the staging folder. */
function writeOutput(file: string, text: string) {
  mkdirSync(path.dirname(path.join(stagingDir(outDir), file)), { recursive: true });
  writeFileSync(path.join(stagingDir(outDir), file), text);
}
const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');

beforeEach(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'build-start-'));
  cacheDir = path.join(tmp, 'cache');
  outDir = path.join(tmp, 'dist');
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('startBuild', () => {
  it('starts warm after a finished build into the same folder', () => {
    finishedBuild();
    const start = startBuild(cacheDir, outDir);
    expect(describeStart(start)).toBe('warm build: keeping what did not change');
  });

  it.each([
    ['no state', () => {}, /^cold build: no previous build$/],
    [
      'an unreadable state',
      () => (mkdirSync(path.dirname(state()), { recursive: true }), writeFileSync(state(), '{"outDir": ')),
      /^cold build: the previous build's state \(.*build-state\.json\) could not be read: /,
    ],
    [
      'an empty state',
      () => (mkdirSync(path.dirname(state()), { recursive: true }), writeFileSync(state(), '{}')),
      /^cold build: the previous build's state \(.*\) is incomplete$/,
    ],
  ])('%s: a cold start that says why', (_, arrange, line) => {
    arrange();
    expect(describeStart(startBuild(cacheDir, outDir))).toMatch(line);
  });

  it('an output folder the cached build did not leave (a partial restore) starts cold and says so', () => {
    finishedBuild();
    const file = path.join(outDir, 'api/products.json');
    writeFileSync(file, '{"count":0,"generatedAt":"2026-01-01T00:00:00.000Z"}'); // an older dist/
    const start = startBuild(cacheDir, outDir);
    expect(start.warm).toBe(false);
    expect(describeStart(start)).toMatch(/is not the output the cached build left .*partial or out-of-step restore/);
  });

  it('a kept file changed since the last proof (truncated, overwritten) starts cold, naming it', () => {
    finishedBuild();
    const start = startBuild(cacheDir, outDir, {
      keptFilesChanged: () => ['products/codenames.html', 'products/codenames.md'],
    });
    expect(describeStart(start)).toBe(
      'cold build: 2 kept files changed since the last build proved them (products/codenames.html, products/codenames.md)',
    );
  });

  it("says when Astro's page manifest is missing, so every page is rendered again", () => {
    finishedBuild({ manifest: false });
    expect(describeStart(startBuild(cacheDir, outDir))).toBe(
      "warm build: keeping what did not change (Astro's page manifest is missing, so every page is rendered again)",
    );
  });

  it('refuses to start while another build runs into the same cache, and takes over a dead one’s lock', () => {
    mkdirSync(cacheDir, { recursive: true });
    // The test runner's parent process is alive: it stands for a running build.
    writeFileSync(lock(), JSON.stringify({ pid: process.ppid, startedAt: '2026-11-24T10:00:00Z' }));
    expect(() => lockBuild(cacheDir, outDir)).toThrow(
      new RegExp(`Another build is running into .* \\(process ${process.ppid}, started 2026-11-24T10:00:00Z\\)`),
    );
    writeFileSync(lock(), JSON.stringify({ pid: 2 ** 22 + 12345, startedAt: '2026-11-24T10:00:00Z' }));
    expect(() => lockBuild(cacheDir, outDir)).not.toThrow();
  });
});

describe('the staging folder', () => {
  it('is a copy of the last output on a warm start, with its files’ times; the output folder is untouched until finishBuild', () => {
    finishedBuild();
    const kept = path.join(outDir, 'api/products.json');
    const stage = stagingDir(outDir);
    expect(path.dirname(stage)).toBe(path.dirname(outDir)); // beside it: one rename away
    expect(startBuild(cacheDir, outDir).warm).toBe(true);
    expect(readFileSync(path.join(stage, 'api/products.json'), 'utf8')).toBe(read('api/products.json'));
    expect(statSync(path.join(stage, 'api/products.json')).mtimeMs).toBe(statSync(kept).mtimeMs);
    writeOutput('api/products.json', '{"count":1}');
    writeOutput('index.html', '<p>new</p>');
    expect(read('api/products.json')).toContain('"count":0');
    expect(existsSync(path.join(outDir, 'index.html'))).toBe(false);
    finishBuild(cacheDir, outDir);
    expect(read('api/products.json')).toBe('{"count":1}');
    expect(read('index.html')).toBe('<p>new</p>');
    // The replaced output is kept aside, to become the next build's staging folder.
    expect(readdirSync(tmp).sort()).toEqual(['.dist-previous', 'cache', 'dist']);
    expect(readFileSync(path.join(tmp, '.dist-previous/api/products.json'), 'utf8')).toContain('"count":0');
  });

  it('a warm start recycles the replaced output, brought up to date with the last one', () => {
    finishedBuild({ generatedAt: '2026-11-24T01:00:00.000Z' });
    startBuild(cacheDir, outDir);
    writeOutput('api/products.json', '{"count":2}'); // changed
    writeOutput('products/new.html', '<p>new</p>'); // added
    writeOutput('products/old.html', '<p>old</p>');
    finishBuild(cacheDir, outDir);
    startBuild(cacheDir, outDir);
    rmSync(path.join(stagingDir(outDir), 'products/old.html')); // removed
    finishBuild(cacheDir, outDir);
    // .dist-previous now holds the second build's output; the third build's staging folder must
    // hold the third's (the last published), not the second's.
    expect(startBuild(cacheDir, outDir).warm).toBe(true);
    expect(existsSync(path.join(tmp, '.dist-previous'))).toBe(false);
    const stage = stagingDir(outDir);
    const tree = (dir: string) =>
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => {
          const f = path.join(d.parentPath, d.name);
          return [path.relative(dir, f), readFileSync(f, 'utf8')];
        })
        .sort();
    expect(tree(stage)).toEqual(tree(outDir));
    for (const [f] of tree(stage))
      expect(Math.abs(statSync(path.join(stage, f!)).mtimeMs - statSync(path.join(outDir, f!)).mtimeMs)).toBeLessThan(
        1,
      );
    expect(tree(stage).map(([f]) => f)).toEqual(['api/products.json', 'products/new.html']);
  });

  it('starts empty on a cold start, and the output folder keeps the last site', () => {
    finishedBuild();
    writeFileSync(path.join(cacheDir, 'catalog/build-state.json'), '{');
    const start = startBuild(cacheDir, outDir);
    expect(start.warm).toBe(false);
    expect(readdirSync(stagingDir(outDir))).toEqual([]);
    expect(read('api/products.json')).toContain('2026-11-24T00:00:00.000Z');
  });

  it('a failed build’s staging folder is discarded by the next start', () => {
    finishedBuild();
    startBuild(cacheDir, outDir);
    writeOutput('half-written.html', '<p');
    const start = startBuild(cacheDir, outDir); // the failed build never finished
    expect(describeStart(start)).toBe('cold build: the previous build did not finish');
    expect(existsSync(path.join(stagingDir(outDir), 'half-written.html'))).toBe(false);
    expect(read('api/products.json')).toContain('2026-11-24T00:00:00.000Z');
  });

  it('a swap cut short between its two renames is undone: the last output comes back', () => {
    finishedBuild();
    const previous = path.join(tmp, '.dist-previous');
    startBuild(cacheDir, outDir);
    // finishBuild's first rename happened, its second did not (the process was killed between them).
    renameSync(outDir, previous);
    const start = startBuild(cacheDir, outDir);
    expect(start.warm).toBe(false); // the build state says the last build did not finish
    expect(read('api/products.json')).toContain('2026-11-24T00:00:00.000Z');
    expect(existsSync(previous)).toBe(false);
  });
});

describe('syncFolder', () => {
  it('copies only the files that differ and removes those the source lacks', () => {
    const from = path.join(tmp, 'from');
    const to = path.join(tmp, 'to');
    for (const [f, text] of [
      ['a.html', 'a'],
      ['b/c.html', 'c'],
      ['b/d.html', 'd'],
    ] as const) {
      mkdirSync(path.dirname(path.join(from, f)), { recursive: true });
      writeFileSync(path.join(from, f), text);
    }
    expect(syncFolder(from, to)).toEqual({ copied: 3, removed: 0 });
    expect(syncFolder(from, to)).toEqual({ copied: 0, removed: 0 });
    writeFileSync(path.join(to, 'stale.html'), 'x');
    mkdirSync(path.join(to, 'gone'));
    writeFileSync(path.join(to, 'gone/e.html'), 'e');
    writeFileSync(path.join(from, 'b/c.html'), 'C'); // same size, a later time (builds are seconds apart)
    utimesSync(path.join(from, 'b/c.html'), new Date(), new Date(Date.now() + 5000));
    expect(syncFolder(from, to)).toEqual({ copied: 1, removed: 3 });
    expect(readFileSync(path.join(to, 'b/c.html'), 'utf8')).toBe('C');
    expect(readdirSync(to, { recursive: true }).sort()).toEqual(['a.html', 'b', 'b/c.html', 'b/d.html']);
  });
});

describe('keptFilesChanged', () => {
  it('names the files whose size or time differ from the proof ledger, and the missing ones', async () => {
    const { keptFilesChanged } = await import('../../src/build/proof-ledger.ts');
    mkdirSync(path.join(outDir, 'products'), { recursive: true });
    const page = path.join(outDir, 'products/codenames.html');
    const twin = path.join(outDir, 'products/codenames.md');
    const other = path.join(outDir, 'products/azul.html');
    for (const f of [page, twin, other]) writeFileSync(f, '<p>a page of some length</p>');
    const { statSync } = await import('node:fs');
    const stamp = (f: string) => [statSync(f).size, statSync(f).mtimeMs];
    mkdirSync(path.join(cacheDir, 'catalog'), { recursive: true });
    writeFileSync(
      path.join(cacheDir, 'catalog/proof-ledger.json'),
      JSON.stringify({
        terms: 'x',
        files: {
          'products/codenames.html': stamp(page),
          'products/codenames.md': stamp(twin),
          'products/azul.html': stamp(other),
          'products/gone.html': [10, 1],
        },
      }),
    );
    expect(keptFilesChanged(cacheDir, outDir)).toEqual(['products/gone.html']);
    writeFileSync(page, '<p>trunc'); // truncated
    writeFileSync(twin, 'garbage garbage garbage!!'); // same size? no matter: a new time
    expect(keptFilesChanged(cacheDir, outDir).sort()).toEqual([
      'products/codenames.html',
      'products/codenames.md',
      'products/gone.html',
    ]);
  });
});
