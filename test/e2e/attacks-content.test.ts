// The attacker's suite for product texts, link checks and the edge function, over HTTP on the real
// local stack. Product texts: JavaScript front matter through the admin tools never runs inside
// the function (a sentinel file would appear) and never leaks AUTH_SECRET. Link checks: the
// function resolves through a loopback DNS server the test controls (LINK_CHECK_DNS_SERVER, with
// 127.0.0.2 counted as public), and the internal service on 127.0.0.1 never sees a connection.
// Edge: a path starting with `//` never makes the edge function fetch from another host.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseProductFile } from '../../src/catalog/load.ts';
import { listen, publicAndInternal, type Site } from '../support/loopback-sites.ts';
import { postMcp, stackToken } from '../support/stack-admin.ts';
import { dnsName } from '../support/test-dns.ts';

const base = inject('baseUrl');
const env = inject('stackEnv');
const tmp = mkdtempSync(path.join(tmpdir(), 'attacks-content-'));
let tok: string;

beforeAll(async () => {
  tok = await stackToken(env, { sub: `e2e|attacks-${Date.now()}` }, 'e2e-attacks-content');
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let rpcId = 1;
/** Calls a tool over HTTP; whatever the input, the endpoint answers 200 with a JSON-RPC result. */
async function tool(
  name: string,
  args: unknown,
): Promise<{ isError?: boolean; structuredContent?: any; text: string }> {
  const res = await postMcp(`${base}/api/mcp`, tok, {
    jsonrpc: '2.0',
    id: rpcId++,
    method: 'tools/call',
    params: { name, arguments: args },
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const { result } = JSON.parse(text) as { result: { isError?: boolean; structuredContent?: any } };
  return { ...result, text };
}

let n = 0;
/** JavaScript front matter that would write a file and hand back the admin secret as the slug. */
function jsText(opening = '---js') {
  const file = path.join(tmp, `ran-${++n}`);
  const js = `(process.getBuiltinModule('fs').writeFileSync(${JSON.stringify(file)},''),{slug:String(process.env.AUTH_SECRET)})`;
  return { file, text: `${opening}\n${js}\n---\nBody.\n` };
}

describe('JavaScript front matter through the admin tools', () => {
  it.each(['---js', '---javascript', '---coffee', '---json'])(
    'validate_product with %s: a clear problem, nothing ran, no secret',
    async (opening) => {
      const { file, text } = jsText(opening);
      const r = await tool('validate_product', { text });
      expect(r.isError).toBeFalsy();
      expect(r.structuredContent).toMatchObject({
        valid: false,
        problems: [
          {
            field: '(frontmatter)',
            line: 1,
            message: expect.stringContaining(`opens with "${opening}"`),
            fix: 'Start the file with a line of exactly `---`; only YAML front matter is allowed.',
          },
        ],
      });
      expect(r.text).not.toContain(env.AUTH_SECRET);
      expect(existsSync(file)).toBe(false);
    },
  );

  it('draft_product with a description and note that open with ---js: YAML text that reads back as text', async () => {
    const { file, text } = jsText();
    const r = await tool('draft_product', {
      slug: 'attack-description',
      name: 'Attack Description',
      brand: '---js',
      categories: ['kits'],
      currency: 'USD',
      url: 'https://shop.example/attack',
      description: text,
      whyWePicked: text,
    });
    expect(r.isError).toBeFalsy();
    const parsed = parseProductFile('content/products/attack-description.md', r.structuredContent.text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.entry!.description).toBe(text.trim());
    expect(parsed.entry!.data.whyWePicked).toBe(text.trim());
    expect(existsSync(file)).toBe(false);
  });
});

describe('check_links SSRF through the function', () => {
  let pub: Site;
  let internal: Site;
  beforeAll(async () => {
    // The "public" site (127.0.0.2) answers HEAD with 405 and closes the connection, so the GET
    // that follows needs a new connection; the internal service (127.0.0.1) listens on the same port.
    ({ pub, internal } = await publicAndInternal((req, res) =>
      res.writeHead(req.method === 'HEAD' ? 405 : 200, { connection: 'close' }).end('public'),
    ));
  });
  afterAll(() => {
    pub?.server.close();
    internal?.server.close();
  });

  const check = async (urls: string[]) => {
    const r = await tool('check_links', { urls });
    expect(r.isError, r.text).toBeFalsy();
    return r.structuredContent as { ok: number; refused: number; issues: { url: string; outcome: string }[] };
  };

  it('control: a name that resolves to the allowed address is checked (the DNS server reaches the function)', async () => {
    const before = pub.requests.length;
    const r = await check([`http://${dnsName(['127.0.0.2'])}:${pub.port}/control`]);
    expect(r.ok).toBe(1);
    expect(pub.requests.slice(before)).toEqual(['HEAD /control', 'GET /control']);
  });

  it('DNS rebinding (public, then 127.0.0.1 for the next connection) never reaches the internal service', async () => {
    const before = pub.requests.length;
    const r = await check([`http://${dnsName(['127.0.0.2'], ['127.0.0.1'])}:${pub.port}/rebind`]);
    expect(r.issues).toEqual([expect.objectContaining({ outcome: 'refused' })]);
    expect(pub.requests.slice(before)).toEqual(['HEAD /rebind']);
    expect(internal.connections).toBe(0);
  });

  it.each([
    ['loopback', ['127.0.0.1']],
    ['one special address among public ones', ['127.0.0.2', '127.0.0.1']],
    ['NAT64 of loopback', ['64:ff9b::7f00:1']],
    ['IPv4-compatible loopback', ['::127.0.0.1']],
    ['IPv4-mapped loopback', ['::ffff:127.0.0.1']],
    ['cloud metadata', ['169.254.169.254']],
  ])('a name resolving to %s is refused', async (_what, addresses) => {
    const before = pub.connections;
    const r = await check([`http://${dnsName(addresses)}:${pub.port}/`]);
    expect(r.refused).toBe(1);
    expect(pub.connections).toBe(before);
    expect(internal.connections).toBe(0);
  });

  it('literal special-purpose addresses in any spelling are refused', async () => {
    const p = internal.port;
    const urls = [
      `http://127.0.0.1:${p}/`,
      `http://0x7f.1:${p}/`,
      `http://2130706433:${p}/`,
      `http://0.0.0.0:${p}/`,
      `http://[::ffff:7f00:1]:${p}/`,
      `http://[64:ff9b::7f00:1]:${p}/`,
      `http://[::127.0.0.1]:${p}/`,
      `http://[::1]:${p}/`,
    ];
    const r = await check(urls);
    expect(r.refused).toBe(urls.length);
    expect(internal.connections).toBe(0);
  });
});

/** A raw GET, so the request line carries the path exactly as written (`//x`, `/\x`). */
function rawGet(pathname: string, accept: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path: pathname, headers: { accept } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

// Locally netlify-cli reads a request target `//host:port/x` as that authority plus `/x` and hands
// the edge function this site's URL with the path `/x` (`//host:port` alone is the home page), so
// this cannot fail on the old code here; test/unit/edge-markdown.test.ts proves the function itself. This guards the
// whole path end to end: whatever the platform does with such a path, nothing is fetched elsewhere.
describe('edge function: paths that name another host', () => {
  let other: Site;
  beforeAll(async () => {
    other = await listen('127.0.0.1', 0, (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/markdown' }).end('# Not this site'),
    );
  });
  afterAll(() => other?.server.close());

  it.each(['text/markdown', 'text/plain', 'text/html', '*/*'])(
    'with Accept %s: no request to the other host, no 5xx, nothing from it, no link to it',
    async (accept) => {
      const other404 = [`//localhost:${other.port}/x`, `/\\localhost:${other.port}/x`];
      for (const p of [...other404, `//localhost:${other.port}`]) {
        const res = await rawGet(p, accept);
        expect(res.status, p).toBeLessThan(500);
        expect(res.body).not.toContain('Not this site');
        expect(res.body).not.toMatch(new RegExp(`(\\]\\(|<|href=")https?://localhost:${other.port}`));
        // A path under it is no page: the spec's 404, Markdown pointing to the sitemap and the agent index.
        if (other404.includes(p)) {
          expect(res.status, p).toBe(404);
          expect(res.body).toContain('/sitemap.xml');
          expect(res.body).toContain('/llms.txt');
        }
      }
      expect(other.requests).toEqual([]);
    },
  );
});
