// Every branch of POST /api/mcp in order: method, configuration, auth, rate limit, body, MCP; and
// every status these tests saw is one the OpenAPI document describes.
import { afterAll, describe, expect, it } from 'vitest';
import { readSettings } from '../../src/config/env.ts';
import { tokenSettings } from '../../src/server/auth/settings.ts';
import { buildOpenApi } from '../../src/outputs/openapi.ts';
import { createMcpHandler } from '../../src/server/mcp/handler.ts';
import { mcpDeps } from '../../src/server/mcp/deps.ts';
import { memoryStore } from '../../src/server/store/memory.ts';
import { NO_STORE } from '../../src/server/store/choose.ts';
import {
  ADA,
  ENV,
  URL_MCP,
  fixtureDir,
  makeHandler as fixtureHandler,
  post,
  rpc,
  settings,
  token,
} from '../support/mcp.ts';
import { ApiError } from '../../src/contract/api.ts';

const fx = fixtureDir();
afterAll(() => fx.cleanup());

/** Every status answered below to a request other than the CORS preflight (checked at the end). */
const statuses = new Set<number>();
const recording =
  (h: (r: Request) => Promise<Response>) =>
  async (req: Request): Promise<Response> => {
    const res = await h(req);
    if (req.method !== 'OPTIONS') statuses.add(res.status);
    return res;
  };
const makeHandler = (...args: Parameters<typeof fixtureHandler>) => recording(fixtureHandler(...args));
const handler = makeHandler(fx.root);

async function expectApiError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  expect(res.headers.get('cache-control')).toBe('no-store');
  const body = ApiError.parse(await res.json());
  expect(body.error.code).toBe(code);
  return body;
}

async function expectJsonRpcError(res: Response, code: number) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { jsonrpc: string; id: unknown; error: { code: number; message: string } };
  expect(body.jsonrpc).toBe('2.0');
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  return body;
}

describe('method', () => {
  it.each(['GET', 'PUT', 'DELETE', 'PATCH', 'HEAD'])('%s → 405 ApiError with Allow', async (method) => {
    const res = await handler(new Request(URL_MCP, { method }));
    expect(res.headers.get('allow')).toBe('POST, OPTIONS');
    if (method === 'HEAD') expect(res.status).toBe(405);
    else await expectApiError(res, 405, 'method_not_allowed');
  });

  it('OPTIONS answers the CORS preflight for browser MCP clients', async () => {
    const res = await handler(
      new Request(URL_MCP, {
        method: 'OPTIONS',
        headers: { origin: 'https://inspector.example', 'access-control-request-method': 'POST' },
      }),
    );
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const h of ['authorization', 'content-type', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id'])
      expect(allowed).toContain(h);
  });

  it('the method check comes before auth (GET without a token is still 405)', async () => {
    const res = await handler(new Request(URL_MCP, { method: 'GET', headers: { accept: 'text/event-stream' } }));
    await expectApiError(res, 405, 'method_not_allowed');
  });
});

describe('configuration', () => {
  it('missing AUTH_SECRET and ADMIN_EMAILS → 503 not_configured naming them', async () => {
    const h = makeHandler(fx.root, { tokenSettings: () => tokenSettings(readSettings({})) });
    const body = await expectApiError(await h(post(rpc('tools/list'), 'x')), 503, 'not_configured');
    expect(body.error.message).toContain('AUTH_SECRET');
    expect(body.error.message).toContain('ADMIN_EMAILS');
  });
});

describe('shared store', () => {
  it('no shared store → 503 not_configured naming it, before any token is looked at', async () => {
    const h = makeHandler(fx.root, { storeMissing: () => NO_STORE });
    const body = await expectApiError(await h(post(rpc('tools/list'), await token())), 503, 'not_configured');
    expect(body.error.message).toContain('a shared store');
    expect(body.error.message).toContain('REDIS_URL');
  });
  it('the production wiring refuses to run without Netlify Blobs or REDIS_URL (never per-instance memory)', async () => {
    const h = recording(createMcpHandler({ ...mcpDeps(readSettings({ ...ENV })), log: () => {} }));
    const body = await expectApiError(await h(post(rpc('tools/list'), await token())), 503, 'not_configured');
    expect(body.error.message).toContain('Netlify Blobs');
  });
});

describe('auth', () => {
  const metadata = `resource_metadata="${ENV.SITE_URL}/.well-known/oauth-protected-resource/api/mcp"`;

  it('no token → 401 with a challenge without error=', async () => {
    const res = await handler(post(rpc('tools/list'), null));
    await expectApiError(res, 401, 'unauthorized');
    const challenge = res.headers.get('www-authenticate')!;
    expect(challenge).toBe(`Bearer ${metadata}`);
    expect(res.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
  });

  it('another scheme → 401 like a missing token', async () => {
    const res = await handler(post(rpc('tools/list'), null, { authorization: 'Basic YWRhOnB3' }));
    await expectApiError(res, 401, 'unauthorized');
    expect(res.headers.get('www-authenticate')).toBe(`Bearer ${metadata}`);
  });

  const cases: [string, () => Promise<string>, RegExp][] = [
    ['garbage', async () => 'not.a.jwt', /invalid/],
    [
      'wrong audience',
      async () => token(ADA, { ...settings(), audience: 'http://catalog.test/api/other' }),
      /CLAIM_VALIDATION/,
    ],
    ['wrong issuer', async () => token(ADA, { ...settings(), issuer: 'http://evil.test' }), /CLAIM_VALIDATION/],
    ['expired', async () => token(ADA, { ...settings(), now: () => Date.now() - 7200_000 }, 60), /expired/],
    ['non-admin', async () => token({ sub: 'x|eve', email: 'eve@example.test' }), /allowlist/],
    ['other key', async () => token(ADA, { ...settings(), key: new Uint8Array(32).fill(7) }), /invalid/],
  ];
  it.each(cases)('%s token → 401 invalid_token', async (_name, make, reason) => {
    const res = await handler(post(rpc('tools/list'), await make()));
    const body = await expectApiError(res, 401, 'unauthorized');
    expect(body.error.message).toMatch(reason);
    const challenge = res.headers.get('www-authenticate')!;
    expect(challenge).toMatch(/^Bearer error="invalid_token", error_description="[^"]+", /);
    expect(challenge).toContain(metadata);
  });

  it('a valid admin token passes', async () => {
    const res = await handler(post(rpc('tools/list'), await token()));
    expect(res.status).toBe(200);
  });
});

describe('rate limit', () => {
  it('60 requests per minute pass, the 61st is 429 with Retry-After and RateLimit headers; admins are counted apart', async () => {
    const h = makeHandler(fx.root, {
      limiter: memoryStore().limiter({ name: 'handler-test', points: 60, durationSeconds: 60 }),
    });
    const tok = await token();
    for (let i = 0; i < 60; i++) {
      const res = await h(post(rpc('ping'), tok));
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-remaining')).toBe(String(59 - i));
    }
    const res = await h(post(rpc('ping'), tok));
    await expectApiError(res, 429, 'rate_limited');
    const retry = Number(res.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    // Counted in quarter-minute steps: the burst leaves the count at most 75 s after it began.
    expect(retry).toBeLessThanOrEqual(75);
    expect(res.headers.get('ratelimit-limit')).toBe('60');
    expect(res.headers.get('ratelimit-remaining')).toBe('0');
    expect(res.headers.get('ratelimit-policy')).toBe('60;w=60');
    expect(res.headers.get('access-control-expose-headers')).toContain('Retry-After');
    const grace = await token({ sub: 'test|grace', email: 'grace@example.test' });
    expect((await h(post(rpc('ping'), grace))).status).toBe(200);
  });

  it('bad bodies count too (every authenticated POST)', async () => {
    const h = makeHandler(fx.root, {
      limiter: memoryStore().limiter({ name: 'bad-bodies', points: 2, durationSeconds: 60 }),
    });
    const tok = await token();
    expect((await h(post('{', tok))).status).toBe(400);
    expect((await h(post('{', tok))).status).toBe(400);
    expect((await h(post('{', tok))).status).toBe(429);
  });

  it('a limiter store failure fails closed (429), never open, never 5xx', async () => {
    const failing = {
      points: 60,
      durationSeconds: 60,
      scope: 'shared' as const,
      consume: async () => ({ allowed: false, limit: 60, remaining: 0, resetSeconds: 1, retryAfterSeconds: 1 }),
    };
    const h = makeHandler(fx.root, { limiter: failing });
    await expectApiError(await h(post(rpc('ping'), await token())), 429, 'rate_limited');
  });
});

describe('body', () => {
  it.each([['text/plain'], ['application/x-www-form-urlencoded'], ['application/jsonx'], ['']])(
    'content type "%s" → 415 ApiError',
    async (ct) => {
      const req = new Request(URL_MCP, {
        method: 'POST',
        headers: { authorization: `Bearer ${await token()}`, 'content-type': ct },
        body: JSON.stringify(rpc('ping')),
      });
      await expectApiError(await handler(req), 415, 'unsupported_media_type');
    },
  );

  it('application/json with a charset is accepted', async () => {
    expect(
      (await handler(post(rpc('ping'), await token(), { 'content-type': 'application/json; charset=utf-8' }))).status,
    ).toBe(200);
  });

  it('a 2 MB body → 413 ApiError', async () => {
    const big = JSON.stringify({ ...rpc('ping'), params: { pad: 'x'.repeat(2_000_000) } });
    await expectApiError(await handler(post(big, await token())), 413, 'payload_too_large');
  });

  it('a lying Content-Length does not let a big body through (the cap counts bytes read)', async () => {
    const big = 'x'.repeat(1_500_000);
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const req = new Request(URL_MCP, {
      method: 'POST',
      headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json', 'content-length': '10' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await expectApiError(await handler(req), 413, 'payload_too_large');
  });

  it.each([['{'], ['not json'], [''], ['{"jsonrpc":"2.0",']])(
    'invalid JSON %j → JSON-RPC -32700 at HTTP 400',
    async (text) => {
      const body = await expectJsonRpcError(await handler(post(text, await token())), -32700);
      expect(body.id).toBeNull();
    },
  );

  it('invalid UTF-8 → JSON-RPC -32700', async () => {
    const req = new Request(URL_MCP, {
      method: 'POST',
      headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' },
      body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
    });
    await expectJsonRpcError(await handler(req), -32700);
  });

  it('a JSON-RPC batch → -32600 (one message per request)', async () => {
    const body = await expectJsonRpcError(await handler(post([rpc('ping'), rpc('tools/list')], await token())), -32600);
    expect(body.error.message).toMatch(/batch/i);
  });

  it.each([
    [42],
    [null],
    [{ hello: 'world' }],
    [{ jsonrpc: '1.0', id: 1, method: 'ping' }],
    [{ jsonrpc: '2.0', id: 7, method: 3 }],
  ])('%j is not a JSON-RPC message → -32600', async (msg) => {
    await expectJsonRpcError(await handler(post(msg, await token())), -32600);
  });

  it('echoes the id of an invalid request when it can be read', async () => {
    const body = await expectJsonRpcError(
      await handler(post({ jsonrpc: '2.0', id: 'abc', method: { no: 1 } }, await token())),
      -32600,
    );
    expect(body.id).toBe('abc');
  });
});

describe('MCP', () => {
  it('initialize works statelessly: no session id, JSON response', async () => {
    const res = await handler(
      post(
        rpc('initialize', {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'test', version: '1' },
        }),
        await token(),
      ),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    const json = (await res.json()) as { result: { serverInfo: { name: string }; capabilities: { tools?: unknown } } };
    expect(json.result.serverInfo.name).toBe('catalog-admin');
    expect(json.result.capabilities.tools).toBeDefined();
  });

  it('Accept without text/event-stream is served anyway (lenient: we always answer JSON)', async () => {
    for (const accept of ['application/json', '*/*', '']) {
      const res = await handler(post(rpc('tools/list'), await token(), { accept }));
      expect(res.status).toBe(200);
    }
  });

  it('a notification gets 202 with no body', async () => {
    const res = await handler(post({ jsonrpc: '2.0', method: 'notifications/initialized' }, await token()));
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
  });

  it('an unknown method → JSON-RPC -32601 inside a 200', async () => {
    const res = await handler(post(rpc('nope/nothing'), await token()));
    expect(res.status).toBe(200);
    const json = (await res.json()) as { error: { code: number } };
    expect(json.error.code).toBe(-32601);
  });

  it('an unknown tool and invalid arguments → tool results with isError', async () => {
    const tok = await token();
    for (const params of [
      { name: 'no_such_tool', arguments: {} },
      { name: 'search_products', arguments: { limit: 'lots' } },
      { name: 'get_product', arguments: { slug: 'Not A Slug' } },
      { name: 'catalog_stats', arguments: { extra: 1 } },
    ]) {
      const res = await handler(post(rpc('tools/call', params), tok));
      expect(res.status).toBe(200);
      const json = (await res.json()) as { result: { isError: boolean; content: { text: string }[] } };
      expect(json.result.isError).toBe(true);
      expect(json.result.content[0]!.text).toMatch(/not found|validation/i);
    }
  });

  /** A JSON-RPC error inside a 200, as the server answers a request it refuses. */
  async function refused(body: unknown, code: number) {
    const res = await handler(post(body, await token()));
    expect(res.status).toBe(200);
    const json = (await res.json()) as { id: unknown; error: { code: number; message: string } };
    expect(json.error.code, json.error.message).toBe(code);
    return json;
  }

  it.each([
    ['arguments that are a number', { name: 'search_products', arguments: 5 }, /params\.arguments: .*expected record/],
    ['arguments that are a list', { name: 'search_products', arguments: [{ query: 'x' }] }, /params\.arguments/],
    ['arguments that are null', { name: 'draft_product', arguments: null }, /params\.arguments/],
    ['a name that is no string', { name: { deep: [{ x: 1 }] }, arguments: {} }, /params\.name: .*expected string/],
    ['_meta that is no object', { name: 'search_products', arguments: {}, _meta: [1] }, /params\._meta/],
    ['a task that is no object', { name: 'search_products', arguments: {}, task: 'soon' }, /params\.task/],
    ['params that are a list', [1, 2], /params/],
    ['no params', undefined, /params/],
  ])('tools/call with %s → -32602 naming where, never -32603', async (_, params, where) => {
    const json = await refused(rpc('tools/call', params), -32602);
    expect(json.error.message).toMatch(/^Invalid params for tools\/call: /);
    expect(json.error.message).toMatch(where);
    expect(json.id).toEqual(expect.any(Number));
  });

  it('other requests with params of the wrong shape → -32602 as well', async () => {
    const json = await refused(rpc('initialize', { protocolVersion: 2025, capabilities: 'all' }), -32602);
    expect(json.error.message).toMatch(/^Invalid params for initialize: params\.protocolVersion: /);
    await refused(rpc('tools/list', { cursor: { page: 2 } }), -32602);
    await refused(rpc('ping', { _meta: 'now' }), -32602);
  });

  it('a tool call made a task → -32601: this server runs no request as a task', async () => {
    const json = await refused(
      rpc('tools/call', { name: 'search_products', arguments: {}, task: { ttl: 1000 } }),
      -32601,
    );
    expect(json.error.message).toMatch(/as a task/);
  });

  it('arguments nested 20,000 deep, or with prototype keys, are the tool’s input errors, naming the field', async () => {
    const tok = await token();
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const text = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"draft_product","arguments":{"name":"Kite","categories":[{"a":${deep}}]}}}`;
    const res = await handler(post(text, tok));
    expect(res.status).toBe(200);
    const json = (await res.json()) as { result: { isError: boolean; content: { text: string }[] } };
    expect(json.result.isError).toBe(true);
    expect(json.result.content[0]!.text).toMatch(
      /^MCP error -32602: Input validation error: (.|\n)* at categories\[0\]$/m,
    );
    for (const args of [
      '{"__proto__":{"polluted":true},"slug":"alpha-blocks"}',
      '{"constructor":{"prototype":{"polluted":true}},"slug":"alpha-blocks"}',
    ]) {
      const r = await handler(
        post(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_product","arguments":${args}}}`, tok),
      );
      expect(r.status).toBe(200);
      expect(((await r.json()) as { error?: unknown }).error).toBeUndefined();
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it('an unsupported Mcp-Protocol-Version header → JSON-RPC error, not 5xx', async () => {
    const res = await handler(post(rpc('tools/list'), await token(), { 'mcp-protocol-version': '1999-01-01' }));
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: { code: number } };
    expect(typeof json.error.code).toBe('number');
  });

  it('sets its own CORS headers on success', async () => {
    const res = await handler(post(rpc('ping'), await token()));
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const exposed = res.headers.get('access-control-expose-headers')!;
    for (const h of ['WWW-Authenticate', 'Mcp-Session-Id', 'Retry-After', 'RateLimit-Remaining'])
      expect(exposed).toContain(h);
  });

  it('an internal fault (the limiter throws) → 500 ApiError', async () => {
    const h = makeHandler(fx.root, {
      limiter: { points: 1, durationSeconds: 1, scope: 'instance', consume: () => Promise.reject(new Error('boom')) },
    });
    await expectApiError(await h(post(rpc('ping'), await token())), 500, 'internal_error');
  });
});

// Runs last (tests in a file run in order): the statuses above are every kind /api/mcp answers.
describe('the OpenAPI description of POST /api/mcp', () => {
  it('documents every status these tests received', () => {
    const doc = buildOpenApi({ base: 'https://catalog.test' }) as {
      paths: { '/api/mcp': { post: { responses: Record<string, unknown> } } };
    };
    const documented = Object.keys(doc.paths['/api/mcp'].post.responses).map(Number);
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 202, 400, 401, 405, 413, 415, 429, 500, 503]));
    expect([...statuses].filter((s) => !documented.includes(s))).toEqual([]);
  });
});
