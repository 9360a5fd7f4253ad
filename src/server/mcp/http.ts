// HTTP pieces of the MCP endpoint: CORS for browser clients, the bearer challenge and JSON-RPC
// error responses (the byte-capped body reader is shared: ../http/body.ts).
export const MAX_BODY_BYTES = 1_000_000;

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'WWW-Authenticate, Mcp-Session-Id, Mcp-Protocol-Version, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy',
};

export const PREFLIGHT_HEADERS: Record<string, string> = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers':
    'Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID',
  'Access-Control-Max-Age': '600',
};

/** Adds headers to a response (the response's own win for content type). */
export function withHeaders(res: Response, extra: Record<string, string>): Response {
  const headers = new Headers(res.headers);
  for (const [k, v] of Object.entries(extra)) if (!headers.has(k)) headers.set(k, v);
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  headers.set('x-content-type-options', 'nosniff');
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

const quote = (s: string) => `"${s.replace(/["\\]/g, "'")}"`;

/** RFC 6750 challenge pointing to the RFC 9728 metadata; `error` only when a token was sent. */
export function bearerChallenge(base: string, invalid?: string): string {
  const metadata = `resource_metadata=${quote(`${base}/.well-known/oauth-protected-resource/api/mcp`)}`;
  return invalid === undefined
    ? `Bearer ${metadata}`
    : `Bearer error="invalid_token", error_description=${quote(invalid)}, ${metadata}`;
}

/** The bearer token, null when absent, or `undefined` when the header uses another scheme. */
export function bearerToken(req: Request): string | null | undefined {
  const header = req.headers.get('authorization');
  if (header === null || header.trim() === '') return null;
  const m = /^Bearer[ \t]+([^\s]+)\s*$/i.exec(header);
  return m ? m[1]! : undefined;
}

/** True for `application/json` with any parameters (charset…). */
export function isJsonContentType(value: string | null): boolean {
  return value !== null && value.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

export const JSONRPC_PARSE_ERROR = -32700;
export const JSONRPC_INVALID_REQUEST = -32600;

/** A JSON-RPC 2.0 error response at HTTP 400 (for messages the MCP server never sees). */
export function jsonRpcError(
  code: number,
  message: string,
  id: string | number | null = null,
  data?: unknown,
): Response {
  const error = data === undefined ? { code, message } : { code, message, data };
  return new Response(JSON.stringify({ jsonrpc: '2.0', id, error }), {
    status: 400,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}
