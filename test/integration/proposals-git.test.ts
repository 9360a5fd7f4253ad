// The local proposal backend against a real git repository made for the test: each proposal is
// one branch with one commit that changes exactly one product file; the working tree, the index
// and the checked-out branch are never touched; stale reads are refused, and so is anything
// outside content/products/ or outside catalog/ branches.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blobSha, type NewProposal } from '../../src/server/proposals/backend.ts';
import { gitBackend } from '../../src/server/proposals/git.ts';
import { FIXTURE_CATALOG } from '../support/build-site.ts';
import { scratchRepo, type ScratchRepo } from '../support/scratch-repo.ts';
import { proposalFailure } from '../support/proposal-failure.ts';

let scratch: ScratchRepo;
let repo: string;
const git = (...args: string[]) => scratch.git(...args);
const FILE = 'content/products/ops-crayon-rocks.md';

beforeEach(() => {
  scratch = scratchRepo('proposals-git-', {
    copy: { 'content/products': FIXTURE_CATALOG },
    files: { 'README.md': 'A catalog.\n' },
  });
  repo = scratch.dir;
});
afterEach(() => scratch.remove());

const backend = () => gitBackend({ repoDir: repo });
const proposal = (over: Partial<NewProposal> = {}): NewProposal => ({
  branch: 'catalog/ops-crayon-rocks-a1b2c3',
  path: FILE,
  text: readFileSync(path.join(repo, FILE), 'utf8').replace(/price: (\d+|null)/, 'price: 1234'),
  expectBase: blobSha(readFileSync(path.join(repo, FILE), 'utf8')),
  message: 'Edit ops-crayon-rocks: price\n\nprice: 800 → 1234\n\nProposed-by: ada@example.test\n',
  title: 'Edit ops-crayon-rocks: price',
  body: '| field | before | after |',
  ...over,
});

describe('the local git backend', () => {
  it('reads a file of the checked-out commit with its blob id, and null for none', async () => {
    const text = readFileSync(path.join(repo, FILE), 'utf8');
    expect(await backend().readBase(FILE)).toEqual({ text, sha: git('rev-parse', `HEAD:${FILE}`) });
    expect(blobSha(text)).toBe(git('rev-parse', `HEAD:${FILE}`));
    expect(await backend().readBase('content/products/nope.md')).toBeNull();
  });

  it('reads a file’s text exactly, whatever its last line ends with', async () => {
    const texts = { 'no-break.md': 'slug: no-break', 'blank-last.md': 'slug: blank-last\n\n', 'empty.md': '' };
    for (const [name, text] of Object.entries(texts)) writeFileSync(path.join(repo, 'content/products', name), text);
    git('add', '-A');
    git('commit', '-q', '-m', 'Three odd endings');
    for (const [name, text] of Object.entries(texts))
      expect(await backend().readBase(`content/products/${name}`)).toEqual({ text, sha: blobSha(text) });
  });

  it('makes one branch with one commit that changes exactly that file, and touches nothing else', async () => {
    writeFileSync(path.join(repo, 'README.md'), 'A catalog, edited but not committed.\n');
    const head = git('rev-parse', 'HEAD');
    const status = git('status', '--porcelain');
    const made = await backend().create(proposal());
    expect(made).toMatchObject({
      branch: 'catalog/ops-crayon-rocks-a1b2c3',
      url: null,
      proposedBy: 'ada@example.test',
    });
    expect(git('rev-list', '--count', 'main..catalog/ops-crayon-rocks-a1b2c3')).toBe('1');
    expect(git('diff', '--name-only', 'main', 'catalog/ops-crayon-rocks-a1b2c3')).toBe(FILE);
    expect(git('show', `catalog/ops-crayon-rocks-a1b2c3:${FILE}`)).toContain('price: 1234');
    expect(git('log', '-1', '--format=%B', 'catalog/ops-crayon-rocks-a1b2c3')).toContain(
      'Proposed-by: ada@example.test',
    );
    // Working tree, index and checked-out branch are as they were.
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('symbolic-ref', '--short', 'HEAD')).toBe('main');
    expect(git('status', '--porcelain')).toBe(status);
    expect(readFileSync(path.join(repo, FILE), 'utf8')).not.toContain('price: 1234');
  });

  it('adds a new product file, and refuses one that already exists', async () => {
    const text = readFileSync(path.join(repo, FILE), 'utf8').replace(/ops-crayon-rocks/g, 'ops-new-kite');
    await backend().create(
      proposal({
        branch: 'catalog/ops-new-kite-000001',
        path: 'content/products/ops-new-kite.md',
        text,
        expectBase: null,
      }),
    );
    expect(git('diff', '--name-status', 'main', 'catalog/ops-new-kite-000001')).toBe(
      'A\tcontent/products/ops-new-kite.md',
    );
    const err = await proposalFailure(
      backend().create(proposal({ branch: 'catalog/ops-crayon-rocks-000002', expectBase: null })),
    );
    expect(err.code).toBe('conflict');
    expect(err.message).toMatch(/already exists/);
  });

  it('refuses an edit of a file that changed since it was read, and writes nothing', async () => {
    const stale = proposal();
    writeFileSync(
      path.join(repo, FILE),
      readFileSync(path.join(repo, FILE), 'utf8').replace(/price: (\d+|null)/, 'price: 999'),
    );
    git('commit', '-q', '-am', 'Reprice');
    const err = await proposalFailure(backend().create(stale));
    expect(err.code).toBe('conflict');
    expect(err.message).toMatch(/changed .* since it was read/);
    expect(git('branch', '--list', 'catalog/*')).toBe('');
  });

  it('refuses a branch that exists already', async () => {
    await backend().create(proposal());
    expect((await proposalFailure(backend().create(proposal()))).code).toBe('branch_exists');
  });

  it.each([
    ['.github/workflows/ci.yml', 'catalog/x-1'],
    ['content/products/../../.github/workflows/ci.yml', 'catalog/x-1'],
    ['README.md', 'catalog/x-1'],
    ['content/products/x.md', 'main'],
    ['content/products/x.md', 'catalog/../main'],
    ['content/products/x.md', 'refs/heads/main'],
  ])('refuses to write %s on %s', async (file, branch) => {
    const err = await proposalFailure(backend().create(proposal({ path: file, branch, expectBase: null })));
    expect(err.code).toBe('refused');
    expect(git('branch', '--list')).toBe('* main');
  });

  it('lists proposals with their author, and withdraws one by deleting its branch', async () => {
    await backend().create(proposal());
    await backend().create(
      proposal({ branch: 'catalog/ops-crayon-rocks-ffffff', message: 'Edit\n\nProposed-by: grace@example.test\n' }),
    );
    const list = await backend().list();
    expect(list.map((p) => [p.branch, p.proposedBy, p.checks])).toEqual(
      expect.arrayContaining([
        ['catalog/ops-crayon-rocks-a1b2c3', 'ada@example.test', 'none'],
        ['catalog/ops-crayon-rocks-ffffff', 'grace@example.test', 'none'],
      ]),
    );
    expect(list).toHaveLength(2);
    await backend().withdraw('catalog/ops-crayon-rocks-a1b2c3');
    expect((await backend().list()).map((p) => p.branch)).toEqual(['catalog/ops-crayon-rocks-ffffff']);
    expect((await proposalFailure(backend().withdraw('catalog/ops-crayon-rocks-a1b2c3'))).code).toBe('not_found');
    expect((await proposalFailure(backend().withdraw('main'))).code).toBe('refused');
  });

  it('lists the browser editor’s saves (cms/products/…) beside proposals, with the curator’s Saved-by handle, and withdraws them', async () => {
    await backend().create(proposal());
    // A save that names no curator (not made through the git gateway): a branch with main's commit.
    git('branch', 'cms/products/ops-crayon-rocks', 'main');
    // A save through the git gateway: its trailers name the curator (the last Saved-by is the gateway's).
    const saved = git(
      'commit-tree',
      'main^{tree}',
      '-p',
      'main',
      '-m',
      'Create Products “kite”\n\nSaved-by: mallory\nSaved-by: maya\nCurator-id: 0123456789abcdef0123',
    );
    git('branch', 'cms/products/kite', saved);
    git('branch', 'cms/pages/about', 'main');
    git('branch', 'cmsx/products/x', 'main');
    const list = await backend().list();
    expect(list.map((p) => [p.branch, p.via, p.proposedBy])).toEqual(
      expect.arrayContaining([
        ['catalog/ops-crayon-rocks-a1b2c3', 'mcp', 'ada@example.test'],
        ['cms/products/ops-crayon-rocks', 'editor', null],
        ['cms/products/kite', 'editor', 'maya'],
      ]),
    );
    expect(list).toHaveLength(3);
    await backend().withdraw('cms/products/kite');
    await backend().withdraw('cms/products/ops-crayon-rocks');
    expect(git('branch', '--list', 'cms/products/*')).toBe('');
    // Widened to cms/products/* and no further.
    for (const other of ['cms/pages/about', 'cmsx/products/x', 'cms/products/../main', 'cms/products/x/y'])
      expect((await proposalFailure(backend().withdraw(other))).code, other).toBe('refused');
    expect(git('branch', '--list', 'cms/pages/about')).toContain('cms/pages/about');
  });

  it('never withdraws the checked-out branch', async () => {
    await backend().create(proposal());
    git('checkout', '-q', 'catalog/ops-crayon-rocks-a1b2c3');
    expect((await proposalFailure(backend().withdraw('catalog/ops-crayon-rocks-a1b2c3'))).code).toBe('refused');
  });

  it('never withdraws a branch checked out in another worktree, whatever its path', async () => {
    await backend().create(proposal());
    await backend().create(proposal({ branch: 'catalog/ops-crayon-rocks-ffffff' }));
    const sha = git('rev-parse', 'catalog/ops-crayon-rocks-a1b2c3');
    // A second worktree, in a folder whose name holds a line break and looks like porcelain output.
    const other = path.join(mkdtempSync(path.join(tmpdir(), 'proposals-wt-')), 'review\nbranch refs/heads/main');
    git('worktree', 'add', '-q', other, 'catalog/ops-crayon-rocks-a1b2c3');
    try {
      const err = await proposalFailure(backend().withdraw('catalog/ops-crayon-rocks-a1b2c3'));
      expect(err.code).toBe('refused');
      expect(err.message).toContain(other);
      expect(git('rev-parse', 'catalog/ops-crayon-rocks-a1b2c3')).toBe(sha);
      // Another proposal, checked out nowhere, is still withdrawn.
      await backend().withdraw('catalog/ops-crayon-rocks-ffffff');
      expect(git('branch', '--list', 'catalog/ops-crayon-rocks-ffffff')).toBe('');
    } finally {
      git('worktree', 'remove', '--force', other);
      rmSync(path.dirname(other), { recursive: true, force: true });
    }
    // Once no worktree has it, it goes.
    await backend().withdraw('catalog/ops-crayon-rocks-a1b2c3');
    expect(git('branch', '--list', 'catalog/*')).toBe('');
  });

  it('lists a proposal whose message holds any character a value may carry, with its real proposer', async () => {
    await backend().create(
      proposal({
        message:
          'Edit ops-crayon-rocks: name\n\nname: Rocks → Ro\u0001cks\u0002\u001f\n\nProposed-by: ada@example.test\n',
      }),
    );
    await backend().create(
      proposal({
        branch: 'catalog/ops-crayon-rocks-ffffff',
        message:
          'Edit ops-crayon-rocks: name\n\nname: Rocks → Rocks\nProposed-by: mallory@example.test\n\n' +
          'Proposed-by: grace@example.test\n',
      }),
    );
    const list = await backend().list();
    expect(list.map((p) => [p.branch, p.proposedBy, p.title])).toEqual(
      expect.arrayContaining([
        ['catalog/ops-crayon-rocks-a1b2c3', 'ada@example.test', 'Edit ops-crayon-rocks: name'],
        ['catalog/ops-crayon-rocks-ffffff', 'grace@example.test', 'Edit ops-crayon-rocks: name'],
      ]),
    );
    expect(list).toHaveLength(2);
    for (const p of list) expect(Number.isNaN(Date.parse(p.createdAt))).toBe(false);
  });
});
