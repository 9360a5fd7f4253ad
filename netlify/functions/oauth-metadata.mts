// OAuth discovery documents (RFC 8414, RFC 9728) for MCP clients; see src/server/auth/metadata.ts.
import type { Config } from '@netlify/functions';
import { settings } from '../../src/config/env.ts';
import { handleMetadata } from '../../src/server/auth/metadata.ts';
import { secured } from '../../src/server/http/headers.ts';

export default secured((req: Request) => handleMetadata(req, settings().site.url));
export const config: Config = {
  path: [
    '/.well-known/oauth-authorization-server',
    '/.well-known/oauth-protected-resource',
    '/.well-known/oauth-protected-resource/api/mcp',
  ],
};
