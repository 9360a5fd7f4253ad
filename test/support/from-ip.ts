// Requests from a chosen loopback address (any of 127.0.0.0/8): the local stack sees it as the
// client IP, as Netlify would a real one, so each test's limits are its own and a flood in one file
// cannot starve another. A fresh random address per call of `randomLoopback`.
import { Agent, fetch as undiciFetch } from 'undici';
import type { Fetch } from './oidc.ts';

export function randomLoopback(): string {
  const b = () => 1 + Math.floor(Math.random() * 254);
  return `127.${b()}.${b()}.${b()}`;
}

/** fetch that connects from `ip` (IPv4 loopback), never following redirects unless asked. */
export function fetchFrom(ip: string): Fetch {
  const dispatcher = new Agent({ connect: { localAddress: ip, family: 4 } as Agent.Options['connect'] });
  return (input, init) =>
    undiciFetch(input instanceof Request ? input.url : input, {
      ...(input instanceof Request
        ? { method: input.method, headers: input.headers, body: input.body, duplex: 'half' }
        : {}),
      ...(init as object),
      dispatcher,
    } as Parameters<typeof undiciFetch>[1]) as unknown as Promise<Response>;
}
