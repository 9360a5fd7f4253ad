// A store outage is a 503 with Retry-After, never a rate limit: /api/mcp answers ApiError
// `unavailable`, /register and /token OAuth `temporarily_unavailable`, /authorize a 503 page, and
// the write tools say the store is out. The store here is a real local Netlify Blobs server that
// is stopped, as an outage looks to the functions.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_LIMIT, REBUILD_LIMIT } from '../../src/contract/limits.ts';
import { blobsStore } from '../../src/server/store/blobs.ts';
import type { SharedStore } from '../../src/server/store/shared-store.ts';
import { callTool, fixtureDir, makeHandler, post, rpc, token } from '../support/mcp.ts';
import { BASE, makeContext, routeTo, testEnv } from '../support/auth-harness.ts';

let down: SharedStore;
let dir: string;
const logged: string[] = [];
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'blobs-outage-'));
  const server = new BlobsServer({ directory: dir, token: 't' });
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  down = blobsStore({
    connection: { siteID: 's', token: 't', edgeURL: url, uncachedEdgeURL: url },
    onStoreError: (err) => logged.push(String(err)),
  });
  await server.stop();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a store outage', () => {
  const fx = fixtureDir();
  afterAll(() => fx.cleanup());

  it('/api/mcp: 503 unavailable with Retry-After, not 429, and the store error is logged', async () => {
    const h = makeHandler(fx.root, { limiter: down.limiter(REQUEST_LIMIT) });
    const res = await h(post(rpc('ping'), await token({ sub: 'outage|1', email: 'ada@example.test' })));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unavailable');
    expect(logged.length).toBeGreaterThan(0);
  });

  it('trigger_rebuild: a tool error saying the store is out, not the limit', async () => {
    const h = makeHandler(fx.root, {
      rebuildLimiter: down.limiter(REBUILD_LIMIT),
      buildHookUrl: 'http://127.0.0.1:9/h',
    });
    const tok = await token({ sub: 'outage|2', email: 'ada@example.test' });
    const r = (await callTool(h, tok, 'trigger_rebuild', {})) as { isError?: boolean; content: { text: string }[] };
    expect(r.isError).toBe(true);
    expect(r.content[0]!.text).toMatch(/^unavailable: the admin store could not be reached/);
  });

  it('/register and /token: 503 temporarily_unavailable with Retry-After; /authorize: a 503 page', async () => {
    const { ctx } = makeContext(testEnv('https://idp.invalid'));
    ctx.store = { ok: true, store: down };
    const send = routeTo(ctx);
    for (const [pathname, type, body] of [
      ['/api/auth/register', 'application/json', '{"redirect_uris":["http://127.0.0.1:7777/cb"]}'],
      ['/api/auth/token', 'application/x-www-form-urlencoded', 'grant_type=authorization_code'],
    ]) {
      const res = await send(`${BASE}${pathname}`, { method: 'POST', headers: { 'content-type': type! }, body });
      expect(res.status, pathname).toBe(503);
      expect(res.headers.get('retry-after'), pathname).toBe('5');
      expect(await res.json(), pathname).toMatchObject({ error: 'temporarily_unavailable' });
    }
    const page = await send(`${BASE}/api/auth/authorize?client_id=x`);
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('5');
    expect(await page.text()).toMatch(/unavailable for a moment/);
  });
});
