// The guard in front of /api/products/*: one slug-shaped segment passes to the static files, every
// other path gets the JSON 404 with the same body as the static /api/not-found.json.
import { describe, expect, it } from 'vitest';
import productJson from '../../netlify/edge-functions/product-json.ts';
import { mayServeProductPath } from '../../src/cdn/product-json.ts';
import { notFoundBody, ApiError } from '../../src/contract/api.ts';

describe.each([
  ['/api/products/wooden-rainbow-stacker', true],
  ['/api/products/a', true],
  [`/api/products/${'a'.repeat(200)}`, true],
  ['/api/products.json', true],
  [`/api/products/${'a'.repeat(201)}`, false],
  ['/api/products/x%2F..%2F..%2Fproducts.json', false],
  ['/api/products/x%2f..%2fproducts.json', false],
  ['/api/products/%2e%2e%2fproducts.json', false],
  ['/api/products/x%2E%2E', false],
  ['/api/products/..%2Fnot-found.json', false],
  ['/api/products/x/y', false],
  ['/api/products/', false],
  ['/api/products/Wooden-Stacker', false],
  ['/api/products/wooden--stacker', false],
  ['/api/products/wooden-stacker.json', false],
  ['/api/products/%77ooden-stacker', false],
  ['/api/products/x%00', false],
  // Escapes that decode to no text (docs/cdn.md, "Malformed paths"): refused, never thrown on.
  ['/api/products/%ff', false],
  ['/api/products/%', false],
  ['/api/products/%e0%a4', false],
  ['/api/products/kit%ff', false],
  ['/api/products/%c0%af', false],
])('%s', (path, passes) => {
  it(passes ? 'passes to the static files' : 'is the JSON 404', async () => {
    expect(mayServeProductPath(path)).toBe(passes);
    const res = productJson(new Request(`https://catalog.test${path}`));
    if (passes) {
      expect(res).toBeUndefined();
      return;
    }
    expect(res!.status).toBe(404);
    expect(res!.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res!.headers.get('access-control-allow-origin')).toBe('*');
    expect(ApiError.parse(await res!.json())).toEqual(notFoundBody('https://catalog.test'));
  });
});

it('HEAD gets the status and headers without a body', async () => {
  const res = productJson(new Request('https://catalog.test/api/products/x%2Fy', { method: 'HEAD' }))!;
  expect(res.status).toBe(404);
  expect(await res.text()).toBe('');
});

it('a whole dot segment is resolved by URL parsing before any server sees it, leaving /api/products/', () => {
  // `%2e%2e` as a complete segment is a dot segment (WHATWG URL): clients and Netlify resolve it, so
  // the request is for the resolved path, which gets its own answer (here: the catalog itself).
  expect(new URL('https://catalog.test/api/products/%2e%2e/products.json').pathname).toBe('/api/products.json');
  expect(new URL('https://catalog.test/api/products/x%2F..%2Fy').pathname).toBe('/api/products/x%2F..%2Fy');
});
