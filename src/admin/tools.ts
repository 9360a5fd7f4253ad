// The admin tools' public face: name, title, description and hints, in the order clients list
// them. The MCP server registers each tool under this metadata (src/server/mcp/tools/), and the
// build describes POST /api/mcp in openapi.json from it without loading the tools themselves.
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { limitInWords, REBUILD_LIMIT, REQUEST_LIMIT } from '../contract/limits.ts';

export interface ToolInfo {
  name: string;
  title: string;
  description: string;
  annotations: ToolAnnotations;
}

export const TOOL_INFO = [
  {
    name: 'search_products',
    title: 'Search products',
    description:
      'Searches every product file, drafts and scheduled products included. Text search over name, brand, description and editorial note; filters for category, age band or age in years, staff pick, curator, currency, priced or not, and status. Results are ordered by slug and paged (`total` counts all matches).',
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'get_product',
    title: 'Get a product',
    description:
      'Returns one product by slug, drafts and scheduled products included: the 13 public fields plus its status, `publishAt`, source file path and Markdown body. Fails with a list of similar slugs when none matches.',
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'catalog_stats',
    title: 'Catalog statistics',
    description:
      'Counts every product file by status (published, draft, scheduled), category, age band, curator and currency, plus unpriced products, staff picks, products without a readable age range, and when the data was built (`builtAt`). Products in several categories or bands count in each.',
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'audit_catalog',
    title: 'Audit the catalog',
    description:
      'Lists what curators should fix, across every product file: missing image, description, age range or editorial note; duplicate names or product links; staff picks without a curator; scheduled products whose publishAt has passed (they go live on the next build); and any problem the validator reports. Filter by kind and status; paged, with counts per kind.',
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'validate_product',
    title: 'Validate a product file',
    description:
      'Checks the text of a product file (frontmatter plus Markdown body) exactly as the build does and returns every problem with its line, field, message and fix. Give `path` (content/products/<slug>.md) to check the slug against the file name; without it the file is assumed to be named after its own slug.',
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'draft_product',
    title: 'Draft a product file',
    description:
      'Builds a ready-to-commit product file from fields: returns its path (content/products/<slug>.md) and full text with every frontmatter field written (nulls included), checked by the same parser as the build. New products are drafts (`published: false`) unless told otherwise. When the slug (given or derived from the name) is taken, the file uses the first free variant (`-2`, `-3`, …) and says so. Nothing is written: commit the file through a pull request.',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'trigger_rebuild',
    title: 'Trigger a rebuild',
    description: `Starts a new production build and deploy through the Netlify build hook in BUILD_HOOK_URL: use it after merging product changes, or when a scheduled product is past due. Limited to ${limitInWords(REBUILD_LIMIT)} per admin. Fails with a clear message when BUILD_HOOK_URL is not set.`,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  },
  {
    name: 'check_links',
    title: 'Check product links',
    description:
      'Checks product links (`url`) and image links (`imageUrl`, site paths resolved against the site URL): HEAD, then GET when HEAD fails; redirects followed; a timeout per request; a few requests at a time. Targets on loopback, private, link-local or any other special-purpose address (IANA registries, NAT64 and 6to4 included) are refused and never connected to: the address is checked when each connection is made, on every redirect hop. Choose products by `slugs`, or by `status` and paging (ordered by slug); `urls` checks extra links directly. Reports only the links that are not OK.',
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
] as const satisfies readonly ToolInfo[];

export type ToolName = (typeof TOOL_INFO)[number]['name'];

/** One tool's metadata by name. */
export function toolInfo(name: ToolName): ToolInfo {
  return TOOL_INFO.find((t) => t.name === name)!;
}

/** A short Markdown list of the tools, for the OpenAPI description of POST /api/mcp. */
export function describeMcpTools(): string {
  const lines = TOOL_INFO.map((t: ToolInfo) => {
    const firstSentence = t.description.split(/(?<=\.)\s+(?=[A-Z])/)[0];
    const hint = t.annotations.readOnlyHint ? 'read-only' : 'has effects';
    return `- \`${t.name}\` (${hint}): ${firstSentence}`;
  });
  return [
    'Admin-only Model Context Protocol endpoint (Streamable HTTP, stateless, JSON responses; send `Accept: application/json, text/event-stream` and `Content-Type: application/json`). One JSON-RPC message per request: batches are refused. ' +
      `${limitInWords(REQUEST_LIMIT, 'requests')} per admin. Tools:`,
    '',
    ...lines,
  ].join('\n');
}
