// The product pictures the build copies (src/catalog/images.ts): a local imageUrl must name a file
// of the product images folder, no picture may be left in public/ (published whatever the
// product's status), and a picture no product uses is a note, never a failure, so that taking a
// product down can never be blocked by its picture. Checked through inspectProductImages (which asks
// git for the pictures' blob ids) and `npm run validate`. (Picture paths and remote photos, in
// process: test/unit/product-images.test.ts.)
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { inspectProductImages, PRODUCT_IMAGES_DIR } from '../../src/catalog/images.ts';
import type { Picture } from '../../src/catalog/schema.ts';
import { loadCatalog } from '../../src/catalog/load.ts';
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

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300"/></svg>';
/** A photo of `width`×`height` in `format`, written as `name` (noise, so it does not compress away). */
async function photo(name: string, width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'avif') {
  const noise = randomBytes(width * height * 3);
  const image = sharp(noise, { raw: { width, height, channels: 3 } });
  // AVIF at sharp's default effort took over 30 s for 1000×800 of noise on a loaded 2-core machine.
  await image.toFormat(format, format === 'avif' ? { effort: 0 } : {}).toFile(path.join(images(), name));
}
const inspect = async () => inspectProductImages((await loadCatalog('content/products', root)).entries, images(), root);

describe('inspectProductImages', () => {
  it('accepts a drawing and a photo in the images folder, and reads their size', async () => {
    writeFileSync(path.join(images(), 'kite.svg'), SVG);
    await photo('box.jpg', 1200, 900, 'jpeg');
    setImage('ops-draft-puzzle-box', '/images/products/kite.svg');
    setImage('ops-crayon-rocks', '/images/products/box.jpg');
    const r = await inspect();
    expect([r.problems, r.notes]).toEqual([[], []]);
    expect(r.pictures.get('kite.svg')).toMatchObject({ width: 400, height: 300, format: 'svg' });
    expect(r.pictures.get('box.jpg')).toMatchObject({ width: 1200, height: 900, format: 'jpeg' });
  });

  it.each([
    ['webp', 'box.webp'],
    ['avif', 'box.avif'],
    ['png', 'box.png'],
  ] as const)('accepts a %s photo', async (format, name) => {
    await photo(name, 1000, 800, format);
    setImage('ops-crayon-rocks', `/images/products/${name}`);
    const r = await inspect();
    expect(r.problems).toEqual([]);
    expect(r.pictures.get(name)?.format).toBe(format);
  });

  it('names a missing picture with the file, the line and the fix, for a draft too', async () => {
    setImage('ops-draft-puzzle-box', '/images/products/missing.png');
    const { problems } = await inspect();
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

  it.each([
    [
      'a photo under 800 px on its short side',
      'small.jpg',
      () => photo('small.jpg', 1200, 640, 'jpeg'),
      /is 1200×640 px: a photo needs at least 800 px on its short side$/,
      /at least 800 px on its short side/,
    ],
    [
      'a PNG named .jpg',
      'wrong.jpg',
      () => photo('wrong.jpg', 1000, 800, 'png'),
      /is a PNG file named \.jpg$/,
      /Rename it to end in \.png/,
    ],
    [
      'a file that is no picture',
      'broken.png',
      async () => writeFileSync(path.join(images(), 'broken.png'), 'not a picture'),
      /cannot be read as a picture \(.+\)$/,
      /save it again/,
    ],
    [
      'a photo over 10 MB',
      'huge.png',
      () => photo('huge.png', 2200, 1700, 'png'),
      /is 1\d\.\d MB: a photo may be at most 10\.0 MB$/,
      /Export it smaller/,
    ],
    [
      'a GIF',
      'anim.gif',
      async () => writeFileSync(path.join(images(), 'anim.gif'), 'GIF89a'),
      /is a \.gif file: pictures must be JPEG, PNG, WebP, AVIF or SVG$/,
      /Save the photo as JPEG/,
    ],
  ])('refuses %s, with the fix, never with a stack trace', async (_what, name, make, message, fix) => {
    await make();
    setImage('ops-crayon-rocks', `/images/products/${name}`);
    const { problems, pictures } = await inspect();
    expect(problems).toEqual([
      {
        file: 'content/products/ops-crayon-rocks.md',
        line: 9,
        field: 'imageUrl',
        message: expect.stringMatching(message),
        fix: expect.stringMatching(fix),
      },
    ]);
    expect(pictures.size).toBe(0);
  });

  it('answers pictures it read before from the cache, without reading them again', async () => {
    await photo('box.jpg', 1200, 900, 'jpeg');
    setImage('ops-crayon-rocks', '/images/products/box.jpg');
    const kept = new Map<string, Picture>();
    const cache = { get: (k: string) => kept.get(k), set: (k: string, p: Picture) => void kept.set(k, p), save() {} };
    const { entries } = await loadCatalog('content/products', root);
    await inspectProductImages(entries, images(), root, { cache });
    expect(kept.size).toBe(1);
    // Were the file read again, it could not be: it is now gibberish of the same size and time.
    const [key, picture] = [...kept][0]!;
    kept.set(key, { ...picture, width: 4321 });
    expect((await inspectProductImages(entries, images(), root, { cache })).pictures.get('box.jpg')?.width).toBe(4321);
  });

  it('refuses a picture left in public/images/products, with the command that moves it', async () => {
    mkdirSync(path.join(root, 'public/images/products'), { recursive: true });
    writeFileSync(path.join(root, 'public/images/products/old.svg'), SVG);
    const { problems } = await inspect();
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'public/images/products/old.svg',
        message: expect.stringContaining('would stay online'),
        fix: 'Move it to the product images folder: git mv public/images/products/old.svg content/images/products/old.svg',
      }),
    ]);
  });

  it('notes a picture that no product uses, without calling it a problem', async () => {
    writeFileSync(path.join(images(), 'orphan.svg'), SVG);
    const r = await inspect();
    expect([r.problems, r.notes]).toEqual([
      [],
      [expect.objectContaining({ file: 'content/images/products/orphan.svg', message: expect.any(String) })],
    ]);
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
