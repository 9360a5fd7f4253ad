// The admin tools over the in-process handler, against a fixture catalog in every state, the
// repository's own product files, and real loopback HTTP servers for links and the build hook.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, parseProductFile } from '../../src/catalog/load.ts';
import { fieldKind } from '../../src/catalog/field-kinds.ts';
import { FIELDS } from '../../src/catalog/schema.ts';
import { contentSource } from '../../src/server/admin-catalog/sources.ts';
import { describeMcpTools } from '../../src/outputs/openapi.ts';
import { TOOLS } from '../../src/server/mcp/tools/index.ts';
import { readSettings } from '../../src/config/env.ts';
import { tokenSettings } from '../../src/server/auth/settings.ts';
import {
  ADA,
  ENV,
  FIXTURE_FILES,
  NOW,
  callTool,
  fixtureDir,
  makeHandler,
  token,
  type ToolResult,
} from '../support/mcp.ts';

const fx = fixtureDir();
let tok: string;
beforeAll(async () => {
  tok = await token();
});
afterAll(() => fx.cleanup());
const handler = makeHandler(fx.root);

/** The structured result, checked against the tool's own output schema and the text item. */
function ok(name: string, r: ToolResult): any {
  expect(r.isError, r.content[0]?.text).toBeFalsy();
  const tool = TOOLS.find((t) => t.name === name)!;
  const data = tool.output.parse(r.structuredContent);
  expect(JSON.parse(r.content[0]!.text)).toEqual(r.structuredContent);
  return data;
}
const run = async (name: string, args: unknown = {}) => ok(name, await callTool(handler, tok, name, args));
async function fails(name: string, args: unknown, text: RegExp) {
  const r = await callTool(handler, tok, name, args);
  expect(r.isError).toBe(true);
  expect(r.content[0]!.text).toMatch(text);
}

describe('tool definitions', () => {
  it('every tool has a description, input and output schemas; read-only hints where true', () => {
    expect(TOOLS.map((t) => t.name)).toEqual([
      'search_products',
      'get_product',
      'catalog_stats',
      'audit_catalog',
      'validate_product',
      'draft_product',
      'propose_product',
      'propose_edit',
      'list_proposals',
      'withdraw_proposal',
      'trigger_rebuild',
      'check_links',
    ]);
    const effects = ['propose_product', 'propose_edit', 'withdraw_proposal', 'trigger_rebuild'];
    for (const t of TOOLS) {
      expect(t.description.length).toBeGreaterThan(60);
      expect(t.annotations.readOnlyHint, t.name).toBe(!effects.includes(t.name));
    }
  });

  it('tools/list publishes JSON Schemas for input and output', async () => {
    const res = await handler(
      new Request('http://catalog.test/api/mcp', {
        method: 'POST',
        headers: { authorization: `Bearer ${tok}`, 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      }),
    );
    const { result } = (await res.json()) as {
      result: {
        tools: { name: string; inputSchema: { type: string }; outputSchema: { type: string; properties: object } }[];
      };
    };
    expect(result.tools).toHaveLength(TOOLS.length);
    for (const t of result.tools) {
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema.type).toBe('object');
    }
  });

  it('describeMcpTools lists every tool in Markdown', () => {
    const md = describeMcpTools(TOOLS);
    for (const t of TOOLS) expect(md).toContain(`- \`${t.name}\``);
  });
});

describe('search_products', () => {
  it('sees drafts and scheduled products, ordered by slug, with totals', async () => {
    const r = await run('search_products');
    expect(r.total).toBe(5);
    expect(r.items.map((p: { slug: string }) => p.slug)).toEqual([
      'alpha-blocks',
      'alpha-blocks-twin',
      'beta-kit',
      'delta-puzzle',
      'gamma-book',
    ]);
    const status = Object.fromEntries(r.items.map((p: { slug: string; status: string }) => [p.slug, p.status]));
    expect(status).toEqual({
      'alpha-blocks': 'published',
      'alpha-blocks-twin': 'published',
      'beta-kit': 'draft',
      'delta-puzzle': 'scheduled',
      'gamma-book': 'scheduled',
    });
  });

  it.each([
    [{ query: 'letter BLOCKS' }, ['alpha-blocks']],
    [{ query: 'stars' }, ['gamma-book']],
    [{ query: 'maker' }, ['alpha-blocks', 'alpha-blocks-twin', 'beta-kit', 'delta-puzzle', 'gamma-book']],
    [{ category: 'games' }, ['delta-puzzle']],
    [{ ageBand: '0-2' }, ['delta-puzzle']],
    [{ age: 10 }, ['gamma-book']],
    [{ age: 4 }, ['alpha-blocks', 'alpha-blocks-twin']],
    [{ staffPick: true }, ['alpha-blocks']],
    [{ pickedBy: 'theo' }, ['gamma-book']],
    [{ currency: 'CAD' }, ['beta-kit']],
    [{ priced: false }, ['beta-kit']],
    [{ status: 'draft' }, ['beta-kit']],
    [{ status: 'scheduled', query: 'puzzle' }, ['delta-puzzle']],
  ])('%j', async (args, slugs) => {
    const r = await run('search_products', args);
    expect(r.items.map((p: { slug: string }) => p.slug)).toEqual(slugs);
    expect(r.total).toBe(slugs.length);
  });

  it('pages', async () => {
    const r = await run('search_products', { offset: 1, limit: 2 });
    expect(r.total).toBe(5);
    expect(r.items.map((p: { slug: string }) => p.slug)).toEqual(['alpha-blocks-twin', 'beta-kit']);
  });

  it('image site paths become absolute like the public JSON', async () => {
    const r = await run('search_products', { query: 'letter' });
    expect(r.items[0].imageUrl).toBe('http://catalog.test/images/products/x.svg');
  });
});

describe('get_product', () => {
  it('returns a scheduled product with published, publishAt, source path and body', async () => {
    const r = await run('get_product', { slug: 'gamma-book' });
    expect(r.product).toMatchObject({
      slug: 'gamma-book',
      status: 'scheduled',
      published: true,
      publishAt: '2030-01-01T00:00:00.000Z',
      sourcePath: 'content/products/gamma-book.md',
    });
    expect(r.body).toBe('A book about stars.');
  });

  it('a draft without a body has body null', async () => {
    const r = await run('get_product', { slug: 'beta-kit' });
    expect(r.product.status).toBe('draft');
    expect(r.body).toBeNull();
  });

  it('an unknown slug fails with similar slugs', () =>
    fails('get_product', { slug: 'alpha-bricks' }, /No product has the slug "alpha-bricks".*alpha-blocks/));
});

describe('catalog_stats', () => {
  it('counts by status, category, band, curator and currency', async () => {
    const r = await run('catalog_stats');
    expect(r.total).toBe(5);
    expect(r.byStatus).toEqual({ published: 2, draft: 1, scheduled: 2 });
    expect(r.byCategory).toMatchObject({
      'educational-toys': 2,
      kits: 1,
      books: 1,
      puzzles: 1,
      games: 1,
      'art-supplies': 0,
      'outdoor-play': 0,
    });
    expect(r.byAgeBand['3-5']).toBe(3);
    expect(r.noAgeBand).toBe(1);
    expect(r.byCurator).toEqual({ maya: 1, theo: 1 });
    expect(r.noCurator).toBe(3);
    expect(r.byCurrency).toEqual({ USD: 3, CAD: 1, EUR: 1 });
    expect(r.unpriced).toBe(1);
    expect(r.staffPicks).toBe(1);
    expect(r.builtAt).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('audit_catalog', () => {
  it('finds what curators should fix', async () => {
    const r = await run('audit_catalog', { limit: 500 });
    const found = r.findings.map((f: { kind: string; slug: string | null }) => `${f.kind}:${f.slug}`).sort();
    expect(found).toEqual(
      [
        'duplicate_name:alpha-blocks',
        'duplicate_name:alpha-blocks-twin',
        'duplicate_url:alpha-blocks',
        'duplicate_url:alpha-blocks-twin',
        'file_problem:null',
        'missing_age_range:beta-kit',
        'missing_description:beta-kit',
        'missing_editorial_note:beta-kit',
        'missing_image:beta-kit',
        'scheduled_past_due:delta-puzzle',
      ].sort(),
    );
    const problem = r.findings.find((f: { kind: string }) => f.kind === 'file_problem');
    expect(problem.sourcePath).toBe('content/products/broken-file.md');
    expect(problem.message).toMatch(/^categories:/);
    expect(r.counts.missing_image).toBe(1);
    expect(r.total).toBe(10);
  });

  it('filters by kind and status, and pages', async () => {
    const r = await run('audit_catalog', { kinds: ['duplicate_url'], limit: 1 });
    expect(r.total).toBe(2);
    expect(r.findings).toHaveLength(1);
    const drafts = await run('audit_catalog', { status: 'draft' });
    expect(drafts.total).toBe(4);
  });
});

describe('validate_product', () => {
  it('returns exactly the problems the build reports', async () => {
    const text = FIXTURE_FILES['broken-file.md']!;
    const r = await run('validate_product', { text, path: 'content/products/broken-file.md' });
    const build = (await loadCatalog('content/products', fx.root)).problems.filter(
      (p) => p.file === 'content/products/broken-file.md',
    );
    expect(r.valid).toBe(false);
    expect(r.problems).toEqual(build);
    expect(r.report).toContain('content/products/broken-file.md');
  });

  it('a valid file passes and names the product it would replace', async () => {
    const r = await run('validate_product', { text: FIXTURE_FILES['alpha-blocks.md'] });
    expect(r).toMatchObject({
      valid: true,
      slug: 'alpha-blocks',
      path: 'content/products/alpha-blocks.md',
      problems: [],
      existingProduct: 'content/products/alpha-blocks.md',
    });
  });

  it('checks the slug against the given file name', async () => {
    const r = await run('validate_product', {
      text: FIXTURE_FILES['alpha-blocks.md'],
      path: 'content/products/other.md',
    });
    expect(r.valid).toBe(false);
    expect(r.problems[0]).toMatchObject({
      field: 'slug',
      message: expect.stringContaining('does not match the file name'),
    });
  });

  it('a YAML alias bomb is one problem naming its line, not a stalled or failed call', async () => {
    const levels = Array.from(
      { length: 7 },
      (_, i) => `a${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(', ')}]`,
    );
    const text = ['---', 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]', ...levels, 'name: *a7', '---', ''].join('\n');
    const r = await run('validate_product', { text });
    expect(r.valid).toBe(false);
    expect(r.problems).toEqual([
      expect.objectContaining({
        line: 3,
        field: '(frontmatter)',
        message: expect.stringContaining('YAML alias "*a0"'),
      }),
    ]);
  });

  it('text without frontmatter', async () => {
    const r = await run('validate_product', { text: 'just words' });
    expect(r.problems[0].field).toBe('(frontmatter)');
  });
});

describe('draft_product', () => {
  const fields = {
    name: 'Alpha Blocks',
    brand: 'Maker',
    categories: ['educational-toys'],
    currency: 'USD',
    url: 'https://shop.example/new',
    description: 'New blocks.',
  };

  it('suggests a free slug when the derived one is taken and writes every field', async () => {
    const r = await run('draft_product', fields);
    expect(r).toMatchObject({
      slug: 'alpha-blocks-2',
      requestedSlug: 'alpha-blocks',
      takenBy: 'content/products/alpha-blocks.md',
      path: 'content/products/alpha-blocks-2.md',
      valid: true,
      problems: [],
    });
    // Every frontmatter field but an optional one that was not given (written only when set).
    for (const key of FIELDS.filter((f) => f.key !== 'description' && !fieldKind(f).optional).map((f) => f.key)) {
      expect(r.text).toMatch(new RegExp(`^${key}:`, 'm'));
    }
    expect(r.text).toMatch(/^ageRange: null$/m);
    expect(r.text).toMatch(/^published: false$/m);
    const parsed = parseProductFile(r.path, r.text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.entry!.description).toBe('New blocks.');
  });

  it('keeps a free slug and round-trips publishAt', async () => {
    const r = await run('draft_product', {
      ...fields,
      slug: 'omega-blocks',
      publishAt: '2027-02-03T04:05:06Z',
      published: true,
      ageRange: '3–6 years',
      price: 1999,
    });
    expect(r.slug).toBe('omega-blocks');
    expect(r.takenBy).toBeNull();
    const parsed = parseProductFile(r.path, r.text);
    expect(parsed.entry!.data.publishAt!.toISOString()).toBe('2027-02-03T04:05:06.000Z');
    expect(parsed.entry!.data.price).toBe(1999);
  });

  it('reports the build’s problems (a staff pick without a curator)', async () => {
    const r = await run('draft_product', { ...fields, slug: 'pick-me', staffPick: true });
    expect(r.valid).toBe(false);
    expect(r.problems).toEqual(parseProductFile(r.path, r.text).problems);
    expect(r.problems[0].field).toBe('pickedBy');
  });

  it('rejects input of the wrong type through the schema', () =>
    fails('draft_product', { ...fields, categories: ['toys'] }, /validation/i));
});

/** A loopback server for link checks and the build hook. */
function serve(handlerFn: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  return new Promise((resolve) => {
    const server = createServer(handlerFn);
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    );
  });
}

describe('trigger_rebuild', () => {
  it('fails clearly when BUILD_HOOK_URL is unset', () => fails('trigger_rebuild', {}, /BUILD_HOOK_URL is not set/));

  it('POSTs the hook with a title, and stops after 5 per hour', async () => {
    const hits: { method: string; url: string }[] = [];
    const { server, url } = await serve((req, res) => {
      hits.push({ method: req.method!, url: req.url! });
      res.writeHead(200).end('');
    });
    try {
      const h = makeHandler(fx.root, { buildHookUrl: `${url}/build_hooks/abc` });
      for (let i = 0; i < 5; i++) {
        const r = ok('trigger_rebuild', await callTool(h, tok, 'trigger_rebuild', { reason: 'new products' }));
        expect(r).toMatchObject({ triggered: true, status: 200, at: NOW.toISOString(), remainingThisHour: 4 - i });
      }
      const sixth = await callTool(h, tok, 'trigger_rebuild', {});
      expect(sixth.isError).toBe(true);
      expect(sixth.content[0]!.text).toMatch(/Rebuild limit reached/);
      expect(hits).toHaveLength(5);
      expect(hits[0]!.method).toBe('POST');
      expect(new URL(hits[0]!.url, url).searchParams.get('trigger_title')).toBe(`MCP: new products (${ADA.email})`);
    } finally {
      server.close();
    }
  });

  it('reports a failing hook', async () => {
    const { server, url } = await serve((_req, res) => res.writeHead(404).end());
    try {
      const r = await callTool(makeHandler(fx.root, { buildHookUrl: url }), tok, 'trigger_rebuild', {});
      expect(r.isError).toBe(true);
      expect(r.content[0]!.text).toMatch(/HTTP 404/);
    } finally {
      server.close();
    }
  });
});

describe('check_links', () => {
  let site: { server: Server; url: string };
  const seen: string[] = [];
  beforeAll(async () => {
    site = await serve((req, res) => {
      const path = req.url!;
      seen.push(path);
      if (path === '/ok' || path === '/alpha') res.writeHead(200).end('fine');
      else if (path === '/no-head') res.writeHead(req.method === 'HEAD' ? 405 : 200).end();
      else if (path === '/moved') res.writeHead(301, { location: '/ok' }).end();
      else if (path === '/to-metadata') res.writeHead(302, { location: 'http://169.254.169.254/latest/' }).end();
      else if (path === '/slow') setTimeout(() => res.writeHead(200).end(), 3000);
      else if (path === '/beta') res.writeHead(410).end();
      else res.writeHead(404).end('gone');
    });
  });
  afterAll(() => site.server.close());
  const port = () => new URL(site.url).port;
  /** Host names resolved by the test; only the loopback test server's address is allowed. */
  const links = (over: Record<string, string[]> = {}) => ({
    allowAddresses: ['127.0.0.1'],
    timeoutMs: 1000,
    lookup: async (host: string) => over[host] ?? ['127.0.0.1'],
  });

  it('checks allowed targets: HEAD, GET fallback, redirects, 404, timeout', async () => {
    const h = makeHandler(fx.root, { links: { allowAddresses: ['127.0.0.1'], timeoutMs: 500 } });
    const urls = ['/ok', '/no-head', '/moved', '/missing', '/slow'].map((p) => `${site.url}${p}`);
    const r = ok('check_links', await callTool(h, tok, 'check_links', { urls }));
    expect(r).toMatchObject({ productsChecked: 0, linksChecked: 5, ok: 3, broken: 2, refused: 0 });
    const byUrl = Object.fromEntries(r.issues.map((i: { url: string }) => [i.url.slice(site.url.length), i]));
    expect(byUrl['/missing']).toMatchObject({
      outcome: 'broken',
      status: 404,
      method: 'GET',
      field: 'input',
      slug: null,
    });
    expect(byUrl['/slow']).toMatchObject({ outcome: 'broken', status: null });
    expect(byUrl['/slow'].reason).toMatch(/timed out|timeout|abort/i);
  });

  it('refuses loopback and private targets by default, without requesting them', async () => {
    const before = seen.length;
    const r = ok(
      'check_links',
      await callTool(handler, tok, 'check_links', {
        urls: [
          `${site.url}/ok`,
          `http://localhost:${port()}/ok`,
          'http://[::1]/',
          'http://10.1.2.3/',
          'ftp://example.test/x',
        ],
      }),
    );
    expect(r.refused).toBe(5);
    for (const i of r.issues) expect(i).toMatchObject({ outcome: 'refused', status: null });
    expect(r.issues[0].reason).toMatch(/loopback, private, link-local or other special-purpose address/);
    expect(seen.length).toBe(before);
  });

  it('resolves host names when connecting and refuses when any address is special-purpose', async () => {
    const before = seen.length;
    const h = makeHandler(fx.root, {
      links: links({
        'mixed.test': ['127.0.0.1', '169.254.169.254'],
        'v6.test': ['fd00::1'],
        'none.test': [],
      }),
    });
    const r = ok(
      'check_links',
      await callTool(h, tok, 'check_links', {
        urls: ['public.test', 'mixed.test', 'v6.test', 'none.test'].map((host) => `http://${host}:${port()}/ok`),
      }),
    );
    expect(r).toMatchObject({ ok: 1, refused: 2, broken: 1 });
    expect(seen.slice(before)).toEqual(['/ok']);
  });

  it('a redirect to a special-purpose address is refused', async () => {
    const h = makeHandler(fx.root, { links: links() });
    const r = ok(
      'check_links',
      await callTool(h, tok, 'check_links', { urls: [`http://public.test:${port()}/to-metadata`] }),
    );
    expect(r.issues[0]).toMatchObject({ outcome: 'refused', reason: expect.stringMatching(/169\.254\.169\.254/) });
  });

  it('checks the chosen products’ url and imageUrl fields', async () => {
    // Products whose links point at the test server, on a site whose images it also serves.
    const files = {
      'alpha-blocks.md': FIXTURE_FILES['alpha-blocks.md']!.replace(
        'https://shop.example/alpha',
        `http://shop.test:${port()}/alpha`,
      ),
      'beta-kit.md': FIXTURE_FILES['beta-kit.md']!.replace(
        'https://shop.example/beta',
        `http://shop.test:${port()}/beta`,
      ),
    };
    const own = fixtureDir(files);
    try {
      const siteSettings = tokenSettings(readSettings({ ...ENV, SITE_URL: `http://catalog.test:${port()}` }));
      if (!siteSettings.ok) throw new Error('settings');
      const h = makeHandler(own.root, { tokenSettings: () => siteSettings, links: links() });
      const siteTok = await token(ADA, siteSettings.value);
      const before = seen.length;
      const r = ok('check_links', await callTool(h, siteTok, 'check_links', { slugs: ['alpha-blocks', 'beta-kit'] }));
      expect(r).toMatchObject({ productsChecked: 2, linksChecked: 3, ok: 1, broken: 2 });
      expect(r.issues.map((i: { slug: string; field: string }) => `${i.slug}.${i.field}`).sort()).toEqual([
        'alpha-blocks.imageUrl',
        'beta-kit.url',
      ]);
      expect(new Set(seen.slice(before))).toEqual(new Set(['/alpha', '/beta', '/images/products/x.svg']));
    } finally {
      own.cleanup();
    }
  });

  it('unknown slugs fail', () => fails('check_links', { slugs: ['nope'] }, /Unknown slug: nope/));
});

describe('the repository’s own product files', () => {
  it('every valid product file is visible to the tools', async () => {
    const h = makeHandler(fx.root, { catalog: contentSource({ dir: 'content/products' }) });
    const { entries } = await loadCatalog('content/products');
    const r = ok('search_products', await callTool(h, tok, 'search_products', { limit: 100 }));
    expect(r.total).toBe(entries.length);
    expect(r.items.map((p: { slug: string }) => p.slug).sort()).toEqual(
      entries
        .map((e) => e.data.slug)
        .sort()
        .slice(0, 100),
    );
  });
});
