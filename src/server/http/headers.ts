// Headers every function answer carries: functions set all their own headers (production adds no
// CDN rules to them), so a response leaves with nosniff and, unless it says otherwise, no-store.

/** Adds `extra` headers a response does not set itself, then the defaults every answer carries. */
export function withHeaders(res: Response, extra: Record<string, string>): Response {
  const headers = new Headers(res.headers);
  for (const [k, v] of Object.entries(extra)) if (!headers.has(k)) headers.set(k, v);
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  headers.set('x-content-type-options', 'nosniff');
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
