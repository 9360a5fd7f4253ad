// What the link checker (check_links and the link watcher) makes of what shops answer, against real
// loopback shops (test/support/link-server.ts): each status, a timeout, redirect chains, a redirect
// to the home page, to another product or to an unrelated page, an affiliate redirect that ends on
// the product, a bot wall, a 429 with Retry-After; and how politely it asks (two at a time per host,
// HEAD first, a User-Agent naming the site).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkLinks, defaultLinkPolicy, linkUserAgent, type LinkPolicy } from '../../src/server/mcp/links.ts';
import { isHomePath, linkKey, movedReason } from '../../src/server/mcp/link-moved.ts';
import { ADDRESS, startLinkServer, type LinkServer } from '../support/link-server.ts';

let shops: LinkServer;
beforeAll(async () => {
  shops = await startLinkServer();
});
afterAll(() => shops.stop());
beforeEach(() => shops.reset());

const policy = (over: Partial<LinkPolicy> = {}) =>
  defaultLinkPolicy({
    allowAddresses: [ADDRESS],
    lookup: shops.lookup,
    timeoutMs: 700,
    linkMs: 2000,
    userAgent: linkUserAgent('https://catalog.example.org'),
    ...over,
  });
const check = async (host: string, path: string, over: Partial<LinkPolicy> = {}, otherLinks?: string[]) =>
  (
    await checkLinks([shops.url(host, path)], policy(over), Date.now, {
      otherLinks: new Set((otherLinks ?? []).map((u) => linkKey(u)!)),
    })
  )[0]!;

describe('what each answer counts as', () => {
  it.each([
    ['/products/wooden-rainbow-stacker', 'ok', 200],
    ['/products/gone-puzzle', 'broken', 404],
    ['/products/removed-kite', 'broken', 410],
    ['/products/error-blocks', 'broken', 500],
  ])('%s is %s (HTTP %i)', async (path, outcome, status) => {
    expect(await check('shop.test', path)).toMatchObject({ outcome, status });
  });

  it('a page that never answers is broken after the timeout', async () => {
    const r = await check('shop.test', '/products/slow-abacus');
    expect(r).toMatchObject({ outcome: 'broken', status: null });
    expect(r.reason).toMatch(/timed out|took longer/);
  });

  it('a server that refuses HEAD is asked again with GET, and is ok', async () => {
    expect(await check('shop.test', '/products/no-head-loom')).toMatchObject({ outcome: 'ok', method: 'GET' });
    expect(shops.seen.map((s) => s.method)).toEqual(['HEAD', 'GET']);
  });

  it('a redirect chain (302, 301, 308) that ends on the product is ok, and says where it ended', async () => {
    const r = await check('shop.test', '/products/chain-a');
    expect(r).toMatchObject({
      outcome: 'ok',
      status: 200,
      finalUrl: shops.url('shop.test', '/products/chain-final-telescope'),
    });
    expect(shops.seen.map((s) => s.path)).toEqual([
      '/products/chain-a',
      '/products/chain-b',
      '/products/chain-c',
      '/products/chain-final-telescope',
    ]);
  });

  it('more redirects than allowed is broken', async () => {
    expect(await check('shop.test', '/products/chain-a', { maxRedirects: 2 })).toMatchObject({
      outcome: 'broken',
      reason: 'more than 2 redirects',
    });
  });

  it('a redirect to the shop’s home page is moved', async () => {
    const r = await check('shop.test', '/products/discontinued-drum');
    expect(r).toMatchObject({ outcome: 'moved', status: 200 });
    expect(r.reason).toMatch(/redirects to the shop's home page/);
  });

  it('a redirect to another product of the catalog is moved', async () => {
    const r = await check('shop.test', '/products/old-xylophone', {}, [
      shops.url('shop.test', '/products/felt-animals?ref=littlehands'),
    ]);
    expect(r).toMatchObject({ outcome: 'moved' });
    expect(r.reason).toMatch(/another product of the catalog/);
  });

  it('a redirect to a page whose address shares no word with the link’s is moved', async () => {
    const r = await check('shop.test', '/products/crayon-rocks');
    expect(r).toMatchObject({ outcome: 'moved' });
    expect(r.reason).toMatch(/shares no word with \/products\/crayon-rocks/);
  });

  it('a redirect to the renamed page of the same product is ok', async () => {
    expect(await check('shop.test', '/products/renamed-stacker')).toMatchObject({ outcome: 'ok' });
  });

  it('an affiliate network’s redirect that ends on the product is ok, not moved', async () => {
    const r = await check('aff.test', '/click?id=42', {}, [shops.url('shop.test', '/products/wooden-rainbow-stacker')]);
    expect(r).toMatchObject({ outcome: 'ok', finalUrl: shops.url('shop.test', '/products/felt-animals') });
  });

  it('an affiliate network’s redirect that ends on the shop’s home page is moved', async () => {
    expect(await check('aff.test', '/click-home?id=42')).toMatchObject({ outcome: 'moved' });
  });

  it('a 403 bot wall is unknown, not broken, after HEAD and GET', async () => {
    const r = await check('walled.test', '/products/anything');
    expect(r).toMatchObject({ outcome: 'unknown', status: 403, method: 'GET' });
  });

  it('a 429 is unknown, its Retry-After is read, and it is not asked again with a GET', async () => {
    const r = await check('busy.test', '/products/anything');
    expect(r).toMatchObject({ outcome: 'unknown', status: 429, retryAfterSeconds: 120, method: 'HEAD' });
    expect(shops.seen.map((s) => s.method)).toEqual(['HEAD']);
  });
});

describe('politeness', () => {
  it('names the site and its about page in the User-Agent of every request', async () => {
    await check('shop.test', '/products/chain-a');
    expect(new Set(shops.seen.map((s) => s.userAgent))).toEqual(
      new Set(['LittleHandsCatalog-LinkCheck/1.0 (+https://catalog.example.org/about)']),
    );
  });

  it('sends at most two requests at a time to one host, however many links it has', async () => {
    for (let i = 0; i < 12; i++) shops.set('down.test', `/p${i}`, { status: 502, delayMs: 60 });
    for (let i = 0; i < 4; i++) shops.set('shop.test', `/q${i}`, { status: 200, delayMs: 60 });
    const urls = [
      ...Array.from({ length: 12 }, (_, i) => shops.url('down.test', `/p${i}`)),
      ...Array.from({ length: 4 }, (_, i) => shops.url('shop.test', `/q${i}`)),
    ];
    const results = await checkLinks(urls, policy({ concurrency: 8 }));
    expect(results.filter((r) => r.outcome === 'broken')).toHaveLength(12);
    expect(shops.maxInFlight.get('down.test')).toBe(2);
    expect(shops.maxInFlight.get('shop.test')).toBe(2);
  });

  it('after a 429, the host’s other links are left alone for as long as it asked', async () => {
    const urls = ['/a', '/b', '/c'].map((p) => shops.url('busy.test', p));
    const results = await checkLinks(urls, policy({ perHost: 1 }));
    expect(results[0]).toMatchObject({ outcome: 'unknown', status: 429 });
    expect(results.slice(1).map((r) => r.outcome)).toEqual(['not_checked', 'not_checked']);
    expect(results[1]!.reason).toMatch(/asked to be left alone for 1[12]\d s more \(429 Retry-After\)/);
    expect(shops.seen).toHaveLength(1);
  });

  it('starts no link after its time budget, and no link takes longer than linkMs', async () => {
    const urls = Array.from({ length: 6 }, (_, i) => shops.url('shop.test', `/products/slow-abacus?${i}`));
    const started = Date.now();
    const results = await checkLinks(urls, policy({ perHost: 2, budgetMs: 300, timeoutMs: 5000, linkMs: 500 }));
    expect(Date.now() - started).toBeLessThan(2500);
    expect(results.slice(0, 2).map((r) => r.outcome)).toEqual(['broken', 'broken']);
    expect(results.slice(2).every((r) => r.outcome === 'not_checked')).toBe(true);
  });
});

describe('the moved rule', () => {
  const u = (s: string) => new URL(s);
  it.each(['/', '', '/en', '/en-us/', '/us/en/', '/fr_CA', '/index.html', '/home'])('%s is a home page', (p) =>
    expect(isHomePath(p)).toBe(true),
  );
  it.each(['/ok', '/products', '/en/products/x', '/toys/', '/search'])('%s is not a home page', (p) =>
    expect(isHomePath(p)).toBe(false),
  );
  it('a link to a home page that stays there has not moved', () => {
    expect(movedReason([u('http://shop.test/?ref=x'), u('https://shop.test/')])).toMatch(/home page/);
    expect(movedReason([u('http://shop.test/'), u('https://shop.test/')])).toBeNull();
  });
  it('http to https and a trailing slash are not moves', () => {
    expect(movedReason([u('http://shop.test/products/kite'), u('https://shop.test/products/kite/')])).toBeNull();
  });
  it('a numeric product address redirected to a named one cannot be judged, and is not a move', () => {
    expect(movedReason([u('https://shop.test/p/12345'), u('https://shop.test/products/kite')])).toBeNull();
  });
});
