// POST /api/mcp: the admin MCP endpoint (see src/server/mcp/handler.ts).
import '../../src/server/mcp/zod-jitless.ts'; // first: before any schema is made
import type { Config } from '@netlify/functions';
import { settings } from '../../src/config/env.ts';
import { mcpDeps } from '../../src/server/mcp/deps.ts';
import { createMcpHandler } from '../../src/server/mcp/handler.ts';
import { secured } from '../../src/server/http/headers.ts';

export default secured(createMcpHandler(mcpDeps(settings())));
export const config: Config = { path: '/api/mcp' };
