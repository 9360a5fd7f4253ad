// Every request under /api/products/ that is not a published product's path gets the JSON 404
// ApiError over HTTP, sent byte for byte as written (node:http does not resolve or re-encode paths).
import { request } from 'node:http';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiError, CatalogSnapshot } from '../../src/contract/api.ts';

const base = inject('baseUrl');

function rawGet(path: string, method = 'GET'): Promise<{ status: number; type: string; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers: { accept: 'application/json' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

let slug = '';
beforeAll(async () => {
  slug = CatalogSnapshot.parse(await (await fetch(`${base}/api/products.json`)).json()).products[0]!.slug;
});

describe.each([
  ['an encoded slash climbing to the catalog', () => `/api/products/${slug}%2F..%2F..%2Fproducts.json`],
  ['an encoded slash, lower case', () => `/api/products/${slug}%2f..%2fproducts.json`],
  ['encoded dots and slash', () => '/api/products/%2e%2e%2fproducts.json'],
  ['a second segment', () => `/api/products/${slug}/extra`],
  ['an over-long slug', () => `/api/products/${'a'.repeat(201)}`],
  ['an upper-case slug', () => `/api/products/${slug.toUpperCase()}`],
  ['a slug with an extension', () => `/api/products/${slug}.json`],
  ['an unknown slug', () => '/api/products/no-such-product-anywhere'],
  ['a NUL byte', () => `/api/products/${slug}%00`],
])('%s', (_name, path) => {
  it.each(['GET', 'HEAD'])('%s is the JSON 404 ApiError', async (method) => {
    const res = await rawGet(path(), method);
    expect(res.status).toBe(404);
    expect(res.type).toMatch(/^application\/json/);
    if (method === 'GET') expect(ApiError.parse(JSON.parse(res.body)).error.code).toBe('not_found');
  });
});

it('the published product itself still answers 200 with its JSON', async () => {
  const res = await rawGet(`/api/products/${slug}`);
  expect(res.status).toBe(200);
  expect(JSON.parse(res.body).slug).toBe(slug);
});
