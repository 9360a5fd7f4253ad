// HTTP pieces of the MCP endpoint alone: its CORS for browser clients, the bearer challenge that
// points to its resource metadata, and JSON-RPC error responses (general helpers: ../http/).
export const MAX_BODY_BYTES = 1_000_000;

export const MCP_CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'WWW-Authenticate, Mcp-Session-Id, Mcp-Protocol-Version, Retry-After, ' +
    'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy',
};

export const MCP_PREFLIGHT_HEADERS: Record<string, string> = {
  ...MCP_CORS_HEADERS,
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers':
    'Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID',
  'Access-Control-Max-Age': '600',
};

const quote = (s: string) => `"${s.replace(/["\\]/g, "'")}"`;

/** RFC 6750 challenge pointing to the RFC 9728 metadata; `error` only when a token was sent. */
export function bearerChallenge(base: string, invalid?: string): string {
  const metadata = `resource_metadata=${quote(`${base}/.well-known/oauth-protected-resource/api/mcp`)}`;
  return invalid === undefined
    ? `Bearer ${metadata}`
    : `Bearer error="invalid_token", error_description=${quote(invalid)}, ${metadata}`;
}

export const JSONRPC_PARSE_ERROR = -32700;
export const JSONRPC_INVALID_REQUEST = -32600;
export const JSONRPC_METHOD_NOT_FOUND = -32601;
export const JSONRPC_INVALID_PARAMS = -32602;

/**
 * A JSON-RPC 2.0 error response for a message the MCP server never sees: at HTTP 400 when it is no
 * request at all, at 200 (as the server answers its own errors) for a request it refuses.
 */
export function jsonRpcError(
  code: number,
  message: string,
  id: string | number | null = null,
  data?: unknown,
  status: 200 | 400 = 400,
): Response {
  const error = data === undefined ? { code, message } : { code, message, data };
  return new Response(JSON.stringify({ jsonrpc: '2.0', id, error }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}
