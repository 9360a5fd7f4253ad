// The shared store: single use, exact limits and JSON records with an expiry, in memory (injected
// clock), on a real local Netlify Blobs server (two clients share one record and one budget; a
// failing server never looks like success; the clean-up drops only what has expired). On a real
// redis-server: test/integration/store.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/stack.ts';
import { blobsStore, openBlobsStore, type BlobsConnection } from '../../src/server/store/blobs.ts';
import { expiryBucket } from '../../src/server/store/buckets.ts';
import { deleteExpired } from '../../src/server/store/cleanup.ts';
import { readSettings } from '../../src/config/env.ts';
import { NO_STORE, sharedStoreFor } from '../../src/server/store/choose.ts';
import { memoryStore } from '../../src/server/store/memory.ts';
import { exactBudget, recordsHold, spec } from '../support/store-contract.ts';

const HOUR = 3_600_000;
describe('memory store (unit tests only)', () => {
  it('keeps JSON records until their expiry', async () => {
    const clock = { now: 1_000_000 };
    const s = memoryStore(() => clock.now);
    await recordsHold(
      s,
      s,
      () => clock.now,
      async (ms) => void (clock.now += ms),
    );
    // A reader gets its own copy.
    await s.putRecord('copy', { list: [1] }, clock.now + 1000);
    ((await s.getRecord('copy')) as { list: number[] }).list.push(2);
    expect(await s.getRecord('copy')).toEqual({ list: [1] });
  });

  it('claims once until the record expires', async () => {
    const clock = { now: 1_000_000 };
    const s = memoryStore(() => clock.now);
    expect(await s.claim('code/a', clock.now + 60_000)).toBe(true);
    expect(await s.claim('code/a', clock.now + 60_000)).toBe(false);
    expect(await s.has('code/a', clock.now + 60_000)).toBe(true);
    clock.now += 60_001;
    expect(await s.has('code/a', 0)).toBe(false);
    expect(await s.claim('code/a', clock.now + 60_000)).toBe(true);
    await s.release('code/a', clock.now + 60_000);
    expect(await s.claim('code/a', clock.now + 60_000)).toBe(true);
  });
  it('60 in a burst pass, the 61st is refused until the burst leaves the span; keys are separate', async () => {
    const clock = { now: Date.parse('2030-01-01T00:00:10Z') };
    const l = memoryStore(() => clock.now).limiter(spec('mem'));
    for (let i = 1; i <= 60; i++) expect(await l.consume('ada')).toMatchObject({ allowed: true, remaining: 60 - i });
    const refused = await l.consume('ada');
    // The burst's step (00:00:00–00:00:15) counts until 00:01:15.
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 65 });
    expect((await l.consume('grace')).allowed).toBe(true);
    clock.now += 64_000;
    expect((await l.consume('ada')).allowed).toBe(false);
    clock.now += 1_000;
    expect((await l.consume('ada')).allowed).toBe(true);
  });

  it('holds in any 60 seconds: 60 at :59 and 60 more at :00 is not 120 (clock windows allowed it)', async () => {
    const clock = { now: Date.parse('2030-01-01T00:00:59Z') };
    const l = memoryStore(() => clock.now).limiter(spec('mem-span'));
    for (let i = 0; i < 60; i++) expect((await l.consume('ada')).allowed).toBe(true);
    clock.now = Date.parse('2030-01-01T00:01:00Z');
    expect(await l.consume('ada')).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
    // Steady traffic: one request a second for five minutes never gets more than 60 in any 60 s.
    const times: number[] = [];
    for (let t = 0; t < 300; t++) {
      clock.now = Date.parse('2030-01-01T01:00:00Z') + t * 1000 + 300;
      for (let burst = 0; burst < 3; burst++) if ((await l.consume('bob')).allowed) times.push(clock.now);
    }
    for (const start of times)
      expect(times.filter((t) => t >= start && t < start + 60_000).length).toBeLessThanOrEqual(60);
    // …and still lets through most of what the limit allows (60 per minute, 300 s: at least 4 × 60).
    expect(times.length).toBeGreaterThanOrEqual(240);
  });
});

describe('Netlify Blobs store (real local BlobsServer)', () => {
  let server: BlobsServer;
  let dir: string;
  let conn: BlobsConnection;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'blobs-'));
    server = new BlobsServer({ directory: dir, token: 'unit-token' });
    const { port } = await server.start();
    const url = `http://localhost:${port}`;
    conn = { siteID: 'unit-site', token: 'unit-token', edgeURL: url, uncachedEdgeURL: url };
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('two clients (two instances) share single use', async () => {
    const a = blobsStore({ connection: conn });
    const b = blobsStore({ connection: conn });
    const key = `code/${crypto.randomUUID()}`;
    const exp = Date.now() + 60_000;
    expect(await a.claim(key, exp)).toBe(true);
    expect(await b.claim(key, exp)).toBe(false);
    expect(await a.claim(key, exp)).toBe(false);
    expect(await b.has(key, exp)).toBe(true);
    expect(await b.has(`code/${crypto.randomUUID()}`, exp)).toBe(false);
    // A released claim (work that failed) can be claimed again, by either instance, once.
    await a.release(key, exp);
    expect(await b.has(key, exp)).toBe(false);
    expect(await b.claim(key, exp)).toBe(true);
    expect(await a.claim(key, exp)).toBe(false);
  });
  it('two clients share JSON records, each one blob read past its expiry as nothing', async () => {
    const clock = { now: Date.now() };
    const now = () => clock.now;
    await recordsHold(
      blobsStore({ connection: conn, now }),
      blobsStore({ connection: conn, now }),
      now,
      async (ms) => void (clock.now += ms),
    );
    const { blobs } = await openBlobsStore(conn).list({ prefix: 'record/cache/' });
    expect(blobs.length).toBeGreaterThan(0);
  });
  it('the clean-up deletes records an hour past their expiry, and no live one', async () => {
    const now = Date.parse('2031-04-04T12:00:00Z');
    const s = blobsStore({ connection: conn, now: () => now - 3 * HOUR });
    await s.putRecord('watch/old', { n: 1 }, now - 2 * HOUR);
    await s.putRecord('watch/recent', { n: 2 }, now - 10 * 60_000);
    await s.putRecord('watch/live', { n: 3 }, now + HOUR);
    await deleteExpired(openBlobsStore(conn), now);
    const { blobs } = await openBlobsStore(conn).list({ prefix: 'record/watch/' });
    expect(blobs.map((b) => b.key).sort()).toEqual(['record/watch/live', 'record/watch/recent']);
    expect(await blobsStore({ connection: conn, now: () => now }).getRecord('watch/live')).toEqual({ n: 3 });
  });
  it('two clients share one budget of exactly 60 per window', async () => {
    const now = () => Date.parse('2030-02-02T10:00:05Z'); // one window for the whole run
    const results = await exactBudget(
      blobsStore({ connection: conn, now }),
      blobsStore({ connection: conn, now }),
      'blobs',
    );
    expect(results.slice(0, 60).every(Boolean)).toBe(true);
    expect(results[60]).toBe(false);
  });
  it('keys start with their expiry hour and hold no identity in clear', async () => {
    const exp = Date.parse('2030-05-05T10:20:00Z');
    await blobsStore({ connection: conn, now: () => exp - 30_000 })
      .limiter(spec('visible'))
      .consume('ada@example.test');
    const { blobs } = await openBlobsStore(conn).list({ prefix: '2030-05-05T11/limit/visible/' });
    expect(blobs).toHaveLength(1);
    expect(blobs[0]!.key).not.toContain('ada');
  });
  it('the clean-up deletes only hours that have passed', async () => {
    const store = openBlobsStore(conn);
    const s = blobsStore({ connection: conn });
    const now = Date.parse('2031-03-03T12:30:00Z');
    await s.claim('code/old', now - 2 * HOUR);
    await s.claim('code/just-expired', now - 31 * 60_000);
    await s.claim('code/live', now + 60_000);
    await s.claim('family/f/used/j', now + 30 * 24 * HOUR);
    const report = await deleteExpired(store, now);
    expect(report.recordsDeleted).toBeGreaterThanOrEqual(2);
    expect(await s.has('code/old', now - 2 * HOUR)).toBe(false);
    expect(await s.has('code/just-expired', now - 31 * 60_000)).toBe(false);
    expect(await s.has('code/live', now + 60_000)).toBe(true);
    expect(await s.has('family/f/used/j', now + 30 * 24 * HOUR)).toBe(true);
  });
  it('a stopped server: claims reject and limits refuse as an outage, logging the real error (fail closed)', async () => {
    const own = new BlobsServer({ directory: mkdtempSync(path.join(tmpdir(), 'blobs-')), token: 't' });
    const { port } = await own.start();
    const url = `http://localhost:${port}`;
    const logged: unknown[] = [];
    const s = blobsStore({
      connection: { siteID: 's', token: 't', edgeURL: url, uncachedEdgeURL: url },
      onStoreError: (err) => logged.push(err),
    });
    expect(await s.claim('code/x', Date.now() + 60_000)).toBe(true);
    await own.stop();
    await expect(s.claim('code/y', Date.now() + 60_000)).rejects.toThrow();
    // Not "rate limited" (ada used nothing): unavailable, with a short retry.
    expect(await s.limiter(spec('down')).consume('ada')).toMatchObject({
      allowed: false,
      unavailable: true,
      retryAfterSeconds: 5,
    });
    expect(String(logged[0])).toMatch(/fetch failed|ECONNREFUSED|Blobs/i);
  });
  it('a server that answers 500 is an error, never a first claim (the client alone would say modified)', async () => {
    const broken: Server = createServer((_req, res) => res.writeHead(500).end('boom'));
    const port = await freePort();
    await new Promise<void>((r) => broken.listen(port, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${port}`;
      const s = blobsStore({ connection: { siteID: 's', token: 't', edgeURL: url, uncachedEdgeURL: url } });
      await expect(s.claim('code/z', Date.now() + 60_000)).rejects.toThrow(/500/);
      expect((await s.limiter(spec('broken')).consume('ada')).allowed).toBe(false);
    } finally {
      broken.close();
    }
  });
});

describe('sharedStoreFor', () => {
  const context = (c: object) => Buffer.from(JSON.stringify(c)).toString('base64');
  it('with neither Netlify Blobs nor REDIS_URL there is no store, and it says what is missing', () => {
    expect(sharedStoreFor(readSettings({}).store)).toEqual({ ok: false, missing: NO_STORE });
    expect(sharedStoreFor(readSettings({ NETLIFY_BLOBS_CONTEXT: 'not base64 json' }).store).ok).toBe(false);
    // An edge context without the uncached URL cannot give the strong reads single use needs.
    expect(
      sharedStoreFor(readSettings({ NETLIFY_BLOBS_CONTEXT: context({ siteID: 's', token: 't', edgeURL: 'x' }) }).store)
        .ok,
    ).toBe(false);
  });
  it('chooses Netlify Blobs from the function environment, and Redis when REDIS_URL is set', () => {
    const blobs = context({ siteID: 's', token: 't', edgeURL: 'http://x', uncachedEdgeURL: 'http://x' });
    const a = sharedStoreFor(readSettings({ NETLIFY_BLOBS_CONTEXT: blobs }).store);
    expect(a.ok && a.store.backend).toBe('netlify-blobs');
    const b = sharedStoreFor(readSettings({ NETLIFY_BLOBS_CONTEXT: blobs, REDIS_URL: 'redis://127.0.0.1:1' }).store);
    expect(b.ok && b.store.backend).toBe('redis');
  });
  it('the expiry bucket is the hour after the expiry', () => {
    expect(expiryBucket(Date.parse('2030-01-01T10:00:00Z'))).toBe('2030-01-01T10');
    expect(expiryBucket(Date.parse('2030-01-01T10:00:01Z'))).toBe('2030-01-01T11');
  });
});
