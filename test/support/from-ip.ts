// Requests from a chosen loopback address (any of 127.0.0.0/8): the local stack sees it as the
// client IP, as Netlify would a real one, so each test's limits are its own and a flood in one file
// cannot starve another. A fresh random address per call of `randomLoopback`.
import { Agent, fetch as undiciFetch } from 'undici';
import type { Fetch } from './oidc.ts';

export function randomLoopback(): string {
  const b = () => 1 + Math.floor(Math.random() * 254);
  return `127.${b()}.${b()}.${b()}`;
}

const NULL_BODY = new Set([101, 204, 205, 304]);

/** fetch that connects from `ip` (IPv4 loopback); answers are the global Response (the MCP SDK checks). */
export function fetchFrom(ip: string): Fetch {
  const dispatcher = new Agent({ localAddress: ip, connect: { family: 4 } as Agent.Options['connect'] });
  return async (input, init) => {
    const req = input instanceof Request ? input : null;
    const res = await undiciFetch(req ? req.url : (input as string | URL), {
      ...(req ? { method: req.method, headers: req.headers, body: req.body, duplex: 'half' } : {}),
      ...(init as object),
      dispatcher,
    } as Parameters<typeof undiciFetch>[1]);
    return new Response(NULL_BODY.has(res.status) ? null : (res.body as ReadableStream | null), {
      status: res.status,
      statusText: res.statusText,
      headers: new Headers([...res.headers]),
    });
  };
}
