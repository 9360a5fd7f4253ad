// How a build starts and ends (src/build/build-cache.ts): warm only from a finished build's own
// output, with a log line that tells the truth; a second build into the same cache while one runs
// refuses; the build writes into a staging folder that replaces the output folder only at the end.
import fs, {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ASTRO_INCREMENTAL } from '../../src/build/astro-internals.ts';
import { describeStart, finishBuild, lockBuild, startBuild } from '../../src/build/build-cache.ts';
import { stagingDir, unlinkBeforeWrites, writeAnew } from '../../src/build/staging.ts';

let tmp: string;
let cacheDir: string;
let outDir: string;
const state = () => path.join(cacheDir, 'catalog/build-state.json');
const lock = () => path.join(cacheDir, 'catalog-build.lock');

/** A build that writes its catalog JSON and finishes (with Astro's page manifest unless told). */
function finishedBuild({ manifest = true, generatedAt = '2026-11-24T00:00:00.000Z' } = {}) {
  const { live } = startBuild(cacheDir, outDir);
  writeOutput('api/products.json', `{"count":0,"generatedAt":"${generatedAt}"}`);
  if (manifest) writeFileSync(path.join(cacheDir, ASTRO_INCREMENTAL.manifest), '{}');
  finishBuild(cacheDir, outDir, live);
}
/** Writes a file as a running build does: into the staging folder, anew. */
function writeOutput(file: string, text: string) {
  mkdirSync(path.dirname(path.join(stagingDir(outDir), file)), { recursive: true });
  writeAnew(path.join(stagingDir(outDir), file));
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
  it('is the last output as hard links on a warm start; the output folder is untouched until finishBuild', () => {
    finishedBuild();
    const kept = path.join(outDir, 'api/products.json');
    const stage = stagingDir(outDir);
    expect(path.dirname(stage)).toBe(path.dirname(outDir)); // beside it: one rename away
    const start = startBuild(cacheDir, outDir);
    expect(start.warm).toBe(true);
    expect(statSync(path.join(stage, 'api/products.json')).ino).toBe(statSync(kept).ino);
    writeOutput('api/products.json', '{"count":1}');
    writeOutput('index.html', '<p>new</p>');
    expect(read('api/products.json')).toContain('"count":0');
    expect(existsSync(path.join(outDir, 'index.html'))).toBe(false);
    finishBuild(cacheDir, outDir, start.live);
    expect(read('api/products.json')).toBe('{"count":1}');
    expect(read('index.html')).toBe('<p>new</p>');
    expect(readdirSync(tmp).sort()).toEqual(['cache', 'dist']); // no staging or previous folder left
  });

  it('refuses to publish when a kept file was written in place, through its link into the live output', () => {
    finishedBuild();
    const { live } = startBuild(cacheDir, outDir);
    writeFileSync(path.join(stagingDir(outDir), 'api/products.json'), '{"count":9}'); // in place
    expect(() => finishBuild(cacheDir, outDir, live)).toThrow(
      /1 file of the live output changed while the build ran \(api[\\/]products\.json\).*not published/s,
    );
  });

  it('unlinkBeforeWrites makes Node’s writes and copies into the staging folder write anew', async () => {
    finishedBuild();
    startBuild(cacheDir, outDir);
    const stage = stagingDir(outDir);
    const staged = path.join(stage, 'api/products.json');
    const original = { writeFileSync: fs.writeFileSync, writeFile: fs.promises.writeFile };
    const restore = unlinkBeforeWrites(stage);
    try {
      writeFileSync(staged, 'a');
      expect(read('api/products.json')).toContain('"count":0');
      const { writeFile, copyFile } = await import('node:fs/promises');
      await writeFile(staged, 'b'); // a named import sees the same function
      await copyFile(path.join(outDir, 'api/products.json'), staged);
      expect(readFileSync(staged, 'utf8')).toBe(read('api/products.json'));
      expect(statSync(staged).ino).not.toBe(statSync(path.join(outDir, 'api/products.json')).ino);
    } finally {
      restore();
    }
    expect({ writeFileSync: fs.writeFileSync, writeFile: fs.promises.writeFile }).toEqual(original);
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
