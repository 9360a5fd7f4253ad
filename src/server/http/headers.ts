// Headers every function answer carries: functions set all their own headers (production adds no
// CDN rules to them), so a response leaves with the site's security headers (a no-content CSP
// unless it has its own) and, unless it says otherwise, no-store.
import { addSecurityHeaders } from '../../contract/security-headers.ts';

/** Adds `extra` headers a response does not set itself, then the defaults every answer carries. */
export function withHeaders(res: Response, extra: Record<string, string>): Response {
  const headers = new Headers(res.headers);
  for (const [k, v] of Object.entries(extra)) if (!headers.has(k)) headers.set(k, v);
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  addSecurityHeaders(headers);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/** A function entry whose every answer leaves through withHeaders (netlify/functions/*.mts use it). */
export function secured<A extends unknown[]>(
  handler: (...args: A) => Response | Promise<Response>,
): (...args: A) => Promise<Response> {
  return async (...args) => withHeaders(await handler(...args), {});
}
