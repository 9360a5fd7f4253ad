// Property run over request bodies and headers against the in-process handler: never a 5xx, and
// every error in its documented shape (ApiError for HTTP-level faults, JSON-RPC errors otherwise).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStore } from '../../src/server/store/memory.ts';
import { TOOLS } from '../../src/server/mcp/tools/index.ts';
import { URL_MCP, fixtureDir, makeHandler, token } from '../support/mcp.ts';
import { ApiError } from '../../src/contract/api.ts';

const fx = fixtureDir();
afterAll(() => fx.cleanup());
let valid = '';
beforeAll(async () => {
  valid = await token();
});

const handler = makeHandler(fx.root, {
  limiter: memoryStore().limiter({ name: 'fuzz', points: 1_000_000, durationSeconds: 60 }),
  // No network: host names resolve to nothing, and nothing is fetched.
  links: { lookup: async () => [], timeoutMs: 200 },
  fetch: async () => {
    throw new Error('no network in tests');
  },
});

const JsonRpcError = (v: unknown) => {
  const m = v as { jsonrpc?: unknown; error?: { code?: unknown; message?: unknown } };
  return m.jsonrpc === '2.0' && Number.isInteger(m.error?.code) && typeof m.error?.message === 'string';
};

const toolNames = [...TOOLS.map((t) => t.name), 'nope'];
const methods = fc.constantFrom(
  'initialize',
  'tools/list',
  'tools/call',
  'ping',
  'notifications/initialized',
  'resources/list',
  'prompts/get',
  'completion/complete',
);
const args = fc.oneof(
  fc.dictionary(
    fc.constantFrom(
      'query',
      'slug',
      'slugs',
      'urls',
      'limit',
      'offset',
      'status',
      'text',
      'name',
      'kinds',
      'age',
      'categories',
    ),
    fc.jsonValue({ maxDepth: 2 }),
  ),
  fc.jsonValue({ maxDepth: 2 }),
);
const message = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue({ maxDepth: 0 })),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null)),
    method: fc.oneof(methods, fc.string({ maxLength: 20 })),
    params: fc.oneof(
      fc.record({ name: fc.constantFrom(...toolNames), arguments: args }),
      fc.record({
        protocolVersion: fc.constantFrom('2025-06-18', '2025-03-26', 'x'),
        capabilities: fc.constant({}),
        clientInfo: fc.constant({ name: 'fuzz', version: '1' }),
      }),
      fc.jsonValue({ maxDepth: 2 }),
    ),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  message.map((m) => JSON.stringify(m)),
  fc.array(message, { maxLength: 3 }).map((m) => JSON.stringify(m)),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b).toString('latin1')),
);
const headers = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'APPLICATION/JSON',
      'multipart/form-data',
      '',
    ),
    accept: fc.constantFrom(
      'application/json, text/event-stream',
      'application/json',
      'text/event-stream',
      '*/*',
      'text/html',
    ),
    authorization: fc.constantFrom('valid', 'none', 'Bearer garbage', 'Basic abc', 'Bearer '),
    'mcp-protocol-version': fc.constantFrom('2025-06-18', '2025-03-26', '1900-01-01', 'junk'),
    'mcp-session-id': fc.string({ maxLength: 10 }).filter((s) => /^[\x21-\x7e]*$/.test(s)),
  },
  { requiredKeys: ['content-type', 'authorization'] },
);

describe('property: no 5xx, documented error shapes', () => {
  it('holds over a few thousand requests', async () => {
    await fc.assert(
      fc.asyncProperty(body, headers, async (text, h) => {
        const { authorization, ...rest } = h;
        const hdrs: Record<string, string> = { ...rest } as Record<string, string>;
        if (authorization === 'valid') hdrs.authorization = `Bearer ${valid}`;
        else if (authorization !== 'none') hdrs.authorization = authorization;
        const res = await handler(new Request(URL_MCP, { method: 'POST', headers: hdrs, body: text }));
        expect(res.status).toBeLessThan(500);
        expect(res.headers.get('access-control-allow-origin')).toBe('*');
        const raw = await res.text();
        if (res.status === 202) {
          expect(raw).toBe('');
        } else if ([401, 405, 413, 415, 429, 503].includes(res.status)) {
          ApiError.parse(JSON.parse(raw));
        } else if (res.status === 400) {
          expect(JsonRpcError(JSON.parse(raw)), raw).toBe(true);
        } else {
          expect(res.status).toBe(200);
          const m = JSON.parse(raw) as { jsonrpc: string; result?: unknown; error?: unknown };
          expect(m.jsonrpc).toBe('2.0');
          expect(m.result !== undefined || JsonRpcError(m), raw).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  }, 120_000);
});
