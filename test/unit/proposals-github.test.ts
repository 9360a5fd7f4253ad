// The GitHub proposal backend against a mock of GitHub's own OpenAPI description (Prism, with
// request validation): every request it sends must be valid under GitHub's published contract,
// and each test fails if Prism finds one that is not. GitHub's answers are scripted where the logic
// depends on them (what the default branch holds, a failing pull request), and its documented
// error statuses map to errors an admin can act on. Never a merge, never a write outside
// content/products/ or to a ref outside heads/catalog/.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { blobSha, ProposalError, WRITABLE_FILE, type NewProposal } from '../../src/server/proposals/backend.ts';
import { githubBackend } from '../../src/server/proposals/github.ts';
import { startGithubMock, type GithubMock, type Scripted } from '../support/github-mock.ts';

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
    body: { ref: 'refs/heads/catalog/codenames-abc123', object: { sha: 'd'.repeat(40) } },
  },
];
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
const failure = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProposalError);
  return err as ProposalError;
};
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
    gh.reset(); // the deliberate violation is not this test's failure
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

  it('makes one commit on the head of main, one branch under catalog/, and the pull request', async () => {
    gh.reset([...repository, pullCreated]);
    const made = await backend().create(proposal());
    expect(made).toEqual({
      branch: 'catalog/codenames-abc123',
      title: 'Edit codenames: price',
      url: 'https://github.com/littlehands/catalog/pull/7',
      number: 7,
      proposedBy: 'ada@example.test',
      checks: 'pending',
      createdAt: '2026-11-24T09:00:00.000Z',
    });
    const [tree, commit, ref, pull] = writes();
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
      body: { ref: 'refs/heads/catalog/codenames-abc123', sha: 'd'.repeat(40) },
    });
    expect(pull).toMatchObject({
      path: `${REPO}/pulls`,
      body: {
        head: 'catalog/codenames-abc123',
        base: 'main',
        title: 'Edit codenames: price',
        body: '| field | before | after |',
      },
    });
    // The file was read at the very commit the proposal builds on.
    expect(gh.sent.find((s) => s.path.includes('/contents/'))?.search).toBe(`?ref=${BASE_SHA}`);
  });

  it('refuses an edit of a file that changed on main since it was read, writing nothing', async () => {
    gh.reset(repository);
    const err = await failure(backend().create(proposal({ expectBase: 'f'.repeat(40) })));
    expect(err.code).toBe('conflict');
    expect(err.message).toMatch(/content\/products\/codenames\.md changed on main \(aaaaaaaaaaaa\) since it was read/);
    expect(writes()).toEqual([]);
  });

  it('refuses a new product whose file already exists on main, writing nothing', async () => {
    gh.reset(repository);
    const err = await failure(backend().create(proposal({ expectBase: null })));
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
    const err = await failure(backend().create(proposal()));
    expect(err.message).toMatch(/A pull request already exists.*Nothing was left behind\.$/);
    expect(writes().at(-1)).toMatchObject({
      method: 'DELETE',
      path: `${REPO}/git/refs/heads%2Fcatalog%2Fcodenames-abc123`,
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
    const err = await failure(backend().create(proposal()));
    expect(err.code).toBe('forbidden');
    expect(err.message).toMatch(
      /The branch catalog\/codenames-abc123 was made but could not be deleted: delete it on GitHub\.$/,
    );
  });

  it('reports a branch that already exists', async () => {
    gh.reset([
      ...repository.filter((s) => !(s.method === 'POST' && String(s.path).includes('refs'))),
      {
        method: 'POST',
        path: new RegExp(`^${REPO}/git/refs$`),
        status: 422,
        body: { message: 'Reference already exists' },
      },
    ]);
    expect((await failure(backend().create(proposal()))).code).toBe('branch_exists');
    expect(writes().map((s) => s.path)).not.toContain(`${REPO}/pulls`);
  });

  it.each([
    ['.github/workflows/ci.yml', 'catalog/x-1'],
    ['content/products/../../.github/workflows/ci.yml', 'catalog/x-1'],
    ['package.json', 'catalog/x-1'],
    [FILE, 'main'],
    [FILE, 'catalog/../main'],
  ])('refuses to write %s on %s before sending anything', async (file, branch) => {
    gh.reset(repository);
    expect((await failure(backend().create(proposal({ path: file, branch })))).code).toBe('refused');
    expect(gh.sent).toEqual([]);
  });

  it('lists this repository’s proposal pull requests with author and checks, newest first', async () => {
    const pr = (n: number, ref: string, repo = 'littlehands/catalog', at = `2026-11-2${n}T00:00:00Z`) => ({
      number: n,
      html_url: `https://github.com/littlehands/catalog/pull/${n}`,
      title: `Proposal ${n}`,
      created_at: at,
      head: { ref, sha: String(n).repeat(40), repo: { full_name: repo } },
    });
    gh.reset([
      {
        method: 'GET',
        path: new RegExp(`^${REPO}/pulls$`),
        body: [
          pr(1, 'catalog/a-1'),
          pr(2, 'feature/other'),
          pr(3, 'catalog/b-2'),
          pr(4, 'catalog/c-3', 'someone/fork'),
        ],
      },
      { method: 'GET', path: /\/git\/commits\/1{40}$/, body: { message: 'Add a\n\nProposed-by: ada@example.test\n' } },
      {
        method: 'GET',
        path: /\/git\/commits\/3{40}$/,
        body: { message: 'Edit b\n\nProposed-by: grace@example.test\n' },
      },
      {
        method: 'GET',
        path: /\/commits\/1{40}\/check-runs$/,
        body: {
          total_count: 2,
          check_runs: [
            { status: 'completed', conclusion: 'success' },
            { status: 'in_progress', conclusion: null },
          ],
        },
      },
      {
        method: 'GET',
        path: /\/commits\/3{40}\/check-runs$/,
        body: { total_count: 1, check_runs: [{ status: 'completed', conclusion: 'failure' }] },
      },
      { method: 'GET', path: /\/commits\/.{40}\/status$/, body: { state: 'pending', total_count: 0, statuses: [] } },
    ]);
    const list = await backend().list();
    expect(list.map((p) => [p.branch, p.number, p.proposedBy, p.checks])).toEqual([
      ['catalog/b-2', 3, 'grace@example.test', 'failure'],
      ['catalog/a-1', 1, 'ada@example.test', 'pending'],
    ]);
    expect(writes()).toEqual([]);
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
    const err = await failure(backend().withdraw('catalog/gone-1'));
    expect(err).toMatchObject({ code: 'not_found', message: 'There is no proposal on branch catalog/gone-1.' });
  });

  it('never merges, never writes a ref outside heads/catalog/, never writes outside content/products/', async () => {
    gh.reset([
      ...repository,
      pullCreated,
      { method: 'GET', path: new RegExp(`^${REPO}/pulls$`), body: [] },
      { method: 'DELETE', path: new RegExp(`^${REPO}/git/refs/`), status: 204 },
    ]);
    const b = backend();
    await b.create(proposal());
    await b.list();
    await b.withdraw('catalog/codenames-abc123');
    for (const s of gh.sent) {
      expect(s.path, s.path).not.toMatch(/\/merge|\/merges/);
      if (s.path.includes('/git/refs')) {
        const ref =
          s.method === 'POST' ? (s.body as { ref: string }).ref : decodeURIComponent(s.path.split('/git/refs/')[1]!);
        expect(ref).toMatch(/^(refs\/)?heads\/catalog\//);
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
      /GITHUB_TOKEN was refused/,
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
    const err = await failure(backend().create(proposal()));
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
    expect((await failure(backend().readBase(FILE))).retryAfterSeconds).toBe(120);
    gh.reset([
      {
        method: 'GET',
        path: new RegExp(`^${REPO}$`),
        status: 429,
        body: { message: 'Too Many Requests' },
        headers: { 'retry-after': '7' },
      },
    ]);
    expect((await failure(backend().readBase(FILE))).retryAfterSeconds).toBe(7);
  });

  it('refuses a repository name that is not owner/name', () => {
    expect(() => githubBackend({ token: 't', repository: 'just-a-name' })).toThrow(/owner\/name/);
  });
});
