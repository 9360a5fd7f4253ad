// CORS for endpoints that browser-based MCP clients call directly (discovery, registration, token).
// They carry no cookies, so any origin may read them.

export const AUTH_CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, mcp-protocol-version',
  'access-control-expose-headers': 'www-authenticate',
  'access-control-max-age': '86400',
};

/** Adds the CORS headers to a response (in place) and returns it. */
export function withCors(res: Response): Response {
  for (const [k, v] of Object.entries(AUTH_CORS_HEADERS)) res.headers.set(k, v);
  return res;
}

/** The 204 answer to a preflight request. */
export function preflight(): Response {
  return new Response(null, { status: 204, headers: AUTH_CORS_HEADERS });
}
