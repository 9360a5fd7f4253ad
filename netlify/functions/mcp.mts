// POST /api/mcp: the admin MCP endpoint (see src/server/mcp/handler.ts).
import type { Config } from '@netlify/functions';
import { mcpDepsFromEnv } from '../../src/server/mcp/from-env.ts';
import { createMcpHandler } from '../../src/server/mcp/handler.ts';

export default createMcpHandler(mcpDepsFromEnv());
export const config: Config = { path: '/api/mcp' };
