// The `WWW-Authenticate` challenge /api/mcp sends with a 401 (RFC 6750 + RFC 9728), pointing MCP
// clients at the protected resource metadata so they can discover how to sign in.

/** `Bearer resource_metadata="{base}/.well-known/oauth-protected-resource/api/mcp"`, plus `error` when a token was sent. */
export function wwwAuthenticate(
  base: string,
  error?: { code: 'invalid_token' | 'invalid_request' | 'insufficient_scope'; description?: string },
): string {
  const parts = [`resource_metadata="${protectedResourceMetadataUrl(base)}"`];
  if (error) {
    parts.unshift(`error="${error.code}"`);
    if (error.description) parts.push(`error_description="${error.description.replace(/["\\]/g, "'")}"`);
  }
  return `Bearer ${parts.join(', ')}`;
}

export function protectedResourceMetadataUrl(base: string): string {
  return `${base.replace(/\/+$/, '')}/.well-known/oauth-protected-resource/api/mcp`;
}
