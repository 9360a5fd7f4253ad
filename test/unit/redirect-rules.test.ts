// netlify.toml's redirect rules as Netlify's own matcher reads them: @netlify/redirect-parser, then
// libredirect (Netlify's rules engine, built to WebAssembly as netlify-redirector), both as the
// installed netlify-cli uses them. It matches a path whose escapes decode to no text like any
// other path that names no file: the 404 rules. (netlify-cli's own wrapper decodes the path with
// decodeURIComponent first, which throws: the local stack works around that; docs/cdn.md,
// "Malformed paths".)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const fromCli = createRequire(path.join(ROOT, 'node_modules/netlify-cli/package.json'));
const redirector = fromCli('netlify-redirector');
const { parseAllRedirects } = await import(fromCli.resolve('@netlify/redirect-parser'));

const config = parseToml(readFileSync(path.join(ROOT, 'netlify.toml'), 'utf8')) as { redirects: unknown[] };
const { redirects, errors } = await parseAllRedirects({
  redirectsFiles: [],
  configRedirects: config.redirects,
  minimal: false,
});
// The matcher's own names for the parser's fields, as netlify-cli maps them (utils/redirects.js).
const rules = (redirects as { from: string; query: unknown; conditions: object }[]).map(({ from, query, ...rule }) => ({
  ...rule,
  origin: from,
  params: query,
}));
const matcher = await redirector.parseJSON(JSON.stringify(rules), {});

/** The rule Netlify's matcher picks for a GET of `path` (as the request line spells it). */
function match(path: string): { to: string; status: number; force: boolean } | null {
  const request = {
    scheme: 'https',
    host: 'catalog.example',
    path,
    query: '',
    headers: {},
    cookieValues: {},
    getHeader: () => '',
    getCookie: () => '',
  };
  const found = matcher.match(request);
  return found && { to: found.to, status: found.status, force: found.force };
}

it('netlify.toml has no rule the parser refuses', () => {
  expect(errors).toEqual([]);
});

describe.each([
  ['/products/%ff', '/404.txt'],
  ['/products/%', '/404.txt'],
  ['/products/%e0%a4', '/404.txt'],
  ['/products/%00', '/404.txt'],
  ['/products/%ff.md', '/404.txt'],
  ['/api/products/%ff', '/api/not-found.json'],
  ['/api/products/%e0%a4', '/api/not-found.json'],
])('GET %s', (path, to) => {
  it(`falls to the 404 rule (${to}), unforced: a file of that name would win`, () => {
    expect(match(path)).toEqual({ to, status: 404, force: false });
  });
});

it('a well-formed path it knows goes where the rule says (the matcher is the real one)', () => {
  expect(match('/browse')).toEqual({ to: '/products', status: 302, force: false });
});
