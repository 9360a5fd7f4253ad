// The Blobs client's fetch over node:http (src/server/store/node-http-fetch.ts) answers as the
// built-in fetch does for every request the client makes: the same status, headers and body for
// reads, lists, conditional writes (412), deletes (204), HEAD and errors; the method and headers
// arrive as sent; a request it does not carry goes to the built-in fetch; a refused connection rejects.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHttpFetch } from '../../src/server/store/node-http-fetch.ts';

const seen: { method: string; headers: IncomingMessage['headers']; body: string }[] = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    seen.push({ method: req.method!, headers: req.headers, body });
    const status = Number(new URL(req.url!, 'http://x').searchParams.get('status') ?? 200);
    res.setHeader('set-cookie', ['a=1', 'b=2']);
    res.setHeader('etag', '"v1"');
    res.setHeader('content-type', 'application/json');
    res.writeHead(status);
    res.end(status === 204 || status === 304 ? undefined : JSON.stringify({ status, method: req.method, body }));
  });
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function view(res: Response) {
  const headers = [...res.headers].filter(([k]) => k !== 'date' && k !== 'keep-alive' && k !== 'connection');
  return { status: res.status, ok: res.ok, headers, body: await res.text() };
}

describe('the Blobs client fetch over node:http', () => {
  const cases: [string, RequestInit][] = [
    ['/store/key', { method: 'get' }],
    ['/store?prefix=limit%2F&directories=false', {}],
    ['/store/key?status=412', { method: 'put', body: '1', headers: { 'if-none-match': '*' } }],
    ['/store/key?status=204', { method: 'delete' }],
    ['/store/key?status=304', { method: 'get', headers: { 'if-none-match': '"v1"' } }],
    ['/store/key?status=404', { method: 'get' }],
    ['/store/key?status=500', { method: 'put', body: new TextEncoder().encode('bytes é') }],
    ['/store/key', { method: 'head' }],
  ];

  it.each(cases)('%s answers as the built-in fetch does', async (p, init) => {
    seen.length = 0;
    const ours = await view(await nodeHttpFetch(`${base}${p}`, init));
    const builtIn = await view(await fetch(`${base}${p}`, init));
    expect(ours).toEqual(builtIn);
    expect(seen[0]!.method).toBe(seen[1]!.method);
    expect(seen[0]!.method).toBe((init.method ?? 'GET').toUpperCase());
    expect(seen[0]!.body).toBe(seen[1]!.body);
    for (const [k, v] of Object.entries(init.headers ?? {})) expect(seen[0]!.headers[k]).toBe(v);
  });

  it('hands a streamed body or a Request object to the built-in fetch', async () => {
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode('streamed'));
        c.close();
      },
    });
    const res = await nodeHttpFetch(`${base}/s`, { method: 'PUT', body: stream, duplex: 'half' } as RequestInit);
    expect(JSON.parse(await res.text())).toMatchObject({ method: 'PUT', body: 'streamed' });
    const req = await nodeHttpFetch(new Request(`${base}/r`, { method: 'POST', body: 'x' }));
    expect(JSON.parse(await req.text())).toMatchObject({ method: 'POST', body: 'x' });
  });

  it('rejects when the store cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    await expect(nodeHttpFetch(`http://127.0.0.1:${port}/x`)).rejects.toThrow(/ECONNREFUSED/);
  });
});
