// HEAVY (three full `astro build`s of a small fixture): taking a product down always works, also
// when it has a local picture. Unpublishing one product and scheduling another for later, each with
// a picture in the images folder, the next (warm) build succeeds and leaves nothing of either: no
// page, twin, JSON, search record, link preview or picture. A cold build of the same files agrees.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readForScan } from '../../src/build/leak-scan.ts';
import { astroBuild, FIXTURE_CATALOG, ROOT } from '../support/build-site.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'takedown-'));
const content = path.join(tmp, 'products');
const images = path.join(tmp, 'images');

const UNPUBLISHED = { slug: 'ops-abacus-counting-frame', name: 'Ops Abacus Counting Frame' };
const SCHEDULED = { slug: 'ops-crayon-rocks', name: 'Ops Crayon Rocks' };
const PICTURE = readFileSync(path.join(ROOT, 'content/images/products/azul-tile-game.svg'));

const file = (slug: string) => path.join(content, `${slug}.md`);
const edit = (slug: string, from: RegExp, to: string) => {
  const text = readFileSync(file(slug), 'utf8');
  expect(text).toMatch(from);
  writeFileSync(file(slug), text.replace(from, to));
};
const dirs = (name: string) => ({
  outDir: path.join(tmp, name, 'out'),
  cacheDir: path.join(tmp, name, 'cache'),
  adminOut: path.join(tmp, name, 'admin'),
});
const build = (name: string, at: string) => astroBuild(content, at, dirs(name), { CATALOG_IMAGES_DIR: images });
const files = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    .sort();

let firstFiles: string[] = [];

beforeAll(async () => {
  cpSync(FIXTURE_CATALOG, content, { recursive: true });
  mkdirSync(images);
  for (const p of [UNPUBLISHED, SCHEDULED]) {
    writeFileSync(path.join(images, `${p.slug}.svg`), PICTURE);
    edit(p.slug, /imageUrl: null/, `imageUrl: /images/products/${p.slug}.svg`);
  }
  await build('warm', '2030-01-01T10:00:00.000Z');
  firstFiles = files(dirs('warm').outDir);
  edit(UNPUBLISHED.slug, /published: true/, 'published: false');
  edit(SCHEDULED.slug, /published: true/, 'published: true\npublishAt: 2031-01-01T00:00:00Z');
  await build('warm', '2030-01-01T11:00:00.000Z');
  await build('cold', '2030-01-01T11:00:00.000Z');
}, 300_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('taking down a product with a local picture', () => {
  it('first shows both products with their pictures and link previews', () => {
    for (const { slug } of [UNPUBLISHED, SCHEDULED]) {
      expect(firstFiles).toContain(`images/products/${slug}.svg`);
      expect(firstFiles).toContain(`images/previews/products/${slug}.png`);
      expect(firstFiles).toContain(`products/${slug}.html`);
    }
  });

  describe.each(['warm', 'cold'])('the %s build after unpublishing one and scheduling the other', (name) => {
    it('succeeds and leaves no file of either product', () => {
      const out = files(dirs(name).outDir);
      expect(out).toContain('products/ops-bird-feeder-kit.html');
      expect(out.filter((f) => f.includes(UNPUBLISHED.slug) || f.includes(SCHEDULED.slug))).toEqual([]);
    });

    it('mentions neither product in any text it wrote, the search index included', () => {
      const { outDir } = dirs(name);
      const mentions = files(outDir)
        .filter((f) => !/\.(png|svg|ico|wasm|pagefind)$/.test(f))
        .filter((f) => {
          const text = readForScan(outDir, f);
          return [UNPUBLISHED, SCHEDULED].some((p) => text.includes(p.slug) || text.includes(p.name));
        });
      expect(mentions).toEqual([]);
    });
  });
});
