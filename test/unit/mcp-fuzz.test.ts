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

// Invalid tool arguments, however they are nested, are the caller's mistake: the JSON-RPC
// invalid-params error (-32602) or a tool result with isError, never -32603 "internal error".
describe('property: tool arguments never answer an internal error', () => {
  /** Every key a tool's input names, and keys that reach prototypes in careless code. */
  const keys = fc.constantFrom(
    ...new Set(TOOLS.flatMap((t) => Object.keys(t.input.shape))),
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'valueOf',
    '',
  );
  /** JSON as text, with what JSON.parse makes of it beyond plain values: 1e400 (Infinity), -0, lone surrogates. */
  const { value, object } = fc.letrec<{ value: string; object: string; array: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom('null', 'true', 'false', '0', '-0', '1e400', '-1e400', '1.5', '9007199254740993', '""'),
      fc.string({ unit: 'binary', maxLength: 12 }).map((s) => JSON.stringify(s)),
      fc.constantFrom('"\\ud800"', '"\\u0000"', '"\\u202e"', '"https://shop.example/x"', '"alpha-blocks"'),
      tie('object'),
      tie('array'),
    ),
    object: fc
      .array(fc.tuple(keys, tie('value')), { maxLength: 5 })
      .map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
    array: fc.array(tie('value'), { maxLength: 5 }).map((items) => `[${items.join(',')}]`),
  }));
  /** Very deep nesting (objects in arrays in objects), as text: the body limit allows ~100,000 levels. */
  const deep = fc
    .tuple(fc.integer({ min: 1, max: 50_000 }), fc.constantFrom('[', '{"a":', '[{"categories":'), keys)
    .map(([depth, open, key]) => {
      const close = open === '[' ? ']' : open === '{"a":' ? '}' : '}]';
      return `{${JSON.stringify(key)}:${open.repeat(depth)}1${close.repeat(depth)}}`;
    });
  /** Mostly a real tool with object arguments, so most calls reach the tool's own input check. */
  const params = fc.record({
    name: fc.oneof(
      { arbitrary: fc.constantFrom(...TOOLS.map((t) => t.name)).map((n) => JSON.stringify(n)), weight: 8 },
      { arbitrary: fc.constant('"nope"'), weight: 1 },
      { arbitrary: value, weight: 1 },
    ),
    arguments: fc.option(
      fc.oneof({ arbitrary: object, weight: 6 }, { arbitrary: deep, weight: 2 }, { arbitrary: value, weight: 2 }),
      { freq: 10, nil: undefined },
    ),
    // `_meta` and `task`: absent nine times in ten.
    _meta: fc.oneof({ arbitrary: fc.constant(undefined), weight: 9 }, { arbitrary: value, weight: 1 }),
    task: fc.oneof({ arbitrary: fc.constant(undefined), weight: 9 }, { arbitrary: value, weight: 1 }),
  });
  /** A tools/call message as text (every value above is JSON text already). */
  const body = params.map((p) => {
    const fields = Object.entries(p).flatMap(([k, v]) => (v === undefined ? [] : [`${JSON.stringify(k)}:${v}`]));
    return `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{${fields.join(',')}}}`;
  });

  it('holds for every tool over arbitrary nested arguments', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const res = await handler(
          new Request(URL_MCP, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${valid}` },
            body: text,
          }),
        );
        expect(res.status, text.slice(0, 300)).toBeLessThan(500);
        const raw = await res.text();
        const m = JSON.parse(raw) as { result?: { isError?: boolean }; error?: { code: number } };
        expect(m.error?.code, `${text.slice(0, 300)} → ${raw.slice(0, 300)}`).not.toBe(-32603);
        if (m.error) {
          expect([-32601, -32602], raw.slice(0, 300)).toContain(m.error.code);
          // A tools/call made a task is a method this server does not offer (-32601, as the spec says).
          if (m.error.code === -32601) expect(text).toMatch(/"task":\{/);
        }
      }),
      { numRuns: 1500 },
    );
  }, 180_000);
});
