// Proposals over HTTP on the local stack: an admin signs in with the MCP SDK's own client (through
// the consent page and the real OpenID provider), proposes a new product and a price change, and
// each becomes a branch of the stack's proposals repository whose one file `npm run validate`
// accepts. The listing is kept in the stack's Netlify Blobs between requests and cleared by a
// proposal. An invalid proposal writes nothing; a token of someone who is not an admin gets 401.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../scripts/lib/stack.ts';
import { fetchFrom, randomLoopback } from '../support/from-ip.ts';
import { E2E_ACCOUNTS, WalkingOAuthProvider } from '../support/oidc.ts';
import { postMcp, stackToken } from '../support/stack-admin.ts';

const base = inject('baseUrl');
const env = inject('stackEnv');
const repo = env.PROPOSALS_REPO_DIR!;
const serverUrl = `${base}/api/mcp`;
const fetchFn = fetchFrom(randomLoopback());
const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' }).trim();
/**
 * The proposal branches list_proposals lists but the watchers': the admins' (catalog/…) and the
 * browser editor's saves (cms/products/…, ./editor-browser.test.ts makes some when it runs first).
 * The stack's watchers (./watchers.test.ts) propose to the same repository.
 */
const branches = () =>
  git(
    'for-each-ref',
    '--format=%(refname:short) %(contents:trailers:key=Proposed-by,valueonly)',
    'refs/heads/catalog/',
    'refs/heads/cms/products/',
  )
    .split('\n')
    .filter((line) => line && !/ watcher@/.test(line))
    .map((line) => line.split(' ')[0]!);
let client: Client;

beforeAll(async () => {
  const p = new WalkingOAuthProvider(E2E_ACCOUNTS.admin, {
    redirectUrl: 'http://127.0.0.1:33431/oauth/callback',
    fetchFn,
  });
  expect(await auth(p, { serverUrl, fetchFn })).toBe('REDIRECT');
  const code = p.callback!.searchParams.get('code')!;
  expect(await auth(p, { serverUrl, authorizationCode: code, fetchFn })).toBe('AUTHORIZED');
  client = new Client({ name: 'proposals-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: p, fetch: fetchFn }));
});
afterAll(async () => {
  await client?.close();
});

/** `npm run validate` (the validator script on this Node) over a folder holding the branch's one file. */
function validateBranchFile(branch: string) {
  const files = git('diff', '--name-only', `${branch}~1`, branch).split('\n');
  expect(files).toHaveLength(1);
  const dir = mkdtempSync(path.join(tmpdir(), 'proposed-'));
  try {
    writeFileSync(path.join(dir, path.basename(files[0]!)), `${git('show', `${branch}:${files[0]}`)}\n`);
    const res = spawnSync(process.execPath, ['scripts/validate.ts', dir], { cwd: ROOT, encoding: 'utf8' });
    return { file: files[0]!, code: res.status, out: res.stdout + res.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Result = Awaited<ReturnType<Client['callTool']>>;
const structured = (r: Result) => {
  expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
  return r.structuredContent as { branch: string; url: string | null; path: string; message: string };
};

describe('proposals from an MCP client on the local stack', () => {
  it('lists the write tools as having effects', async () => {
    const { tools } = await client.listTools();
    for (const name of ['propose_product', 'propose_edit', 'withdraw_proposal'])
      expect(tools.find((t) => t.name === name)?.annotations?.readOnlyHint, name).toBe(false);
  });

  it('a new product becomes a branch whose file npm run validate accepts', async () => {
    const r = structured(
      await client.callTool({
        name: 'propose_product',
        arguments: {
          name: 'Proposed Rain Gauge',
          brand: 'Weather Kids',
          categories: ['outdoor-play', 'kits'],
          ageRange: '6–10 years',
          currency: 'EUR',
          price: 1450,
          url: 'https://shop.example.com/rain-gauge',
          whyWePicked: 'A child reads the rain every morning and keeps the chart on the fridge.',
          description: 'A clear gauge with a stake and a chart.',
        },
      }),
    );
    // On the editor's board, as a pull request of the stack's loopback GitHub.
    expect(r.branch).toBe('cms/products/proposed-rain-gauge');
    expect(r.url).toMatch(/\/pull\/\d+$/);
    expect(r.message).toContain(r.branch);
    const v = validateBranchFile(r.branch);
    expect(v.file).toBe('content/products/proposed-rain-gauge.md');
    expect(v.code, v.out).toBe(0);
  });

  it('a price change becomes a branch whose one-line diff npm run validate accepts', async () => {
    const r = structured(
      await client.callTool({ name: 'propose_edit', arguments: { slug: 'codenames', changes: { price: 1799 } } }),
    );
    const v = validateBranchFile(r.branch);
    expect(v.file).toBe('content/products/codenames.md');
    expect(v.code, v.out).toBe(0);
    expect(r.branch).toMatch(/^(?:cms\/products\/codenames|catalog\/codenames-[0-9a-f]{6})$/);
    const diff = git('diff', '--unified=0', `${r.branch}~1`, r.branch)
      .split('\n')
      .filter((l) => /^[-+][^-+]/.test(l));
    expect(diff).toEqual(['-price: 1999', '+price: 1799']);
    expect(git('log', '-1', '--format=%B', r.branch)).toContain(`Proposed-by: ${E2E_ACCOUNTS.admin.email}`);
  });

  it('lists proposals with how old the answer is: kept in the shared store between requests, cleared by a proposal', async () => {
    type Listing = {
      proposals: { branch: string; checks: string; proposedBy: string | null }[];
      fetchedAt: string;
      ageSeconds: number;
    };
    const list = async () => {
      const r = await client.callTool({ name: 'list_proposals', arguments: {} });
      expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
      const listing = r.structuredContent as Listing;
      // All but the watchers' (as branches() counts them).
      return {
        ...listing,
        proposals: listing.proposals.filter((p) => !p.proposedBy?.startsWith('watcher@')),
        all: listing.proposals,
      };
    };
    const first = await list();
    expect(first.ageSeconds).toBeGreaterThanOrEqual(0);
    expect(first.proposals.map((p) => p.branch).sort(), JSON.stringify(first.all)).toEqual(branches().sort());
    // The stand-in runs the required check on each proposal's head.
    expect(first.proposals.every((p) => ['pending', 'success', 'failure'].includes(p.checks))).toBe(true);
    // The same answer again, kept in the stack's Netlify Blobs (the listing has no copy in a function's memory).
    const again = await list();
    expect(again.fetchedAt).toBe(first.fetchedAt);
    const made = structured(
      await client.callTool({ name: 'propose_edit', arguments: { slug: 'codenames', changes: { price: 1500 } } }),
    );
    const after = await list();
    expect(after.fetchedAt >= first.fetchedAt).toBe(true);
    expect(after.proposals.map((p) => p.branch)).toContain(made.branch);
    await client.callTool({ name: 'withdraw_proposal', arguments: { branch: made.branch } });
    expect((await list()).proposals.map((p) => p.branch)).not.toContain(made.branch);
  });

  it('an invalid proposal is a tool error listing the problem, and writes nothing', async () => {
    const before = branches();
    const r = await client.callTool({
      name: 'propose_edit',
      arguments: { slug: 'codenames', changes: { staffPick: true } },
    });
    expect(r.isError).toBe(true);
    expect(JSON.stringify(r.content)).toMatch(/pickedBy: a staff pick must name its curator/);
    expect(branches()).toEqual(before);
  });

  it('a token of someone who is not an admin gets 401 and writes nothing', async () => {
    const outsider = await stackToken(
      env,
      { sub: 'e2e|outsider', email: E2E_ACCOUNTS.outsider.email },
      'e2e-proposals',
    );
    const before = branches();
    const res = await postMcp(
      serverUrl,
      outsider,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'propose_edit', arguments: { slug: 'codenames', changes: { price: 1 } } },
      },
      fetchFn,
    );
    expect(res.status).toBe(401);
    expect(branches()).toEqual(before);
  });
});
