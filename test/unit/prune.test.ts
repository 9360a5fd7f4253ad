// The kept output folder: files no output claims are removed, and a file in public/ that the build
// also writes is named (Vite's copy of public/ and the outputs pass run at the same time).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { pruneOutput, publicCollisions } from '../../src/build/prune.ts';

let dir: string;
const put = (rel: string) => {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), 'x');
};
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'prune-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('names every public file that an output also writes, and only those', () => {
  for (const f of ['public/index.md', 'public/favicon.svg', 'public/images/a.svg', 'public/api/products.json']) put(f);
  expect(publicCollisions(path.join(dir, 'public'), ['index.md', 'index.html', 'api/products.json']).sort()).toEqual([
    'api/products.json',
    'index.md',
  ]);
  expect(publicCollisions(path.join(dir, 'nowhere'), ['index.md'])).toEqual([]);
});

it('removes unclaimed files and empty folders, keeping claimed, public and client assets', () => {
  for (const f of ['out/index.html', 'out/old/gone.md', 'out/_astro/a.css', 'out/favicon.svg', 'public/favicon.svg'])
    put(f);
  expect(pruneOutput(path.join(dir, 'out'), path.join(dir, 'public'), ['index.html'])).toBe(1);
  expect(existsSync(path.join(dir, 'out/old'))).toBe(false);
  for (const f of ['index.html', '_astro/a.css', 'favicon.svg'])
    expect(existsSync(path.join(dir, 'out', f))).toBe(true);
});
