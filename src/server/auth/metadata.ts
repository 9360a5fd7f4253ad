// Discovery documents: RFC 8414 authorization server metadata and RFC 9728 protected resource
// metadata (path form for /api/mcp and the root form). They need only the base URL.
import { apiError } from '../http/api-error.ts';
import { preflight, withCors } from '../http/cors.ts';

export function authorizationServerMetadata(base: string) {
  return {
    issuer: base,
    authorization_endpoint: `${base}/api/auth/authorize`,
    token_endpoint: `${base}/api/auth/token`,
    registration_endpoint: `${base}/api/auth/register`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    scopes_supported: [],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${base}/llms.txt`,
  };
}

export function protectedResourceMetadata(base: string) {
  return {
    resource: `${base}/api/mcp`,
    authorization_servers: [base],
    bearer_methods_supported: ['header'],
    scopes_supported: [],
    resource_name: 'Catalog admin MCP endpoint',
  };
}

/** GET /.well-known/oauth-authorization-server and /.well-known/oauth-protected-resource[/api/mcp]. */
export async function handleMetadata(request: Request, base: string): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return withCors(
      apiError('method_not_allowed', `${request.method} is not allowed here.`, 'Use GET.', {
        allow: 'GET, HEAD, OPTIONS',
      }),
    );
  }
  const path = new URL(request.url).pathname.replace(/\/+$/, '');
  const doc = path.startsWith('/.well-known/oauth-protected-resource')
    ? protectedResourceMetadata(base)
    : authorizationServerMetadata(base);
  return withCors(
    new Response(request.method === 'HEAD' ? null : JSON.stringify(doc, null, 2), {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' },
    }),
  );
}
