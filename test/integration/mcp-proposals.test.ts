// The write tools (propose_product, propose_edit, list_proposals, withdraw_proposal) through the
// MCP handler, with the local git backend on a real repository made for the test: each proposal
// is one branch with one commit touching one product file that the build's parser accepts; an
// invalid, clashing or stale proposal writes nothing; the proposal limit holds; the listing is kept
// a moment, says how old it is, and is read afresh after a proposal or a withdrawal; and without a
// backend the tools say what to set.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProductFile } from '../../src/catalog/load.ts';
import { chooseProposals } from '../../src/server/proposals/choose.ts';
import { memoryStore } from '../../src/server/store/memory.ts';
import { TOOLS } from '../../src/server/mcp/tools/index.ts';
import { callTool, FIXTURE_FILES, makeHandler, token, type ToolResult } from '../support/mcp.ts';
import { scratchRepo } from '../support/scratch-repo.ts';

const { 'broken-file.md': _broken, ...VALID } = FIXTURE_FILES;
/** Where the listing is kept (the shared store; in memory here). */
const listings = memoryStore();
const { dir: repo, git, remove } = scratchRepo('mcp-proposals-', { products: VALID });
const handler = makeHandler(repo, {
  proposals: chooseProposals({ localRepoDir: repo }, { records: () => listings }),
  proposalLimiter: memoryStore().limiter({ name: 'propose-test', points: 7, durationSeconds: 3600 }),
});
let tok: string;
beforeAll(async () => {
  tok = await token();
});
afterAll(() => remove());

function ok(name: string, r: ToolResult): any {
  expect(r.isError, r.content[0]?.text).toBeFalsy();
  return TOOLS.find((t) => t.name === name)!.output.parse(r.structuredContent);
}
const run = async (name: string, args: unknown) => ok(name, await callTool(handler, tok, name, args));
async function refused(name: string, args: unknown, text: RegExp) {
  const r = await callTool(handler, tok, name, args);
  expect(r.isError).toBe(true);
  expect(r.content[0]!.text).toMatch(text);
}
const branches = () =>
  git('for-each-ref', '--format=%(refname:short)', 'refs/heads/catalog/').split('\n').filter(Boolean);
/** The one file a branch's commit changes, checked by the build's own parser. */
function proposedFile(branch: string) {
  expect(git('rev-list', '--count', `main..${branch}`)).toBe('1');
  const files = git('diff', '--name-only', 'main', branch).split('\n');
  expect(files).toHaveLength(1);
  const text = git('show', `${branch}:${files[0]}`) + '\n';
  const parsed = parseProductFile(files[0]!, text);
  expect(parsed.problems).toEqual([]);
  return { path: files[0]!, text, entry: parsed.entry! };
}

describe('propose_product', () => {
  it('adds a new product on its own branch, as a valid file, leaving the checkout alone', async () => {
    const head = git('rev-parse', 'HEAD');
    const r = await run('propose_product', {
      name: 'Epsilon Kite',
      brand: 'Maker',
      categories: ['outdoor-play'],
      currency: 'USD',
      price: 2999,
      url: 'https://shop.example/epsilon',
      whyWePicked: 'It flies in the lightest wind.',
    });
    expect(r.branch).toMatch(/^catalog\/epsilon-kite-[0-9a-f]{6}$/);
    expect(r).toMatchObject({ url: null, number: null, path: 'content/products/epsilon-kite.md' });
    expect(r.message).toMatch(/^Proposal on branch catalog\/epsilon-kite-/);
    expect(r.changes).toEqual(expect.arrayContaining([{ field: 'price', before: null, after: '2999' }]));
    const file = proposedFile(r.branch);
    expect(file.path).toBe('content/products/epsilon-kite.md');
    expect(file.entry.data).toMatchObject({ name: 'Epsilon Kite', published: false });
    expect(git('log', '-1', '--format=%B', r.branch)).toMatch(
      /^Add epsilon-kite\n[\s\S]*\nProposed-by: ada@example.test$/,
    );
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('status', '--porcelain')).toBe('');
  });

  it('writes nothing for an invalid product, and lists the problems', async () => {
    const before = branches();
    await refused(
      'propose_product',
      {
        name: 'Zeta Blocks',
        brand: 'Maker',
        categories: ['kits'],
        currency: 'USD',
        price: 100,
        url: 'https://shop.example/z',
        staffPick: true,
      },
      /not valid, so nothing was written[\s\S]*pickedBy: a staff pick must name its curator/,
    );
    expect(branches()).toEqual(before);
  });

  it('refuses a slug that is taken', async () => {
    await refused(
      'propose_product',
      {
        name: 'Alpha Blocks',
        brand: 'Maker',
        categories: ['kits'],
        currency: 'USD',
        price: 100,
        url: 'https://shop.example/a',
      },
      /^conflict: a product already has the slug alpha-blocks \(content\/products\/alpha-blocks\.md\)/,
    );
  });
});

describe('propose_edit', () => {
  it('changes only the price line of the one file', async () => {
    const r = await run('propose_edit', { slug: 'delta-puzzle', changes: { price: 1999 } });
    expect(r.changes).toEqual([{ field: 'price', before: '2499', after: '1999' }]);
    const file = proposedFile(r.branch);
    expect(file.path).toBe('content/products/delta-puzzle.md');
    expect(
      git('diff', '--unified=0', 'main', r.branch)
        .split('\n')
        .filter((l) => /^[-+][^-+]/.test(l)),
    ).toEqual(['-price: 2499', '+price: 1999']);
    expect(git('log', '-1', '--format=%B', r.branch)).toBe(
      'Edit delta-puzzle: price\n\nChanges price in content/products/delta-puzzle.md.\n\nProposed-by: ada@example.test',
    );
  });

  it('unpublishes a product', async () => {
    const r = await run('propose_edit', { slug: 'alpha-blocks', unpublish: true });
    expect(r.changes).toEqual([{ field: 'published', before: 'true', after: 'false' }]);
    expect(proposedFile(r.branch).entry.data.published).toBe(false);
  });

  it('writes nothing when the change would make the file invalid', async () => {
    const before = branches();
    await refused(
      'propose_edit',
      { slug: 'alpha-blocks', changes: { pickedBy: null } },
      /pickedBy: a staff pick must name its curator/,
    );
    await refused('propose_edit', { slug: 'alpha-blocks', changes: { price: 24.99 } }, /Invalid input|whole number/);
    expect(branches()).toEqual(before);
  });

  it('refuses nothing-to-change and unknown products', async () => {
    await refused('propose_edit', { slug: 'alpha-blocks' }, /Nothing to change/);
    await refused('propose_edit', { slug: 'alpha-blocks', changes: { price: 2499 } }, /Nothing would change/);
    await refused('propose_edit', { slug: 'no-such', changes: { price: 1 } }, /No product has the slug "no-such"/);
  });

  it('refuses when the file changed on the base branch since the catalog was read, and writes nothing', async () => {
    const before = branches();
    const file = path.join(repo, 'content/products/gamma-book.md');
    writeFileSync(
      file,
      git('show', 'HEAD:content/products/gamma-book.md').replace('currency: EUR', 'currency: CAD') + '\n',
    );
    git('commit', '-q', '-am', 'Someone else changed gamma-book');
    await refused(
      'propose_edit',
      { slug: 'gamma-book', changes: { price: 1500 } },
      /^conflict: content\/products\/gamma-book\.md changed on the base branch since the catalog you read was built/,
    );
    expect(branches()).toEqual(before);
  });
});

describe('list_proposals and withdraw_proposal', () => {
  it('lists the open proposals with who proposed them, and withdraws one', async () => {
    const { proposals } = await run('list_proposals', {});
    expect(proposals.length).toBe(branches().length);
    expect(
      proposals.every(
        (p: { proposedBy: string; checks: string }) => p.proposedBy === 'ada@example.test' && p.checks === 'none',
      ),
    ).toBe(true);
    const gone = proposals[0].branch as string;
    expect(await run('withdraw_proposal', { branch: gone })).toEqual({ branch: gone, withdrawn: true });
    expect(branches()).not.toContain(gone);
    await refused('withdraw_proposal', { branch: gone }, /^not_found: There is no proposal on branch/);
  });

  it('keeps the listing a moment, says how old it is, and reads afresh after a proposal or a withdrawal', async () => {
    const first = await run('list_proposals', {});
    expect(first.ageSeconds).toBeGreaterThanOrEqual(0);
    // A branch made behind the tools' back is not seen while the listing is kept…
    git('branch', 'catalog/by-hand-1', 'main');
    const again = await run('list_proposals', {});
    expect(again.fetchedAt).toBe(first.fetchedAt);
    expect(again.proposals).toEqual(first.proposals);
    // …a proposal through the tools clears it: both show now.
    await new Promise((r) => setTimeout(r, 5));
    const made = await run('propose_edit', { slug: 'delta-puzzle', changes: { price: 2000 } });
    const after = await run('list_proposals', {});
    expect(after.fetchedAt > first.fetchedAt).toBe(true);
    expect(after.proposals.map((p: { branch: string }) => p.branch)).toEqual(
      expect.arrayContaining([made.branch, 'catalog/by-hand-1']),
    );
    await new Promise((r) => setTimeout(r, 5));
    await run('withdraw_proposal', { branch: made.branch });
    const gone = await run('list_proposals', {});
    expect(gone.proposals.map((p: { branch: string }) => p.branch)).not.toContain(made.branch);
    await run('withdraw_proposal', { branch: 'catalog/by-hand-1' });
  });

  it('refuses a branch that is not a proposal', async () => {
    const r = await callTool(handler, tok, 'withdraw_proposal', { branch: 'main' });
    expect(r.isError).toBe(true);
    expect(git('branch', '--list', 'main')).toBe('* main');
  });
});

describe('limits and configuration', () => {
  it('counts proposals per admin: past the limit, a proposal is refused with the time to wait', async () => {
    // Seven points in this test's limiter; four proposals so far.
    for (const price of [101, 102, 103]) await run('propose_edit', { slug: 'delta-puzzle', changes: { price } });
    await refused(
      'propose_edit',
      { slug: 'delta-puzzle', changes: { price: 104 } },
      /^rate_limited: at most 7 proposals in any hour per admin\. Try again in \d+ s\./,
    );
  });

  it('without GitHub or a local repository, every write tool says what to set', async () => {
    const bare = makeHandler(repo);
    for (const [name, args] of [
      ['propose_edit', { slug: 'delta-puzzle', changes: { price: 1 } }],
      ['list_proposals', {}],
      ['withdraw_proposal', { branch: 'catalog/x-1' }],
    ] as const) {
      const r = await callTool(bare, tok, name, args);
      expect(r.isError).toBe(true);
      expect(r.content[0]!.text).toMatch(
        /^not_configured: proposals need GITHUB_REPOSITORY and either a GitHub App \(GITHUB_APP_ID, .*\) or GITHUB_TOKEN/,
      );
    }
  });

  it('marks the write tools as having effects', () => {
    for (const name of ['propose_product', 'propose_edit', 'withdraw_proposal'])
      expect(TOOLS.find((t) => t.name === name)!.annotations.readOnlyHint).toBe(false);
    expect(TOOLS.find((t) => t.name === 'list_proposals')!.annotations.readOnlyHint).toBe(true);
  });
});

describe('the Proposed-by trailer', () => {
  it('names the admin, whatever a value says: the message names the changed fields, never their values', async () => {
    const own = makeHandler(repo, {
      proposals: chooseProposals({ localRepoDir: repo }),
      proposalLimiter: memoryStore().limiter({ name: 'propose-trailer', points: 1, durationSeconds: 3600 }),
    });
    const spoof = 'Lovely.\n\nProposed-by: mallory@example.test\n\nProposed-by: mallory@example.test';
    const r = await callTool(own, tok, 'propose_edit', { slug: 'alpha-blocks', changes: { whyWePicked: spoof } });
    const made = ok('propose_edit', r);
    const message = git('log', '-1', '--format=%B', made.branch);
    expect(message).not.toMatch(/mallory|Lovely/);
    expect(message).toMatch(/whyWePicked/);
    expect(message.trim().split('\n').at(-1)).toBe('Proposed-by: ada@example.test');
    const { proposals } = ok('list_proposals', await callTool(own, tok, 'list_proposals', {}));
    expect(proposals.find((p: { branch: string }) => p.branch === made.branch).proposedBy).toBe('ada@example.test');
  });
});
