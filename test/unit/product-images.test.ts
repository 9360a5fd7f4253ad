// The product pictures the build copies (src/catalog/images.ts): a local imageUrl must name a file
// of the product images folder, no picture may be left in public/ (published whatever the
// product's status), and a picture no product uses is a note, never a failure, so that taking a
// product down can never be blocked by its picture. Checked in process and through `npm run validate`.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkProductImages, imageMediaType, PRODUCT_IMAGES_DIR } from '../../src/catalog/images.ts';
import { loadCatalog } from '../../src/catalog/load.ts';
import { localImageName, previewImageOf } from '../../src/catalog/urls.ts';
import { FIXTURE_CATALOG, ROOT } from '../support/build-site.ts';

let root: string;
const products = () => path.join(root, 'content/products');
const images = () => path.join(root, PRODUCT_IMAGES_DIR);

function setImage(slug: string, imageUrl: string) {
  const file = path.join(products(), `${slug}.md`);
  writeFileSync(file, readFileSync(file, 'utf8').replace(/imageUrl: null/, `imageUrl: ${imageUrl}`));
}

function validate(): Promise<{ code: number; stdout: string; stderr: string }> {
  const { GITHUB_ACTIONS: _ignored, CATALOG_CONTENT_DIR: _dir, CATALOG_IMAGES_DIR: _img, ...env } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, 'scripts/validate.ts'), 'content/products'],
      { cwd: root, env: { ...env, GITHUB_ACTIONS: 'true' } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code) : 0, stdout, stderr }),
    );
  });
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'images-'));
  cpSync(FIXTURE_CATALOG, products(), { recursive: true });
  mkdirSync(images(), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('local picture paths', () => {
  it.each([
    ['/images/products/kite.svg', 'kite.svg'],
    ['/images/products/wooden_kite-2.photo.jpg', 'wooden_kite-2.photo.jpg'],
    ['/images/products/../secret.svg', null],
    ['/images/products/sub/kite.svg', null],
    ['/images/products/kite', null],
    ['/images/previews/products/kite.png', null],
    ['https://cdn.example.com/images/products/kite.svg', null],
    [null, null],
  ])('%s is the local picture %s', (url, name) => {
    expect(localImageName(url)).toBe(name);
  });

  it('previews a local SVG as a PNG of the same name, and a raster picture as itself', () => {
    expect(previewImageOf('/images/products/kite.svg')?.url).toBe('/images/previews/products/kite.png');
    expect(previewImageOf('/images/products/kite.jpg')?.url).toBe('/images/products/kite.jpg');
  });

  it.each([
    ['a.svg', 'image/svg+xml'],
    ['a.JPG', 'image/jpeg'],
    ['a.webp', 'image/webp'],
    ['a.avif', 'image/avif'],
  ])('serves %s as %s', (name, type) => expect(imageMediaType(name)).toBe(type));
});

describe('checkProductImages', () => {
  it('accepts a catalog whose every local picture is in the images folder', async () => {
    writeFileSync(path.join(images(), 'kite.svg'), '<svg/>');
    setImage('ops-draft-puzzle-box', '/images/products/kite.svg');
    const { entries } = await loadCatalog('content/products', root);
    expect(checkProductImages(entries, images(), root)).toEqual({ problems: [], notes: [] });
  });

  it('names a missing picture with the file, the line and the fix, for a draft too', async () => {
    setImage('ops-draft-puzzle-box', '/images/products/missing.png');
    const { entries } = await loadCatalog('content/products', root);
    const { problems } = checkProductImages(entries, images(), root);
    expect(problems).toEqual([
      {
        file: 'content/products/ops-draft-puzzle-box.md',
        line: 9,
        field: 'imageUrl',
        message: 'points to /images/products/missing.png, but content/images/products/missing.png does not exist',
        fix: expect.stringContaining('Add the picture as content/images/products/missing.png'),
      },
    ]);
  });

  it('refuses a picture left in public/images/products, with the command that moves it', async () => {
    mkdirSync(path.join(root, 'public/images/products'), { recursive: true });
    writeFileSync(path.join(root, 'public/images/products/old.svg'), '<svg/>');
    const { entries } = await loadCatalog('content/products', root);
    const { problems } = checkProductImages(entries, images(), root);
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'public/images/products/old.svg',
        message: expect.stringContaining('would stay online'),
        fix: 'Move it to the product images folder: git mv public/images/products/old.svg content/images/products/old.svg',
      }),
    ]);
  });

  it('notes a picture that no product uses, without calling it a problem', async () => {
    writeFileSync(path.join(images(), 'orphan.svg'), '<svg/>');
    const { entries } = await loadCatalog('content/products', root);
    expect(checkProductImages(entries, images(), root)).toEqual({
      problems: [],
      notes: [expect.objectContaining({ file: 'content/images/products/orphan.svg', message: expect.any(String) })],
    });
  });
});

describe('npm run validate', () => {
  it('fails on a missing picture, naming it on the line of the product file', async () => {
    setImage('ops-crayon-rocks', '/images/products/nowhere.svg');
    const r = await validate();
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'content/products/ops-crayon-rocks.md:9  imageUrl: points to /images/products/nowhere.svg',
    );
    expect(r.stdout).toContain('::error file=content/products/ops-crayon-rocks.md,line=9,title=imageUrl::');
  });

  it('passes with a note (and a warning annotation) when a picture is used by no product', async () => {
    writeFileSync(path.join(images(), 'left-over.png'), 'x');
    const r = await validate();
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('content/images/products/left-over.png  (file): is used by no product file');
    expect(r.stdout).toContain('::warning file=content/images/products/left-over.png,title=(file)::');
    expect(r.stdout).toContain('product files in content/products are valid');
  });
});
