// The machine-readable outputs over HTTP from the running local stack: status and parse.
// (Content types and cache headers are the CDN rules' tests.)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inject, describe, expect, it } from 'vitest';
import { Product } from '../../src/catalog/schema.ts';
import { richResultProblems } from '../support/rich-result.ts';
import { ApiError, CatalogSnapshot } from '../../src/contract/api.ts';

const base = inject('baseUrl');
const get = (p: string, init?: RequestInit) => fetch(`${base}${p}`, { redirect: 'manual', ...init });

describe('catalog outputs over HTTP', () => {
  it('serves a Markdown product body as its safe HTML on the page and as the same tree in the twin', async () => {
    const page = await (await get('/products/snap-circuits-jr')).text();
    const section = /<section class="about-product"[\s\S]*?<\/section>/.exec(page)![0];
    expect(section).toContain('<li>a plastic base grid</li>');
    expect(section).toContain('<em>101 projects</em>');
    expect(section).toMatch(
      /<a href="https:\/\/shop\.example\.com\/elenco\/snap-circuits-jr\/parts\?ref=littlehands" rel="nofollow noopener">parts list<\/a>/,
    );
    // Only the subset's elements, and no attribute but a link's href and rel.
    const body = section.replace(/^[\s\S]*?<\/h2>/, '').replace(/<\/section>$/, '');
    for (const m of body.matchAll(/<([a-z0-9]+)([^>]*)>/g)) {
      expect(['p', 'ul', 'ol', 'li', 'em', 'strong', 'code', 'a', 'br', 'h3', 'h4', 'h5', 'h6'], m[0]).toContain(m[1]);
      if (m[1] !== 'a') expect(m[2], m[0]).toMatch(/^(?: data-astro-[a-z-]+(="[^"]*")?)*$/);
    }
    const twin = await (await get('/products/snap-circuits-jr.md')).text();
    expect(twin).toContain('\n- a plastic base grid\n- a full-colour manual of _101 projects_\n');
    expect(twin).toContain('[parts list](https://shop.example.com/elenco/snap-circuits-jr/parts?ref=littlehands)');
  });

  it('serves products.json as a CatalogSnapshot, and each per-slug URL equals its entry', async () => {
    const res = await get('/api/products.json');
    expect(res.status).toBe(200);
    const snap = CatalogSnapshot.parse(await res.json());
    expect(snap.count).toBe(snap.products.length);
    expect(snap.count).toBeGreaterThan(0);
    const first = snap.products[0]!;
    const one = await get(`/api/products/${first.slug}`);
    expect(one.status).toBe(200);
    expect(Product.parse(await one.json())).toEqual(first);
  });

  it('serves openapi.json (OpenAPI 3.1.0) with the configured server', async () => {
    const res = await get('/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0].url).toBe(base);
  });

  it('serves llms.txt (under 50,000 characters) and llms-full.txt', async () => {
    const llms = await get('/llms.txt');
    expect(llms.status).toBe(200);
    const text = await llms.text();
    expect(text.startsWith('# ')).toBe(true);
    expect(text.length).toBeLessThan(50_000);
    expect(text).toContain(`${base}/api/products.json`);
    const full = await get('/llms-full.txt');
    expect(full.status).toBe(200);
    expect(await full.text()).toMatch(/^## /m);
  });

  it('serves sitemap.xml and feed.xml with absolute URLs of this deployment', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toContain(`${base}/`);
    expect(locs.every((l) => l.startsWith(base))).toBe(true);
    const feed = await get('/feed.xml');
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
  });

  it('serves the RFC 9727 api-catalog pointing to openapi.json', async () => {
    const res = await get('/.well-known/api-catalog');
    expect(res.status).toBe(200);
    const body = JSON.parse(await res.text());
    expect(body.linkset[0]['service-desc'][0].href).toBe(`${base}/openapi.json`);
  });

  it('has the 404 ApiError body for unknown slugs in the build', async () => {
    const res = await get('/api/not-found.json');
    expect(res.status).toBe(200);
    expect(ApiError.parse(await res.json()).error.code).toBe('not_found');
  });
});

describe('licence and use, over HTTP', () => {
  it('robots.txt declares the content signals for every agent', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^User-agent: \*\nContent-Signal: search=yes, ai-input=yes, ai-train=yes$/m);
  });

  it.each(['/api/products.json', '/api/products/__first__'])('%s names its licence in a Link header', async (p) => {
    const snap = CatalogSnapshot.parse(await (await get('/api/products.json')).json());
    const res = await get(p.replace('__first__', snap.products[0]!.slug));
    expect(res.status).toBe(200);
    expect(res.headers.get('link')).toBe('<https://creativecommons.org/licenses/by/4.0/>; rel="license"');
  });

  it('llms-small.txt lists every published product on one line, linked from llms.txt', async () => {
    const snap = CatalogSnapshot.parse(await (await get('/api/products.json')).json());
    const res = await get('/llms-small.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = (await res.text()).split('\n').filter((l) => l.startsWith('- ['));
    expect(lines).toHaveLength(snap.count);
    expect(lines[0]).toContain(`(/products/${snap.products[0]!.slug}.md)`);
    expect(await (await get('/llms.txt')).text()).toContain(`${base}/llms-small.txt`);
  });
});

describe('structured data over HTTP', () => {
  it('every product page carries valid structured data: a Product with its offer when priced, else a WebPage', async () => {
    const snap = CatalogSnapshot.parse(await (await get('/api/products.json')).json());
    const problems: string[] = [];
    for (const p of snap.products) {
      const html = await (await get(`/products/${p.slug}`)).text();
      const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
      if (!block) {
        problems.push(`${p.slug}: no JSON-LD`);
        continue;
      }
      const ld = JSON.parse(block);
      for (const missing of richResultProblems(ld)) problems.push(`${p.slug}: ${missing}`);
      const expected = p.price === null ? 'WebPage' : 'Product';
      if (ld['@type'] !== expected) problems.push(`${p.slug}: ${ld['@type']}, not ${expected}`);
      if (p.whyWePicked && !String(ld.description).startsWith(p.whyWePicked)) problems.push(`${p.slug}: note`);
    }
    expect(problems).toEqual([]);
    expect(snap.products.some((p) => p.price === null)).toBe(true);
  });
});

describe('the about page and its twin, from one MDX source', () => {
  /** The words a reader gets, whatever the markup: typographic quotes and link targets aside. */
  const words = (s: string) => s.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim();

  it('says the same words on the page and in the twin', async () => {
    const html = await (await get('/about')).text();
    const prose = /<div class="prose">([\s\S]*?)<\/div><\/div>/.exec(html)![1]!;
    const pageWords = words(
      prose
        .replace(/<\/(p|li|h2)>/g, ' ')
        .replace(/<[^>]+>/g, '')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&'),
    );
    const twin = await (await get('/about.md')).text();
    const body = twin.replace(/^[\s\S]*?\n# [^\n]+\n/, '');
    const twinWords = words(
      body
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/^#+ |^- /gm, '')
        .replace(/[`*]|\b_|_\b/g, ''),
    );
    expect(twinWords).toBe(pageWords);
    expect(pageWords).toContain('Licence and use');
  });

  it('has every section that a page of the site links to (/about#…)', async () => {
    const html = await (await get('/about')).text();
    const root = path.resolve(import.meta.dirname, '../../src');
    const anchors = new Set<string>();
    for (const f of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!f.isFile() || !/\.(astro|ts|mdx)$/.test(f.name)) continue;
      for (const m of readFileSync(path.join(f.parentPath, f.name), 'utf8').matchAll(/\/about#([a-z0-9-]+)/g))
        anchors.add(m[1]!);
    }
    expect([...anchors].sort()).toEqual(expect.arrayContaining(['affiliate-links', 'curators']));
    for (const a of anchors) expect(html, a).toContain(`id="${a}"`);
  });
});
