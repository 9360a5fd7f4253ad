// The one-pass writer and the post-build proof over a real folder: a clean build passes, and
// each kind of fault is caught. The writer builds the search index with Pagefind, whose Node API
// runs Pagefind's own binary. (The unpublished-product matcher alone: test/unit/outputs-check.test.ts.)
import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogView } from '../../src/catalog/catalog.ts';
import { checkDist } from '../../src/build/check-dist.ts';
import { writePreviewImages } from '../../src/build/preview-images.ts';
import { indexSearchRecords, SEARCH_ENTRY_FILE, writeSearchIndex } from '../../src/build/search-index.ts';
import { writeCatalogOutputs } from '../../src/build/write-outputs.ts';
import { decapBundlePath, drawnPreviewOf, EDITOR_CONFIG_PATH } from '../../src/catalog/urls.ts';
import type { EditorScripts } from '../../src/outputs/editor-page.ts';
import { distFileOf, htmlFileOf, pagesOf } from '../../src/outputs/pages.ts';
import sharp from 'sharp';
import { AT, entry, SAMPLE } from '../support/products.ts';

let dist: string;
/** The editor's scripts as src/build/editor-bundle.ts names them. */
const EDITOR_SCRIPTS: EditorScripts = {
  editor: '/editor-code/editor-TEST1234.js',
  decap: decapBundlePath('3.0.0-0123456789'),
};
/**
 * What Astro itself writes, as stand-ins: one HTML file per page (but the editor's, which the
 * outputs pass writes), the link-preview images; and the editor's bundles, which the worker copies.
 */
async function writeAstroStandIns(view: ReturnType<typeof catalogView>) {
  for (const f of [EDITOR_SCRIPTS.decap, EDITOR_SCRIPTS.editor]) {
    await mkdir(path.dirname(path.join(dist, distFileOf(f))), { recursive: true });
    await writeFile(path.join(dist, distFileOf(f)), '// stand-in');
  }
  for (const p of pagesOf(view)) {
    if (p.kind === 'editor') continue;
    const f = path.join(dist, htmlFileOf(p.path));
    await mkdir(path.dirname(f), { recursive: true });
    await writeFile(f, `<!doctype html><title>${p.title}</title>`);
  }
  for (const e of view.products) {
    const preview = drawnPreviewOf(e.data.imageUrl);
    if (!preview) continue;
    await mkdir(path.dirname(path.join(dist, distFileOf(preview))), { recursive: true });
    await writeFile(path.join(dist, distFileOf(preview)), 'png');
  }
}

beforeEach(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'outputs-check-'));
  const view = catalogView(SAMPLE, AT);
  await writeCatalogOutputs(dist, view, {
    base: 'https://catalog.test',
    editor: { branch: 'main' },
    editorScripts: EDITOR_SCRIPTS,
  });
  await writeAstroStandIns(view);
  await writeSearchIndex(dist, indexSearchRecords(dist, view));
});
afterEach(() => rm(dist, { recursive: true, force: true }));

const check = () => checkDist(dist, { entries: SAMPLE, base: 'https://catalog.test' });

describe('writeCatalogOutputs + checkDist', () => {
  it('writes every output and the proof passes', async () => {
    const { failures } = await check();
    expect(failures).toEqual([]);
    for (const p of pagesOf(catalogView(SAMPLE, AT)))
      await expect(readFile(path.join(dist, p.twin))).resolves.toBeTruthy();
    const perSlug = await readFile(path.join(dist, 'api/products/ant-farm'), 'utf8');
    expect(await readFile(path.join(dist, 'api/products.json'), 'utf8')).toContain(perSlug);
  });

  it("knows the curators' editor: its files must be there, and no discovery file may name it", async () => {
    await rm(path.join(dist, distFileOf(EDITOR_CONFIG_PATH)));
    await appendFile(path.join(dist, 'llms.txt'), '\n- [Editor](https://catalog.test/admin/config.yml)\n');
    await writeFile(path.join(dist, 'index.html'), `<script type="module" src="${EDITOR_SCRIPTS.editor}"></script>`);
    await rm(path.join(dist, distFileOf(EDITOR_SCRIPTS.decap)));
    const failures = (await check()).failures.join('\n');
    expect(failures).toMatch(/admin\/config\.yml: the curators' editor's file is missing/);
    expect(failures).toMatch(
      /\/decap\/3\.0\.0-0123456789\/decap-cms\.js: the editor's page names it, and it is missing/,
    );
    expect(failures).toMatch(/\/llms\.txt: names the curators' editor/);
    expect(failures).toMatch(/\/index\.html: a page of the public site loads the editor's code/);
  });

  it('catches an unpublished name in any file, including HTML-escaped', async () => {
    await writeFile(
      path.join(dist, 'index.html'),
      '<p>Goodnight &quot;Moon&quot; &amp; Co and Quokka Secret Draft</p>',
    );
    await writeFile(path.join(dist, 'index.md'), 'x');
    const { failures } = await check();
    expect(failures.join('\n')).toMatch(/index\.html: mentions unpublished name "Quokka Secret Draft"/);
  });

  it('catches an unpublished slug in a file name and a scheduled product in JSON', async () => {
    await writeFile(path.join(dist, 'products/later-kit.md'), 'hello');
    await appendFile(path.join(dist, 'feed.xml'), '<!-- /products/later-kit -->');
    const text = (await check()).failures.join('\n');
    expect(text).toMatch(/file names mention unpublished products: slug "later-kit"/);
    expect(text).toMatch(/feed\.xml: mentions unpublished slug "later-kit"/);
  });

  it('catches an HTML page without a twin', async () => {
    await writeFile(path.join(dist, 'about.html'), '<p>about</p>');
    await rm(path.join(dist, 'about.md'));
    expect((await check()).failures.join('\n')).toMatch(/about\.html: HTML page without its Markdown twin about\.md/);
  });

  it('catches a page of the page set that the routes did not build', async () => {
    await rm(path.join(dist, 'categories.html'));
    expect((await check()).failures.join('\n')).toMatch(/\/categories: page of the page set was not built/);
  });

  it('catches an unpublished product inside the compressed search index', async () => {
    const record = { url: '/products/secret-draft', content: 'Quokka Secret Draft. By Brand.', meta: {} };
    await mkdir(path.join(dist, 'pagefind/fragment'), { recursive: true });
    await writeFile(
      path.join(dist, 'pagefind/fragment/en_leak.pf_fragment'),
      gzipSync(`pagefind_dcd${JSON.stringify(record)}`),
    );
    const text = (await check()).failures.join('\n');
    expect(text).toMatch(
      /pagefind\/fragment\/en_leak\.pf_fragment: mentions unpublished slug "secret-draft", name "Quokka Secret Draft"/,
    );
  });

  it('catches a search index with more or fewer records than products', async () => {
    const f = path.join(dist, SEARCH_ENTRY_FILE);
    const entry = JSON.parse(await readFile(f, 'utf8'));
    expect(entry.languages.en.page_count).toBe(3);
    entry.languages.en.page_count += 1;
    await writeFile(f, JSON.stringify(entry));
    expect((await check()).failures.join('\n')).toMatch(/\/pagefind: 4 search records, 3 products/);
  });

  it('catches a missing search index', async () => {
    await rm(path.join(dist, SEARCH_ENTRY_FILE));
    expect((await check()).failures.join('\n')).toContain(`/${SEARCH_ENTRY_FILE}: missing`);
  });

  it('reads again only the files it cannot vouch for', async () => {
    const all = await check();
    expect(all.failures).toEqual([]);
    await writeFile(path.join(dist, 'index.html'), '<p>Quokka Secret Draft</p>');
    const trusted = await checkDist(dist, {
      entries: SAMPLE,
      base: 'https://catalog.test',
      scanned: (f) => f !== 'index.html',
    });
    expect(trusted.filesScanned).toBe(1);
    expect(trusted.failures.join('\n')).toMatch(/\[no unpublished product\] index\.html: mentions unpublished/);
  });

  it('catches a missing link-preview image', async () => {
    await rm(path.join(dist, 'images/previews/products/ant.png'));
    expect((await check()).failures.join('\n')).toMatch(
      /\/images\/previews\/products\/ant\.png: link-preview image of \/products\/ant-farm is missing/,
    );
  });

  it('catches a file under /.netlify/, where Netlify answers with its own services and never with a file', async () => {
    await mkdir(path.join(dist, '.netlify'), { recursive: true });
    await writeFile(path.join(dist, '.netlify/images?url=x.jpg'), 'png');
    expect((await check()).failures.join('\n')).toMatch(
      /\[link previews\] \/\.netlify\/images\?url=x\.jpg: Netlify keeps \/\.netlify\/ for its own services/,
    );
  });

  it('draws a link preview of each local SVG picture, and none of a photo (the Image CDN crops those)', async () => {
    const images = path.join(dist, 'pictures');
    await mkdir(images);
    await writeFile(path.join(images, 'ant.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"/>');
    await sharp({ create: { width: 8, height: 6, channels: 3, background: '#c84' } })
      .jpeg()
      .toFile(path.join(images, 'kite.jpg'));
    const kite = entry({ slug: 'kite', name: 'Kite', imageUrl: '/images/products/kite.jpg' });
    const out = await mkdtemp(path.join(tmpdir(), 'previews-'));
    try {
      const stats = await writePreviewImages(out, catalogView([...SAMPLE, kite], AT), images);
      const files = (await readdir(out, { recursive: true, withFileTypes: true })).filter((f) => f.isFile());
      expect(files.map((f) => path.relative(out, path.join(f.parentPath, f.name)))).toEqual([
        'images/previews/products/ant.png',
      ]);
      expect(stats).toMatchObject({ images: 1, rendered: 1 });
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('catches a per-slug file that differs from products.json', async () => {
    const f = path.join(dist, 'api/products/ant-farm');
    await writeFile(f, JSON.stringify({ ...JSON.parse(await readFile(f, 'utf8')), name: 'Changed' }));
    expect((await check()).failures.join('\n')).toMatch(/api\/products\/ant-farm: differs from its entry/);
  });

  it('names a truncated per-product JSON file (not a bare JSON.parse error)', async () => {
    const f = path.join(dist, 'api/products/ant-farm');
    await writeFile(f, (await readFile(f, 'utf8')).slice(0, 10));
    const { failures } = await check();
    expect(failures.join('\n')).toMatch(
      /\[product JSON\] api\/products\/ant-farm: not JSON \(.+\); rebuild to rewrite it/,
    );
  });

  it('catches JSON kept from an older build that agrees with itself but not with the product files', async () => {
    // An old brand in both products.json and the per-product file (a partial cache restore).
    const catalogFile = path.join(dist, 'api/products.json');
    const perSlug = path.join(dist, 'api/products/ant-farm');
    const old = (await readFile(perSlug, 'utf8')).replace(/"brand":"[^"]*"/, '"brand":"Old Brand"');
    expect(old).toContain('Old Brand');
    const catalog = (await readFile(catalogFile, 'utf8')).replace(await readFile(perSlug, 'utf8'), old);
    await writeFile(perSlug, old);
    await writeFile(catalogFile, catalog);
    const { failures } = await check();
    expect(failures.join('\n')).toMatch(
      /api\/products\.json: the entry of ant-farm differs from its product file content\/products\/ant-farm\.md/,
    );
  });

  it('names a file it cannot read, with its path', async () => {
    const f = path.join(dist, 'api/products/ant-farm');
    await rm(f);
    await mkdir(f);
    const { failures } = await check();
    expect(failures.join('\n')).toMatch(/api\/products\/ant-farm: cannot be read \(EISDIR\)/);
  });

  it('catches counts that disagree (llms-full, sitemap)', async () => {
    await appendFile(path.join(dist, 'llms-full.txt'), '\n## Extra\n');
    await writeFile(path.join(dist, 'sitemap.xml'), '<urlset></urlset>');
    const text = (await check()).failures.join('\n');
    expect(text).toMatch(/llms-full\.txt: 4 product sections, 3 products/);
    expect(text).toMatch(/sitemap\.xml: 0 URLs/);
  });

  it('catches an openapi.json whose schemas reject the real responses', async () => {
    const f = path.join(dist, 'openapi.json');
    const doc = JSON.parse(await readFile(f, 'utf8'));
    doc.components.schemas.Product.required.push('extraField');
    await writeFile(f, JSON.stringify(doc));
    expect((await check()).failures.join('\n')).toMatch(/does not validate against openapi\.json Product/);
  });
});
