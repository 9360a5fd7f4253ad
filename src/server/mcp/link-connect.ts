// The connections check_links makes: an undici Agent whose every connection resolves its host
// through a lookup that fails when any address is special-purpose. The address checked is the
// address connected to, so an answer that changes between check and use (DNS rebinding) is moot.
import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import type { Agent } from 'undici';
import { isSpecialPurposeAddress } from './special-addresses.ts';

/** Resolves a host name to every address it has. */
export type Resolve = (hostname: string) => Promise<string[]>;

export interface ConnectRules {
  resolve: Resolve;
  /** Tests only: exact addresses that count as public (a loopback test server). */
  allowAddresses: readonly string[];
  timeoutMs: number;
}

/** A link that was not requested: `refused` for a special-purpose target, `broken` when DNS failed. */
export class LinkStop extends Error {
  readonly outcome: 'refused' | 'broken';
  readonly reason: string;
  constructor(outcome: 'refused' | 'broken', reason: string) {
    super(reason);
    this.name = 'LinkStop';
    this.outcome = outcome;
    this.reason = reason;
  }
}

/** The LinkStop behind a failed request (undici wraps connect errors as `fetch failed` causes). */
export function linkStopOf(err: unknown): LinkStop | null {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if (e instanceof LinkStop) return e;
  return null;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Refused unless public (or allowed by a test). */
export function isRefusedAddress(address: string, rules: Pick<ConnectRules, 'allowAddresses'>): boolean {
  return isSpecialPurposeAddress(address) && !rules.allowAddresses.includes(address);
}

export function refusedReason(host: string, address: string): string {
  return (
    `refused: ${host === address ? host : `${host} resolves to ${address}, which`} ` +
    `is a loopback, private, link-local or other special-purpose address`
  );
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** Every address of `host`, or a LinkStop when there is none or any one is special-purpose. */
export async function checkedAddresses(host: string, rules: ConnectRules): Promise<string[]> {
  let addresses: string[];
  try {
    addresses = await withTimeout(rules.resolve(host), rules.timeoutMs, 'DNS lookup');
  } catch (err) {
    throw new LinkStop('broken', `host ${host} could not be resolved (${message(err)})`);
  }
  if (addresses.length === 0) throw new LinkStop('broken', `host ${host} has no addresses`);
  const bad = addresses.find((a) => isRefusedAddress(a, rules));
  if (bad !== undefined) throw new LinkStop('refused', refusedReason(host, bad));
  return addresses;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `net.connect` lookup that only ever hands out checked addresses. */
export function guardedLookup(rules: ConnectRules) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    checkedAddresses(hostname, rules).then(
      (all) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const list = wanted ? all.filter((a) => isIP(a) === wanted) : all;
        if (list.length === 0) {
          callback(new LinkStop('broken', `host ${hostname} has no IPv${wanted} address`), '');
        } else if (options.all) {
          callback(
            null,
            list.map((address) => ({ address, family: isIP(address) })),
          );
        } else {
          callback(null, list[0]!, isIP(list[0]!));
        }
      },
      (err: unknown) => callback(err as NodeJS.ErrnoException, ''),
    );
  };
}

/** The dispatcher for one round of link checks; destroy it when the round is over. */
export async function linkAgent(rules: ConnectRules): Promise<Agent> {
  // Loaded on first use: undici costs more to import than a cold 401 from the MCP endpoint.
  const { Agent } = await import('undici');
  return new Agent({
    connect: { lookup: guardedLookup(rules), timeout: rules.timeoutMs },
    // Connections are reused only within one round: each new one goes through the lookup.
    keepAliveTimeout: 1000,
  });
}
