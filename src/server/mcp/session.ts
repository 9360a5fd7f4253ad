// The MCP part of POST /api/mcp, after method, auth, rate limit and body checks have passed: one
// JSON-RPC message through a new server and stateless transport (JSON responses). The handler
// imports this module on first use, so the SDK stays out of the answers that come before it.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { JSONRPC_INVALID_REQUEST, jsonRpcError } from './http.ts';
import { buildMcpServer } from './server.ts';
import { TOOLS } from './tools/index.ts';
import type { ToolContext } from './tools/tool.ts';

const ACCEPT_BOTH = 'application/json, text/event-stream';

/** Answers one parsed JSON value (not a batch) sent by `ctx.admin`. */
export async function answerMcp(req: Request, message: unknown, ctx: ToolContext): Promise<Response> {
  const parsed = JSONRPCMessageSchema.safeParse(message);
  if (!parsed.success) {
    const rawId = (message as { id?: unknown } | null)?.id;
    const id = typeof rawId === 'string' || (typeof rawId === 'number' && Number.isFinite(rawId)) ? rawId : null;
    return jsonRpcError(JSONRPC_INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 message.', id);
  }
  // We always answer JSON, so clients that omit text/event-stream from Accept are served anyway
  // (lenient) instead of getting the transport's 406.
  const headers = new Headers(req.headers);
  headers.set('accept', ACCEPT_BOTH);
  const forwarded = new Request(req.url, { method: 'POST', headers });
  const server = buildMcpServer(ctx, TOOLS);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  try {
    await server.connect(transport);
    return await transport.handleRequest(forwarded, {
      parsedBody: parsed.data,
      authInfo: { token: '', clientId: ctx.admin.sub, scopes: [], extra: { email: ctx.admin.email } },
    });
  } finally {
    await server.close().catch(() => {});
  }
}
