// One list of ApiError codes (API_ERRORS in src/contract/api.ts): every code the code sends is in
// it and every code in it is sent; the OpenAPI enum, its examples and the reference's table agree
// with it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiErrorTable } from '../../src/outputs/api-errors.ts';
import { buildOpenApi } from '../../src/outputs/openapi.ts';
import { MAX_BODY_BYTES } from '../../src/server/mcp/http.ts';
import { REQUEST_LIMIT } from '../../src/contract/limits.ts';
import { API_ERRORS, ApiErrorCode, notFoundBody } from '../../src/contract/api.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const codes = [...ApiErrorCode.options].sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && /\.(m?ts|astro)$/.test(d.name))
    .map((d) => path.join(d.parentPath, d.name));
}

describe('the codes the code sends', () => {
  // Every ApiError answer goes through apiError(code, …) or is the static not-found body.
  const sent = new Set<string>([notFoundBody('https://x.example').error.code]);
  for (const file of [...sourceFiles('src'), ...sourceFiles('netlify')]) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\bapiError\(\s*'([a-z_]+)'/g)) sent.add(m[1]!);
  }

  it('are exactly the enum: none missing from it, none in it that nothing sends', () => {
    expect([...sent].sort()).toEqual(codes);
  });
});

describe('the OpenAPI document', () => {
  const doc = buildOpenApi({ base: 'https://catalog.test' }) as {
    components: { schemas: Record<string, { properties: Record<string, { properties: Record<string, unknown> }> }> };
    paths: Record<string, Record<string, { responses: Record<string, Record<string, unknown>> }>>;
  };

  it('puts the enum on error.code', () => {
    expect(doc.components.schemas.ApiError!.properties.error!.properties.code).toMatchObject({
      type: 'string',
      enum: ApiErrorCode.options,
    });
  });

  it('gives every ApiError response an example whose code belongs to that status', () => {
    const seen: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const [status, res] of Object.entries(op.responses)) {
          const media = (
            res.content as
              | Record<
                  string,
                  { schema: { $ref?: string }; example?: unknown; examples?: Record<string, { value: unknown }> }
                >
              | undefined
          )?.['application/json'];
          if (media?.schema.$ref !== '#/components/schemas/ApiError') continue;
          // One example, or several when codes share a status (503: not_configured, unavailable).
          const bodies = media.examples ? Object.values(media.examples).map((e) => e.value) : [media.example];
          for (const body of bodies) {
            const code = (body as { error: { code: ApiErrorCode } }).error.code;
            expect(String(API_ERRORS[code].status), `${method} ${p} ${status}`).toBe(status);
            seen.push(code);
          }
        }
      }
    }
    expect(new Set(seen)).toEqual(new Set(codes));
  });
});

describe('the texts', () => {
  it('state the limits the endpoint enforces', () => {
    expect(API_ERRORS.payload_too_large.when).toContain(`${MAX_BODY_BYTES / 1_000_000} MB`);
    expect(API_ERRORS.rate_limited.when).toContain(`${REQUEST_LIMIT.points} requests in any minute`);
    expect(REQUEST_LIMIT.durationSeconds).toBe(60);
  });

  it('the reference’s table is the generated one', () => {
    const reference = readFileSync(path.join(ROOT, 'docs/reference.md'), 'utf8');
    const section = /<!-- section:api-errors -->\n([\s\S]*?)\n<!-- \/section:api-errors -->/.exec(reference)?.[1];
    expect(
      section,
      'docs/reference.md: run `npm run docs:sections` (apiErrorTable() from src/outputs/api-errors.ts)',
    ).toBe(apiErrorTable());
  });
});
