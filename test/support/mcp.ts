// Shared set-up for the MCP unit tests: token settings from a test environment, a handler with
// injected deps, a temporary folder of product files in every state (written by the product
// factory, ./products.ts), and JSON-RPC helpers.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contentSource } from '../../src/server/admin-catalog/sources.ts';
import { productFile } from './products.ts';
import { readSettings } from '../../src/config/env.ts';
import { tokenSettings } from '../../src/server/auth/settings.ts';
import { issueAccessToken, type AdminIdentity, type TokenSettings } from '../../src/server/auth/tokens.ts';
import { createMcpHandler, type McpDeps } from '../../src/server/mcp/handler.ts';
import { memoryStore } from '../../src/server/store/memory.ts';
import { chooseProposals } from '../../src/server/proposals/choose.ts';

export const ENV = {
  AUTH_SECRET: 'unit-test-secret-0123456789-abcdefghijklmnop',
  ADMIN_EMAILS: 'ada@example.test, grace@example.test',
  SITE_URL: 'http://catalog.test',
};
export const ADA: AdminIdentity = { sub: 'test|ada', email: 'ada@example.test' };
/** The fixture catalog's build time and the tools' clock. */
export const BUILT_AT = new Date('2026-01-01T00:00:00Z');
export const NOW = new Date('2026-06-01T00:00:00Z');

export function settings(): TokenSettings {
  const s = tokenSettings(readSettings(ENV));
  if (!s.ok) throw new Error(`test settings: ${s.missing.join(', ')}`);
  return s.value;
}

export const token = (id: AdminIdentity = ADA, s: TokenSettings = settings(), ttl?: number) =>
  issueAccessToken(id, s, { clientId: 'unit-test-client', ...(ttl === undefined ? {} : { ttl }) });

/** What the admin fixture's products share (each file overrides some of it). */
const MAKER = {
  brand: 'Maker',
  categories: ['educational-toys'],
  imageUrl: '/images/products/x.svg',
  ageRange: '3–6 years',
  price: 2499,
  currency: 'USD',
};

/** Product files in every state an admin tool cares about. */
export const FIXTURE_FILES: Record<string, string> = {
  'alpha-blocks.md': productFile(
    {
      ...MAKER,
      slug: 'alpha-blocks',
      name: 'Alpha Blocks',
      staffPick: true,
      pickedBy: 'maya',
      url: 'https://shop.example/alpha',
    },
    'Wooden letter blocks.',
  ),
  'alpha-blocks-twin.md': productFile(
    { ...MAKER, slug: 'alpha-blocks-twin', name: 'Alpha  blocks', url: 'https://shop.example/alpha/' },
    'The same blocks again.',
  ),
  'beta-kit.md': productFile({
    ...MAKER,
    slug: 'beta-kit',
    name: 'Beta Circuit Kit',
    ageRange: null,
    categories: ['kits'],
    price: null,
    currency: 'CAD',
    imageUrl: null,
    whyWePicked: null,
    published: false,
    url: 'https://shop.example/beta',
  }),
  'gamma-book.md': productFile(
    {
      ...MAKER,
      slug: 'gamma-book',
      name: 'Gamma Picture Book',
      ageRange: '8–12 years',
      categories: ['books'],
      currency: 'EUR',
      pickedBy: 'theo',
      publishAt: '2030-01-01T00:00:00Z',
      url: 'https://shop.example/gamma',
    },
    'A book about stars.',
  ),
  'delta-puzzle.md': productFile(
    {
      ...MAKER,
      slug: 'delta-puzzle',
      name: 'Delta Puzzle',
      ageRange: '18 months–3 years',
      categories: ['puzzles', 'games'],
      publishAt: '2026-03-01T00:00:00Z',
      url: 'https://shop.example/delta',
    },
    'A chunky puzzle.',
  ),
  'broken-file.md': productFile({
    slug: 'broken-file',
    name: 'Broken',
    brand: 'Maker',
    categories: ['toys'],
    url: 'https://shop.example/broken',
    whyWePicked: null,
    ageRange: null,
    price: null,
  }),
};

/** Writes the fixture files into a fresh temporary content folder. */
export function fixtureDir(files: Record<string, string> = FIXTURE_FILES): { root: string; cleanup(): void } {
  const root = mkdtempSync(path.join(tmpdir(), 'mcp-fixture-'));
  const dir = path.join(root, 'content/products');
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

export function makeHandler(root: string, over: Partial<McpDeps> = {}) {
  const deps: McpDeps = {
    tokenSettings: () => tokenSettings(readSettings(ENV)),
    limiter: memoryStore().limiter({ name: 'req', points: 60, durationSeconds: 60 }),
    rebuildLimiter: memoryStore().limiter({ name: 'rebuild', points: 5, durationSeconds: 3600 }),
    proposalLimiter: memoryStore().limiter({ name: 'propose', points: 30, durationSeconds: 3600 }),
    // No backend unless a test gives one: the write tools then answer not_configured.
    proposals: chooseProposals({}),
    catalog: contentSource({ root, clock: () => BUILT_AT }),
    now: () => NOW,
    log: () => {},
    ...over,
  };
  return createMcpHandler(deps);
}

export const URL_MCP = 'http://catalog.test/api/mcp';

export function post(body: unknown, tok: string | null, headers: Record<string, string> = {}): Request {
  return new Request(URL_MCP, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(tok ? { authorization: `Bearer ${tok}` } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

let nextId = 1;
export const rpc = (method: string, params?: unknown) => ({
  jsonrpc: '2.0',
  id: nextId++,
  method,
  ...(params === undefined ? {} : { params }),
});

export interface ToolResult {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: { type: string; text: string }[];
}

export async function callTool(
  handler: (r: Request) => Promise<Response>,
  tok: string,
  name: string,
  args: unknown = {},
): Promise<ToolResult> {
  const res = await handler(post(rpc('tools/call', { name, arguments: args }), tok));
  if (res.status !== 200) throw new Error(`tools/call ${name}: HTTP ${res.status} ${await res.text()}`);
  const json = (await res.json()) as { result?: ToolResult; error?: unknown };
  if (!json.result) throw new Error(`tools/call ${name}: ${JSON.stringify(json.error)}`);
  return json.result;
}
