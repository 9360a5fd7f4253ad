// The MCP part of POST /api/mcp, after method, auth, rate limit and body checks have passed: one
// JSON-RPC message through a new server and stateless transport (JSON responses). The handler
// imports this module on first use, so the SDK stays out of the answers that come before it.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  ClientRequestSchema,
  isTaskAugmentedRequestParams,
  JSONRPCMessageSchema,
  JSONRPCRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { JSONRPC_INVALID_PARAMS, JSONRPC_INVALID_REQUEST, JSONRPC_METHOD_NOT_FOUND, jsonRpcError } from './http.ts';
import { buildMcpServer } from './server.ts';
import { TOOLS } from './tools/index.ts';
import type { ToolContext } from './tools/tool.ts';

const ACCEPT_BOTH = 'application/json, text/event-stream';

/** Each request a client may send, by method, with the schema the SDK parses it with. */
let requestSchemas: Map<string, z.ZodType> | undefined;
const requestSchema = (method: string): z.ZodType =>
  (requestSchemas ??= new Map(ClientRequestSchema.options.map((s) => [s.shape.method.value, s as z.ZodType]))).get(
    method,
  ) ?? JSONRPCRequestSchema;

/** A request's envelope: JSON-RPC 2.0, an id the SDK takes, a method, and params, if any, structured. */
function requestEnvelope(m: unknown): { id: string | number; method: string; params: unknown } | null {
  if (typeof m !== 'object' || m === null) return null;
  const { jsonrpc, id, method, params } = m as Record<string, unknown>;
  if (jsonrpc !== '2.0' || typeof method !== 'string') return null;
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return null;
  if (params !== undefined && (typeof params !== 'object' || params === null)) return null;
  return { id: id as string | number, method, params };
}

/** Where a request's params fail its schema, in a line: at most three places. */
const paramsProblems = (issues: readonly z.core.$ZodIssue[]) =>
  issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(request)'}: ${i.message}`)
    .join('; ') + (issues.length > 3 ? `; and ${issues.length - 3} more` : '');

/**
 * The answer to a request the server would fail on, or null. A request whose params do not fit
 * its method's schema is the caller's mistake, however deep the mistake: the SDK finds it only
 * inside its handler and answers -32603 "internal error" with zod's raw report; here it is -32602
 * naming where. (A tool's arguments are only a record at this level: the SDK then checks them
 * against the tool's input schema and answers a tool error, `isError`, naming the field.) A
 * task-augmented request is a method this server does not offer (it declares no `tasks`
 * capability): -32601, as the spec says, where the SDK would throw an internal error.
 */
function refusal(message: unknown): Response | null {
  const request = requestEnvelope(message);
  if (!request) return null;
  const checked = requestSchema(request.method).safeParse(message);
  if (!checked.success)
    return jsonRpcError(
      JSONRPC_INVALID_PARAMS,
      `Invalid params for ${request.method}: ${paramsProblems(checked.error.issues)}`,
      request.id,
      undefined,
      200,
    );
  if (isTaskAugmentedRequestParams(request.params) && request.params.task)
    return jsonRpcError(
      JSONRPC_METHOD_NOT_FOUND,
      `Method not found: ${request.method} as a task (this server runs no request as a task; send it without \`task\`).`,
      request.id,
      undefined,
      200,
    );
  return null;
}

/** Answers one parsed JSON value (not a batch) sent by `ctx.admin`. */
export async function answerMcp(req: Request, message: unknown, ctx: ToolContext): Promise<Response> {
  const refused = refusal(message);
  if (refused) return refused;
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
