// Pure CDN helpers: token estimate, the 404 body, the _headers builder (also at 10,000 pages).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HEADER_RULES } from '../../src/cdn/header-rules.ts';
import { buildHeadersFile, fixedRulesText } from '../../src/cdn/headers-file.ts';
import { markdownHeaders } from '../../src/cdn/markdown-response.ts';
import { CONTENT_SIGNAL_LINE } from '../../src/config/site.ts';
import { robotsTxt } from '../../src/outputs/discovery.ts';
import { notFoundMarkdown, notFoundResponse } from '../../src/cdn/not-found.ts';
import { estimateTokens } from '../../src/cdn/tokens.ts';
import { twinPath } from '../../src/catalog/urls.ts';

describe('estimateTokens', () => {
  it.each([
    ['', 0],
    ['abcd', 1],
    ['abcde', 2],
    ['ünïcödé!', 2],
    ['🧸🧸🧸🧸🧸', 2],
  ])('%j → %i', (text, tokens) => expect(estimateTokens(text)).toBe(tokens));
});

describe('notFoundMarkdown', () => {
  it('names the path and links home, sitemap, llms.txt and the JSON catalog', () => {
    const md = notFoundMarkdown('/no-such-page', 'https://cat.example');
    expect(md).toMatch(/^# Page not found\n/);
    expect(md).toContain('`/no-such-page`');
    for (const link of [
      'https://cat.example/)',
      'https://cat.example/sitemap.xml)',
      'https://cat.example/llms.txt)',
      'https://cat.example/api/products.json)',
    ]) {
      expect(md).toContain(`](${link}`);
    }
  });
  it('cannot be broken out of its code span and stays short for huge paths', () => {
    const md = notFoundMarkdown(`/a\`b${'x'.repeat(5000)}`, '');
    expect(md).toContain('/a%60b');
    expect(md.length).toBeLessThan(1500);
  });
  it('is the static fallback public/404.txt when no path is known', () => {
    expect(readFileSync(new URL('../../public/404.txt', import.meta.url), 'utf8')).toBe(notFoundMarkdown(null));
  });
});

describe('notFoundResponse', () => {
  it.each([
    ['markdown', 'text/markdown; charset=utf-8'],
    ['plain', 'text/plain; charset=utf-8'],
    ['html', 'text/plain; charset=utf-8'],
  ] as const)('%s → 404 %s', async (format, type) => {
    const res = notFoundResponse(new URL('http://x.test/nope'), format, 'GET');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('vary')).toBe('Accept');
    expect(await res.text()).toContain('`/nope`');
  });
  it('HEAD has the headers and no body', async () => {
    const res = notFoundResponse(new URL('http://x.test/nope'), 'markdown', 'HEAD');
    expect(res.headers.get('x-markdown-tokens')).toMatch(/^\d+$/);
    expect(await res.text()).toBe('');
  });
});

describe('buildHeadersFile', () => {
  it('writes the fixed rules, then one Link rule per page', () => {
    const file = buildHeadersFile([
      { path: '/', twin: '/index.md' },
      { path: '/products/x', twin: '/products/x.md' },
    ]);
    expect(
      file.startsWith(
        `# Generated at build by src/cdn/headers-file.ts from src/cdn/header-rules.ts.\n${fixedRulesText()}`,
      ),
    ).toBe(true);
    expect(
      file.endsWith(
        [
          '# Each page names its Markdown twin.',
          '/',
          '  Link: </index.md>; rel="alternate"; type="text/markdown"',
          '/products/x',
          '  Link: </products/x.md>; rel="alternate"; type="text/markdown"',
          '',
        ].join('\n'),
      ),
    ).toBe(true);
  });
  it('refuses paths and values that could break the file format', () => {
    expect(() => buildHeadersFile([{ path: '/a b', twin: '/a b.md' }])).toThrow(/Cannot write/);
    expect(() => buildHeadersFile([{ path: '/x', twin: '/x\n  Set-Cookie: a.md' }])).toThrow(/Cannot write/);
    expect(() => fixedRulesText([{ for: '/x\n/y', values: {} }])).toThrow(/Cannot write/);
    expect(() => fixedRulesText([{ for: '/x', values: { 'X-A': 'a\n  Set-Cookie: b' } }])).toThrow(/Cannot write/);
    expect(() => fixedRulesText([{ for: '/x', values: { 'X-A: b\n': 'a' } }])).toThrow(/Cannot write/);
  });
  it('stays under 160 bytes a page at 10,000 product pages (40-character slugs)', () => {
    const pages = Array.from({ length: 10_000 }, (_, i) => `/products/a-fairly-long-product-slug-number-${i}`).map(
      (path) => ({ path, twin: twinPath(path) }),
    );
    const fixed = Buffer.byteLength(fixedRulesText());
    const file = buildHeadersFile(pages);
    expect(file.split('\n').length).toBe(fixedRulesText().split('\n').length + 20_002);
    expect(Buffer.byteLength(file) - fixed).toBeLessThan(10_000 * 160);
  });
});

describe('the content signal of Markdown answers', () => {
  it('every Markdown answer states the Content-Signal robots.txt states: built per request and static', () => {
    const robots = /Content-Signal: (.+)/.exec(robotsTxt('https://x.test'))![1];
    expect(robots).toBe(CONTENT_SIGNAL_LINE);
    expect(markdownHeaders('# x', 'markdown').get('content-signal')).toBe(robots);
    expect(notFoundResponse(new URL('http://x.test/nope'), 'markdown', 'GET').headers.get('content-signal')).toBe(
      robots,
    );
    for (const path of ['/*.md', '/llms*'])
      expect(HEADER_RULES.find((r) => r.for === path)!.values['Content-Signal'], path).toBe(robots);
  });
});
