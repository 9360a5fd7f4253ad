// Unknown paths over real HTTP: a 404 whose Markdown body names the path and links the way back,
// in the negotiated content type. (In Chromium: ./not-found-browser.test.ts.)
import { describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');

describe.each([
  ['/no-such-page', undefined, 'text/plain; charset=utf-8'],
  ['/products/no-such-product', 'text/markdown', 'text/markdown; charset=utf-8'],
  ['/categories/nope', 'text/markdown, text/html, */*', 'text/markdown; charset=utf-8'],
  ['/deep/er/path', 'text/html,application/xhtml+xml,*/*;q=0.8', 'text/plain; charset=utf-8'],
  ['/about/nope.html', undefined, 'text/plain; charset=utf-8'],
])('GET %s (Accept %s)', (path, accept, type) => {
  it(`→ 404 ${type} naming the path`, async () => {
    const res = await fetch(new URL(path, base), { headers: accept ? { accept } : {} });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('vary')).toMatch(/\bAccept\b/i);
    const body = await res.text();
    expect(body).toMatch(/^# Page not found\n/);
    expect(body).toContain(`\`${path.replace(/(?:\/index)?\.html?$/, '')}\``);
    for (const link of ['/', '/sitemap.xml', '/llms.txt', '/api/products.json'])
      expect(body).toContain(`](${new URL(link, base).href})`);
  });
});

// Paths the edge function never sees (files, /api/*) get the static body, which cannot name them.
it.each(['/missing-file.txt', '/api/nothing-here'])('%s gets the static Markdown 404 as text/plain', async (path) => {
  const res = await fetch(new URL(path, base));
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; charset=utf-8$/i);
  const body = await res.text();
  expect(body).toMatch(/^# Page not found\n/);
  for (const link of ['/sitemap.xml', '/llms.txt']) expect(body).toContain(`](${link})`);
});

// A path whose percent-escapes decode to no text names no page or file either: the same 404s, and
// the stack goes on answering (one such request used to end it; docs/cdn.md, "Malformed paths").
describe('paths whose percent-escapes do not decode', () => {
  const PLAIN = 'text/plain; charset=utf-8';
  const MARKDOWN = 'text/markdown; charset=utf-8';
  const JSON_TYPE = 'application/json; charset=utf-8';
  it.each([
    ['/products/%ff', PLAIN, MARKDOWN],
    ['/products/%', PLAIN, MARKDOWN],
    ['/products/%e0%a4', PLAIN, MARKDOWN],
    ['/products/%00', PLAIN, MARKDOWN],
    ['/%ff', PLAIN, MARKDOWN],
    ['/categories/%e0%a4/x', PLAIN, MARKDOWN],
    // Files (the edge function leaves them to the static 404) and the API (its JSON 404).
    ['/products/%ff.md', PLAIN, PLAIN],
    ['/llms/%ff.txt', PLAIN, PLAIN],
    ['/api/products/%ff', JSON_TYPE, JSON_TYPE],
    ['/api/products/%', JSON_TYPE, JSON_TYPE],
    ['/api/products/%e0%a4', JSON_TYPE, JSON_TYPE],
    ['/api/products/%00', JSON_TYPE, JSON_TYPE],
  ])('GET %s → 404 %s (asked for Markdown: %s)', async (path, html, markdown) => {
    for (const [accept, type] of [
      ['text/html', html],
      ['text/markdown', markdown],
    ] as const) {
      const res = await fetch(new URL(path, base), { headers: { accept } });
      expect(res.status, `${path} (${accept})`).toBe(404);
      expect(res.headers.get('content-type'), `${path} (${accept})`).toBe(type);
      const body = await res.text();
      if (type === JSON_TYPE) expect(JSON.parse(body)).toMatchObject({ error: { code: 'not_found' } });
      else expect(body).toMatch(/^# Page not found\n/);
    }
  });

  it('the stack answers as before afterwards: pages, the catalog and the functions', async () => {
    for (const path of ['/products/%ff', '/api/products/%ff', '/products/%', '/%e0%a4'])
      await (await fetch(new URL(path, base))).arrayBuffer();
    for (const path of ['/', '/products', '/api/products.json', '/api/health'])
      expect((await fetch(new URL(path, base))).status, path).toBe(200);
  });
});

it('HEAD of an unknown page: 404, same headers, no body', async () => {
  const get = await fetch(new URL('/no-such-page', base), { headers: { accept: 'text/markdown' } });
  const head = await fetch(new URL('/no-such-page', base), { method: 'HEAD', headers: { accept: 'text/markdown' } });
  expect(head.status).toBe(404);
  expect(head.headers.get('vary')).toMatch(/\bAccept\b/);
  for (const h of ['content-type', 'x-markdown-tokens', 'cache-control'])
    expect(head.headers.get(h), h).toBe(get.headers.get(h));
  expect(await head.text()).toBe('');
});
