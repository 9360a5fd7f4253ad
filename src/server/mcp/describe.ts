// A short Markdown description of the admin tools, generated from the tool definitions the server
// registers, for the OpenAPI description of POST /api/mcp and the README.
import { TOOLS } from './tools/index.ts';

export function describeMcpTools(): string {
  const lines = TOOLS.map((t) => {
    const firstSentence = t.description.split(/(?<=\.)\s/)[0];
    const hint = t.annotations.readOnlyHint ? 'read-only' : 'has effects';
    return `- \`${t.name}\` (${hint}): ${firstSentence}`;
  });
  return [
    'Admin-only Model Context Protocol endpoint (Streamable HTTP, stateless, JSON responses; send `Accept: application/json, text/event-stream` and `Content-Type: application/json`). One JSON-RPC message per request: batches are refused. 60 requests per minute per admin. Tools:',
    '',
    ...lines,
  ].join('\n');
}
