// The admin MCP endpoint over the local Netlify stack, driven by the SDK's own client with a real
// admin token: every tool is listed and called, and results match their output schemas.
import { readFile } from 'node:fs/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TOOLS } from '../../src/server/mcp/tools/index.ts';
import { TEST_ADMIN_EMAIL } from '../support/global-stack.ts';
import { postMcp, stackToken } from '../support/stack-admin.ts';
import { ApiError } from '../../src/contract/api.ts';

const base = inject('baseUrl');
const env = inject('stackEnv');
let tok: string;
let client: Client;

beforeAll(async () => {
  tok = await stackToken(env, { sub: `e2e|mcp-${Date.now()}` }, 'e2e-mcp');
  client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${tok}` } },
    }),
  );
});
afterAll(async () => {
  await client?.close();
});

type Result = Awaited<ReturnType<Client['callTool']>>;
function structured(name: string, r: Result): any {
  expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
  return TOOLS.find((t) => t.name === name)!.output.parse(r.structuredContent);
}

describe('MCP over HTTP with the SDK client', () => {
  it('lists every tool with input and output schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS.map((t) => t.name).sort());
    for (const t of tools) expect(t.outputSchema?.type).toBe('object');
  });

  it('search_products, get_product, catalog_stats, audit_catalog', async () => {
    const search = structured(
      'search_products',
      await client.callTool({ name: 'search_products', arguments: { limit: 5 } }),
    );
    expect(search.total).toBeGreaterThan(0);
    const first = search.items[0];
    const got = structured(
      'get_product',
      await client.callTool({ name: 'get_product', arguments: { slug: first.slug } }),
    );
    expect(got.product).toEqual(first);
    // The snapshot was written by the stack's build and is read by the function.
    const stats = structured('catalog_stats', await client.callTool({ name: 'catalog_stats', arguments: {} }));
    expect(stats.total).toBe(search.total);
    expect(Number.isNaN(Date.parse(stats.builtAt))).toBe(false);
    structured('audit_catalog', await client.callTool({ name: 'audit_catalog', arguments: {} }));
  });

  it('validate_product and draft_product', async () => {
    const { items } = structured(
      'search_products',
      await client.callTool({ name: 'search_products', arguments: { limit: 1 } }),
    );
    const text = await readFile(items[0].sourcePath, 'utf8');
    const v = structured(
      'validate_product',
      await client.callTool({ name: 'validate_product', arguments: { text, path: items[0].sourcePath } }),
    );
    expect(v).toMatchObject({ valid: true, problems: [] });
    const d = structured(
      'draft_product',
      await client.callTool({
        name: 'draft_product',
        arguments: {
          name: items[0].name,
          brand: 'E2E',
          categories: ['kits'],
          currency: 'USD',
          url: 'https://shop.example/e2e',
        },
      }),
    );
    expect(d.valid).toBe(true);
    expect(d.takenBy).toBe(items[0].slug === d.requestedSlug ? items[0].sourcePath : null);
  });

  it('trigger_rebuild posts the build hook once, titled with the reason and the admin', async () => {
    const postsBefore = (await (await fetch(inject('hookPostsUrl'))).json()) as { path: string }[];
    const r = await client.callTool({ name: 'trigger_rebuild', arguments: { reason: 'e2e check' } });
    expect(r.isError).toBeFalsy();
    const posts = (await (await fetch(inject('hookPostsUrl'))).json()) as { path: string }[];
    expect(posts.length - postsBefore.length).toBe(1);
    const title = new URL(posts.at(-1)!.path, 'http://hook').searchParams.get('trigger_title');
    expect(title).toBe(`MCP: e2e check (${TEST_ADMIN_EMAIL})`);
  });

  it('check_links refuses loopback targets without requesting them', async () => {
    const r = structured(
      'check_links',
      await client.callTool({ name: 'check_links', arguments: { urls: [`${base}/`, 'http://127.0.0.1:9/'] } }),
    );
    expect(r).toMatchObject({ linksChecked: 2, refused: 2, ok: 0 });
    for (const i of r.issues)
      expect(i).toMatchObject({ outcome: 'refused', status: null, method: null, field: 'input' });
  });

  it('an unknown tool is a tool error, not an HTTP error', async () => {
    const r = await client.callTool({ name: 'no_such_tool', arguments: {} });
    expect(r.isError).toBe(true);
  });
});

describe('HTTP-level answers', () => {
  it('GET → 405 ApiError with Allow', async () => {
    const res = await fetch(`${base}/api/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST, OPTIONS');
    expect(ApiError.parse(await res.json()).error.code).toBe('method_not_allowed');
  });

  it('no token → 401 ApiError with WWW-Authenticate pointing to the resource metadata', async () => {
    const res = await fetch(`${base}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${env.SITE_URL}/.well-known/oauth-protected-resource/api/mcp"`,
    );
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(ApiError.parse(await res.json()).error.code).toBe('unauthorized');
  });

  it('OPTIONS preflight allows browser MCP clients', async () => {
    const res = await fetch(`${base}/api/mcp`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://inspector.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });

  it('invalid tool arguments, however deeply nested, are -32602 or a tool error: never -32603, never a 5xx', async () => {
    /** Objects in arrays in objects, `n` levels down. */
    const deep = (n: number) => `${'[{"a":'.repeat(n)}1${'}]'.repeat(n)}`;
    const cases: [params: string, answer: 'invalid params' | 'tool error' | 'no task'][] = [
      [`{"name":"search_products","arguments":${deep(5_000)}}`, 'invalid params'],
      [`{"name":{"nested":${deep(1_000)}},"arguments":{}}`, 'invalid params'],
      [`{"name":"draft_product","arguments":{"name":"Kite","categories":${deep(20_000)}}}`, 'tool error'],
      [`{"name":"propose_edit","arguments":{"slug":"x","changes":{"__proto__":${deep(100)}}}}`, 'tool error'],
      [`{"name":"check_links","arguments":{"urls":[{"constructor":{"prototype":{"x":1e400}}}]}}`, 'tool error'],
      [`{"name":"search_products","arguments":{},"task":{"ttl":5}}`, 'no task'],
    ];
    for (const [params, answer] of cases) {
      const res = await postMcp(
        `${base}/api/mcp`,
        tok,
        `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":${params}}`,
      );
      const what = `${params.slice(0, 80)} → ${res.status}`;
      expect(res.status, what).toBe(200);
      const m = (await res.json()) as { result?: { isError?: boolean }; error?: { code: number; message: string } };
      if (answer === 'tool error') expect(m.result?.isError, what).toBe(true);
      else expect(m.error?.code, `${what} ${m.error?.message}`).toBe(answer === 'no task' ? -32601 : -32602);
    }
  });

  it('wrong content type → 415 ApiError; malformed JSON → JSON-RPC -32700', async () => {
    const auth = { authorization: `Bearer ${tok}` };
    const r1 = await fetch(`${base}/api/mcp`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/plain' },
      body: 'hi',
    });
    expect(r1.status).toBe(415);
    ApiError.parse(await r1.json());
    const r2 = await fetch(`${base}/api/mcp`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{',
    });
    expect(r2.status).toBe(400);
    expect(((await r2.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });
});
