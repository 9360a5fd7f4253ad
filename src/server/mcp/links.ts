// Link checking for check_links: HEAD then GET, a timeout per request, redirects followed by hand
// (each hop's URL re-checked), and connections only to public addresses: literal IPs are checked
// before any request, host names when each connection is made (./link-connect.ts).
import { lookup as dnsLookup, Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Agent, Response, fetch as undiciFetch } from 'undici';
import type { Settings } from '../../config/env.ts';
import { isRefusedAddress, linkAgent, linkStopOf, refusedReason, type Resolve } from './link-connect.ts';

export interface LinkPolicy {
  /** Tests only: exact special-purpose addresses that may be connected to (a loopback test server). */
  allowAddresses: readonly string[];
  /** Every address a host name resolves to; asked once for each new connection. */
  lookup: Resolve;
  /** Timeout of each HTTP request, each connection and each lookup. */
  timeoutMs: number;
  /** Requests in flight at once. */
  concurrency: number;
  maxRedirects: number;
  /** Links not started within this time are reported as not checked (functions have a time limit). */
  budgetMs: number;
}

const systemLookup: Resolve = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Asks one DNS server (tests: a small server on loopback) for the A and AAAA records of a host. */
function lookupVia(server: string, timeoutMs: number): Resolve {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  resolver.setServers([server]);
  return async (host) => {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
    const found = [v4, v6].flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
    if (found.length === 0 && v4.status === 'rejected') throw v4.reason;
    return found;
  };
}

const isLoopback = (address: string) => (isIP(address) === 4 && address.startsWith('127.')) || address === '::1';

/**
 * Test-only settings, for the attack tests on the local stack: LINK_CHECK_DNS_SERVER (a DNS server
 * `host:port` to resolve with instead of the system resolver) and LINK_CHECK_ALLOW_ADDRESSES
 * (loopback addresses that count as public). Honoured only where CONTEXT is exactly `dev` (the local stack;
 * Netlify does not give functions CONTEXT at run time) and only with loopback values.
 */
export function testNetwork(s: Settings, timeoutMs = DEFAULT_TIMEOUT_MS): Partial<LinkPolicy> {
  const { dnsServer: server, allowAddresses: allow } = s.admin.linkCheck;
  if (!server && !allow) return {};
  if (s.site.context !== 'dev') {
    console.error('check_links: LINK_CHECK_DNS_SERVER and LINK_CHECK_ALLOW_ADDRESSES are ignored outside CONTEXT=dev.');
    return {};
  }
  const out: Partial<LinkPolicy> = {};
  if (server) {
    const host = URL.canParse(`dns://${server}`) ? new URL(`dns://${server}`).hostname.replace(/^\[|\]$/g, '') : '';
    if (isLoopback(host)) out.lookup = lookupVia(server, timeoutMs);
    else console.error(`check_links: LINK_CHECK_DNS_SERVER must be a loopback host:port; ignored (${server}).`);
  }
  if (allow) {
    if (allow.every(isLoopback)) out.allowAddresses = allow;
    else
      console.error(
        `check_links: LINK_CHECK_ALLOW_ADDRESSES must list loopback addresses; ignored (${allow.join(',')}).`,
      );
  }
  return out;
}

const DEFAULT_TIMEOUT_MS = 5000;

export const defaultLinkPolicy = (over: Partial<LinkPolicy> = {}): LinkPolicy => ({
  allowAddresses: [],
  lookup: systemLookup,
  timeoutMs: DEFAULT_TIMEOUT_MS,
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

/** Why `url` must not be requested at all (scheme, or a literal special-purpose address), or null. */
function refusal(url: URL, policy: LinkPolicy): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `only http and https links are checked (got ${url.protocol})`;
  // Host names are checked at connect time; a literal address never goes through a lookup.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) && isRefusedAddress(host, policy) ? refusedReason(host, host) : null;
}

/** undici's own fetch and the guarded Agent it sends every request through. */
interface Client {
  fetch: typeof undiciFetch;
  agent: Agent;
}

async function request(client: Client, url: URL, method: 'HEAD' | 'GET', policy: LinkPolicy): Promise<Response> {
  const res = await client.fetch(url, {
    method,
    dispatcher: client.agent,
    redirect: 'manual',
    signal: AbortSignal.timeout(policy.timeoutMs),
    headers: { 'user-agent': 'catalog-link-check/1' },
  });
  await res.body?.cancel().catch(() => {});
  return res;
}

function failure(err: unknown, policy: LinkPolicy): string {
  if (err instanceof Error && err.name === 'TimeoutError') return `timed out after ${policy.timeoutMs} ms`;
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return err instanceof Error ? `${err.message}${cause}` : String(err);
}

/** Checks one link: HEAD, then GET when HEAD fails or is refused by the server. */
async function checkLink(raw: string, client: Client, policy: LinkPolicy): Promise<LinkResult> {
  const result = (
    outcome: LinkOutcome,
    status: number | null,
    method: LinkResult['method'],
    reason: string | null,
  ) => ({
    url: raw,
    outcome,
    status,
    method,
    reason,
  });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return result('broken', null, null, 'not a valid absolute URL');
  }
  for (let hop = 0; hop <= policy.maxRedirects; hop++) {
    const no = refusal(url, policy);
    if (no) return result('refused', null, null, no);
    let res: Response | null = null;
    let method: 'HEAD' | 'GET' = 'HEAD';
    let headFailure = '';
    try {
      res = await request(client, url, 'HEAD', policy);
    } catch (err) {
      const stop = linkStopOf(err);
      if (stop) return result(stop.outcome, null, null, stop.reason);
      headFailure = failure(err, policy);
    }
    if (!res || res.status >= 400) {
      method = 'GET';
      try {
        res = await request(client, url, 'GET', policy);
      } catch (err) {
        const stop = linkStopOf(err);
        if (stop) return result(stop.outcome, res?.status ?? null, method, stop.reason);
        const why = failure(err, policy);
        return result('broken', res?.status ?? null, method, headFailure ? `${why} (HEAD: ${headFailure})` : why);
      }
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      try {
        url = new URL(location, url);
      } catch {
        return result('broken', res.status, method, 'redirects to an invalid location');
      }
      continue;
    }
    const ok = res.status >= 200 && res.status < 300;
    return result(ok ? 'ok' : 'broken', res.status, method, ok ? null : `HTTP ${res.status}`);
  }
  return result('broken', null, null, `more than ${policy.maxRedirects} redirects`);
}

/** Checks links with bounded concurrency; links not started within the budget are not checked. */
export async function checkLinks(
  urls: string[],
  policy: LinkPolicy,
  now: () => number = Date.now,
): Promise<LinkResult[]> {
  const results: LinkResult[] = new Array(urls.length);
  const deadline = now() + policy.budgetMs;
  const { fetch } = await import('undici');
  const agent = await linkAgent({
    resolve: policy.lookup,
    allowAddresses: policy.allowAddresses,
    timeoutMs: policy.timeoutMs,
  });
  const client: Client = { fetch, agent };
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
          : await checkLink(url, client, policy);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(policy.concurrency, urls.length) }, worker));
  } finally {
    await agent.destroy().catch(() => {});
  }
  return results;
}
