// The CDN over real HTTP on the local Netlify stack: Markdown negotiation on pages (every Accept
// variant × GET and HEAD), the public endpoints of the spec (bodies validated against the served
// /openapi.json), the no-keys rule, security and caching headers per kind.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { EDITOR_BUNDLE_DIR, EDITOR_CODE_DIR, twinPath } from '../../src/catalog/urls.ts';

/** The site the stack serves: its own build's output (test/support/global-stack.ts). */
const DIST = inject('stackSite');

const base = inject('baseUrl');
const get = (path: string, init: RequestInit = {}) => fetch(new URL(path, base), { redirect: 'manual', ...init });

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const ACCEPTS: [string, 'html' | 'markdown' | 'plain'][] = [
  ['text/markdown', 'markdown'],
  ['text/markdown, text/html;q=0.9', 'markdown'],
  ['text/markdown, text/html, */*', 'markdown'],
  ['text/html;q=1, text/markdown;q=0.5', 'html'],
  [BROWSER, 'html'],
  ['*/*', 'html'],
  ['text/plain', 'plain'],
  ['text/x-markdown', 'markdown'],
];
const TYPE = { html: 'text/html', markdown: 'text/markdown; charset=utf-8', plain: 'text/plain; charset=utf-8' };

let slug = '';
let openapi: { components: { schemas: Record<string, unknown> } };
let ajv: Ajv2020;
beforeAll(async () => {
  const catalog = (await (await get('/api/products.json')).json()) as { products: { slug: string }[] };
  slug = catalog.products[0]!.slug;
  openapi = (await (await get('/openapi.json')).json()) as typeof openapi;
  ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats.default(ajv);
  ajv.addSchema(openapi as object, 'openapi');
});

function expectValid(component: string, body: unknown) {
  const validate = ajv.getSchema(`openapi#/components/schemas/${component}`);
  expect(validate, `component ${component} in /openapi.json`).toBeTypeOf('function');
  expect(validate!(body), JSON.stringify(validate!.errors)).toBe(true);
}

const PAGES = () => ['/', `/products/${slug}`, '/categories/kits', '/about'];

describe.each(['/', 'product', '/categories/kits', '/about'])('negotiation on %s', (which) => {
  const page = () => (which === 'product' ? `/products/${slug}` : which);
  describe.each(ACCEPTS)('Accept: %s', (accept, format) => {
    it.each(['GET', 'HEAD'])(`%s → ${format}`, async (method) => {
      const res = await get(page(), { method, headers: { accept } });
      const twin = twinPath(page());
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(TYPE[format]);
      expect(res.headers.get('vary')).toMatch(/\bAccept\b/i);
      const body = await res.text();
      if (format === 'html') {
        expect(res.headers.get('link')).toContain(`<${twin}>; rel="alternate"; type="text/markdown"`);
        expect(res.headers.get('x-markdown-tokens')).toBeNull();
        if (method === 'GET') expect(body).toMatch(/^<!doctype html>/i);
      } else {
        const twinBody = await (await get(twin)).text();
        expect(res.headers.get('link')).toBe(`<${new URL(page(), base).href}>; rel="canonical"`);
        expect(res.headers.get('x-markdown-tokens')).toBe(String(Math.ceil([...twinBody].length / 4)));
        expect(res.headers.get('x-robots-tag')).toBe('noindex');
        expect(res.headers.get('access-control-allow-origin')).toBe('*');
        expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
        expect(body).toBe(method === 'HEAD' ? '' : twinBody);
      }
      if (method === 'HEAD') expect(body).toBe('');
    });
  });
});

describe.each(['/', 'product', '/about'])('validators of the negotiated Markdown of %s', (which) => {
  const page = () => (which === 'product' ? `/products/${slug}` : which);
  // Uncompressed, to see the tag as the edge function sends it: a compressing hop (netlify-cli's,
  // and any CDN's) rightly weakens it to W/"…" for the gzip representation.
  const md = { accept: 'text/markdown', 'accept-encoding': 'identity' };
  it('a strong ETag on GET and HEAD; If-None-Match answers 304 with no body; a stale tag gets the text', async () => {
    const first = await get(page(), { headers: md });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"markdown-[A-Za-z0-9_-]{27}"$/);
    const text = await first.text();
    const head = await get(page(), { method: 'HEAD', headers: md });
    expect(head.headers.get('etag')).toBe(etag);
    for (const method of ['GET', 'HEAD']) {
      const again = await get(page(), { method, headers: { ...md, 'if-none-match': etag! } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(await again.text()).toBe('');
    }
    const stale = await get(page(), { headers: { ...md, 'if-none-match': '"markdown-stale"' } });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(text);
    const plain = await get(page(), { headers: { accept: 'text/plain', 'accept-encoding': 'identity' } });
    expect(plain.headers.get('etag')).not.toBe(etag);
  });
  it('a gzip client revalidates with the weakened tag it was given', async () => {
    const gz = { accept: 'text/markdown', 'accept-encoding': 'gzip' };
    const weak = (await get(page(), { headers: gz })).headers.get('etag');
    expect(weak).toMatch(/^(W\/)?"markdown-/);
    const again = await get(page(), { headers: { ...gz, 'if-none-match': weak! } });
    expect(again.status).toBe(304);
  });
});

describe('endpoints of the spec', () => {
  it('GET /api/health → 200 HealthStatus', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expectValid('HealthStatus', await res.json());
  });
  it('GET /api/products.json → 200 CatalogSnapshot, CORS, CDN cache ≤ 1 h', async () => {
    const res = await get('/api/products.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json; charset=utf-8$/i);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expectCdnHour(res);
    const body = (await res.json()) as { count: number; products: unknown[] };
    expectValid('CatalogSnapshot', body);
    expect(body.count).toBe(body.products.length);
  });
  // In production its Content-Type comes from the `/api/products/*` rule (test/unit/cdn-config.test.ts);
  // locally the stack makes netlify-cli's static server type extension-less files as JSON
  // (scripts/lib/local-static-mime.cjs), so the same value shows here.
  it('GET /api/products/{slug} → 200 Product, equal to its entry in products.json', async () => {
    const res = await get(`/api/products/${slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = await res.json();
    expectValid('Product', body);
    const all = (await (await get('/api/products.json')).json()) as { products: { slug: string }[] };
    expect(body).toEqual(all.products.find((p) => p.slug === slug));
  });
  it.each(['no-such-product', 'x'.repeat(201), 'Wooden-Rainbow', 'two%20words', 'a/b'])(
    'GET /api/products/%s → 404 ApiError',
    async (s) => {
      const res = await get(`/api/products/${s}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json; charset=utf-8$/i);
      const body = (await res.json()) as { error: { code: string } };
      expectValid('ApiError', body);
      expect(body.error.code).toBe('not_found');
    },
  );
  it('GET /openapi.json → 200 OpenAPI 3.1.0 version 1.0.0', async () => {
    const res = await get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json; charset=utf-8$/i);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(openapi).toMatchObject({ openapi: '3.1.0', info: { version: '1.0.0' } });
  });
  it.each(['/llms.txt', '/llms-small.txt', '/llms-full.txt'])('GET %s → 200 text/plain Markdown', async (p) => {
    const res = await get(p);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; charset=utf-8$/i);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expectCdnHour(res);
    expect(await res.text()).toMatch(/^# \S/);
  });
});

function expectCdnHour(res: Response) {
  expect(res.headers.get('cache-control')).toMatch(/max-age=0\b/);
  const cdn = /max-age=(\d+)/.exec(res.headers.get('netlify-cdn-cache-control') ?? '');
  expect(cdn, 'Netlify-CDN-Cache-Control').not.toBeNull();
  expect(Number(cdn![1])).toBeLessThanOrEqual(3600);
}

describe('no keys: public endpoints answer the same with or without credentials', () => {
  const paths = () => [
    '/api/products.json',
    `/api/products/${slug}`,
    '/api/products/no-such-product',
    '/openapi.json',
    '/llms.txt',
    '/llms-full.txt',
    '/api/health',
    '/',
    '/about.md',
  ];
  it.each([
    ['an Authorization header', { authorization: 'Bearer not-a-real-token' }, ''],
    ['Basic credentials', { authorization: 'Basic dXNlcjpwYXNz' }, ''],
    ['an api_key parameter', {}, '?api_key=abc123'],
  ])('with %s', async (_, headers: Record<string, string>, query) => {
    for (const p of paths()) {
      const plain = await get(p);
      const keyed = await get(`${p}${query}`, { headers });
      expect(keyed.status, p).toBe(plain.status);
      expect(keyed.headers.get('content-type'), p).toBe(plain.headers.get('content-type'));
      const [a, b] = [await plain.text(), await keyed.text()];
      expect(b, p).toBe(a);
    }
  });
});

describe.each(['/', '/about'])('security headers on the HTML page %s', (p) => {
  it('has CSP without inline script, nosniff, referrer, HSTS, permissions and frame policies', async () => {
    const h = (await get(p)).headers;
    const csp = h.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(h.get('x-content-type-options')).toBe('nosniff');
    expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(h.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    expect(h.get('permissions-policy')).toContain('camera=()');
    expect(h.get('x-frame-options')).toBe('DENY');
  });
});

describe('headers per kind of static file', () => {
  it.each([
    ['twin', () => twinPath(`/products/${slug}`), /^text\/markdown; charset=utf-8$/i],
    ['sitemap', () => '/sitemap.xml', /^application\/xml/i],
    // Local stand-ins for types netlify-cli cannot take from [[headers]] (docs/cdn.md, "Local gaps"):
    // production sends application/atom+xml and application/linkset+json (unit-tested rules).
    ['feed', () => '/feed.xml', /^application\/xml/i],
    ['api-catalog', () => '/.well-known/api-catalog', /^application\/json; charset=utf-8$/i],
  ])('%s', async (_, path, type) => {
    const res = await get(path());
    expect(res.status).toBe(200);
    if (type) expect(res.headers.get('content-type')).toMatch(type);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
  it('twins are noindex and vary on Accept', async () => {
    const h = (await get(twinPath(`/products/${slug}`))).headers;
    expect(h.get('x-robots-tag')).toBe('noindex');
    expect(h.get('vary')).toMatch(/\bAccept\b/i);
  });
  it('pages are never cached by browsers without revalidating', async () => {
    for (const p of PAGES()) expect((await get(p)).headers.get('cache-control'), p).toMatch(/max-age=0\b/);
  });
});

/** The bytes as sent (fetch would decode them), with the headers. */
function raw(p: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(new URL(p, base), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('served as Netlify serves it: compressed by Accept-Encoding, static files cached by their rule', () => {
  /** The first script of a folder of the built site, as a path and its bytes. */
  const script = (dir: string) => {
    const found = readdirSync(path.join(DIST, dir), { recursive: true, encoding: 'utf8' }).find((f) =>
      f.endsWith('.js'),
    );
    expect(found, `a script under ${dir}`).toBeDefined();
    return { path: `${dir}/${found!}`, bytes: readFileSync(path.join(DIST, dir, found!)) };
  };
  const IMMUTABLE = 'public, max-age=31536000, immutable';
  it.each([
    ["Decap's script", EDITOR_BUNDLE_DIR],
    ["the editor's code", EDITOR_CODE_DIR],
  ])('%s: immutable, brotli or gzip as asked, the same bytes once decoded', async (_, dir) => {
    const file = script(dir);
    const head = await raw(file.path, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['cache-control']).toBe(IMMUTABLE);
    const br = await raw(file.path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers['vary']).toMatch(/\bAccept-Encoding\b/i);
    expect(br.headers['content-length']).toBeUndefined();
    expect(br.body.length).toBeLessThan(file.bytes.length / 2);
    expect(brotliDecompressSync(br.body).equals(file.bytes)).toBe(true);
    const gz = await raw(file.path, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(file.bytes)).toBe(true);
    const plain = await raw(file.path, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body.equals(file.bytes)).toBe(true);
    const refused = await raw(file.path, { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
  });
  it('a page: compressed, still revalidated, varying on Accept and Accept-Encoding', async () => {
    const page = await raw('/', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(page.headers['vary']).toMatch(/^(?=.*\bAccept\b)(?=.*\bAccept-Encoding\b)/i);
    expect(brotliDecompressSync(page.body).toString()).toMatch(/^<!doctype html>/i);
  });
  it('a picture goes as it is (already compressed); an SVG is text and is compressed', async () => {
    const png = await raw('/og-image.png', { 'accept-encoding': 'br' });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.equals(readFileSync(path.join(DIST, 'og-image.png')))).toBe(true);
    const svg = await raw('/favicon.svg', { 'accept-encoding': 'gzip' });
    expect(svg.headers['content-encoding']).toBe('gzip');
  });
});

describe("every page's file, asked for by its own name", () => {
  /** Every HTML file the stack serves, as a path: /about.html, /products/x.html, /index.html… */
  function htmlFiles(dir = DIST, prefix = ''): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
      d.isDirectory()
        ? htmlFiles(path.join(dir, d.name), `${prefix}/${d.name}`)
        : d.name.endsWith('.html')
          ? [`${prefix}/${d.name}`]
          : [],
    );
  }
  const canonical = (file: string) => file.replace(/(?:\/index)?\.html$/, '') || '/';
  const HEADERS = ['content-security-policy', 'strict-transport-security', 'x-frame-options', 'cache-control', 'vary'];

  it('carries the headers of its page (the same CSP, security and caching headers)', async () => {
    const files = htmlFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files).toEqual(expect.arrayContaining(['/index.html', '/about.html', '/search.html']));
    const mismatches: string[] = [];
    for (const file of files) {
      if (file === '/404.html') continue;
      const [byName, page] = await Promise.all([get(file), get(canonical(file))]);
      await Promise.all([byName.body?.cancel(), page.body?.cancel()]);
      if (byName.status !== 200 || page.status !== 200) {
        mismatches.push(`${file} ${byName.status}, ${canonical(file)} ${page.status}`);
        continue;
      }
      for (const h of HEADERS)
        if (byName.headers.get(h) !== page.headers.get(h))
          mismatches.push(`${file} ${h}: ${byName.headers.get(h)} ≠ ${page.headers.get(h)}`);
      if (!byName.headers.get('content-security-policy')) mismatches.push(`${file}: no CSP`);
    }
    expect(mismatches).toEqual([]);
  });
});
