// Which addresses check_links refuses, and that it never connects to one: real loopback HTTP
// servers stand for the public site (127.0.0.2, allowed by the test) and the internal service
// (127.0.0.1, refused as in production), which must never see a connection.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readSettings } from '../../src/config/env.ts';
import { checkLinks, defaultLinkPolicy, testNetwork, type LinkPolicy } from '../../src/server/mcp/links.ts';
import { isSpecialPurposeAddress } from '../../src/server/mcp/special-addresses.ts';
import { publicAndInternal, type Site } from '../support/loopback-sites.ts';
import { dnsName, startTestDns, type TestDns } from '../support/test-dns.ts';

describe('isSpecialPurposeAddress', () => {
  describe.each([
    ['0.0.0.0/8', ['0.0.0.0', '0.1.2.3']],
    ['10.0.0.0/8', ['10.0.0.1', '10.255.255.255']],
    ['100.64.0.0/10', ['100.64.0.1', '100.127.255.254']],
    ['127.0.0.0/8', ['127.0.0.1', '127.255.0.9']],
    ['169.254.0.0/16', ['169.254.169.254']],
    ['172.16.0.0/12', ['172.16.0.1', '172.31.255.255']],
    ['192.0.0.0/24', ['192.0.0.8']],
    ['192.0.2.0/24', ['192.0.2.1']],
    ['192.88.99.0/24', ['192.88.99.1']],
    ['192.168.0.0/16', ['192.168.1.1']],
    ['198.18.0.0/15', ['198.18.0.1', '198.19.255.255']],
    ['198.51.100.0/24', ['198.51.100.7']],
    ['203.0.113.0/24', ['203.0.113.9']],
    ['224.0.0.0/4 multicast', ['224.0.0.1', '239.255.255.250']],
    ['240.0.0.0/4 reserved and broadcast', ['240.0.0.1', '255.255.255.255']],
    ['::/128 and ::1/128', ['::', '::1', '0:0:0:0:0:0:0:1']],
    [
      'IPv4-mapped ::ffff:0:0/96 of a special IPv4',
      ['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254'],
    ],
    ['IPv4-compatible ::/96', ['::127.0.0.1', '::8.8.8.8', '::7f00:1']],
    ['NAT64 64:ff9b::/96 and 64:ff9b:1::/48', ['64:ff9b::7f00:1', '64:ff9b::8.8.8.8', '64:ff9b:1::a00:1']],
    ['discard 100::/64', ['100::1']],
    [
      'IETF 2001::/23 (Teredo, benchmarking, ORCHID)',
      ['2001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001:2::1', '2001:1ff::1'],
    ],
    ['documentation 2001:db8::/32 and 3fff::/20', ['2001:db8::1', '3fff::1', '3fff:fff::1']],
    ['6to4 2002::/16', ['2002:7f00:1::', '2002:c0a8:101::1']],
    ['SRv6 5f00::/16', ['5f00::1']],
    ['unique local fc00::/7', ['fc00::5', 'fd00::1']],
    ['link-local fe80::/10 and site-local fec0::/10', ['fe80::1', 'febf::1', 'fec0::1']],
    ['multicast ff00::/8', ['ff02::1', 'ff0e::1']],
    ['not an address', ['not-an-ip', '', '127.1', 'fe80::1%eth0x']],
  ])('%s', (_range, addresses) => {
    it.each(addresses)('%s is refused', (a) => expect(isSpecialPurposeAddress(a)).toBe(true));
  });

  it.each([
    '8.8.8.8',
    '93.184.215.14',
    '100.63.255.255',
    '100.128.0.1',
    '172.32.0.1',
    '192.169.0.1',
    '198.17.255.255',
    '223.255.255.255',
    '2606:4700::1111',
    '2a00:1450:4001::200e',
    '2001:200::1',
    '2620:4f:8000::1',
    '::ffff:8.8.8.8',
  ])('%s is public', (a) => expect(isSpecialPurposeAddress(a)).toBe(false));
});

/** A policy from the defaults, with no environment, and only 127.0.0.2 counted as public. */
const policy = (over: Partial<LinkPolicy> = {}) =>
  defaultLinkPolicy({ allowAddresses: ['127.0.0.2'], timeoutMs: 3000, ...over });

/** A resolver that answers each step in turn (the last one repeatedly), counting its calls. */
function rebinding(...steps: string[][]) {
  const r = { calls: 0, lookup: async () => steps[Math.min(r.calls++, steps.length - 1)]! };
  return r;
}

describe('check_links connects only to checked addresses', () => {
  let sites: { pub: Site; internal: Site };
  let pubMode: 'close-after-head-405' | 'redirect-same-host' | 'ok' | 'redirect-to-literal' = 'ok';
  beforeAll(async () => {
    sites = await publicAndInternal((req, res) => {
      if (pubMode === 'close-after-head-405')
        res.writeHead(req.method === 'HEAD' ? 405 : 200, { connection: 'close' }).end();
      else if (pubMode === 'redirect-same-host') res.writeHead(302, { location: '/next', connection: 'close' }).end();
      else if (pubMode === 'redirect-to-literal')
        res.writeHead(302, { location: `http://127.0.0.1:${sites.pub.port}/admin` }).end();
      else res.writeHead(200).end('public');
    });
  });
  afterAll(() => {
    sites.pub.server.close();
    sites.internal.server.close();
  });
  afterEach(() => {
    sites.pub.requests.length = 0;
    sites.pub.connections = 0;
    expect(sites.internal.connections, 'the internal service was reached').toBe(0);
    expect(sites.internal.requests).toEqual([]);
  });

  it('the allowed "public" server is reachable (so the refusals below are the filter at work)', async () => {
    pubMode = 'ok';
    const r = rebinding(['127.0.0.2']);
    const [res] = await checkLinks([`http://public.test:${sites.pub.port}/`], policy({ lookup: r.lookup }));
    expect(res).toMatchObject({ outcome: 'ok', status: 200, method: 'HEAD' });
    expect(sites.pub.requests).toEqual(['HEAD /']);
  });

  it('DNS rebinding: the GET after a HEAD answered with Connection: close resolves again and is refused', async () => {
    pubMode = 'close-after-head-405';
    const r = rebinding(['127.0.0.2'], ['127.0.0.1']);
    const [res] = await checkLinks([`http://rebind.test:${sites.pub.port}/page`], policy({ lookup: r.lookup }));
    expect(res).toMatchObject({ outcome: 'refused', method: 'GET' });
    expect(res!.reason).toMatch(/rebind\.test resolves to 127\.0\.0\.1, which is a loopback, private, link-local/);
    expect(sites.pub.requests).toEqual(['HEAD /page']);
    expect(r.calls).toBe(2);
  });

  it('DNS rebinding: a redirect to the same host name resolves again and is refused', async () => {
    pubMode = 'redirect-same-host';
    const r = rebinding(['127.0.0.2'], ['127.0.0.1']);
    const [res] = await checkLinks([`http://rebind.test:${sites.pub.port}/`], policy({ lookup: r.lookup }));
    expect(res).toMatchObject({ outcome: 'refused', status: null });
    expect(sites.pub.requests).toEqual(['HEAD /']);
    expect(r.calls).toBe(2);
  });

  it('DNS rebinding through a real DNS server (LINK_CHECK_DNS_SERVER) is refused', async () => {
    pubMode = 'close-after-head-405';
    const dns: TestDns = await startTestDns();
    try {
      const env = { CONTEXT: 'dev', ...dns.env };
      const p = defaultLinkPolicy({ timeoutMs: 3000, ...testNetwork(readSettings(env), 3000) });
      const host = dnsName(['127.0.0.2'], ['127.0.0.1']);
      const [res] = await checkLinks([`http://${host}:${sites.pub.port}/`], p);
      expect(res).toMatchObject({ outcome: 'refused' });
      expect(sites.pub.requests).toEqual(['HEAD /']);
    } finally {
      await dns.stop();
    }
  });

  it('a redirect to a literal loopback address is refused before connecting', async () => {
    pubMode = 'redirect-to-literal';
    const r = rebinding(['127.0.0.2']);
    const [res] = await checkLinks([`http://public.test:${sites.pub.port}/`], policy({ lookup: r.lookup }));
    expect(res).toMatchObject({ outcome: 'refused' });
    expect(sites.pub.requests).toEqual(['HEAD /']);
  });

  it('an answer with any special-purpose address is refused, and nothing is connected to', async () => {
    pubMode = 'ok';
    const r = rebinding(['127.0.0.2', '127.0.0.1']);
    const [res] = await checkLinks([`http://mixed.test:${sites.pub.port}/`], policy({ lookup: r.lookup }));
    expect(res).toMatchObject({ outcome: 'refused', status: null, method: null });
    expect(sites.pub.connections).toBe(0);
  });

  it.each([
    '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
    '::127.0.0.1', // IPv4-compatible
    '::ffff:127.0.0.1', // IPv4-mapped
    '2002:7f00:1::1', // 6to4
    '::1',
  ])('a host name resolving to %s is refused', async (address) => {
    const [res] = await checkLinks(
      [`http://translated.test:${sites.pub.port}/`],
      policy({ lookup: rebinding([address]).lookup }),
    );
    expect(res).toMatchObject({ outcome: 'refused' });
  });

  it.each([
    (p: number) => `http://127.0.0.1:${p}/`,
    (p: number) => `http://0.0.0.0:${p}/`,
    (p: number) => `http://0x7f.1:${p}/`,
    (p: number) => `http://2130706433:${p}/`,
    (p: number) => `http://[::ffff:127.0.0.1]:${p}/`,
    (p: number) => `http://[::ffff:7f00:1]:${p}/`,
    (p: number) => `http://[64:ff9b::7f00:1]:${p}/`,
    (p: number) => `http://[::127.0.0.1]:${p}/`,
    (p: number) => `http://[::1]:${p}/`,
  ])('the literal %s is refused without a lookup', async (url) => {
    const r = rebinding(['127.0.0.2']);
    const [res] = await checkLinks([url(sites.pub.port)], policy({ lookup: r.lookup }));
    expect(res).toMatchObject({ outcome: 'refused', status: null, method: null });
    expect(r.calls).toBe(0);
  });

  it('the system resolver: localhost is refused', async () => {
    const [res] = await checkLinks([`http://localhost:${sites.pub.port}/`], defaultLinkPolicy({ timeoutMs: 3000 }));
    expect(res).toMatchObject({ outcome: 'refused' });
    expect(res!.reason).toMatch(/localhost resolves to/);
  });

  it('only http and https are checked', async () => {
    const results = await checkLinks(['ftp://example.test/x', 'file:///etc/passwd', 'gopher://x/'], policy());
    for (const res of results) expect(res).toMatchObject({ outcome: 'refused', reason: /only http and https/ });
  });

  it('a host that does not resolve is broken, not refused', async () => {
    const lookup = async () => {
      throw Object.assign(new Error('queryA ENOTFOUND nowhere.test'), { code: 'ENOTFOUND' });
    };
    const [res] = await checkLinks([`http://nowhere.test:${sites.pub.port}/`], policy({ lookup }));
    expect(res).toMatchObject({ outcome: 'broken', reason: /host nowhere\.test could not be resolved/ });
  });
});

describe('the test-only network settings', () => {
  const set = { LINK_CHECK_DNS_SERVER: '127.0.0.1:5353', LINK_CHECK_ALLOW_ADDRESSES: '127.0.0.2' };
  it.each([
    ['production', { CONTEXT: 'production', ...set }],
    ['no CONTEXT (as functions run on Netlify)', { ...set }],
    ['deploy-preview', { CONTEXT: 'deploy-preview', ...set }],
    // Only exactly `dev` is the local stack: a near miss is not.
    ['" dev" (spaces around it)', { CONTEXT: ' dev ', ...set }],
    ['"dev\\n"', { CONTEXT: 'dev\n', ...set }],
    ['"\\tdev"', { CONTEXT: '\tdev', ...set }],
    ['"DEV"', { CONTEXT: 'DEV', ...set }],
    ['"Dev"', { CONTEXT: 'Dev', ...set }],
  ])('are ignored in %s, with a warning', (_name, env) => {
    const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(testNetwork(readSettings(env), 1000)).toEqual({});
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/ignored outside CONTEXT=dev/));
    warn.mockRestore();
    expect(defaultLinkPolicy(testNetwork(readSettings(env), 1000)).allowAddresses).toEqual([]);
  });

  it('accept only loopback values, even in CONTEXT=dev', () => {
    const env = {
      CONTEXT: 'dev',
      LINK_CHECK_DNS_SERVER: '8.8.8.8:53',
      LINK_CHECK_ALLOW_ADDRESSES: '127.0.0.2,10.0.0.1',
    };
    const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(testNetwork(readSettings(env), 1000)).toEqual({});
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('are honoured in CONTEXT=dev with loopback values', () => {
    const out = testNetwork(readSettings({ CONTEXT: 'dev', ...set }), 1000);
    expect(out.allowAddresses).toEqual(['127.0.0.2']);
    expect(typeof out.lookup).toBe('function');
  });
});
