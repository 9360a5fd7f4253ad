// The build relies on two names inside Astro's build cache (src/build/astro-internals.ts). The
// installed Astro must still use them; an Astro that renamed either stops the build with a message
// that says what changed and where to look, instead of building warm on stale names.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkAstroInternals, installedAstro, READ_FROM } from '../../src/build/astro-internals.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const tmp = mkdtempSync(path.join(tmpdir(), 'astro-internals-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A copy of the installed astro package's two files that matter, edited by `change`. */
function fakeAstro(name: string, version: string, change: (code: string) => string): string {
  const dir = path.join(tmp, name);
  mkdirSync(path.join(dir, path.dirname(READ_FROM.file)), { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'astro', version }));
  const code = readFileSync(path.join(installedAstro(ROOT), READ_FROM.file), 'utf8');
  writeFileSync(path.join(dir, READ_FROM.file), change(code));
  return dir;
}

describe('checkAstroInternals', () => {
  it('passes for the installed Astro', () => {
    expect(() => checkAstroInternals(ROOT)).not.toThrow();
  });

  it('passes for a newer Astro that still uses the same names', () => {
    expect(() =>
      checkAstroInternals(
        ROOT,
        fakeAstro('same', '7.9.0', (c) => c),
      ),
    ).not.toThrow();
  });

  it('stops the build when a release renames the manifest, saying what and where', () => {
    const dir = fakeAstro('renamed', '8.0.0', (c) => c.replace('"incremental-build.json"', '"build-manifest.json"'));
    expect(() => checkAstroInternals(ROOT, dir)).toThrow(
      /^Astro 8\.0\.0 does not name its incremental-build files as the build expects .*found "build-manifest\.json" and "dist\/" in node_modules\/astro\/dist\/core\/build\/incremental\.js\)\. Check how that file names them, update src\/build\/astro-internals\.ts/,
    );
  });

  it('stops the build when the page-copies folder moves, or the file is gone', () => {
    const moved = fakeAstro('moved', '8.1.0', (c) =>
      c.replace('INCREMENTAL_OUTPUT_DIR = "dist/"', 'INCREMENTAL_OUTPUT_DIR = "pages/"'),
    );
    expect(() => checkAstroInternals(ROOT, moved)).toThrow(/found "incremental-build\.json" and "pages\/"/);
    const gone = fakeAstro('gone', '9.0.0', (c) => c);
    rmSync(path.join(gone, READ_FROM.file));
    expect(() => checkAstroInternals(ROOT, gone)).toThrow(/found no manifest name and no page-copies folder/);
  });
});
