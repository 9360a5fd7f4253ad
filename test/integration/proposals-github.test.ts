// The GitHub proposal backend against a mock of GitHub's own OpenAPI description (in process,
// judging each request): every request it sends must be valid under GitHub's published contract,
// and each test fails if the mock finds one that is not. GitHub's answers are scripted where the logic
// depends on them (what the default branch holds, a failing pull request), and its documented
// error statuses map to errors an admin can act on. Never a merge, never a write outside
// content/products/, never a ref but a new `cms/products/<slug>` (the editor's board) or, when that
// one exists, a new `catalog/<slug>-<id>`.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { blobSha, WRITABLE_FILE, type NewProposal } from '../../src/server/proposals/backend.ts';
import { composeProposal } from '../../src/server/proposals/compose.ts';
import { githubBackend, HEADS_READ } from '../../src/server/proposals/github.ts';
import { withListingCache } from '../../src/server/proposals/listing.ts';
import { memoryStore } from '../../src/server/store/memory.ts';
import { startGithubMock, type GithubMock, type Scripted } from '../support/github-mock.ts';
import { proposalFailure } from '../support/proposal-failure.ts';

let gh: GithubMock;
beforeAll(async () => {
  gh = await startGithubMock();
}, 150_000);
afterAll(async () => {
  await gh?.stop();
});
afterEach(() => {
  // Whatever the test did, GitHub's contract held for every request it sent.
  expect(gh.sent.filter((s) => s.requestViolations.length).map((s) => [s.method, s.path, s.requestViolations])).toEqual(
    [],
  );
});

const NOW = Date.parse('2026-11-24T10:00:00Z');
const backend = () =>
  githubBackend({
    token: 'ghp_test',
    repository: 'littlehands/catalog',
    baseUrl: gh.baseUrl,
    fetch: gh.fetch,
    now: () => NOW,
  });
const REPO = '/repos/littlehands/catalog';
const FILE = 'content/products/codenames.md';
const TEXT = '---\nslug: codenames\nprice: 1999\n---\n';
const BASE_SHA = 'a'.repeat(40);
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** GitHub's answers for a repository whose main holds FILE as TEXT. */
const repository: Scripted[] = [
  { method: 'GET', path: new RegExp(`^${REPO}$`), body: { default_branch: 'main' } },
  {
    method: 'GET',
    path: new RegExp(`^${REPO}/git/ref/heads%2Fmain$`),
    body: { ref: 'refs/heads/main', object: { sha: BASE_SHA, type: 'commit' } },
  },
  {
    method: 'GET',
    path: new RegExp(`^${REPO}/contents/`),
    body: { type: 'file', sha: blobSha(TEXT), content: b64(TEXT), encoding: 'base64' },
  },
  {
    method: 'GET',
    path: new RegExp(`^${REPO}/git/commits/${BASE_SHA}$`),
    body: { sha: BASE_SHA, tree: { sha: 'b'.repeat(40) }, message: 'Main' },
  },
  { method: 'POST', path: new RegExp(`^${REPO}/git/trees$`), status: 201, body: { sha: 'c'.repeat(40) } },
  { method: 'POST', path: new RegExp(`^${REPO}/git/commits$`), status: 201, body: { sha: 'd'.repeat(40) } },
  {
    method: 'POST',
    path: new RegExp(`^${REPO}/git/refs$`),
    status: 201,
    body: { ref: 'refs/heads/cms/products/codenames', object: { sha: 'd'.repeat(40) } },
  },
];
const BOARD = 'cms/products/codenames';
/** GitHub's answer to labelling pull request #7. */
const labelled: Scripted = {
  method: 'POST',
  path: new RegExp(`^${REPO}/issues/7/labels$`),
  status: 200,
  body: [{ name: 'decap-cms/pending_review' }],
};
const pullCreated: Scripted = {
  method: 'POST',
  path: new RegExp(`^${REPO}/pulls$`),
  status: 201,
  body: {
    number: 7,
    html_url: 'https://github.com/littlehands/catalog/pull/7',
    title: 'Edit codenames: price',
    created_at: '2026-11-24T09:00:00Z',
  },
};
const proposal = (over: Partial<NewProposal> = {}): NewProposal => ({
  branch: 'catalog/codenames-abc123',
  path: FILE,
  text: TEXT.replace('1999', '1799'),
  expectBase: blobSha(TEXT),
  message: 'Edit codenames: price\n\nprice: 1999 → 1799\n\nProposed-by: ada@example.test\n',
  title: 'Edit codenames: price',
  body: '| field | before | after |',
  ...over,
});
const writes = () => gh.sent.filter((s) => s.method !== 'GET');

describe('the GitHub backend, against GitHub’s own OpenAPI description', () => {
  it('(the mock itself) flags a request that GitHub’s contract refuses', async () => {
    gh.reset();
    await gh.fetch(`${gh.baseUrl}${REPO}/git/refs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'token t' },
      body: JSON.stringify({ ref: 'refs/heads/catalog/x-1' }),
    });
    expect(gh.sent[0]!.requestViolations).toEqual([expect.objectContaining({ message: expect.stringMatching(/sha/) })]);
    await gh.fetch(`${gh.baseUrl}${REPO}/pulls?state=opened&per_page=many`, { headers: { authorization: 'token t' } });
    expect(gh.sent[1]!.requestViolations.map((v) => v.location)).toEqual([
      ['request', 'query', 'state'],
      ['request', 'query', 'per_page'],
    ]);
    await gh.fetch(`${gh.baseUrl}/no-such-thing/at-all`, { headers: { authorization: 'token t' } });
    expect(gh.sent[2]!.requestViolations).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/no operation GET/) }),
    ]);
    gh.reset(); // the deliberate violations are not this test's failure
  });

  it('reads a file of the default branch, and null when GitHub has none', async () => {
    gh.reset(repository);
    expect(await backend().readBase(FILE)).toEqual({ text: TEXT, sha: blobSha(TEXT) });
    expect(gh.sent.map((s) => `${s.method} ${s.path}${s.search}`)).toEqual([
      `GET ${REPO}`,
      `GET ${REPO}/contents/${encodeURIComponent(FILE)}?ref=main`,
    ]);
    gh.reset([repository[0]!, { method: 'GET', path: new RegExp(`^${REPO}/contents/`), prefer: 404 }]);
    expect(await backend().readBase(FILE)).toBeNull();
  });

  it('makes one commit on the head of main, the editor’s branch for the product, and the pull request in review on its board', async () => {
    gh.reset([...repository, pullCreated, labelled]);
    const made = await backend().create(proposal());
    expect(made).toEqual({
      branch: BOARD,
      title: 'Edit codenames: price',
      url: 'https://github.com/littlehands/catalog/pull/7',
      via: 'mcp',
      number: 7,
      proposedBy: 'ada@example.test',
      checks: 'pending',
      createdAt: '2026-11-24T09:00:00.000Z',
    });
    const [tree, commit, ref, pull, labels, ...more] = writes();
    expect(more).toEqual([]);
    expect(tree).toMatchObject({
      path: `${REPO}/git/trees`,
      body: {
        base_tree: 'b'.repeat(40),
        tree: [{ path: FILE, mode: '100644', type: 'blob', content: TEXT.replace('1999', '1799') }],
      },
    });
    expect(commit).toMatchObject({
      path: `${REPO}/git/commits`,
      body: { tree: 'c'.repeat(40), parents: [BASE_SHA], message: proposal().message },
    });
    expect(ref).toMatchObject({
      path: `${REPO}/git/refs`,
      body: { ref: `refs/heads/${BOARD}`, sha: 'd'.repeat(40) },
    });
    expect(pull).toMatchObject({
      path: `${REPO}/pulls`,
      body: {
        head: BOARD,
        base: 'main',
        title: 'Edit codenames: price',
        body: '| field | before | after |',
      },
    });
    // Decap's board lists only pull requests with a decap-cms/ label: "in review".
    expect(labels).toMatchObject({ path: `${REPO}/issues/7/labels`, body: { labels: ['decap-cms/pending_review'] } });
    // The file was read at the very commit the proposal builds on.
    expect(gh.sent.find((s) => s.path.includes('/contents/'))?.search).toBe(`?ref=${BASE_SHA}`);
  });

  it('labels a watcher’s pull request and asks the curators to review it (two documented requests)', async () => {
    gh.reset([
      ...repository,
      pullCreated,
      { method: 'POST', path: new RegExp(`^${REPO}/issues/7/labels$`), status: 200, body: [{ name: 'recall' }] },
      { method: 'POST', path: new RegExp(`^${REPO}/pulls/7/requested_reviewers$`), status: 201, body: { number: 7 } },
    ]);
    const made = await backend().create(
      proposal({ labels: ['recall', 'urgent'], reviewers: { users: ['maya-curates'], teams: ['curators'] } }),
    );
    expect(made.notes).toBeUndefined();
    const [labels, reviewers] = writes().slice(-2);
    expect(labels).toMatchObject({
      path: `${REPO}/issues/7/labels`,
      body: { labels: ['recall', 'urgent', 'decap-cms/pending_review'] },
    });
    expect(reviewers).toMatchObject({
      path: `${REPO}/pulls/7/requested_reviewers`,
      body: { reviewers: ['maya-curates'], team_reviewers: ['curators'] },
    });
  });

  it('keeps the pull request when GitHub refuses a reviewer, and says so', async () => {
    gh.reset([
      ...repository,
      pullCreated,
      { method: 'POST', path: new RegExp(`^${REPO}/issues/7/labels$`), status: 200, body: [] },
      {
        method: 'POST',
        path: new RegExp(`^${REPO}/pulls/7/requested_reviewers$`),
        status: 422,
        body: { message: 'Reviews may only be requested from collaborators.' },
      },
    ]);
    const made = await backend().create(
      proposal({ labels: ['recall'], reviewers: { users: ['stranger'], teams: [] } }),
    );
    expect(made.number).toBe(7);
    expect(made.notes).toEqual([
      expect.stringMatching(/asking for reviewers: Reviews may only be requested from collaborators/),
    ]);
    expect(writes().some((w) => w.method === 'DELETE')).toBe(false);
  });

  it('refuses an edit of a file that changed on main since it was read, writing nothing', async () => {
    gh.reset(repository);
    const err = await proposalFailure(backend().create(proposal({ expectBase: 'f'.repeat(40) })));
    expect(err.code).toBe('conflict');
    expect(err.message).toMatch(/content\/products\/codenames\.md changed on main \(aaaaaaaaaaaa\) since it was read/);
    expect(writes()).toEqual([]);
  });

  it('refuses a new product whose file already exists on main, writing nothing', async () => {
    gh.reset(repository);
    const err = await proposalFailure(backend().create(proposal({ expectBase: null })));
    expect(err.code).toBe('conflict');
    expect(err.message).toMatch(/already exists on main/);
    expect(writes()).toEqual([]);
  });

  it('deletes the branch again when the pull request cannot be made', async () => {
    gh.reset([
      ...repository,
      {
        method: 'POST',
        path: new RegExp(`^${REPO}/pulls$`),
        status: 422,
        body: { message: 'Validation Failed: A pull request already exists' },
      },
      { method: 'DELETE', path: new RegExp(`^${REPO}/git/refs/`), status: 204 },
    ]);
    const err = await proposalFailure(backend().create(proposal()));
    expect(err.message).toMatch(/A pull request already exists.*Nothing was left behind\.$/);
    expect(writes().at(-1)).toMatchObject({
      method: 'DELETE',
      path: `${REPO}/git/refs/heads%2Fcms%2Fproducts%2Fcodenames`,
    });
  });

  it('says so when the branch could not be deleted either', async () => {
    gh.reset([
      ...repository,
      {
        method: 'POST',
        path: new RegExp(`^${REPO}/pulls$`),
        status: 403,
        body: { message: 'Resource not accessible by personal access token' },
      },
      { method: 'DELETE', path: new RegExp(`^${REPO}/git/refs/`), status: 500, body: { message: 'Server Error' } },
    ]);
    const err = await proposalFailure(backend().create(proposal()));
    expect(err.code).toBe('forbidden');
    expect(err.message).toMatch(
      /The branch cms\/products\/codenames was made but could not be deleted: delete it on GitHub\.$/,
    );
  });

  it('goes on catalog/<slug>-<id> when a curator already has the editor’s branch for the product, and says so', async () => {
    const tried: string[] = [];
    gh.reset([
      ...repository.filter((x) => !(x.method === 'POST' && String(x.path).includes('refs'))),
      {
        method: 'POST',
        path: new RegExp(`^${REPO}/git/refs$`),
        // The first ref asked for is the board's, which exists; the next is made.
        answer: () =>
          tried.push('ref') === 1
            ? { status: 422, body: { message: 'Reference already exists' } }
            : { status: 201, body: { ref: 'refs/heads/catalog/codenames-abc123', object: { sha: 'd'.repeat(40) } } },
      },
      pullCreated,
      labelled,
    ]);
    const made = await backend().create(proposal({ labels: ['recall'] }));
    expect(made.branch).toBe('catalog/codenames-abc123');
    expect(made.notes).toEqual([
      expect.stringMatching(
        /cms\/products\/codenames already exists.*on catalog\/codenames-abc123.*board does not show/,
      ),
    ]);
    const refs = writes().filter((w) => w.path === `${REPO}/git/refs`);
    expect(refs.map((r) => (r.body as { ref: string }).ref)).toEqual([
      `refs/heads/${BOARD}`,
      'refs/heads/catalog/codenames-abc123',
    ]);
    expect(writes().find((w) => w.path === `${REPO}/pulls`)?.body).toMatchObject({ head: 'catalog/codenames-abc123' });
    // Off the board it carries its own labels only: an open cms/ pull request is what Decap reads labels on.
    expect(writes().find((w) => w.path.endsWith('/labels'))?.body).toEqual({ labels: ['recall'] });
    // The curator's branch was never moved or deleted.
    expect(writes().some((w) => w.method === 'PATCH' || w.method === 'DELETE')).toBe(false);
  });

  it('reports a branch that already exists when neither branch is free', async () => {
    gh.reset([
      ...repository.filter((s) => !(s.method === 'POST' && String(s.path).includes('refs'))),
      {
        method: 'POST',
        path: new RegExp(`^${REPO}/git/refs$`),
        status: 422,
        body: { message: 'Reference already exists' },
      },
    ]);
    expect((await proposalFailure(backend().create(proposal()))).code).toBe('branch_exists');
    expect(writes().map((s) => s.path)).not.toContain(`${REPO}/pulls`);
  });

  it('never leaves a pull request on the board without Decap’s label: closes it and deletes its branch', async () => {
    gh.reset([
      ...repository,
      pullCreated,
      {
        method: 'POST',
        path: new RegExp(`^${REPO}/issues/7/labels$`),
        status: 403,
        body: { message: 'Resource not accessible by integration' },
      },
      { method: 'PATCH', path: new RegExp(`^${REPO}/pulls/7$`), status: 200, body: { number: 7, state: 'closed' } },
      { method: 'DELETE', path: new RegExp(`^${REPO}/git/refs/`), status: 204 },
    ]);
    const err = await proposalFailure(backend().create(proposal()));
    expect(err.code).toBe('forbidden');
    expect(err.message).toMatch(/labelling the pull request.*Nothing was left behind\.$/);
    expect(writes().slice(-2)).toMatchObject([
      { method: 'PATCH', path: `${REPO}/pulls/7`, body: { state: 'closed' } },
      { method: 'DELETE', path: `${REPO}/git/refs/heads%2Fcms%2Fproducts%2Fcodenames` },
    ]);
  });

  it.each([
    ['.github/workflows/ci.yml', 'catalog/x-1'],
    ['content/products/../../.github/workflows/ci.yml', 'catalog/x-1'],
    ['package.json', 'catalog/x-1'],
    [FILE, 'main'],
    [FILE, 'catalog/../main'],
  ])('refuses to write %s on %s before sending anything', async (file, branch) => {
    gh.reset(repository);
    expect((await proposalFailure(backend().create(proposal({ path: file, branch })))).code).toBe('refused');
    expect(gh.sent).toEqual([]);
  });

  it('lists this repository’s proposal pull requests with author and checks, newest first, in two requests', async () => {
    const body = (email: string) => composeProposal({ kind: 'new', slug: 'x', path: FILE, changes: [], email }).body;
    const pr = (n: number, ref: string, repo = 'littlehands/catalog', at = `2026-11-2${n}T00:00:00Z`) => ({
      number: n,
      html_url: `https://github.com/littlehands/catalog/pull/${n}`,
      title: `Proposal ${n}`,
      body: n === 5 ? 'Opened by hand.' : body(`admin${n}@example.test`),
      created_at: at,
      head: { ref, sha: String(n).repeat(40), repo: { full_name: repo } },
    });
    const run = (
      sha: number,
      workflow: number,
      status: string,
      conclusion: string | null,
      at = '2026-11-29T00:00:00Z',
    ) => ({
      head_sha: String(sha).repeat(40),
      workflow_id: workflow,
      event: 'pull_request',
      status,
      conclusion,
      created_at: at,
    });
    gh.reset([
      {
        method: 'GET',
        path: new RegExp(`^${REPO}/pulls$`),
        body: [
          pr(5, 'catalog/e-5'),
          pr(4, 'catalog/c-3', 'someone/fork'),
          pr(3, 'catalog/b-2'),
          pr(2, 'feature/other'),
          pr(1, 'catalog/a-1'),
          pr(6, 'catalog/f-6'),
        ],
      },
      {
        method: 'GET',
        path: new RegExp(`^${REPO}/actions/runs$`),
        body: {
          total_count: 6,
          workflow_runs: [
            // Newest first. #1: one workflow passed, another still runs.
            run(1, 10, 'completed', 'success'),
            run(1, 11, 'in_progress', null),
            // #3: a re-run passed after the first run failed: the newest run of the workflow counts.
            run(3, 10, 'completed', 'success'),
            run(3, 10, 'completed', 'failure'),
            // #5: skipped and neutral count as passed.
            run(5, 10, 'completed', 'skipped'),
            run(5, 11, 'completed', 'neutral'),
            // Another repository's commit is no proposal's.
            run(4, 10, 'completed', 'failure'),
          ],
        },
      },
    ]);
    const list = await backend().list();
    expect(list.map((p) => [p.branch, p.number, p.proposedBy, p.checks])).toEqual([
      ['catalog/f-6', 6, 'admin6@example.test', 'none'],
      ['catalog/e-5', 5, null, 'success'],
      ['catalog/b-2', 3, 'admin3@example.test', 'success'],
      ['catalog/a-1', 1, 'admin1@example.test', 'pending'],
    ]);
    expect(gh.sent.map((s) => `${s.method} ${s.path}${s.search}`)).toEqual([
      `GET ${REPO}/pulls?state=open&per_page=100&page=1`,
      `GET ${REPO}/actions/runs?event=pull_request&exclude_pull_requests=true&per_page=100&page=1`,
    ]);
  });

  it('lists the browser editor’s pull requests (cms/products/…) with the curator’s handle from the Saved-by trailer, never the App’s login', async () => {
    const pr = (number: number, ref: string, body = 'Automatically generated by Decap CMS') => ({
      number,
      html_url: `https://github.com/littlehands/catalog/pull/${number}`,
      title: `t${number}`,
      body,
      created_at: `2026-11-2${number}T00:00:00Z`,
      user: { login: 'little-hands-catalog[bot]' },
      head: { ref, sha: String(number).repeat(40), repo: { full_name: 'littlehands/catalog' } },
    });
    const proposer = composeProposal({
      kind: 'new',
      slug: 'x',
      path: FILE,
      changes: [],
      email: 'ada@example.test',
    }).body;
    const messages: Record<string, string> = {
      // The gateway appends its trailers after any the curator typed: the last Saved-by is hers.
      ['1'.repeat(40)]:
        'Create Products “azul”\n\nSaved-by: mallory\nSaved-by: maya\nCurator-id: 0123456789abcdef0123\n',
      // A proposal on the board that a curator then saved: hers now.
      ['4'.repeat(40)]: 'Update Products “kite”\n\nSaved-by: jo\nCurator-id: 3210fedcba98765432100\n',
      // A proposal on the board nobody saved since: its proposer, from the body.
      ['5'.repeat(40)]: 'Edit lamp: price\n\nProposed-by: ada@example.test\n',
      // Not made through the gateway: nobody.
      ['6'.repeat(40)]: 'Create Products “drum”\n',
    };
    gh.reset([
      {
        method: 'GET',
        path: new RegExp(`^${REPO}/pulls$`),
        body: [
          pr(1, 'cms/products/azul'),
          pr(2, 'cms/pages/about'),
          pr(3, 'feature/x'),
          pr(4, 'cms/products/kite', proposer),
          pr(5, 'cms/products/lamp', proposer),
          pr(6, 'cms/products/drum'),
        ],
      },
      { method: 'GET', path: new RegExp(`^${REPO}/actions/runs$`), body: { total_count: 0, workflow_runs: [] } },
      {
        method: 'GET',
        path: new RegExp(`^${REPO}/git/commits/[0-9a-f]{40}$`),
        answer: (url) => {
          const sha = url.pathname.split('/').at(-1)!;
          return { body: { sha, message: messages[sha], tree: { sha: 'b'.repeat(40) } } };
        },
      },
    ]);
    expect((await backend().list()).map((p) => [p.branch, p.via, p.proposedBy])).toEqual([
      ['cms/products/drum', 'editor', null],
      ['cms/products/lamp', 'mcp', 'ada@example.test'],
      ['cms/products/kite', 'editor', 'jo'],
      ['cms/products/azul', 'editor', 'maya'],
    ]);
    // One request per editor head, none for the others.
    expect(
      gh.sent
        .filter((x) => x.path.includes('/git/commits/'))
        .map((x) => x.path.slice(-40)[0])
        .sort(),
    ).toEqual(['1', '4', '5', '6']);
  });

  it('a failed run is a failure; with nothing open, one request', async () => {
    const open = {
      number: 8,
      html_url: 'u',
      title: 't',
      body: null,
      created_at: '2026-11-20T00:00:00Z',
      head: { ref: 'catalog/h-8', sha: '8'.repeat(40), repo: { full_name: 'littlehands/catalog' } },
    };
    gh.reset([
      { method: 'GET', path: new RegExp(`^${REPO}/pulls$`), body: [open] },
      {
        method: 'GET',
        path: new RegExp(`^${REPO}/actions/runs$`),
        body: {
          total_count: 1,
          workflow_runs: [
            {
              head_sha: '8'.repeat(40),
              workflow_id: 1,
              status: 'completed',
              conclusion: 'cancelled',
              created_at: '2026-11-20T00:01:00Z',
            },
          ],
        },
      },
    ]);
    expect((await backend().list()).map((p) => [p.proposedBy, p.checks])).toEqual([[null, 'failure']]);
    gh.reset([{ method: 'GET', path: new RegExp(`^${REPO}/pulls$`), body: [] }]);
    expect(await backend().list()).toEqual([]);
    expect(gh.sent).toHaveLength(1);
  });

  it('stops reading runs once they are older than every proposal: the rest ran no checks', async () => {
    const prs = [1, 2].map((n) => ({
      number: n,
      html_url: 'u',
      title: 't',
      body: null,
      created_at: `2026-11-2${n}T00:00:00Z`,
      head: { ref: `catalog/p-${n}`, sha: String(n).repeat(40), repo: { full_name: 'littlehands/catalog' } },
    }));
    // A full page of other commits' runs, the last made days before either pull request.
    const runs = Array.from({ length: 100 }, (_, i) => ({
      head_sha: 'e'.repeat(40),
      workflow_id: 1,
      status: 'completed',
      conclusion: 'success',
      created_at: new Date(Date.parse('2026-11-22T01:00:00Z') - i * 3_600_000).toISOString(),
    }));
    runs[0]!.head_sha = '2'.repeat(40);
    gh.reset([
      { method: 'GET', path: new RegExp(`^${REPO}/pulls$`), body: prs },
      {
        method: 'GET',
        path: new RegExp(`^${REPO}/actions/runs$`),
        body: { total_count: 500, workflow_runs: runs },
        headers: { link: `<${gh.baseUrl}${REPO}/actions/runs?page=2>; rel="next"` },
      },
    ]);
    expect((await backend().list()).map((p) => [p.number, p.checks])).toEqual([
      [2, 'success'],
      [1, 'none'],
    ]);
    expect(gh.sent).toHaveLength(2);
  });

  it('reads the next page of runs when a page ends among the proposals’ runs (another workflow’s may follow)', async () => {
    const pr = {
      number: 1,
      html_url: 'u',
      title: 't',
      body: null,
      created_at: '2026-11-20T00:00:00Z',
      head: { ref: 'catalog/p-1', sha: '1'.repeat(40), repo: { full_name: 'littlehands/catalog' } },
    };
    const run = (sha: string, workflow: number, conclusion: string) => ({
      head_sha: sha,
      workflow_id: workflow,
      status: 'completed',
      conclusion,
      created_at: '2026-11-20T00:01:00Z',
    });
    const first = [
      ...Array.from({ length: 99 }, () => run('e'.repeat(40), 1, 'success')),
      run('1'.repeat(40), 1, 'success'),
    ];
    gh.reset([
      { method: 'GET', path: new RegExp(`^${REPO}/pulls$`), body: [pr] },
      {
        method: 'GET',
        path: new RegExp(`^${REPO}/actions/runs$`),
        answer: (url) =>
          url.searchParams.get('page') === '1'
            ? {
                body: { total_count: 101, workflow_runs: first },
                headers: { link: `<${gh.baseUrl}${REPO}/actions/runs?page=2>; rel="next"` },
              }
            : { body: { total_count: 101, workflow_runs: [run('1'.repeat(40), 2, 'failure')] } },
      },
    ]);
    expect((await backend().list()).map((p) => p.checks)).toEqual(['failure']);
    expect(gh.sent).toHaveLength(3);
  });

  it.each([
    ['forbidden (403)', { status: 403, body: { message: 'Resource not accessible by personal access token' } }],
    ['hidden (404)', { prefer: 404 }],
  ] as const)('without Actions: Read (%s) the proposals are listed, checks unknown', async (_what, refusal) => {
    gh.reset([
      {
        method: 'GET',
        path: new RegExp(`^${REPO}/pulls$`),
        body: [
          {
            number: 1,
            html_url: 'u',
            title: 't',
            body: composeProposal({ kind: 'new', slug: 'a', path: FILE, changes: [], email: 'ada@example.test' }).body,
            created_at: '2026-11-20T00:00:00Z',
            head: { ref: 'catalog/a-1', sha: '1'.repeat(40), repo: { full_name: 'littlehands/catalog' } },
          },
        ],
      },
      { method: 'GET', path: new RegExp(`^${REPO}/actions/runs$`), ...refusal },
    ]);
    expect((await backend().list()).map((p) => [p.proposedBy, p.checks])).toEqual([['ada@example.test', 'unknown']]);
  });

  it('a rate limit while reading runs is a rate limit, not unknown checks', async () => {
    gh.reset([
      {
        method: 'GET',
        path: new RegExp(`^${REPO}/pulls$`),
        body: [
          {
            number: 1,
            html_url: 'u',
            title: 't',
            created_at: '2026-11-20T00:00:00Z',
            head: { ref: 'catalog/a-1', sha: '1'.repeat(40), repo: { full_name: 'littlehands/catalog' } },
          },
        ],
      },
      {
        method: 'GET',
        path: new RegExp(`^${REPO}/actions/runs$`),
        status: 403,
        body: { message: 'API rate limit exceeded' },
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 60) },
      },
    ]);
    expect(await proposalFailure(backend().list())).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 60 });
  });

  it('withdraws a proposal: closes its pull request, then deletes its branch', async () => {
    gh.reset([
      {
        method: 'GET',
        path: new RegExp(`^${REPO}/pulls$`),
        body: [
          {
            number: 9,
            html_url: 'u',
            title: 't',
            created_at: '2026-11-20T00:00:00Z',
            head: { ref: 'catalog/a-1', sha: '9'.repeat(40), repo: { full_name: 'littlehands/catalog' } },
          },
        ],
      },
      { method: 'PATCH', path: new RegExp(`^${REPO}/pulls/9$`), body: { number: 9, state: 'closed' } },
      { method: 'DELETE', path: new RegExp(`^${REPO}/git/refs/`), status: 204 },
    ]);
    await backend().withdraw('catalog/a-1');
    expect(gh.sent.map((s) => `${s.method} ${s.path}${s.search}`)).toEqual([
      `GET ${REPO}/pulls?state=open&per_page=100&page=1&head=littlehands%3Acatalog%2Fa-1`,
      `PATCH ${REPO}/pulls/9`,
      `DELETE ${REPO}/git/refs/heads%2Fcatalog%2Fa-1`,
    ]);
    expect(gh.sent[1]!.body).toEqual({ state: 'closed' });
  });

  it('a withdrawal of a branch that does not exist is not_found', async () => {
    gh.reset([
      { method: 'GET', path: new RegExp(`^${REPO}/pulls$`), body: [] },
      {
        method: 'DELETE',
        path: new RegExp(`^${REPO}/git/refs/`),
        status: 422,
        body: { message: 'Reference does not exist' },
      },
    ]);
    const err = await proposalFailure(backend().withdraw('catalog/gone-1'));
    expect(err).toMatchObject({ code: 'not_found', message: 'There is no proposal on branch catalog/gone-1.' });
  });

  it('never merges, never writes a ref but the board’s or one under heads/catalog/, never writes outside content/products/', async () => {
    gh.reset([
      ...repository,
      pullCreated,
      labelled,
      { method: 'GET', path: new RegExp(`^${REPO}/pulls$`), body: [] },
      { method: 'DELETE', path: new RegExp(`^${REPO}/git/refs/`), status: 204 },
    ]);
    const b = backend();
    await b.create(proposal());
    await b.list();
    await b.withdraw(BOARD);
    await b.withdraw('catalog/codenames-abc123');
    for (const s of gh.sent) {
      expect(s.path, s.path).not.toMatch(/\/merge|\/merges/);
      if (s.path.includes('/git/refs')) {
        const ref =
          s.method === 'POST' ? (s.body as { ref: string }).ref : decodeURIComponent(s.path.split('/git/refs/')[1]!);
        expect(ref).toMatch(/^(refs\/)?heads\/(catalog\/|cms\/products\/codenames$)/);
      }
      if (s.path.endsWith('/git/trees'))
        for (const entry of (s.body as { tree: { path: string }[] }).tree) expect(entry.path).toMatch(WRITABLE_FILE);
      if (s.method === 'PATCH') expect(s.body).toEqual({ state: 'closed' });
    }
  });
});

describe('GitHub’s errors as errors an admin can act on', () => {
  it.each([
    [
      'a refused token (401)',
      [{ method: 'GET', path: new RegExp(`^${REPO}$`), status: 401, body: { message: 'Bad credentials' } }],
      'unauthorized',
      /refused the site’s credentials.*renew GITHUB_TOKEN/,
    ],
    [
      'a missing permission (403)',
      [{ method: 'GET', path: new RegExp(`^${REPO}$`), prefer: 403 }],
      'forbidden',
      /needs Contents and Pull requests, read and write/,
    ],
    [
      'an unknown repository (404)',
      [{ method: 'GET', path: new RegExp(`^${REPO}$`), prefer: 404 }],
      'not_found',
      /littlehands\/catalog does not exist, or the token cannot see it/,
    ],
    [
      'a conflict (409)',
      [
        ...repository.slice(0, 4),
        {
          method: 'POST',
          path: new RegExp(`^${REPO}/git/trees$`),
          status: 409,
          body: { message: 'Git Repository is empty.' },
        },
      ],
      'conflict',
      /conflict while writing the file/,
    ],
    [
      'the primary rate limit (403, remaining 0)',
      [
        {
          method: 'GET',
          path: new RegExp(`^${REPO}$`),
          status: 403,
          body: { message: 'API rate limit exceeded' },
          headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 120) },
        },
      ],
      'rate_limited',
      /rate limit/,
    ],
    [
      'a secondary rate limit (403, retry-after)',
      [
        {
          method: 'GET',
          path: new RegExp(`^${REPO}$`),
          status: 403,
          body: { message: 'You have exceeded a secondary rate limit' },
          headers: { 'retry-after': '30' },
        },
      ],
      'rate_limited',
      /rate limit/,
    ],
    [
      'too many requests (429)',
      [
        {
          method: 'GET',
          path: new RegExp(`^${REPO}$`),
          status: 429,
          body: { message: 'Too Many Requests' },
          headers: { 'retry-after': '7' },
        },
      ],
      'rate_limited',
      /rate limit/,
    ],
    [
      'a server error (502)',
      [{ method: 'GET', path: new RegExp(`^${REPO}$`), status: 502, body: { message: 'Bad Gateway' } }],
      'unavailable',
      /GitHub answered 502/,
    ],
    [
      'no connection',
      [{ method: 'GET', path: new RegExp(`^${REPO}$`), fail: true }],
      'unavailable',
      /GitHub could not be reached while reading the repository/,
    ],
  ] as const)('%s', async (_what, script, code, message) => {
    gh.reset([...script]);
    const err = await proposalFailure(backend().create(proposal()));
    expect(err.code).toBe(code);
    expect(err.message).toMatch(message);
  });

  it('says how long to wait for a rate limit', async () => {
    gh.reset([
      {
        method: 'GET',
        path: new RegExp(`^${REPO}$`),
        status: 403,
        body: { message: 'API rate limit exceeded' },
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 120) },
      },
    ]);
    expect((await proposalFailure(backend().readBase(FILE))).retryAfterSeconds).toBe(120);
    gh.reset([
      {
        method: 'GET',
        path: new RegExp(`^${REPO}$`),
        status: 429,
        body: { message: 'Too Many Requests' },
        headers: { 'retry-after': '7' },
      },
    ]);
    expect((await proposalFailure(backend().readBase(FILE))).retryAfterSeconds).toBe(7);
  });

  it('refuses a repository name that is not owner/name', () => {
    expect(() => githubBackend({ token: 't', repository: 'just-a-name' })).toThrow(/owner\/name/);
  });
});

describe('list_proposals’ cost on GitHub: a few requests, never one per pull request', () => {
  const OWNER_REPO = 'littlehands/catalog';
  const PR_TIME = Date.parse('2026-11-01T00:00:00Z');
  const shaOf = (i: number) => i.toString(16).padStart(40, '0');
  /** GitHub's bound: 3 requests for up to 100 open pull requests, 1 more per further 100. */
  const bound = (n: number) => 3 + Math.max(0, Math.ceil((n - 100) / 100));
  const STATES = [
    ['completed', 'success', 'success'],
    ['completed', 'failure', 'failure'],
    ['in_progress', null, 'pending'],
  ] as const;

  /** Every third pull request is on the editor's board, saved since by a curator (her handle in its head's trailer). */
  const onBoard = (k: number) => k % 3 === 0;
  const headMessage = (k: number) =>
    onBoard(k) ? `Update p${k}\n\nSaved-by: curator${k % 2}\nCurator-id: ${'c'.repeat(20)}\n` : `Edit p${k}: price\n`;
  /** The board's pull requests whose head has no run among the 200 newest read: one request each, the newest HEADS_READ. */
  const headsRead = (n: number, actions: boolean) =>
    Array.from({ length: n }, (_, i) => n - i)
      .filter((k) => onBoard(k) && !(actions && k > n - 200))
      .slice(0, HEADS_READ);
  /** `n` open proposal pull requests (newest first, as GitHub lists them), each with one run of the checks. */
  function openProposals(n: number, actions: boolean): Scripted[] {
    const prs = Array.from({ length: n }, (_, i) => ({
      number: i + 1,
      html_url: `https://github.com/${OWNER_REPO}/pull/${i + 1}`,
      title: `Edit p${i + 1}: price`,
      body: composeProposal({
        kind: 'edit',
        slug: `p${i + 1}`,
        path: `content/products/p${i + 1}.md`,
        changes: [{ field: 'price', before: '1', after: '2' }],
        email: `admin${i % 3}@example.test`,
      }).body,
      created_at: new Date(PR_TIME + i * 60_000).toISOString(),
      head: {
        ref: onBoard(i + 1) ? `cms/products/p${i + 1}` : `catalog/p${i + 1}-abcdef`,
        sha: shaOf(i + 1),
        repo: { full_name: OWNER_REPO },
      },
    })).reverse();
    const runs = prs.map((pr) => {
      const [status, conclusion] = STATES[pr.number % 3]!;
      return {
        id: pr.number,
        workflow_id: 1,
        event: 'pull_request',
        head_sha: pr.head.sha,
        head_commit: { id: pr.head.sha, message: headMessage(pr.number) },
        status,
        conclusion,
        created_at: new Date(Date.parse(pr.created_at) + 5_000).toISOString(),
      };
    });
    const page = <T>(items: T[], url: URL, key?: string) => {
      const per = Number(url.searchParams.get('per_page') ?? 30);
      const at = Number(url.searchParams.get('page') ?? 1);
      const slice = items.slice((at - 1) * per, at * per);
      const next = new URL(url);
      next.searchParams.set('page', String(at + 1));
      const headers: Record<string, string> =
        at * per < items.length ? { link: `<${gh.baseUrl}${next.pathname}${next.search}>; rel="next"` } : {};
      return { body: key ? { total_count: items.length, [key]: slice } : slice, headers };
    };
    const refused = { status: 403, body: { message: 'Resource not accessible by personal access token' } };
    return [
      { method: 'GET', path: new RegExp(`^${REPO}/pulls$`), answer: (url) => page(prs, url) },
      {
        method: 'GET',
        path: new RegExp(`^${REPO}/git/commits/[0-9a-f]{40}$`),
        answer: (url) => {
          const sha = url.pathname.split('/').at(-1)!;
          return { body: { sha, message: headMessage(parseInt(sha, 16)), tree: { sha: 'b'.repeat(40) } } };
        },
      },
      {
        method: 'GET',
        path: new RegExp(`^${REPO}/actions/runs$`),
        answer: (url) => (actions ? page(runs, url, 'workflow_runs') : refused),
      },
      // What an older client asked for, per pull request; a token without Checks is refused them too.
      ...(actions
        ? []
        : [
            { method: 'GET', path: /\/check-runs$/, ...refused },
            { method: 'GET', path: /\/commits\/[0-9a-f]{40}\/status$/, ...refused },
          ]),
    ];
  }

  it.each([
    [1, true],
    [30, true],
    [100, true],
    [250, true],
    [1, false],
    [30, false],
    [100, false],
    [250, false],
  ])('%i open proposals (Actions: Read %s): within the bound, every proposal listed', async (n, actions) => {
    gh.reset(openProposals(n, actions));
    const list = await backend().list();
    const requests = gh.sent.map((s) => `${s.method} ${s.path}`);
    // A board head costs a request only when no run read carried its message, and at most HEADS_READ do.
    const heads = headsRead(n, actions);
    expect(requests.filter((r) => r.includes('/git/commits/'))).toHaveLength(heads.length);
    expect(requests.length).toBeLessThanOrEqual(bound(n) + heads.length);
    expect(list).toHaveLength(n);
    // The board's saves name their curator when their head was read (from a run, or on its own), else
    // the proposal's admin from its body.
    const known = (k: number) => onBoard(k) && ((actions && k > n - 200) || heads.includes(k));
    expect(list.map((p) => p.proposedBy)).toEqual(
      list.map((p) => (known(p.number!) ? `curator${p.number! % 2}` : `admin${(p.number! - 1) % 3}@example.test`)),
    );
    const checks = list.map((p) => p.checks);
    if (!actions) expect(new Set(checks)).toEqual(new Set(['unknown']));
    else {
      // The newest 200 runs are read (two pages); older proposals' checks are not known.
      const read = list.filter((p) => p.number! > n - 200);
      expect(read.map((p) => p.checks)).toEqual(read.map((p) => STATES[p.number! % 3]![2]));
      expect(list.filter((p) => p.number! <= n - 200).every((p) => p.checks === 'unknown')).toBe(true);
    }
  });
  it('a second call within 30 s costs nothing and says how old it is; proposing or withdrawing reads afresh', async () => {
    const clock = { now: NOW };
    const store = memoryStore(() => clock.now);
    const cached = withListingCache(backend(), { records: () => store, now: () => clock.now });
    gh.reset([
      ...openProposals(30, true),
      ...repository,
      pullCreated,
      { method: 'PATCH', path: new RegExp(`^${REPO}/pulls/\\d+$`), body: { number: 1, state: 'closed' } },
      { method: 'DELETE', path: new RegExp(`^${REPO}/git/refs/`), status: 204 },
    ]);
    const requests = () => {
      const n = gh.sent.length;
      gh.sent.length = 0;
      return n;
    };
    const first = await cached.list();
    expect([requests(), first.proposals.length, first.fetchedAt, first.ageSeconds]).toEqual([
      2,
      30,
      new Date(NOW).toISOString(),
      0,
    ]);
    clock.now += 29_500;
    const again = await cached.list();
    expect([requests(), again.proposals, again.fetchedAt, again.ageSeconds]).toEqual([
      0,
      first.proposals,
      first.fetchedAt,
      29,
    ]);
    clock.now += 1_000; // 30.5 s: read afresh
    expect([requests(), (await cached.list()).ageSeconds, requests()]).toEqual([0, 0, 2]);
    await cached.list();
    expect(requests()).toBe(0);
    await cached.create(proposal());
    requests();
    clock.now += 1_000;
    expect((await cached.list()).fetchedAt).toBe(new Date(clock.now).toISOString());
    expect(requests()).toBe(2);
    await cached.list();
    expect(requests()).toBe(0);
    await cached.withdraw('catalog/p1-abcdef');
    requests();
    clock.now += 1_000;
    await cached.list();
    expect(requests()).toBe(2);
  });
});
