// The editor's git gateway (src/server/gateway/handler.ts), called with `new Request(…)` as the
// function entry calls it, against a real loopback HTTP server standing in for GitHub's REST API:
// it records every call that would reach GitHub and answers in GitHub's documented shapes. What
// is checked is what leaves for GitHub (the site's credentials, the canonical path, a commit's
// no-reply identity and trailers, a photo without its metadata, a merge at the checked head with
// the publisher's trailers) and what the editor gets back (its pages through the gateway, GitHub's
// rate limit with Retry-After, refusals in words, nothing over the size a function accepts).
// Authentication is h-auth's (verifyEditorToken); here a small honest fake maps tokens to curators.
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authorshipSeal, provenSavers, savedMessage } from '../../src/server/gateway/authorship.ts';
import { GATEWAY_BODY_BYTES } from '../../src/contract/limits.ts';
import { createGatewayHandler, type GatewayDeps } from '../../src/server/gateway/handler.ts';
import type { GatewayCurator } from '../../src/server/gateway/policy.ts';
import { memoryStore } from '../../src/server/store/memory.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SITE_TOKEN = 'ghs_site_installation_token';
const OWNER = 'little-hands';
const REPO = 'catalog';
const SHA = '0123456789abcdef0123456789abcdef01234567';
const SHA2 = 'fedcba9876543210fedcba9876543210fedcba98';
const BRANCH = 'cms/products/wooden-kite';

const CURATORS: Record<string, GatewayCurator> = {
  'token-maya': { handle: 'maya', role: 'curator', id: 'aaaaaaaaaaaaaaaaaaaa' },
  'token-jo': { handle: 'jo', role: 'curator', id: 'bbbbbbbbbbbbbbbbbbbb' },
};
const maya = CURATORS['token-maya']!;
const jo = CURATORS['token-jo']!;
const seal = authorshipSeal({ current: 's'.repeat(48) });
/** The pictures the gateway remembers re-encoding (the shared store's ledger, here a set). */
let pictures = new Set<string>();

/** What reached the stand-in. */
interface Sent {
  method: string;
  path: string;
  query: string;
  authorization: string | undefined;
  body: unknown;
}
let sent: Sent[] = [];

/** The stand-in's state, reset before each test. */
let state: {
  pull: Record<string, unknown>;
  files: Record<string, unknown>[];
  commits: string[];
  checkConclusion: string | null;
  modes: Record<string, string>;
  rateLimited: boolean;
};
const fresh = (): typeof state => ({
  pull: {
    number: 12,
    state: 'open',
    head: { ref: BRANCH, sha: SHA, repo: { full_name: `${OWNER}/${REPO}` } },
    base: { ref: 'main', sha: SHA2 },
    labels: [{ name: 'decap-cms/pending_publish' }],
    changed_files: 2,
    commits: 1,
  },
  files: [
    { filename: 'content/products/wooden-kite.md', status: 'added', sha: SHA },
    { filename: 'content/images/products/wooden-kite.jpg', status: 'added', sha: SHA },
  ],
  commits: [savedMessage('Create Products “wooden-kite”', maya, seal)],
  checkConclusion: 'success',
  modes: { 'wooden-kite.md': '100644', 'wooden-kite.jpg': '100644' },
  rateLimited: false,
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => ({ status, body, headers });

/** GitHub's answers, by method and repository-relative path (its documented shapes, trimmed to what is read). */
function answer(method: string, rest: string, query: URLSearchParams, body: unknown) {
  if (state.rateLimited)
    return json(
      403,
      {
        message: 'API rate limit exceeded for installation ID 7777777.',
        documentation_url: 'https://docs.github.com/rest',
      },
      {
        'x-ratelimit-limit': '5000',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 120),
      },
    );
  if (method === 'GET' && rest === 'branches/main')
    return json(200, {
      name: 'main',
      commit: { sha: SHA2 },
      _links: { self: `https://api.github.com/repos/${OWNER}/${REPO}/branches/main` },
    });
  if (method === 'GET' && rest === 'pulls')
    return json(
      200,
      [
        state.pull,
        {
          number: 13,
          head: { ref: 'feature/secret-work', sha: SHA, repo: { full_name: `${OWNER}/${REPO}` } },
          base: { ref: 'main' },
        },
        { number: 14, head: { ref: BRANCH, sha: SHA, repo: { full_name: `someone/${REPO}` } }, base: { ref: 'main' } },
      ],
      {
        link:
          `<${apiUrl}/repositories/123456/pulls?base=main&state=open&per_page=100&page=2>; rel="next", ` +
          `<${apiUrl}/repos/${OWNER}/${REPO}/pulls?base=main&state=open&per_page=100&page=3>; rel="last", ` +
          `<https://elsewhere.example/x>; rel="help"`,
      },
    );
  // The comparison of the site's branch with the head: what a publish and a moved branch are judged on.
  if (method === 'GET' && decodeURIComponent(rest).startsWith('compare/main...'))
    return json(200, {
      status: 'ahead',
      total_commits: state.commits.length,
      commits: state.commits.map((message, i) => ({ sha: String(i).repeat(40), commit: { message } })),
      files: state.files,
    });
  if (method === 'GET' && rest.startsWith('compare/'))
    return json(200, {
      status: 'ahead',
      base_commit: { sha: SHA2 },
      commits: [],
      files: [
        { filename: 'content/products/wooden-kite.md', status: 'added', sha: SHA },
        { filename: 'src/secret.ts', status: 'modified', sha: SHA2, patch: '+const key = 1;' },
        { filename: 'content/products/moved.md', previous_filename: 'src/old.ts', status: 'renamed', sha: SHA },
      ],
    });
  if (method === 'GET' && rest === 'pulls/12') return json(200, state.pull);
  if (method === 'GET' && rest === 'pulls/12/files') return json(200, state.files);
  if (method === 'GET' && rest === 'pulls/12/commits')
    return json(
      200,
      state.commits.map((message, i) => ({ sha: String(i).repeat(40), commit: { message } })),
    );
  if (method === 'GET' && rest === `commits/${SHA}/check-runs`)
    return json(200, {
      total_count: state.checkConclusion ? 1 : 0,
      check_runs: state.checkConclusion
        ? [
            {
              id: 1,
              name: query.get('check_name'),
              head_sha: SHA,
              status: 'completed',
              conclusion: state.checkConclusion,
            },
          ]
        : [],
    });
  const tree = /^git\/trees\/([^:]+):(.+)$/.exec(decodeURIComponent(rest));
  if (method === 'GET' && tree)
    return json(200, {
      sha: SHA2,
      tree: Object.entries(state.modes).map(([p, mode]) => ({
        path: p,
        mode,
        type: mode === '040000' ? 'tree' : 'blob',
        sha: SHA,
      })),
      truncated: false,
    });
  if (method === 'GET' && rest.startsWith('git/blobs/'))
    return json(
      200,
      { sha: rest.slice(10), size: 2, content: 'aGk=\n', encoding: 'base64' },
      { 'cache-control': 'private, max-age=60, s-maxage=60' },
    );
  if (method === 'POST' && rest === 'git/blobs') return json(201, { sha: SHA2, url: 'x' });
  if (method === 'POST' && rest === 'git/trees') return json(201, { sha: SHA, tree: [] });
  if (method === 'POST' && rest === 'git/refs')
    return json(201, { ref: (body as { ref: string }).ref, object: { sha: SHA } });
  if (method === 'PATCH' && rest.startsWith('git/refs/heads/')) return json(200, { object: { sha: SHA } });
  if (method === 'DELETE' && rest.startsWith('git/refs/heads/')) return { status: 204, body: '', headers: {} };
  if (method === 'PATCH' && rest === 'pulls/12') return json(200, { ...state.pull, ...(body as object) });
  if (method === 'POST' && rest === 'git/commits') return json(201, { sha: SHA, ...(body as object) });
  if (method === 'PUT' && rest === 'pulls/12/merge')
    return json(200, { sha: SHA2, merged: true, message: 'Pull Request successfully merged' });
  if (method === 'PUT' && rest === 'issues/12/labels')
    return json(
      200,
      (body as { labels: string[] }).labels.map((name) => ({ name })),
    );
  return json(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
}

let server: Server;
let apiUrl: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? JSON.parse(text) : undefined;
      const prefix = `/repos/${OWNER}/${REPO}/`;
      const rest = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname;
      sent.push({ method: req.method!, path: rest, query: url.search, authorization: req.headers.authorization, body });
      const a = url.pathname.startsWith(prefix)
        ? answer(req.method!, rest, url.searchParams, body)
        : json(404, { message: 'Not Found' });
      res.writeHead(a.status, { 'content-type': 'application/json; charset=utf-8', ...a.headers });
      res.end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  sent = [];
  state = fresh();
  pictures = new Set();
});

function gateway(over: Partial<GatewayDeps> = {}) {
  return createGatewayHandler({
    // The fake: a token of the map is its curator; anything else is refused as verifyEditorToken refuses it.
    authenticate: async (req) => {
      const token = /^Bearer (\S+)$/.exec(req.headers.get('authorization') ?? '')?.[1];
      const curator = token ? CURATORS[token] : undefined;
      return curator ?? Response.json({ message: 'Sign in to the editor again.' }, { status: 401 });
    },
    github: () => ({
      ok: true,
      value: { apiUrl, owner: OWNER, repo: REPO, kind: 'app', token: async () => SITE_TOKEN },
    }),
    siteBranch: 'main',
    noReplyEmail: (handle) => `${handle}@users.noreply.catalog.example`,
    publishOwnSaves: () => false,
    limiter: memoryStore().limiter({ name: 'git-test', points: 1000, durationSeconds: 3600 }),
    authorship: seal,
    pictures: {
      remember: async (sha) => void pictures.add(sha),
      known: async (sha) => pictures.has(sha),
    },
    now: () => Date.parse('2026-11-28T09:30:00Z'),
    log: () => {},
    ...over,
  });
}

const SITE = 'https://catalog.example';
function request(
  method: string,
  p: string,
  { token = 'token-maya', body }: { token?: string | null; body?: unknown } = {},
) {
  return new Request(`${SITE}${p}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json; charset=utf-8' } : {}),
    },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
}
const send = (method: string, p: string, opts?: Parameters<typeof request>[2], deps?: Partial<GatewayDeps>) =>
  gateway(deps)(request(method, p, opts));

describe('signing in and the settings', () => {
  it('answers Decap’s settings: GitHub, no roles, as JSON', async () => {
    const res = await send('GET', '/api/git/settings');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ github_enabled: true, roles: [] });
    expect(sent).toEqual([]);
  });

  it('answers Decap’s status endpoint without a token: operational when GitHub is configured', async () => {
    const res = await send('GET', '/api/git/status', { token: null });
    expect(await res.json()).toEqual({ components: [{ name: 'Git Gateway', status: 'operational' }] });
    const down = await send(
      'GET',
      '/api/git/status',
      { token: null },
      { github: () => ({ ok: false, missing: ['x'] }) },
    );
    expect(await down.json()).toEqual({ components: [{ name: 'Git Gateway', status: 'major_outage' }] });
    expect(sent).toEqual([]);
  });

  it('hands back the authenticator’s refusal, before anything else', async () => {
    const res = await send('GET', '/api/git/github/branches/main', { token: 'an-mcp-token' });
    expect(res.status).toBe(401);
    expect(sent).toEqual([]);
  });

  it('refuses a method the editor never sends, and carries the security headers on every answer', async () => {
    const res = await send('OPTIONS', '/api/git/github/branches/main');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('forwarding', () => {
  it('sends the call with the site’s credentials to /repos/<owner>/<repo>/…, never the curator’s token', async () => {
    const res = await send('GET', '/api/git/github/branches/main');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { name: string }).name).toBe('main');
    expect(sent).toEqual([
      { method: 'GET', path: 'branches/main', query: '', authorization: `Bearer ${SITE_TOKEN}`, body: undefined },
    ]);
  });

  it('lets the browser keep a blob (named by its content), never a shared cache', async () => {
    const res = await send('GET', `/api/git/github/git/blobs/${SHA}`);
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const branch = await send('GET', '/api/git/github/branches/main');
    expect(branch.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps pagination on the gateway, as Decap follows it, and lists the editor’s pull requests only', async () => {
    const res = await send('GET', '/api/git/github/pulls?base=main&state=open&per_page=100');
    const link = res.headers.get('link')!;
    expect(link).toBe(
      '</api/git/github/pulls?base=main&state=open&per_page=100&page=2>; rel="next", ' +
        '</api/git/github/pulls?base=main&state=open&per_page=100&page=3>; rel="last"',
    );
    // Decap's git-gateway backend turns each page's address with this: read from its module, which
    // the site's Decap script is composed of (src/editor/decap-app.ts), not restated.
    const module = readFileSync(
      path.join(ROOT, 'node_modules/decap-cms-backend-git-gateway/dist/esm/GitHubAPI.js'),
      'utf8',
    );
    const [, pattern] = /nextUrlProcessor\(\) \{\s*return (\w+) => \1\.replace\(\/(.+?)\/, `\$\{this\.apiRoot\}\/`\)/
      .exec(module)!
      .slice(1);
    const apiRoot = `${SITE}/api/git/github`;
    const next = /<([^>]+)>; rel="next"/.exec(link)![1]!.replace(new RegExp(pattern!), `${apiRoot}/`);
    expect(new URL(next, `${SITE}/admin/`).href).toBe(`${apiRoot}/pulls?base=main&state=open&per_page=100&page=2`);
    expect(((await res.json()) as { number: number }[]).map((p) => p.number)).toEqual([12]);
  });

  it('cuts a content folder’s tree to its regular content files (no symlink, no stray file)', async () => {
    state.modes = { 'kite.md': '100644', 'evil.md': '120000', 'notes.txt': '100644', '.hidden.md': '100644' };
    const res = await send('GET', `/api/git/github/git/trees/main:${encodeURIComponent('content/products')}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { tree: { path: string }[] }).tree.map((e) => e.path)).toEqual(['kite.md']);
  });

  it('cuts a comparison (of any two commits) to its content files', async () => {
    const res = await send('GET', `/api/git/github/compare/${SHA2}...${SHA}`);
    expect(res.status).toBe(200);
    const diff = (await res.json()) as { files: { filename: string }[]; base_commit: unknown };
    expect(diff.files.map((f) => f.filename)).toEqual(['content/products/wooden-kite.md']);
    expect(diff.base_commit).toEqual({ sha: SHA2 });
  });

  it('passes GitHub’s rate limit through with Retry-After', async () => {
    state.rateLimited = true;
    const res = await send('GET', '/api/git/github/branches/main');
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(/^API rate limit exceeded/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(100);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('says so when GitHub cannot be reached', async () => {
    const res = await send(
      'GET',
      '/api/git/github/branches/main',
      {},
      { fetch: async () => Promise.reject(new Error('connect ECONNREFUSED')) },
    );
    expect(res.status).toBe(502);
    expect(((await res.json()) as { message: string }).message).toMatch(/GitHub could not be reached/);
  });

  it('names what is missing when GitHub is not configured', async () => {
    const res = await send(
      'GET',
      '/api/git/github/branches/main',
      {},
      { github: () => ({ ok: false, missing: ['GITHUB_REPOSITORY (owner/name)'] }) },
    );
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toMatch(/GITHUB_REPOSITORY/);
  });
});

describe('refusals reach no GitHub', () => {
  it.each([
    ['GET', '/api/git/github/contents/netlify.toml', undefined, /content/],
    ['PATCH', '/api/git/github/git/refs/heads/main', { sha: SHA, force: true }, /cms\/products\//],
    ['GET', '/api/git/github/users/octocat', undefined, /not something the editor/],
    [
      'POST',
      '/api/git/github/git/trees',
      { base_tree: SHA, tree: [{ path: 'content/products/evil.md', mode: '120000', type: 'blob', sha: SHA }] },
      /symlink/,
    ],
  ])('%s %s', async (method, p, body, message) => {
    const res = await send(method, p, { body });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(message);
    expect(sent).toEqual([]);
  });

  it('a body that is not JSON: 400, in words', async () => {
    const res = await send('POST', '/api/git/github/git/blobs', { body: '{not json' });
    expect(res.status).toBe(400);
    expect(sent).toEqual([]);
  });

  it(`a body over ${GATEWAY_BODY_BYTES} bytes: 413 with the fix, counted while reading (no Content-Length trusted)`, async () => {
    const big = JSON.stringify({ content: 'A'.repeat(GATEWAY_BODY_BYTES), encoding: 'base64' });
    const res = await send('POST', '/api/git/github/git/blobs', { body: big });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toMatch(/6\.0 MB.*4\.5 MB.*smaller/);
    expect(sent).toEqual([]);
  });

  it('a curator over her limit: 429 with Retry-After, in the shared store’s counts', async () => {
    const limiter = memoryStore().limiter({ name: 'git-tight', points: 2, durationSeconds: 3600 });
    const g = gateway({ limiter });
    for (let i = 0; i < 2; i++) expect((await g(request('GET', '/api/git/settings'))).status).toBe(200);
    const res = await g(request('GET', '/api/git/settings'));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another curator has her own count.
    expect((await g(request('GET', '/api/git/settings', { token: 'token-jo' }))).status).toBe(200);
  });
});

describe('saving', () => {
  it('writes a commit as the curator’s handle at the site’s no-reply address, at the gateway’s time, with her proven trailers', async () => {
    const res = await send('POST', '/api/git/github/git/commits', {
      body: {
        message: `Create Products “wooden-kite”\n\nSaved-by: jo\ncurator-id :  ${jo.id}`,
        tree: SHA,
        parents: [SHA2],
        author: { name: 'Maya Real-Name', email: 'maya@school.example', date: '2001-01-01T10:00:00Z' },
        committer: { name: 'x', email: 'x@x.example', date: '2001-01-01T10:00:00Z' },
      },
    });
    expect(res.status).toBe(201);
    const up = sent.at(-1)!.body as Record<string, { name: string; email: string }> & { message: string };
    const identity = { name: 'maya', email: 'maya@users.noreply.catalog.example', date: '2026-11-28T09:30:00Z' };
    expect(up.author).toEqual(identity);
    expect(up.committer).toEqual(identity);
    expect(up.message).toMatch(
      /^Create Products “wooden-kite”\n\nSaved-by: maya\nCurator-id: a{20}\nSaved-proof: \S+\n$/,
    );
    expect(provenSavers(up.message, seal)).toEqual([{ id: maya.id, handle: 'maya' }]);
    expect(JSON.stringify(up)).not.toMatch(/school\.example|Real-Name|2001|b{20}/);
  });

  it('stores a photo upright, without EXIF (GPS), XMP or IPTC, its colour profile kept', async () => {
    // A phone's photo: lying on its side with an orientation tag, GPS position, the camera's owner, a P3 profile.
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c33' } })
      .withIccProfile('p3')
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Artist: 'Maya Real-Name', Make: 'PhoneCo' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '45/1 30/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '73/1 34/1 0/1',
        },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
      )
      .jpeg()
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect([!!before.exif, !!before.xmp, before.orientation, photo.includes(Buffer.from('Real-Name'))]).toEqual([
      true,
      true,
      6,
      true,
    ]);
    const res = await send('POST', '/api/git/github/git/blobs', {
      body: { content: photo.toString('base64'), encoding: 'base64' },
    });
    expect(res.status).toBe(201);
    const stored = Buffer.from((sent.at(-1)!.body as { content: string }).content, 'base64');
    expect(pictures).toEqual(new Set([SHA2]));
    const after = await sharp(stored).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 800, height: 1200 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.icc).toBeDefined();
    expect(stored.includes(Buffer.from('Real-Name'))).toBe(false);
  });

  it('passes a product file’s text as it is', async () => {
    const text = Buffer.from('---\nslug: wooden-kite\n---\n').toString('base64');
    await send('POST', '/api/git/github/git/blobs', { body: { content: text, encoding: 'base64' } });
    expect(sent.at(-1)!.body).toEqual({ content: text, encoding: 'base64' });
  });

  it('refuses a picture of a kind it cannot clean (GIF), naming the kinds it takes', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const res = await send('POST', '/api/git/github/git/blobs', {
      body: { content: gif.toString('base64'), encoding: 'base64' },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(/GIF file: save it as JPEG, PNG, WebP, AVIF/);
    expect(sent).toEqual([]);
  });

  it.each([
    [
      'a JPEG with GPS behind four junk bytes (no decoder reads it)',
      async () =>
        Buffer.concat([
          Buffer.from([1, 2, 3, 4]),
          await sharp({ create: { width: 900, height: 900, channels: 3, background: '#c33' } })
            .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 30/1 0/1' } })
            .jpeg()
            .toBuffer(),
        ]),
      /could not be read as a picture/,
    ],
    [
      'a truncated JPEG',
      async () =>
        (
          await sharp({ create: { width: 900, height: 900, channels: 3, background: '#c33' } })
            .jpeg()
            .toBuffer()
        ).subarray(0, 600),
      /could not be read as a picture/,
    ],
    [
      'a 30000 × 30000 PNG (a decompression bomb: a small file whose header claims 900 million pixels)',
      async () => {
        const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .png()
          .toBuffer();
        // IHDR's width and height (bytes 16–23), then its CRC over type and data (bytes 12–28).
        png.writeUInt32BE(30000, 16);
        png.writeUInt32BE(30000, 20);
        png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
        return png;
      },
      /30000 × 30000 pixels, more than the 50 million/,
    ],
  ])('refuses and never stores %s', async (_what, make, message) => {
    const bytes = await make();
    const res = await send('POST', '/api/git/github/git/blobs', {
      body: { content: bytes.toString('base64'), encoding: 'base64' },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(message);
    expect(sent).toEqual([]);
    expect(pictures.size).toBe(0);
  });

  it('a tree may name a picture only the gateway re-encoded; a product file by its path alone', async () => {
    const tree = (sha: string) => ({
      base_tree: SHA2,
      tree: [
        { path: 'content/products/wooden-kite.md', mode: '100644', type: 'blob', sha: SHA },
        { path: 'content/images/products/wooden-kite.jpg', mode: '100644', type: 'blob', sha },
      ],
    });
    const refused = await send('POST', '/api/git/github/git/trees', { body: tree(SHA) });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /not added through the editor’s photo step/,
    );
    expect(sent).toEqual([]);
    pictures.add(SHA2);
    expect((await send('POST', '/api/git/github/git/trees', { body: tree(SHA2) })).status).toBe(201);
  });
});

describe('moving a branch', () => {
  const moves = () => sent.filter((s) => s.method !== 'GET');
  it('creates or moves an editor branch only when its changes stay in its own entry, read by the exact commit', async () => {
    expect(
      (await send('POST', '/api/git/github/git/refs', { body: { ref: `refs/heads/${BRANCH}`, sha: SHA } })).status,
    ).toBe(201);
    expect(sent.map((s) => `${s.method} ${decodeURIComponent(s.path)}`)).toEqual([
      `GET compare/main...${SHA}`,
      'POST git/refs',
    ]);
    state.files.push({ filename: 'content/products/magnetic-tiles.md', status: 'modified' });
    for (const [method, path, body] of [
      ['POST', 'git/refs', { ref: `refs/heads/${BRANCH}`, sha: SHA }],
      ['PATCH', `git/refs/heads/${encodeURIComponent(BRANCH)}`, { sha: SHA, force: true }],
    ] as const) {
      sent = [];
      const res = await send(method, `/api/git/github/${path}`, { body });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toMatch(
        /also change the product “magnetic-tiles”, but a save changes “wooden-kite” only/,
      );
      expect(moves()).toEqual([]);
    }
  });

  it('a watcher’s open recall proposal: a curator may not delete its branch; an admin may', async () => {
    state.pull = { ...state.pull, labels: [{ name: 'recall' }, { name: 'urgent' }] };
    const path = `/api/git/github/git/refs/heads/${encodeURIComponent(BRANCH)}`;
    const res = await send('DELETE', path);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(/recall watch list/);
    expect(moves()).toEqual([]);
    const admin = { handle: 'ada', role: 'admin' as const, id: 'cccccccccccccccccccc' };
    const asAdmin = await send('DELETE', path, {}, { authenticate: async () => admin });
    expect(asAdmin.status).toBe(204);
  });

  it('her own save’s branch: deleted at once', async () => {
    expect((await send('DELETE', `/api/git/github/git/refs/heads/${encodeURIComponent(BRANCH)}`)).status).toBe(204);
  });
});

describe('calls on a pull request', () => {
  it('sets Decap’s label on the editor’s pull request after reading it', async () => {
    const res = await send('PUT', '/api/git/github/issues/12/labels', {
      body: { labels: ['decap-cms/pending_review'] },
    });
    expect(res.status).toBe(200);
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual(['GET pulls/12', 'PUT issues/12/labels']);
  });

  it('refuses one on a pull request from another branch, having only read it', async () => {
    state.pull = { ...state.pull, head: { ref: 'feature/x', sha: SHA, repo: { full_name: `${OWNER}/${REPO}` } } };
    const res = await send('PATCH', '/api/git/github/pulls/12', { body: { state: 'closed' } });
    expect(res.status).toBe(403);
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual(['GET pulls/12']);
  });
});

describe('publishing', () => {
  const publish = (token: string, deps?: Partial<GatewayDeps>) =>
    send(
      'PUT',
      '/api/git/github/pulls/12/merge',
      {
        token,
        body: { commit_message: 'Automatically generated. Merged on Decap CMS.', sha: SHA, merge_method: 'merge' },
      },
      deps,
    );
  const merges = () => sent.filter((s) => s.method === 'PUT');

  it('another curator publishes: merged at the checked head, the message naming her', async () => {
    const res = await publish('token-jo');
    expect(res.status).toBe(200);
    expect(merges()).toEqual([
      expect.objectContaining({
        path: 'pulls/12/merge',
        body: {
          sha: SHA,
          merge_method: 'merge',
          commit_message: `Automatically generated. Merged on Decap CMS.\n\nPublished-by: jo\nCurator-id: ${jo.id}\n`,
        },
      }),
    ]);
    // What it read first: the pull request (its head), then by that sha only: the changes from the
    // site's branch, their modes, the check.
    expect(sent.map((s) => `${s.method} ${decodeURIComponent(s.path)}${s.query}`).sort()).toEqual(
      [
        'GET pulls/12',
        `GET compare/main...${SHA}`,
        `GET git/trees/${SHA}:content/products`,
        `GET git/trees/${SHA}:content/images/products`,
        `GET commits/${SHA}/check-runs?check_name=test&filter=latest`,
        'PUT pulls/12/merge',
      ].sort(),
    );
  });

  it('her own save: refused (four eyes), nothing merged', async () => {
    const res = await publish('token-maya');
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(/someone else must publish them/);
    expect(merges()).toEqual([]);
  });

  it('her own save on a one-curator site (PUBLISH_OWN_SAVES): merged', async () => {
    expect((await publish('token-maya', { publishOwnSaves: () => true })).status).toBe(200);
    expect(merges()).toHaveLength(1);
  });

  it.each([
    ['the check failed on the head', () => (state.checkConclusion = 'failure'), /required check/],
    ['no check ran on the head', () => (state.checkConclusion = null), /required check/],
    ['a symlink in the head', () => (state.modes['wooden-kite.md'] = '120000'), /symlink/],
    [
      'a file outside the content',
      () => state.files.push({ filename: 'netlify.toml', status: 'modified' }),
      /netlify\.toml/,
    ],
    [
      'a head that moved',
      () => (state.pull = { ...state.pull, head: { ref: BRANCH, sha: SHA2, repo: { full_name: `${OWNER}/${REPO}` } } }),
      /saved again since you opened them/,
    ],
  ])('refused: %s', async (_what, change, message) => {
    change();
    const res = await publish('token-jo');
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(message);
    expect(merges()).toEqual([]);
  });
});
