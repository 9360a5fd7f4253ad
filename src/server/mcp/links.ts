// Link checking for check_links and the link watcher (src/server/watch/): HEAD then GET, a timeout
// per request and per link, redirects followed by hand (each hop's URL re-checked), at most a few
// requests at a time to one host, a 429's Retry-After honoured, a User-Agent naming the site, and
// connections only to public addresses: literal IPs are checked before any request, host names when
// each connection is made (./link-connect.ts). What counts as unknown and as moved is decided here
// too (./link-moved.ts), so both callers judge a link the same way.
import { lookup as dnsLookup, Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Agent, Response, fetch as undiciFetch } from 'undici';
import type { Settings } from '../../config/env.ts';
import { SITE_NAME } from '../../config/site.ts';
import { ABOUT_PATH } from '../../catalog/urls.ts';
import { isRefusedAddress, linkAgent, linkStopOf, refusedReason, type Resolve } from './link-connect.ts';
import { movedReason } from './link-moved.ts';

export interface LinkPolicy {
  /** Tests only: exact special-purpose addresses that may be connected to (a loopback test server). */
  allowAddresses: readonly string[];
  /** Every address a host name resolves to; asked once for each new connection. */
  lookup: Resolve;
  /** Timeout of each HTTP request, each connection and each lookup. */
  timeoutMs: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Requests in flight at once to one host: shops are not hammered. */
  perHost: number;
  maxRedirects: number;
  /** The longest one link may take, its redirects and the GET fallback included. */
  linkMs: number;
  /** Links not started within this time are reported as not checked (functions have a time limit). */
  budgetMs: number;
  /**
   * When no request may run any more (epoch ms), or null: a link still being checked then is cut
   * and reported as not checked (the run's time ran out), never as broken. The link watcher sets it
   * so a scheduled run ends in time however slowly shops answer.
   */
  endAt: number | null;
  /** Sent with every request: names the site and its about page, so a shop knows who checks. */
  userAgent: string;
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

/** The User-Agent of every link check: the site's name and its about page, where a shop can read why. */
export const linkUserAgent = (siteUrl: string) =>
  `${SITE_NAME.replace(/\s+/g, '')}-LinkCheck/1.0 (+${siteUrl}${ABOUT_PATH})`;

export const defaultLinkPolicy = (over: Partial<LinkPolicy> = {}): LinkPolicy => ({
  allowAddresses: [],
  lookup: systemLookup,
  timeoutMs: DEFAULT_TIMEOUT_MS,
  concurrency: 6,
  perHost: 2,
  maxRedirects: 5,
  linkMs: 8000,
  budgetMs: 8000,
  endAt: null,
  userAgent: linkUserAgent('http://localhost:8888'),
  ...over,
});

/**
 * ok: 2xx where the link points; broken: an error status, a timeout, unreachable or unresolvable;
 * moved: 2xx, but on the shop's home page or another product (./link-moved.ts); unknown: 401, 403,
 * 429 or 503, which shops put in front of good pages (bot walls, rate limits); refused: a
 * special-purpose address or not http(s); not_checked: the time budget ran out, or the shop asked
 * to wait (Retry-After).
 */
export type LinkOutcome = 'ok' | 'broken' | 'moved' | 'unknown' | 'refused' | 'not_checked';

/** Statuses that say nothing about the page: sign-in, bot walls, rate limits, maintenance. */
export const UNKNOWN_STATUSES: ReadonlySet<number> = new Set([401, 403, 429, 503]);

export interface LinkResult {
  url: string;
  outcome: LinkOutcome;
  /** Last HTTP status seen, or null when no response came. */
  status: number | null;
  method: 'HEAD' | 'GET' | null;
  reason: string | null;
  /** The last address requested (where the redirects ended), or null when none was. */
  finalUrl: string | null;
  /** How long the shop asked to be left alone (a 429's or 503's Retry-After, in seconds), or null. */
  retryAfterSeconds: number | null;
}

export interface CheckOptions {
  /** linkKey (./link-moved.ts) of every product link of the catalog: a redirect to another one is a move. */
  otherLinks?: ReadonlySet<string>;
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

class LinkTimeout extends Error {}

async function request(
  client: Client,
  url: URL,
  method: 'HEAD' | 'GET',
  policy: LinkPolicy,
  linkDeadline: number,
  now: () => number,
): Promise<Response> {
  const left = linkDeadline - now();
  if (left <= 0) throw new LinkTimeout(`took longer than ${policy.linkMs} ms in all`);
  const res = await client.fetch(url, {
    method,
    dispatcher: client.agent,
    redirect: 'manual',
    signal: AbortSignal.timeout(Math.min(policy.timeoutMs, left)),
    headers: { 'user-agent': policy.userAgent },
  });
  await res.body?.cancel().catch(() => {});
  return res;
}

function failure(err: unknown, policy: LinkPolicy): string {
  if (err instanceof LinkTimeout) return err.message;
  if (err instanceof Error && err.name === 'TimeoutError') return `timed out after ${policy.timeoutMs} ms`;
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return err instanceof Error ? `${err.message}${cause}` : String(err);
}

/** Retry-After in seconds (delay or HTTP date), or null. */
export function retryAfterOf(value: string | null, now: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Checks one link: HEAD, then GET when HEAD fails or is refused by the server (never after a 429). */
async function checkLink(
  raw: string,
  client: Client,
  policy: LinkPolicy,
  now: () => number,
  opts: CheckOptions,
): Promise<LinkResult> {
  const hops: URL[] = [];
  const result = (
    outcome: LinkOutcome,
    status: number | null,
    method: LinkResult['method'],
    reason: string | null,
    retryAfterSeconds: number | null = null,
  ): LinkResult => ({
    url: raw,
    outcome,
    status,
    method,
    reason,
    finalUrl: hops.at(-1)?.href ?? null,
    retryAfterSeconds,
  });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return result('broken', null, null, 'not a valid absolute URL');
  }
  const deadline = Math.min(now() + policy.linkMs, policy.endAt ?? Infinity);
  /** The run's end came before the link's answer: not checked, never broken. */
  const ended = () => policy.endAt !== null && now() >= policy.endAt - 1;
  const cut = () =>
    result('not_checked', null, null, 'the run’s time ran out before the link answered; it is checked again next run');
  for (let hop = 0; hop <= policy.maxRedirects; hop++) {
    const no = refusal(url, policy);
    if (no) return result('refused', null, null, no);
    hops.push(url);
    let res: Response | null = null;
    let method: 'HEAD' | 'GET' = 'HEAD';
    let headFailure = '';
    try {
      res = await request(client, url, 'HEAD', policy, deadline, now);
    } catch (err) {
      const stop = linkStopOf(err);
      if (stop) return result(stop.outcome, null, null, stop.reason);
      if (ended()) return cut();
      headFailure = failure(err, policy);
    }
    const wait = res ? retryAfterOf(res.headers.get('retry-after'), now()) : null;
    // A shop that asks to be left alone is not asked again with a GET.
    const leftAlone = res !== null && (res.status === 429 || (res.status === 503 && wait !== null));
    if ((!res || res.status >= 400) && !leftAlone) {
      method = 'GET';
      try {
        res = await request(client, url, 'GET', policy, deadline, now);
      } catch (err) {
        const stop = linkStopOf(err);
        if (stop) return result(stop.outcome, res?.status ?? null, method, stop.reason);
        if (ended()) return cut();
        const why = failure(err, policy);
        return result('broken', res?.status ?? null, method, headFailure ? `${why} (HEAD: ${headFailure})` : why);
      }
    }
    const status = res!.status;
    const location = res!.headers.get('location');
    if (status >= 300 && status < 400 && location) {
      try {
        url = new URL(location, url);
      } catch {
        return result('broken', status, method, 'redirects to an invalid location');
      }
      continue;
    }
    if (UNKNOWN_STATUSES.has(status)) {
      const after = retryAfterOf(res!.headers.get('retry-after'), now());
      return result(
        'unknown',
        status,
        method,
        `HTTP ${status}: the shop did not show the page (a sign-in, bot wall, rate limit or maintenance), which says nothing about the link`,
        after,
      );
    }
    if (status < 200 || status >= 300) return result('broken', status, method, `HTTP ${status}`);
    const moved = movedReason(hops, opts.otherLinks);
    return moved ? result('moved', status, method, moved) : result('ok', status, method, null);
  }
  return result('broken', null, null, `more than ${policy.maxRedirects} redirects`);
}

/** The host a link is counted against for politeness (its first address's). */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/**
 * Checks links, at most `policy.concurrency` at a time and `policy.perHost` at a time per host. Links
 * not started within the budget are not checked; after a host answers 429 (or 503 with Retry-After),
 * its links are not checked for as long as it asked.
 */
export async function checkLinks(
  urls: string[],
  policy: LinkPolicy,
  now: () => number = Date.now,
  opts: CheckOptions = {},
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
  const notChecked = (url: string, reason: string): LinkResult => ({
    url,
    outcome: 'not_checked',
    status: null,
    method: null,
    reason,
    finalUrl: null,
    retryAfterSeconds: null,
  });
  const pending = urls.map((_, i) => i);
  const inFlight = new Map<string, number>();
  /** Until when each host asked to be left alone (epoch ms). */
  const resting = new Map<string, number>();
  const running = new Set<Promise<void>>();
  try {
    while (pending.length > 0 || running.size > 0) {
      for (let k = 0; k < pending.length && running.size < policy.concurrency;) {
        const i = pending[k]!;
        const url = urls[i]!;
        const host = hostOf(url);
        const restUntil = resting.get(host) ?? 0;
        if (now() > deadline) {
          results[i] = notChecked(url, 'time budget used up; check fewer links at once');
        } else if (restUntil > now()) {
          results[i] = notChecked(
            url,
            `the shop asked to be left alone for ${Math.ceil((restUntil - now()) / 1000)} s more (429 Retry-After)`,
          );
        } else if ((inFlight.get(host) ?? 0) >= policy.perHost) {
          k++;
          continue;
        } else {
          inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
          const job = checkLink(url, client, policy, now, opts)
            .then((r) => {
              results[i] = r;
              if (r.status === 429 || (r.status === 503 && r.retryAfterSeconds !== null))
                resting.set(host, Math.max(resting.get(host) ?? 0, now() + (r.retryAfterSeconds ?? 60) * 1000));
            })
            .finally(() => {
              inFlight.set(host, inFlight.get(host)! - 1);
              running.delete(job);
            });
          running.add(job);
        }
        pending.splice(k, 1);
      }
      if (running.size > 0) await Promise.race(running);
    }
  } finally {
    await agent.destroy().catch(() => {});
  }
  return results;
}
