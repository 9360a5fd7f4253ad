// Link checking for check_links: HEAD then GET, a timeout per request, redirects followed by hand
// (each hop re-checked), and no requests to private, loopback or link-local addresses unless the
// policy allows them (tests only). Every address a host name resolves to is checked.
import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns/promises';

export interface LinkPolicy {
  /** Tests only: allow loopback and private targets. */
  allowPrivate: boolean;
  /** Every address a host name resolves to. */
  lookup: (hostname: string) => Promise<string[]>;
  /** Timeout of each HTTP request and each lookup. */
  timeoutMs: number;
  /** Requests in flight at once. */
  concurrency: number;
  maxRedirects: number;
  /** Links not started within this time are reported as not checked (functions have a time limit). */
  budgetMs: number;
}

export const defaultLinkPolicy = (over: Partial<LinkPolicy> = {}): LinkPolicy => ({
  allowPrivate: false,
  lookup: async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address),
  timeoutMs: 5000,
  concurrency: 6,
  maxRedirects: 5,
  budgetMs: 8000,
  ...over,
});

export type LinkOutcome = 'ok' | 'broken' | 'refused' | 'not_checked';

export interface LinkResult {
  url: string;
  outcome: LinkOutcome;
  /** Last HTTP status seen, or null when no response came. */
  status: number | null;
  method: 'HEAD' | 'GET' | null;
  reason: string | null;
}

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** True for loopback, private, link-local, shared, reserved, multicast and IPv4-mapped addresses. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** Null when the URL may be requested, else why not. */
async function refusal(url: URL, policy: LinkPolicy): Promise<{ refused: boolean; reason: string } | null> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { refused: true, reason: `only http and https links are checked (got ${url.protocol})` };
  if (policy.allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await withTimeout(policy.lookup(host), policy.timeoutMs, 'DNS lookup');
    } catch (err) {
      return {
        refused: false,
        reason: `host ${host} could not be resolved (${err instanceof Error ? err.message : String(err)})`,
      };
    }
    if (addresses.length === 0) return { refused: false, reason: `host ${host} has no addresses` };
  }
  const bad = addresses.find(isPrivateAddress);
  return bad
    ? { refused: true, reason: `refused: ${host} is a private, loopback or link-local address (${bad})` }
    : null;
}

async function request(fetchFn: typeof fetch, url: URL, method: 'HEAD' | 'GET', policy: LinkPolicy): Promise<Response> {
  const res = await fetchFn(url, {
    method,
    redirect: 'manual',
    signal: AbortSignal.timeout(policy.timeoutMs),
    headers: { 'user-agent': 'catalog-link-check/1' },
  });
  await res.body?.cancel().catch(() => {});
  return res;
}

/** Checks one link: HEAD, then GET when HEAD fails or is refused by the server. */
export async function checkLink(raw: string, fetchFn: typeof fetch, policy: LinkPolicy): Promise<LinkResult> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { url: raw, outcome: 'broken', status: null, method: null, reason: 'not a valid absolute URL' };
  }
  for (let hop = 0; hop <= policy.maxRedirects; hop++) {
    const no = await refusal(url, policy);
    if (no)
      return { url: raw, outcome: no.refused ? 'refused' : 'broken', status: null, method: null, reason: no.reason };
    let res: Response | null = null;
    let method: 'HEAD' | 'GET' = 'HEAD';
    let failure = '';
    try {
      res = await request(fetchFn, url, 'HEAD', policy);
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
    }
    if (!res || res.status >= 400) {
      method = 'GET';
      try {
        res = await request(fetchFn, url, 'GET', policy);
      } catch (err) {
        const why =
          err instanceof Error && err.name === 'TimeoutError'
            ? `timed out after ${policy.timeoutMs} ms`
            : err instanceof Error
              ? err.message
              : String(err);
        return {
          url: raw,
          outcome: 'broken',
          status: res?.status ?? null,
          method,
          reason: failure ? `${why} (HEAD: ${failure})` : why,
        };
      }
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      try {
        url = new URL(location, url);
      } catch {
        return { url: raw, outcome: 'broken', status: res.status, method, reason: 'redirects to an invalid location' };
      }
      continue;
    }
    const ok = res.status >= 200 && res.status < 300;
    return {
      url: raw,
      outcome: ok ? 'ok' : 'broken',
      status: res.status,
      method,
      reason: ok ? null : `HTTP ${res.status}`,
    };
  }
  return {
    url: raw,
    outcome: 'broken',
    status: null,
    method: null,
    reason: `more than ${policy.maxRedirects} redirects`,
  };
}

/** Checks links with bounded concurrency; links not started within the budget are not checked. */
export async function checkLinks(
  urls: string[],
  fetchFn: typeof fetch,
  policy: LinkPolicy,
  now: () => number = Date.now,
): Promise<LinkResult[]> {
  const results: LinkResult[] = new Array(urls.length);
  const deadline = now() + policy.budgetMs;
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const i = next++;
      const url = urls[i]!;
      results[i] =
        now() > deadline
          ? {
              url,
              outcome: 'not_checked',
              status: null,
              method: null,
              reason: 'time budget used up; check fewer links at once',
            }
          : await checkLink(url, fetchFn, policy);
    }
  };
  await Promise.all(Array.from({ length: Math.min(policy.concurrency, urls.length) }, worker));
  return results;
}
