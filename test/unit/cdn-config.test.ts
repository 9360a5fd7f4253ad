// netlify.toml header rules per kind of resource, read with Netlify's own parser. The local stack
// cannot show every one of them (netlify-cli lets the static server's Content-Type and
// Cache-Control win; docs/cdn.md), so the rules themselves are checked here, path by path.
import path from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { describe, expect, it } from 'vitest';
import { DATA_LICENSE } from '../../src/config/site.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const { headers: rules, errors } = await parseAllHeaders({
  headersFiles: [],
  netlifyConfigPath: path.join(ROOT, 'netlify.toml'),
  configHeaders: [],
  minimal: false,
});

type Rule = { for: string; forRegExp: RegExp; values: Record<string, string> };

/** Every header for a path, failing when two matching rules set the same header (Netlify would merge them). */
function headersFor(p: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules as Rule[]) {
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
  '/products/wooden-rainbow-stacker',
  '/categories/kits',
  '/ages/3-5-years',
  '/staff-picks',
  '/about',
];
const TWINS = [
  '/index.md',
  '/products/wooden-rainbow-stacker.md',
  '/categories/kits.md',
  '/ages/3-5-years.md',
  '/staff-picks.md',
  '/about.md',
];

it('netlify.toml headers parse without errors', () => expect(errors).toEqual([]));

describe.each(PAGES)('page %s', (p) => {
  it('has security headers, revalidates and varies on Accept', () => {
    const h = headersFor(p);
    expect(h['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(h['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);
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

it('hashed assets are immutable for a year', () => {
  expect(headersFor('/_astro/index.B1x2y3.css')['cache-control']).toBe('public, max-age=31536000, immutable');
});

describe.each(['/api/products.json', '/api/products/wooden-rainbow-stacker'])('catalog JSON %s', (p) => {
  it('names the data licence in a Link header', () => {
    expect(headersFor(p).link).toBe(`<${DATA_LICENSE.url}>; rel="license"`);
  });
});
