// The OpenAPI 3.1 document, generated from the zod schemas (zod 4 `z.toJSONSchema`): no field is
// written here. Paths, tags and security follow the contract's endpoint table.
import { z } from 'zod';
import { CONTENT_SIGNAL_LINE, DATA_LICENSE, SITE_NAME } from '../config/site.ts';
import { Product, Slug } from '../catalog/schema.ts';
import { apiErrorTable } from './api-errors.ts';
import { PAGE_SIZE } from '../catalog/lists.ts';
import { LLMS_TXT_MAX_CHARS } from './llms.ts';
import {
  API_ERRORS,
  ApiError,
  CatalogSnapshot,
  HealthStatus,
  type ApiErrorCode,
  notFoundBody,
} from '../contract/api.ts';
import { limitInWords, REQUEST_LIMIT } from '../contract/limits.ts';
import { formatCount } from '../catalog/count.ts';

type Json = Record<string, unknown>;

export const OPENAPI_VERSION = '3.1.0';
export const API_VERSION = '1.0.0';
export const MCP_DESCRIPTION = 'Admin-only MCP endpoint (JSON-RPC over Streamable HTTP).';
/**
 * `anyOf: [{type: T, …}, {type: "null"}]` (zod's nullable) becomes `type: [T, "null"]`, the 3.1
 * form; an `enum` then also lists null so the schema accepts it. `$schema`/`$id` are dropped.
 */
function normalize(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalize);
  if (node === null || typeof node !== 'object') return node;
  const { $schema: _s, $id: _i, ...rest } = node as Json;
  const out: Json = {};
  for (const [k, v] of Object.entries(rest)) out[k] = normalize(v);
  const any = out.anyOf;
  if (Array.isArray(any) && any.length === 2) {
    const nullIdx = any.findIndex((s) => JSON.stringify(s) === '{"type":"null"}');
    const other = any[1 - nullIdx] as Json | undefined;
    if (nullIdx !== -1 && other && typeof other.type === 'string') {
      const { anyOf: _a, ...own } = out;
      const merged: Json = { ...other, ...own, type: [other.type, 'null'] };
      if (Array.isArray(merged.enum)) merged.enum = [...merged.enum, null];
      return merged;
    }
  }
  return out;
}

/** The component schemas, derived from the zod schemas in src/catalog/schema.ts. */
export function componentSchemas(): Record<string, Json> {
  const reg = z.registry<{ id: string }>();
  reg.add(Product, { id: 'Product' });
  reg.add(CatalogSnapshot, { id: 'CatalogSnapshot' });
  reg.add(ApiError, { id: 'ApiError' });
  reg.add(HealthStatus, { id: 'HealthStatus' });
  const { schemas } = z.toJSONSchema(reg, {
    target: 'draft-2020-12',
    io: 'output',
    uri: (id) => `#/components/schemas/${id}`,
  });
  const out = normalize(schemas) as Record<string, Json>;
  // z.literal gives `const`; an explicit enum helps generators that ignore const.
  const status = (out.HealthStatus!.properties as Record<string, Json>).status!;
  status.enum = [status.const];
  status.description = 'Always "ok" when the service can serve traffic.';
  return out;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** JSON-RPC 2.0 is the MCP SDK's format, not ours: described, not restated field by field. */
const jsonRpcSchema = (description: string) => ({ type: 'object', description });
const json = (schema: Json, example?: unknown) => ({
  'application/json': { schema, ...(example === undefined ? {} : { example }) },
});
const apiErrorResponse = (description: string, example: unknown, headers?: Json) => ({
  description,
  ...(headers ? { headers } : {}),
  content: json(ref('ApiError'), example),
});
/** `[status, response]` for an ApiError answer: the code decides the status (API_ERRORS). */
const errorEntry = (code: ApiErrorCode, description: string, message: string, hint?: string, headers?: Json) =>
  [
    String(API_ERRORS[code].status),
    apiErrorResponse(description, { error: hint ? { code, message, hint } : { code, message } }, headers),
  ] as const;

function infoDescription(base: string): string {
  return [
    `${SITE_NAME}: a public, keyless catalog of curated, hands-on, ` +
      `screen-free learning products for children (0–13+).`,
    'It is a discovery catalog, not a store: it sells nothing, and ' +
      'each product links out to a shop, often through an affiliate link.',
    '',
    '## Decisions this description makes where the contract is open',
    '',
    '- **Price unit**: `price` is an integer in **minor units** of `currency` (cents): ' +
      '`2499` with `USD` is $24.99. `null` means unpriced. Prices are indicative.',
    '- **Markets**: a product may be sold in several markets (the United States, Canada, the European Union, ' +
      'the United Kingdom), each in its own currency. `price`, `currency` and `url` are its first offer, always in ' +
      '`USD`, `CAD` or `EUR`; its other offers are on its page, its Markdown twin and `/llms-full.txt`.',
    '- **Ordering**: `products` in `/api/products.json` are ordered ' +
      'by `slug`, ascending, in code-point order (stable across builds).',
    '- **Freshness**: the catalog is rebuilt when it changes (each merge, and within the hour ' +
      'after a scheduled product becomes due), so `generatedAt` is the time of the last build ' +
      '(RFC 3339) and may be days old. Responses are cached for at most one hour; clients may ' +
      'cache them for at most one hour too.',
    '- **Published only**: drafts and products scheduled for later never appear in any response, page or file.',
    '- **No keys**: public endpoints need no signup, no key and no payment, and have no rate limit. Send no API ' +
      'key and no `Authorization` header to them. Only `POST /api/mcp` requires authentication (`adminOAuth`).',
    `- **Markdown twins**: every HTML page has a \`text/markdown\` alternate representation, at the page path ` +
      `plus \`.md\` (\`/products/{slug}.md\`; the home page is \`/index.md\`) or at the page path itself with ` +
      `\`Accept: text/markdown\`. Each HTML page links it with \`<link rel="alternate" type="text/markdown">\`.`,
    `- **Agent files**: \`/llms.txt\` (llmstxt.org format, always under ` +
      `${formatCount(LLMS_TXT_MAX_CHARS)} characters), \`/llms-small.txt\` (one line per ` +
      `product), \`/llms-full.txt\` (every product as Markdown) and \`/llms/{category}.txt\` (one category).`,
    `- **Licence**: the catalog data (product facts and editorial notes, in every format) is ` +
      `${DATA_LICENSE.title} (${DATA_LICENSE.url}); attribute it as ${DATA_LICENSE.attribution}. ` +
      `Not covered: ${DATA_LICENSE.excluded}. The JSON responses carry \`Link: <${DATA_LICENSE.url}>; ` +
      `rel="license"\`, and robots.txt declares \`Content-Signal: ${CONTENT_SIGNAL_LINE}\`.`,
    '- **Errors**: JSON errors use the `ApiError` body, whose ' +
      '`error.code` is one of the codes below, each with one status. ' +
      'An unknown page path returns 404 with a Markdown body pointing to `/sitemap.xml` and `/llms.txt`. ' +
      'The OAuth endpoints (`/api/auth/*`) answer protocol errors in the standard OAuth format ' +
      '(RFC 6749: `{error, error_description}`) and use `ApiError` only for 405 and 503.',
    '',
    apiErrorTable(),
    '',
    `Discovery: ${base}/.well-known/api-catalog (RFC 9727), ${base}/sitemap.xml, ${base}/feed.xml.`,
  ].join('\n');
}

/**
 * What the document says of an admin tool: its name, whether it only reads, and its `summary`, the
 * sentence written for the contract (src/server/mcp/tools/ holds the tools themselves; their longer
 * descriptions are for MCP clients and never reach this document).
 */
export interface McpToolSummary {
  name: string;
  summary: string;
  annotations: { readOnlyHint?: boolean };
}

/** A short Markdown account of the MCP endpoint and its tools, for the `POST /api/mcp` description. */
export function describeMcpTools(tools: readonly McpToolSummary[]): string {
  const lines = tools.map((t) => {
    const hint = t.annotations.readOnlyHint ? 'read-only' : 'has effects';
    return `- \`${t.name}\` (${hint}): ${t.summary}`;
  });
  return [
    'Admin-only Model Context Protocol endpoint (Streamable HTTP, stateless, JSON responses; send `Accept: application/json, text/event-stream` and `Content-Type: application/json`). One JSON-RPC message per request: batches are refused. ' +
      `${limitInWords(REQUEST_LIMIT, 'requests')} per admin. Tools:`,
    '',
    ...lines,
  ].join('\n');
}

export interface OpenApiOptions {
  base: string;
  /** The admin tools, listed in the `POST /api/mcp` description. */
  mcpTools?: readonly McpToolSummary[];
}

/** The OpenAPI 3.1 document of the service. */
export function buildOpenApi(opts: OpenApiOptions): Json {
  const { base } = opts;
  const schemas = componentSchemas();
  const slugSchema = normalize(z.toJSONSchema(Slug, { target: 'draft-2020-12', io: 'output' })) as Json;
  const { description: slugDescription, ...slugParamSchema } = slugSchema;
  const publicGet = { security: [] as unknown[] };
  const text = (description: string) => ({ description, content: { 'text/plain': { schema: { type: 'string' } } } });
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: `${SITE_NAME} API`,
      version: API_VERSION,
      summary:
        'Keyless JSON, OpenAPI and Markdown access to a curated ' +
        'catalog of screen-free learning products for children.',
      description: infoDescription(base),
      contact: { name: `${SITE_NAME} curators`, url: `${base}/about` },
      license: { name: `${DATA_LICENSE.name} (catalog data; product images excluded)`, url: DATA_LICENSE.url },
    },
    servers: [{ url: base, description: 'This deployment' }],
    security: [],
    tags: [
      {
        name: 'catalog',
        description: 'The public product catalog: every published product, or one by slug. No key needed.',
      },
      {
        name: 'agents',
        description: 'Discovery files for AI agents and crawlers: the llms.txt index and the full Markdown dump.',
      },
      { name: 'meta', description: 'Service metadata: health and this OpenAPI document.' },
      {
        name: 'admin',
        description: 'Admin-only endpoints. Not part of the public catalog; third-party clients use the public JSON.',
      },
    ],
    paths: {
      '/api/health': {
        get: {
          operationId: 'getHealth',
          tags: ['meta'],
          summary: 'Service health',
          description: 'Returns `{"status":"ok"}` when the service can serve traffic. It returns no catalog data.',
          ...publicGet,
          responses: {
            '200': {
              description: 'The service can serve traffic.',
              content: json(ref('HealthStatus'), { status: 'ok' }),
            },
          },
        },
      },
      '/api/products.json': {
        get: {
          operationId: 'listProducts',
          tags: ['catalog'],
          summary: 'Every published product',
          description:
            'The whole published catalog in one document, for bulk retrieval: ' +
            '`{count, generatedAt, products}`, products ordered by slug. ' +
            'Static file, rebuilt when the catalog changes; cache it for at most an hour.',
          ...publicGet,
          responses: { '200': { description: 'The catalog snapshot.', content: json(ref('CatalogSnapshot')) } },
        },
      },
      '/api/products/{slug}': {
        get: {
          operationId: 'getProductBySlug',
          tags: ['catalog'],
          summary: 'One published product by slug',
          description:
            'The product whose slug is `{slug}`, exactly as it appears in `/api/products.json`. ' +
            'An unknown slug, an over-long one or one outside the slug ' +
            'alphabet gets 404 with an `ApiError` body (`not_found`).',
          ...publicGet,
          parameters: [
            {
              name: 'slug',
              in: 'path',
              required: true,
              description: `${String(slugDescription)} It is the slug as used in the site path \`/products/{slug}\`.`,
              schema: slugParamSchema,
              example: 'wooden-rainbow-stacker',
            },
          ],
          responses: {
            '200': { description: 'The product.', content: json(ref('Product')) },
            '404': apiErrorResponse('No published product has that slug.', notFoundBody(base)),
          },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'getOpenApi',
          tags: ['meta'],
          summary: 'This OpenAPI document',
          description:
            'The OpenAPI 3.1 description of the service, generated at build time from the same schemas as the data.',
          ...publicGet,
          responses: {
            '200': {
              description: 'The OpenAPI 3.1 document.',
              content: json({ type: 'object', description: 'An OpenAPI 3.1.0 document.' }),
            },
          },
        },
      },
      '/llms.txt': {
        get: {
          operationId: 'getLlmsTxt',
          tags: ['agents'],
          summary: 'Agent index (llms.txt)',
          description:
            'The llmstxt.org agent index: what the catalog is, when ' +
            'to use it, links to key pages (as Markdown twins), ' +
            `the JSON feeds, this document, the full dumps and notes for agents. ` +
            `Always under ${formatCount(LLMS_TXT_MAX_CHARS)} characters.`,
          ...publicGet,
          responses: { '200': text('The agent index, Markdown as text/plain; charset=utf-8.') },
        },
      },
      '/llms-full.txt': {
        get: {
          operationId: 'getLlmsFullTxt',
          tags: ['agents'],
          summary: 'Every product as Markdown (llms-full.txt)',
          description:
            'Markdown dump of every published product, one `## name` section ' +
            'each, with brand, ages, categories, price, link, description, ' +
            'the editorial note and who picked it. Per-category ' +
            'dumps in the same format are at `/llms/{category}.txt`.',
          ...publicGet,
          responses: { '200': text('The full catalog as Markdown, served as text/plain; charset=utf-8.') },
        },
      },
      '/api/mcp': {
        post: {
          operationId: 'postMcp',
          tags: ['admin'],
          summary: 'Admin MCP endpoint',
          description: opts.mcpTools ? `${MCP_DESCRIPTION}\n\n${describeMcpTools(opts.mcpTools)}` : MCP_DESCRIPTION,
          security: [{ adminOAuth: [] }],
          requestBody: {
            required: true,
            description: 'A JSON-RPC 2.0 MCP message. Send `Accept: application/json, text/event-stream`.',
            content: json({ type: 'object', description: 'A JSON-RPC 2.0 request or notification.' }),
          },
          responses: Object.fromEntries([
            [
              '200',
              {
                description:
                  'The JSON-RPC response: a result, or an error for a request the server refuses: ' +
                  'params that do not fit the method, however deep the mistake (code -32602, naming where), ' +
                  'an unknown method or a request sent as a task (code -32601). A tool’s invalid arguments ' +
                  'are a tool result with `isError: true` naming the field. A caller’s mistake is never ' +
                  'code -32603 (internal error).',
                content: json(jsonRpcSchema('A JSON-RPC 2.0 response.')),
              },
            ],
            ['202', { description: 'A notification or a response was accepted; there is nothing to answer.' }],
            [
              '400',
              {
                description:
                  'The body is not one JSON-RPC 2.0 message: not valid JSON or UTF-8 ' +
                  '(code -32700), a batch or not a JSON-RPC request (code -32600). ' +
                  'The body is a JSON-RPC error, not an `ApiError`: the ' +
                  'MCP client reads it as the answer to its message.',
                content: json(jsonRpcSchema('A JSON-RPC 2.0 error response.'), {
                  jsonrpc: '2.0',
                  id: null,
                  error: { code: -32700, message: 'Parse error: the body is not valid JSON.' },
                }),
              },
            ],
            errorEntry(
              'unauthorized',
              'The admin OAuth access token is missing or invalid, or the account is not an allowlisted admin.',
              'An admin access token is required.',
              'Sign in through the OAuth flow advertised in WWW-Authenticate.',
              {
                'WWW-Authenticate': {
                  description: 'Bearer challenge naming the protected resource metadata.',
                  schema: { type: 'string' },
                },
              },
            ),
            errorEntry(
              'method_not_allowed',
              'Returned for any method other than POST (and the CORS preflight OPTIONS) on `/api/mcp`, in ' +
                'particular `GET /api/mcp` (no event stream is offered). The `Allow` header lists POST and OPTIONS.',
              'GET is not allowed on /api/mcp.',
              'Send MCP JSON-RPC messages with POST.',
              { Allow: { description: '`POST, OPTIONS`.', schema: { type: 'string' } } },
            ),
            errorEntry(
              'payload_too_large',
              `${API_ERRORS.payload_too_large.when} Bytes are counted as they are read, whatever Content-Length says.`,
              'The request body is larger than 1000000 bytes.',
              'Send smaller messages.',
            ),
            errorEntry(
              'unsupported_media_type',
              'The body is not `application/json`.',
              'The request body must be JSON.',
              'Send `Content-Type: application/json`.',
            ),
            errorEntry(
              'rate_limited',
              API_ERRORS.rate_limited.when,
              'Rate limit exceeded: 60 requests per 60 s per admin.',
              'Retry after the number of seconds in Retry-After.',
              {
                'Retry-After': {
                  description: 'Seconds until a request is allowed again.',
                  schema: { type: 'integer', minimum: 0 },
                },
              },
            ),
            errorEntry(
              'internal_error',
              'An unexpected fault in the endpoint or a dependency; bad input never causes it.',
              'The admin endpoint failed unexpectedly.',
              'Try again; if it keeps failing, check the function log.',
            ),
            [
              '503',
              {
                description:
                  'The admin side cannot answer. `not_configured`: admin sign-in or its shared store is not ' +
                  'configured on this deployment; the message names what is missing. `unavailable`: the shared ' +
                  'store could not be reached (an outage, not a limit: nothing was counted); retry after `Retry-After`.',
                headers: {
                  'Retry-After': {
                    description: 'With `unavailable`: seconds to wait before retrying.',
                    schema: { type: 'integer', minimum: 0 },
                  },
                },
                content: {
                  'application/json': {
                    schema: ref('ApiError'),
                    examples: {
                      not_configured: {
                        value: {
                          error: {
                            code: 'not_configured',
                            message: 'The admin endpoint is not configured: missing AUTH_SECRET.',
                            hint: 'Set these environment variables on the site and redeploy.',
                          },
                        },
                      },
                      unavailable: {
                        value: {
                          error: {
                            code: 'unavailable',
                            message: 'The admin store could not be reached, so the request was not counted or served.',
                            hint: 'Retry after 5 s.',
                          },
                        },
                      },
                    },
                  },
                },
              },
            ],
          ]),
        },
      },
    },
    components: {
      schemas,
      securitySchemes: {
        adminOAuth: {
          type: 'oauth2',
          description:
            'OAuth 2.0 authorization code flow (PKCE S256) for ' +
            'allowlisted admin accounts only. No scopes are defined.',
          flows: {
            authorizationCode: {
              authorizationUrl: `${base}/api/auth/authorize`,
              tokenUrl: `${base}/api/auth/token`,
              scopes: {},
            },
          },
        },
      },
    },
    'x-markdown-twins': {
      description:
        'Every HTML page has a text/markdown alternate: the page path plus ".md" ' +
        '("/" → "/index.md"), or the page path with Accept: text/markdown.',
      mediaType: 'text/markdown',
      urlScheme: '{pagePath}.md',
      pages: [
        '/',
        '/about',
        '/search',
        '/products',
        '/staff-picks',
        '/categories',
        '/categories/{category}',
        '/ages',
        '/ages/{band}',
        '/ages/{band}/{category}',
        '/products/{slug}',
      ],
      pagination:
        `A list page after the first is the list path plus "/{n}" (n ` +
        `≥ 2), e.g. "/products/2"; ${PAGE_SIZE} products to a page.`,
    },
  };
}
