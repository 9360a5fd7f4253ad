// HEAVY (nine full `astro build`s of a small fixture): a rebuild, warm from the kept
// output folder and build cache, after adding, editing, unpublishing and deleting products, writes
// exactly what a cold build of the same content writes, byte for byte (the admin catalog too);
// files that did not change were not rewritten; and a build that fails or is killed, at any step,
// leaves the last good output as it was.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_INFO_PATH, readBuildInfo } from '../../src/contract/build-info.ts';
import { astroBuild, astroBuildCommand, FIXTURE_CATALOG } from '../support/build-site.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'warm-build-'));
const content = path.join(tmp, 'content');

interface Dirs {
  out: string;
  cache: string;
  admin: string;
}
const dirs = (name: string): Dirs => ({
  out: path.join(tmp, name, 'out'),
  cache: path.join(tmp, name, 'cache'),
  admin: path.join(tmp, name, 'admin'),
});

const build = (d: Dirs, at: string) => astroBuild(content, at, { outDir: d.out, cacheDir: d.cache, adminOut: d.admin });

const files = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    .sort();
const file = (slug: string) => path.join(content, `${slug}.md`);
const edit = (slug: string, from: RegExp, to: string) => {
  const text = readFileSync(file(slug), 'utf8');
  expect(text).toMatch(from);
  writeFileSync(file(slug), text.replace(from, to));
};

/** Where the build says how long it took: different in any two builds, so compared apart. */
const BUILD_INFO = BUILD_INFO_PATH.slice(1);
const builtAt = (out: string) => readBuildInfo(JSON.parse(readFileSync(path.join(out, BUILD_INFO), 'utf8')))?.builtAt;
let firstBuiltAt: string | undefined;

const warm = dirs('warm');
const cold = dirs('cold');
let warmLog = '';
let againLog = '';
const mtimes = new Map<string, number>();
const KEPT = [
  'products/ops-bird-feeder-kit.html',
  'api/products/ops-bird-feeder-kit',
  'products/ops-bird-feeder-kit.md',
];

beforeAll(async () => {
  cpSync(FIXTURE_CATALOG, content, { recursive: true });
  await build(warm, '2030-01-01T10:00:00.000Z');
  for (const f of KEPT) mtimes.set(f, statSync(path.join(warm.out, f)).mtimeMs);
  firstBuiltAt = builtAt(warm.out);
  // Add one, edit one, unpublish one, delete one.
  cpSync(file('ops-crayon-rocks'), file('ops-added-kite'));
  edit('ops-added-kite', /slug: ops-crayon-rocks/, 'slug: ops-added-kite');
  edit('ops-added-kite', /name: .*/, 'name: Ops Added Kite');
  edit('ops-abacus-counting-frame', /price: \d+/, 'price: 2999');
  edit('ops-zeppelin-star-atlas', /published: true/, 'published: false');
  rmSync(file('ops-crayon-rocks'));
  warmLog = await build(warm, '2030-01-01T11:00:00.000Z');
  // The same again: nothing changed since that warm build, so this one keeps everything too.
  againLog = await build(warm, '2030-01-01T11:00:00.000Z');
  await build(cold, '2030-01-01T11:00:00.000Z');
}, 240_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the warm rebuild', () => {
  it('starts warm from the kept output and cache', () => {
    expect(warmLog).toMatch(/warm build: keeping what did not change/);
    expect(warmLog).toMatch(/\(cached\)/);
  });

  it('and the build after it starts warm too (its /admin/build.json, written after the proof, is no change)', () => {
    expect(againLog).toMatch(/warm build: keeping what did not change/);
    expect(againLog).not.toMatch(/cold build/);
  });

  it('writes the same files as a cold build of the same content, byte for byte', () => {
    expect(files(warm.out)).toEqual(files(cold.out));
    const differing = files(cold.out).filter(
      (f) => f !== BUILD_INFO && !readFileSync(path.join(warm.out, f)).equals(readFileSync(path.join(cold.out, f))),
    );
    expect(differing).toEqual([]);
  });

  it('says anew how long it took, not what the last build said', () => {
    expect(firstBuiltAt).toBeDefined();
    expect(Date.parse(builtAt(warm.out)!)).toBeGreaterThan(Date.parse(firstBuiltAt!));
  });

  it('writes the same admin catalog', () => {
    expect(files(warm.admin)).toEqual(files(cold.admin));
    for (const f of files(cold.admin))
      expect(readFileSync(path.join(warm.admin, f), 'utf8')).toBe(readFileSync(path.join(cold.admin, f), 'utf8'));
  });

  it('leaves nothing of the deleted and the unpublished product', () => {
    for (const f of files(warm.out)) expect(f).not.toMatch(/ops-crayon-rocks|ops-zeppelin-star-atlas/);
    expect(files(warm.out)).toContain('products/ops-added-kite.html');
  });

  it('did not rewrite the pages and files of a product that did not change', () => {
    for (const f of KEPT) expect(statSync(path.join(warm.out, f)).mtimeMs, f).toBe(mtimes.get(f));
  });
});

describe('a build that stops on a product file', () => {
  it('leaves the last good output as it was, even when it would have started cold', async () => {
    const before = files(warm.out);
    expect(before).toContain('index.html');
    expect(before.some((f) => f.startsWith('_astro/'))).toBe(true);
    // A cold start (an unreadable build state) would empty the output folder first…
    writeFileSync(path.join(warm.cache, 'catalog/build-state.json'), '{');
    // …and a product file the build refuses.
    edit('ops-abacus-counting-frame', /price: \d+/, 'price: -5');
    await expect(build(warm, '2030-01-01T12:00:00.000Z')).rejects.toThrow(/ops-abacus-counting-frame\.md/);
    expect(files(warm.out)).toEqual(before);
  }, 120_000);
});

/** Every file of a folder, with a digest of its bytes. */
const snapshot = (dir: string) =>
  new Map(
    files(dir).map((f) => [
      f,
      createHash('sha1')
        .update(readFileSync(path.join(dir, f)))
        .digest('hex'),
    ]),
  );
/** The stylesheets and scripts a page asks for, which must exist beside it. */
const assetsOf = (page: string) => [...page.matchAll(/(?:href|src)="\/(_astro\/[^"]+)"/g)].map((m) => m[1]!);
const FEEDER = 'ops-bird-feeder-kit';
/** A published product's text that names the unpublished Zeppelin Star Atlas: the proof refuses it. */
const mentionUnpublished = () =>
  writeFileSync(file(FEEDER), `${readFileSync(file(FEEDER), 'utf8')}Pairs well with the Zeppelin Star Atlas.\n`);
const dropMention = () => edit(FEEDER, /Pairs well with the Zeppelin Star Atlas\.\n/, '');
const LEAK = /Post-build proof failed[\s\S]*mentions unpublished name \\?"Zeppelin Star Atlas/;

describe('a build that fails after its pages are written', () => {
  it('leaves the last good output as it was, byte for byte, on a cold start', async () => {
    // Where the test above left things: an unreadable build state (so this build starts cold, which
    // used to empty the output folder) and a refused price, now mended.
    const before = snapshot(warm.out);
    edit('ops-abacus-counting-frame', /price: -5/, 'price: 3499');
    mentionUnpublished();
    await expect(build(warm, '2030-01-01T12:00:00.000Z')).rejects.toThrow(LEAK);
    expect(snapshot(warm.out)).toEqual(before);
    const index = readFileSync(path.join(warm.out, 'index.html'), 'utf8');
    expect(assetsOf(index).length).toBeGreaterThan(0);
    for (const asset of assetsOf(index)) expect(existsSync(path.join(warm.out, asset)), asset).toBe(true);
  }, 120_000);

  it('and on a warm start, whose staging folder was already rewritten', async () => {
    dropMention();
    const log = await build(warm, '2030-01-01T12:00:00.000Z');
    expect(log).toMatch(/cold build: the previous build did not finish/);
    expect(
      JSON.parse(readFileSync(path.join(warm.out, 'api/products/ops-abacus-counting-frame'), 'utf8')),
    ).toMatchObject({ price: 3499 });
    const before = snapshot(warm.out);
    edit('ops-abacus-counting-frame', /price: \d+/, 'price: 3999');
    mentionUnpublished();
    await expect(build(warm, '2030-01-01T13:00:00.000Z')).rejects.toThrow(LEAK);
    expect(snapshot(warm.out)).toEqual(before);
  }, 120_000);

  it('and when the build is killed while it renders; the next build then publishes', async () => {
    dropMention();
    await build(warm, '2030-01-01T13:00:00.000Z');
    const before = snapshot(warm.out);
    edit('ops-abacus-counting-frame', /price: \d+/, 'price: 4999');
    const {
      file: node,
      args,
      options,
    } = astroBuildCommand(content, '2030-01-01T14:00:00.000Z', {
      outDir: warm.out,
      cacheDir: warm.cache,
      adminOut: warm.admin,
    });
    const child = spawn(node, args, { ...options, detached: true, stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Kill it (and its worker) as soon as Astro has rendered the edited product's page into the
    // staging folder: after the build has started, before it could publish.
    const page = path.join(path.dirname(warm.out), '.out-next/products/ops-abacus-counting-frame.html');
    const rendered = () => {
      try {
        return readFileSync(page, 'utf8').includes('49.99');
      } catch {
        return false;
      }
    };
    while (!rendered()) {
      expect(child.exitCode, 'the build ended before it rendered the page').toBeNull();
      await new Promise((r) => setTimeout(r, 5));
    }
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
    expect(snapshot(warm.out)).toEqual(before);
    const log = await build(warm, '2030-01-01T14:00:00.000Z');
    expect(log).toMatch(/cold build: the previous build did not finish/);
    expect(
      JSON.parse(readFileSync(path.join(warm.out, 'api/products/ops-abacus-counting-frame'), 'utf8')),
    ).toMatchObject({ price: 4999 });
    expect(existsSync(path.dirname(path.dirname(page)))).toBe(false); // published: no staging folder left
  }, 120_000);
});
