// One McpServer per request (stateless), with the admin tools this request needs registered
// against its context (the list in ./tools/index.ts). Results are structured content plus the same JSON as a text item.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { SITE_NAME } from '../../config/site.ts';
import { asText, type ToolContext, type ToolDef } from './tools/tool.ts';

export const SERVER_INFO = { name: 'catalog-admin', title: `${SITE_NAME} admin`, version: '1.0.0' };

// The SDK validates elicitation replies with Ajv, which it would set up for every new server
// (~15 ms each, in every request). We never elicit: one shared validator, made on first use.
let ajv: AjvJsonSchemaValidator | undefined;
const validator: jsonSchemaValidator = {
  getValidator: (schema) => (ajv ??= new AjvJsonSchemaValidator()).getValidator(schema),
};

export function buildMcpServer(ctx: ToolContext, tools: readonly ToolDef[]): McpServer {
  const server = new McpServer(SERVER_INFO, {
    jsonSchemaValidator: validator,
    instructions:
      'Admin tools for the catalog: search and inspect every product (drafts included), audit and validate product files, draft new ones, check links, and trigger a rebuild. Changes to products are proposals (propose_product, propose_edit): each is a branch with one commit and a pull request that a curator reviews and merges; no tool publishes anything by itself, merges, or writes to the base branch.',
  });
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: tool.annotations,
      },
      async (args: Record<string, unknown>) => {
        const result = (await tool.run(args, ctx)) as Record<string, unknown>;
        return { structuredContent: result, content: [{ type: 'text' as const, text: asText(result) }] };
      },
    );
  }
  return server;
}
