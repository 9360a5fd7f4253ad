// The product pictures' paths (src/catalog/urls.ts, src/catalog/images.ts): which imageUrl names a
// local picture, its link preview and media type, and which remote hosts a photo may come from.
// The pictures themselves (inspectProductImages, `npm run validate`): test/integration/product-images.test.ts.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { imageMediaType } from '../../src/catalog/images.ts';
import { loadCatalog } from '../../src/catalog/load.ts';
import { drawnPreviewOf, localImageName, previewImageOf } from '../../src/catalog/urls.ts';
import { FIXTURE_CATALOG } from '../support/build-site.ts';

let root: string;
const products = () => path.join(root, 'content/products');

function setImage(slug: string, imageUrl: string) {
  const file = path.join(products(), `${slug}.md`);
  writeFileSync(file, readFileSync(file, 'utf8').replace(/imageUrl: null/, `imageUrl: ${imageUrl}`));
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'images-'));
  cpSync(FIXTURE_CATALOG, products(), { recursive: true });
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

  it('previews a local SVG as a PNG of the same name, and a photo as a 1200×630 crop through the Image CDN', () => {
    expect(previewImageOf('/images/products/kite.svg')?.url).toBe('/images/previews/products/kite.png');
    expect(previewImageOf('/images/products/kite.jpg')).toEqual({
      url: '/.netlify/images?url=/images/products/kite.jpg&w=1200&h=630&fit=cover&fm=jpg',
      width: 1200,
      height: 630,
    });
  });

  it.each([
    ['/images/products/kite.svg', '/images/previews/products/kite.png'],
    ['/images/products/kite.jpg', null],
    ['/images/products/kite.webp', null],
    ['https://cdn.example.com/images/products/kite.svg', null],
    [null, null],
  ])('the build draws the link preview of %s at %s (a photo has the Image CDN crop instead)', (url, drawn) =>
    expect(drawnPreviewOf(url)).toBe(drawn),
  );

  it.each([
    ['a.svg', 'image/svg+xml'],
    ['a.JPG', 'image/jpeg'],
    ['a.webp', 'image/webp'],
    ['a.avif', 'image/avif'],
  ])('serves %s as %s', (name, type) => expect(imageMediaType(name)).toBe(type));
});

describe('remote photos', () => {
  it.each([
    ['https://images.shop.example.com/kite.jpg', true],
    ['https://elsewhere.example.com/kite.jpg', false],
    ['http://images.shop.example.com/kite.jpg', false],
  ])('%s is %s', async (url, ok) => {
    setImage('ops-crayon-rocks', url);
    const { problems } = await loadCatalog('content/products', root);
    expect(problems.filter((p) => p.field === 'imageUrl').length === 0).toBe(ok);
    if (!ok) expect(problems[0]!.fix).toMatch(/images\.shop\.example\.com \(the hosts src\/config\/site\.ts allows\)/);
  });
});
