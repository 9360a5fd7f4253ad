// The static files' header rules per kind of resource, as the build writes them into dist/_headers
// (src/cdn/header-rules.ts), read with Netlify's own parser. The local stack cannot show every one of
// them (netlify-cli lets the static server's Content-Type and Cache-Control win; docs/cdn.md), so the
// rules themselves are checked here, path by path.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseToml } from 'smol-toml';
import { DATA_LICENSE, PHOTOS } from '../../src/config/site.ts';
import { SITE_CSP } from '../../src/cdn/header-rules.ts';
import { catalogView } from '../../src/catalog/catalog.ts';
import { decapBundlePath } from '../../src/catalog/urls.ts';
import { buildHeadersFile, fixedRulesText } from '../../src/cdn/headers-file.ts';
import { pagesOf } from '../../src/outputs/pages.ts';
import { AT, SAMPLE, synthetic } from '../support/products.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const tmp = mkdtempSync(path.join(tmpdir(), 'headers-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Netlify's reading of a _headers file with this text, beside the repository's netlify.toml. */
async function parse(text: string, name: string) {
  const file = path.join(tmp, name);
  writeFileSync(file, text);
  return parseAllHeaders({
    headersFiles: [file],
    netlifyConfigPath: path.join(ROOT, 'netlify.toml'),
    configHeaders: [],
    minimal: false,
  });
}

const { headers: rules, errors } = await parse(buildHeadersFile(pagesOf(catalogView(SAMPLE, AT))), '_headers');

type Rule = { for: string; forRegExp: RegExp; values: Record<string, string> };

/** Every header for a path, failing when two matching rules set the same header (Netlify would merge them). */
function headersFor(p: string, from: readonly Rule[] = rules as Rule[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of from) {
    if (!rule.forRegExp.test(p)) continue;
    for (const [k, v] of Object.entries(rule.values)) {
      const key = k.toLowerCase();
      if (key in out) throw new Error(`${p}: ${key} set by more than one rule (last: ${rule.for})`);
      out[key] = v;
    }
  }
  return out;
}

const HOUR_CDN = /^public, (durable, )?max-age=(\d+), stale-while-revalidate=\d+$/;
const REVALIDATE = 'public, max-age=0, must-revalidate';
const PAGES = [
  '/',
  '/products',
  '/products/2',
  '/products/wooden-rainbow-stacker',
  '/categories',
  '/categories/kits',
  '/categories/kits/3',
  '/ages',
  '/ages/3-5',
  '/ages/3-5/2',
  '/ages/3-5/books',
  '/ages/3-5/books/2',
  '/staff-picks',
  '/staff-picks/2',
  '/about',
  '/search',
];
const TWINS = PAGES.map((p) => (p === '/' ? '/index.md' : `${p}.md`));
const SEARCH = '/search';

it('the generated _headers parses without errors', () => expect(errors).toEqual([]));

it('netlify.toml sets no headers: _headers is their one source', async () => {
  const { headers, errors: tomlErrors } = await parseAllHeaders({
    headersFiles: [],
    netlifyConfigPath: path.join(ROOT, 'netlify.toml'),
    configHeaders: [],
    minimal: false,
  });
  expect(tomlErrors).toEqual([]);
  expect(headers).toEqual([]);
});

it('gives each page one Link to its twin, from its own rule (and no fixed rule sets Link on a page)', () => {
  for (const page of pagesOf(catalogView(SAMPLE, AT))) {
    expect(headersFor(page.path).link, page.path).toBe(`<${page.twin}>; rel="alternate"; type="text/markdown"`);
  }
});

describe.each(PAGES)('page %s', (p) => {
  it('has security headers, revalidates and varies on Accept', () => {
    const h = headersFor(p);
    // Only the search page may compile WebAssembly (Pagefind); no page may run inline or eval'd script.
    if (p === SEARCH) expect(h['content-security-policy']).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    else expect(h['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(h['content-security-policy']).not.toMatch(/unsafe-inline|'unsafe-eval'/);
    expect(h['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(h).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cache-control': REVALIDATE,
      vary: 'Accept',
    });
    expect(h['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(h['permissions-policy']).toContain('camera=()');
  });
});

describe.each(TWINS)('twin %s', (p) => {
  it('is Markdown, noindex, CORS, revalidating, varying on Accept', () => {
    expect(headersFor(p)).toMatchObject({
      'content-type': 'text/markdown; charset=utf-8',
      'x-robots-tag': 'noindex',
      'access-control-allow-origin': '*',
      'cache-control': REVALIDATE,
      vary: 'Accept',
    });
  });
});

describe.each([
  ['/api/products.json', 'application/json; charset=utf-8'],
  ['/api/products/wooden-rainbow-stacker', 'application/json; charset=utf-8'],
  ['/api/products/unknown-slug', 'application/json; charset=utf-8'],
  ['/openapi.json', 'application/json; charset=utf-8'],
  ['/llms.txt', 'text/plain; charset=utf-8'],
  ['/llms-small.txt', 'text/plain; charset=utf-8'],
  ['/llms-full.txt', 'text/plain; charset=utf-8'],
  ['/llms/kits.txt', 'text/plain; charset=utf-8'],
  ['/sitemap.xml', 'application/xml; charset=utf-8'],
  ['/feed.xml', 'application/atom+xml; charset=utf-8'],
  ['/.well-known/api-catalog', 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"'],
])('machine-readable %s', (p, type) => {
  it(`is ${type}, CORS *, browser-revalidated and CDN-cached at most an hour`, () => {
    const h = headersFor(p);
    expect(h).toMatchObject({
      'content-type': type,
      'access-control-allow-origin': '*',
      'cache-control': REVALIDATE,
      'x-content-type-options': 'nosniff',
    });
    for (const k of ['netlify-cdn-cache-control', 'cdn-cache-control']) {
      const m = HOUR_CDN.exec(h[k] ?? '');
      expect(m, `${k}: ${h[k]}`).not.toBeNull();
      expect(Number(m![2])).toBeLessThanOrEqual(3600);
    }
  });
});

it("every page of the page set, at 10,000 products too, gets exactly one CSP: the site policy, on /search the one with WebAssembly, on /admin the editor's", async () => {
  // The per-page rules set Link alone (checked above); the fixed rules decide everything else.
  const fixed = (await parse(fixedRulesText(), 'fixed')).headers as Rule[];
  for (const view of [catalogView(SAMPLE, AT), catalogView(synthetic(10_000), AT)]) {
    const policies = new Map<string, string[]>();
    for (const page of pagesOf(view)) {
      const csp = headersFor(page.path, fixed)['content-security-policy'];
      expect(csp, page.path).toBeDefined();
      policies.set(csp!, [...(policies.get(csp!) ?? []), page.path]);
    }
    expect(policies.size).toBe(3);
    const wasm = [...policies].filter(([csp]) => csp.includes("'wasm-unsafe-eval'"));
    expect(wasm.map(([, paths]) => paths)).toEqual([[SEARCH]]);
    const evaluating = [...policies].filter(([csp]) => csp.includes("'unsafe-eval'"));
    expect(evaluating.map(([, paths]) => paths)).toEqual([['/admin']]);
  }
});

it.each(['/images/products/x.svg', '/favicon.svg', '/_astro/search.abc.js'])(
  '%s, which a browser could open as a document, carries the site CSP',
  (p) => expect(headersFor(p)['content-security-policy']).toMatch(/script-src 'self';/),
);

it('the search index revalidates in browsers and stays at most an hour in the CDN', () => {
  const h = headersFor('/pagefind/pagefind.js');
  expect(h['cache-control']).toBe(REVALIDATE);
  expect(Number(HOUR_CDN.exec(h['netlify-cdn-cache-control'] ?? '')?.[2])).toBeLessThanOrEqual(3600);
});

it('hashed assets are immutable for a year', () => {
  expect(headersFor('/_astro/index.B1x2y3.css')['cache-control']).toBe('public, max-age=31536000, immutable');
});

it('Decap’s script (in the folder of its release) and the editor’s code (named by its hash) are immutable for a year; the editor’s page, stylesheet and configuration revalidate', () => {
  for (const p of [
    decapBundlePath('3.19.1-0123456789'),
    '/editor-code/editor-ABCD1234.js',
    '/editor-code/chunk-EFGH5678.js',
  ])
    expect(headersFor(p)['cache-control']).toBe('public, max-age=31536000, immutable');
  for (const p of ['/admin', '/admin/', '/admin/editor.css', '/admin/config.yml'])
    expect(headersFor(p)['cache-control']).toBe(REVALIDATE);
});

describe.each(['/api/products.json', '/api/products/wooden-rainbow-stacker'])('catalog JSON %s', (p) => {
  it('names the data licence in a Link header', () => {
    expect(headersFor(p).link).toBe(`<${DATA_LICENSE.url}>; rel="license"`);
  });
});

describe('photos from other hosts', () => {
  const toml = parseToml(readFileSync(path.resolve(import.meta.dirname, '../../netlify.toml'), 'utf8')) as {
    images?: { remote_images?: string[] };
  };

  it('netlify.toml lets the Image CDN fetch from exactly the hosts src/config/site.ts allows', () => {
    const patterns = (toml.images?.remote_images ?? []).map((p) => new RegExp(`^${p}$`));
    for (const host of PHOTOS.remoteHosts) {
      expect(
        patterns.some((p) => p.test(`https://${host}/a/photo.jpg`)),
        host,
      ).toBe(true);
      expect(
        patterns.some((p) => p.test(`https://${host}.evil.example/photo.jpg`)),
        host,
      ).toBe(false);
    }
    expect(patterns).toHaveLength(PHOTOS.remoteHosts.length);
    expect(patterns.some((p) => p.test('https://elsewhere.example.com/photo.jpg'))).toBe(false);
  });

  it('the pages’ CSP allows images from those hosts and no other', () => {
    const img = /img-src ([^;]+)/.exec(SITE_CSP)![1]!.split(' ');
    expect(img).toEqual(["'self'", 'data:', ...PHOTOS.remoteHosts.map((h) => `https://${h}`)]);
  });
});
