// The OpenAPI document: the contract's operations, tags, security, and components that are the
// zod schemas' JSON Schema (so they accept exactly what the schemas accept).
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { catalogView } from '../../src/catalog/catalog.ts';
import { SLUG_PATTERN, Slug } from '../../src/catalog/schema.ts';
import { OPERATIONS } from '../../src/build/check-dist.ts';
import { catalogSnapshot } from '../../src/outputs/json.ts';
import { buildOpenApi, MCP_DESCRIPTION } from '../../src/outputs/openapi.ts';
import { TOOLS } from '../../src/server/mcp/tools/index.ts';
import { AT, SAMPLE } from '../support/products.ts';
import { notFoundBody } from '../../src/contract/api.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BASE = 'https://catalog.test';
const doc = buildOpenApi({ base: BASE }) as any;
const ops = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([p, item]) =>
  Object.entries(item).map(([method, op]) => ({ path: p, method, op })),
);

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1.0, version 1.0.0, served from the base URL', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.servers).toEqual([{ url: BASE, description: expect.any(String) }]);
    expect(doc.info.license.url).toMatch(/^https:/);
    expect(doc.info.contact.url).toBe(`${BASE}/about`);
  });

  it('has exactly the seven operations of the contract', () => {
    expect(ops.map((o) => [o.path, o.method, o.op.operationId]).sort()).toEqual(OPERATIONS.map((o) => [...o]).sort());
  });

  it.each(ops.map((o) => [o.op.operationId, o.op]))(
    '%s has a tag, summary, description and success response',
    (_id, op) => {
      expect(op.tags).toHaveLength(1);
      expect(['catalog', 'agents', 'meta', 'admin']).toContain(op.tags[0]);
      expect(op.summary).toBeTruthy();
      expect(op.description).toBeTruthy();
      expect(Object.keys(op.responses).some((s) => s.startsWith('2'))).toBe(true);
    },
  );

  it('describes every tag', () => {
    expect(doc.tags.map((t: any) => t.name)).toEqual(['catalog', 'agents', 'meta', 'admin']);
    for (const t of doc.tags) expect(t.description).toBeTruthy();
  });

  it('requires adminOAuth on POST /api/mcp only', () => {
    expect(doc.security).toEqual([]);
    for (const { op } of ops) {
      if (op.operationId === 'postMcp') expect(op.security).toEqual([{ adminOAuth: [] }]);
      else expect(op.security ?? []).toEqual([]);
    }
    const flow = doc.components.securitySchemes.adminOAuth;
    expect(flow.type).toBe('oauth2');
    expect(flow.flows.authorizationCode).toEqual({
      authorizationUrl: `${BASE}/api/auth/authorize`,
      tokenUrl: `${BASE}/api/auth/token`,
      scopes: {},
    });
  });

  it('documents the error responses with ApiError bodies', () => {
    const byId = Object.fromEntries(ops.map((o) => [o.op.operationId, o.op]));
    const ref = (op: any, s: string) => op.responses[s].content['application/json'].schema.$ref;
    expect(ref(byId.getProductBySlug, '404')).toBe('#/components/schemas/ApiError');
    for (const s of ['401', '405', '429']) expect(ref(byId.postMcp, s)).toBe('#/components/schemas/ApiError');
    expect(byId.postMcp.responses['405'].description).toMatch(/GET/);
    expect(byId.getProductBySlug.responses['404'].content['application/json'].example).toEqual(notFoundBody(BASE));
  });

  it('declares the slug parameter from the schema (1–200, slug pattern)', () => {
    const [param] = doc.paths['/api/products/{slug}'].get.parameters;
    expect(param).toMatchObject({ name: 'slug', in: 'path', required: true });
    expect(param.schema).toEqual({ type: 'string', minLength: 1, maxLength: 200, pattern: SLUG_PATTERN.source });
    // The pattern says what the validator enforces, at least one letter (a client reading only the
    // OpenAPI document refuses the same slugs the schema does).
    const pattern = new RegExp(param.schema.pattern as string);
    for (const [slug, ok] of [
      ['2024', false],
      ['12-34', false],
      ['a', true],
      ['lego-2024', true],
      ['2024-set', true],
      ['-a', false],
    ] as const) {
      expect(pattern.test(slug), slug).toBe(ok);
      expect(Slug.safeParse(slug).success, slug).toBe(ok);
    }
  });

  it('has Product with 13 required fields, no extras, nullable fields as type arrays', () => {
    const p = doc.components.schemas.Product;
    expect(p.required).toHaveLength(13);
    expect(p.additionalProperties).toBe(false);
    expect(p.properties.description.type).toEqual(['string', 'null']);
    expect(p.properties.price.type).toEqual(['integer', 'null']);
    expect(p.properties.pickedBy).toMatchObject({ type: ['string', 'null'], enum: ['maya', 'theo', null] });
    expect(JSON.stringify(doc)).not.toContain('anyOf');
    expect(JSON.stringify(doc)).not.toContain('$schema');
  });

  it('has HealthStatus with status enum ["ok"] and ApiError with an optional hint', () => {
    expect(doc.components.schemas.HealthStatus.properties.status.enum).toEqual(['ok']);
    expect(doc.components.schemas.ApiError.properties.error.required).toEqual(['code', 'message']);
    expect(doc.components.schemas.CatalogSnapshot.properties.products.items).toEqual({
      $ref: '#/components/schemas/Product',
    });
  });

  it('states the decisions in the description', () => {
    for (const word of [
      'minor units',
      'ordered by `slug`',
      'at most one hour',
      'Published only',
      'Authorization',
      'text/markdown',
      'not_found',
    ])
      expect(doc.info.description).toContain(word);
  });

  it('takes an extra MCP description', () => {
    const d = buildOpenApi({
      base: BASE,
      mcpTools: [{ name: 'list_products', summary: 'Lists them.', annotations: { readOnlyHint: true } }],
    }) as any;
    const description: string = d.paths['/api/mcp'].post.description;
    expect(description.startsWith(`${MCP_DESCRIPTION}\n\nAdmin-only Model Context Protocol endpoint`)).toBe(true);
    expect(description.endsWith('\n- `list_products` (read-only): Lists them.')).toBe(true);
  });

  it('says of the admin tools only what was written for the contract: each one’s summary, never its description', () => {
    const withTools = (tools: typeof TOOLS) => JSON.stringify(buildOpenApi({ base: BASE, mcpTools: tools }));
    const reworded = TOOLS.map((t) => ({ ...t, description: `${t.description} Reworded for clients.` }));
    expect(withTools(reworded)).toBe(withTools(TOOLS));
    for (const t of TOOLS) expect(withTools(TOOLS)).toContain(JSON.stringify(t.summary).slice(1, -1));
  });

  it('component schemas accept real responses and reject wrong ones (ajv, draft 2020-12)', () => {
    const ajv = new Ajv2020({ strict: false });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    ajv.addSchema({ $id: 'https://x.test/openapi.json', components: doc.components });
    const v = (name: string) => ajv.getSchema(`https://x.test/openapi.json#/components/schemas/${name}`)!;
    const snap = catalogSnapshot(catalogView(SAMPLE, AT), BASE);
    expect(v('CatalogSnapshot')(snap)).toBe(true);
    expect(v('Product')(snap.products[1])).toBe(true);
    expect(v('Product')({ ...snap.products[1], extra: 1 })).toBe(false);
    expect(v('Product')({ ...snap.products[1], pickedBy: 'someone' })).toBe(false);
    const { price: _p, ...missing } = snap.products[1]!;
    expect(v('Product')(missing)).toBe(false);
    expect(v('ApiError')(notFoundBody(BASE))).toBe(true);
    expect(v('ApiError')({ error: { code: 'x' } })).toBe(false);
    expect(v('HealthStatus')({ status: 'ok' })).toBe(true);
    expect(v('HealthStatus')({ status: 'down' })).toBe(false);
  });
});

describe('the admin endpoint in the contract', () => {
  // The reviewed copy of what openapi.json says about POST /api/mcp, as the build writes it (the
  // tools' summaries included), in YAML so that each line of its description is a line of the diff. A difference is a change of the public contract: review it, then
  // update the copy with `npx vitest run test/unit/openapi.test.ts -u`.
  const REVIEWED = path.join(ROOT, 'test/contract/openapi-api-mcp.yaml');

  it('is the reviewed text (any change to it shows here as a diff)', async () => {
    expect(existsSync(REVIEWED), `${REVIEWED} is missing: it is the reviewed copy, restore it from git`).toBe(true);
    const built = buildOpenApi({ base: BASE, mcpTools: TOOLS }) as any;
    await expect(
      stringify(built.paths['/api/mcp'], { lineWidth: 0 }),
      'What openapi.json says about POST /api/mcp changed: this is the public contract. Review the diff; when the change is meant, update test/contract/openapi-api-mcp.yaml with `npx vitest run test/unit/openapi.test.ts -u` and say so in the commit.',
    ).toMatchFileSnapshot(REVIEWED);
  });
});
