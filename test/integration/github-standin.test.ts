// The loopback GitHub stand-in (scripts/lib/github-standin/) over a scratch repository: a Decap
// CMS editorial session through the git gateway's calls, in the order Decap's GitHub API class
// (decap-cms-backend-github/dist/esm/API.js) makes them: sign in, list, save a new entry with a
// picture, read it back, save again, move it through the labels, list unpublished entries,
// compare, and publish; then the MCP proposals' GitHub backend against it. EVERY answer is checked
// against GitHub's own OpenAPI description for its operation and status (test/support/github-openapi.ts),
// and what git holds afterwards is checked with git itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startGithubStandin, STATE_FILE, type GithubStandin } from '../../scripts/lib/github-standin/index.ts';
import { proposerLine } from '../../src/server/proposals/compose.ts';
import { githubBackend } from '../../src/server/proposals/github.ts';
import { githubOpenapi, type Judged } from '../support/github-openapi.ts';
import { scratchRepo, type ScratchRepo } from '../support/scratch-repo.ts';

const OWNER = 'littlehands';
const REPO = 'catalog';
const SITE = 'site';
const TOKEN = randomBytes(24).toString('base64url');
const BRANCH = 'cms/products/wooden-rainbow';
const ENTRY = 'content/products/wooden-rainbow.md';
const PICTURE = 'content/images/products/wooden-rainbow.png';
const AUTHOR = { name: 'maya', email: 'maya@users.noreply.catalog.example' };
/** A PNG's first bytes and more: binary, so Decap shows it as media, not as a text diff. */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), randomBytes(300)]);
const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64');

let repo: ScratchRepo;
let gh: GithubStandin;
const openapi = githubOpenapi();
/** Every answer of the stand-in, judged. */
const judged: (Judged & { method: string; path: string; status: number })[] = [];
/** The check's verdict per head commit, released by the test (so queued and in-progress are seen). */
const verdicts = new Map<string, (passed: boolean) => void>();
const checked: string[] = [];
/** The commits whose running check was told to stop. */
const aborted: string[] = [];

/** Sends a request as Decap's API class does, and judges the answer. */
async function call(method: string, where: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${gh.url}${where}`, {
    method,
    headers: {
      authorization: `Bearer ${TOKEN}`,
      'content-type': 'application/json; charset=utf-8',
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const type = res.headers.get('content-type') ?? '';
  const text = await res.text();
  const parsed: unknown = /json/.test(type) && text ? JSON.parse(text) : text || undefined;
  const pathname = new URL(`${gh.url}${where}`).pathname;
  judged.push({
    ...openapi.judge(method, pathname, res.status, parsed, type, headers.accept),
    method,
    path: pathname,
    status: res.status,
  });
  return { status: res.status, body: parsed as any, headers: res.headers };
}
const R = `/repos/${OWNER}/${REPO}`;

/** Waits until the check of `sha` reaches `status`, asking GitHub's check-runs endpoint. */
async function checkStatus(sha: string, status: string) {
  for (let i = 0; i < 200; i++) {
    const runs = await call('GET', `${R}/commits/${sha}/check-runs`);
    const run = runs.body.check_runs[0];
    if (run?.status === status) return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the check of ${sha} never reached ${status}`);
}

beforeAll(async () => {
  repo = scratchRepo('github-standin-', {
    files: {
      'content/products/codenames.md': '---\nslug: codenames\ntitle: Codenames\n---\nA word game.\n',
      'content/images/products/codenames.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
      'content/recall-watch.yml': 'aliases: {}\n',
    },
  });
  repo.git('branch', SITE, 'main');
  gh = await startGithubStandin({
    repoDir: repo.dir,
    owner: OWNER,
    repo: REPO,
    siteBranch: SITE,
    token: TOKEN,
    check: (sha, signal) => {
      checked.push(sha);
      signal.addEventListener('abort', () => aborted.push(sha));
      return new Promise<boolean>((resolve) => verdicts.set(sha, resolve));
    },
  });
});
afterAll(async () => {
  for (const release of verdicts.values()) release(false);
  await gh?.stop();
  repo?.remove();
});

describe('the GitHub stand-in', () => {
  const headOfMain = () => repo.git('rev-parse', 'refs/heads/main');
  let mainBefore: string;
  let number: number;
  let firstHead: string;
  let secondHead: string;

  it('refuses a request without the token, or with another, as GitHub does (401)', async () => {
    mainBefore = headOfMain();
    const none = await fetch(`${gh.url}${R}`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ message: 'Requires authentication' });
    const wrong = await call('GET', R, undefined, { authorization: 'Bearer not-the-token' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Bad credentials');
  });

  it('answers the sign-in and the first screen: the repository, the site branch, its folders and files', async () => {
    const repository = await call('GET', R);
    expect(repository.status).toBe(200);
    expect(repository.body.default_branch).toBe(SITE);
    // git-gateway's hasWriteAccess, then getHeadReference reads the owner from the branch's self link.
    const branch = await call('GET', `${R}/branches/${SITE}`);
    expect(branch.status).toBe(200);
    expect(branch.body.commit.sha).toBe(repo.git('rev-parse', SITE));
    expect(new RegExp('https?://.+?/repos/(.+?)/').exec(branch.body._links.self)?.[1]).toBe(OWNER);
    // listFiles: `<branch>:<folder>` with the folder unencoded; getFileSha: the folder encoded.
    const folder = await call('GET', `${R}/git/trees/${SITE}:content/products`);
    expect(folder.body.tree.map((e: { path: string }) => e.path)).toEqual(['codenames.md']);
    const root = await call('GET', `${R}/git/trees/${SITE}:${encodeURIComponent('')}`);
    expect(root.body.tree.map((e: { path: string }) => e.path)).toEqual(['content']);
    const deep = await call('GET', `${R}/git/trees/${SITE}:content?recursive=1`);
    expect(deep.body.tree.map((e: { path: string }) => e.path)).toContain('products/codenames.md');
    expect((await call('GET', `${R}/git/trees/${SITE}:content/nowhere`)).status).toBe(404);
    const file = folder.body.tree[0];
    const blob = await call('GET', `${R}/git/blobs/${file.sha}`);
    expect(Buffer.from(blob.body.content, 'base64').toString()).toContain('slug: codenames');
    // readFileMetadata: the file's last commit on the site branch.
    const history = await call(
      'GET',
      `${R}/commits?path=${encodeURIComponent('content/products/codenames.md')}&sha=${SITE}`,
    );
    expect(history.body[0].commit.author.name).toBe('Catalog tests');
    // The editorial workflow's board (listUnpublishedBranches): none yet.
    const open = await call('GET', `${R}/pulls?base=${SITE}&state=open&per_page=100`);
    expect(open.body).toEqual([]);
    // The contents API, as the MCP proposals read a file (JSON) and Decap's old metadata (raw).
    const content = await call('GET', `${R}/contents/content/recall-watch.yml?ref=${SITE}`);
    expect(Buffer.from(content.body.content, 'base64').toString()).toBe('aliases: {}\n');
    const raw = await call('GET', `${R}/contents/content/recall-watch.yml?ref=${SITE}`, undefined, {
      accept: 'application/vnd.github.v3.raw',
    });
    expect(raw.body).toBe('aliases: {}\n');
  });

  it('saves a new entry with a picture: blobs, a tree on the site branch, a commit, a branch, a pull request, a label', async () => {
    const text = '---\nslug: wooden-rainbow\ntitle: Wooden rainbow\n---\nStacking arches.\n';
    const picture = await call('POST', `${R}/git/blobs`, { content: b64(PNG), encoding: 'base64' });
    const entry = await call('POST', `${R}/git/blobs`, { content: b64(text), encoding: 'base64' });
    expect([picture.status, entry.status]).toEqual([201, 201]);
    expect(repo.git('cat-file', '-p', entry.body.sha)).toBe(text.trimEnd());
    const base = (await call('GET', `${R}/branches/${SITE}`)).body.commit.sha;
    // Decap's updateTree passes the branch's commit as base_tree.
    const tree = await call('POST', `${R}/git/trees`, {
      base_tree: base,
      tree: [
        { path: PICTURE, mode: '100644', type: 'blob', sha: picture.body.sha },
        { path: ENTRY, mode: '100644', type: 'blob', sha: entry.body.sha },
      ],
    });
    expect(tree.status).toBe(201);
    const commit = await call('POST', `${R}/git/commits`, {
      message: 'Create Products “wooden-rainbow”',
      tree: tree.body.sha,
      parents: [base],
      author: { ...AUTHOR, date: new Date().toISOString() },
    });
    expect(commit.status).toBe(201);
    expect(commit.body.author).toMatchObject(AUTHOR);
    const ref = await call('POST', `${R}/git/refs`, { ref: `refs/heads/${BRANCH}`, sha: commit.body.sha });
    expect(ref.status).toBe(201);
    const again = await call('POST', `${R}/git/refs`, { ref: `refs/heads/${BRANCH}`, sha: commit.body.sha });
    expect([again.status, again.body.message]).toEqual([422, 'Reference already exists']);
    const pr = await call('POST', `${R}/pulls`, {
      title: 'Create Products “wooden-rainbow”',
      body: 'Automatically generated by Decap CMS',
      head: `${OWNER}:${BRANCH}`,
      base: SITE,
    });
    expect(pr.status).toBe(201);
    expect(pr.body).toMatchObject({ state: 'open', head: { ref: BRANCH, sha: commit.body.sha }, base: { ref: SITE } });
    number = pr.body.number;
    firstHead = commit.body.sha;
    const labels = await call('PUT', `${R}/issues/${number}/labels`, { labels: ['decap-cms/draft'] });
    expect(labels.body.map((l: { name: string }) => l.name)).toEqual(['decap-cms/draft']);
    // The same pull request again is refused as GitHub refuses it.
    const twice = await call('POST', `${R}/pulls`, { title: 'x', head: `${OWNER}:${BRANCH}`, base: SITE });
    expect(twice.status).toBe(422);
    expect(twice.body.errors[0].message).toBe(`A pull request already exists for ${OWNER}:${BRANCH}.`);
    // Written to refs and objects only: the checkout's branch and working tree did not move.
    expect(headOfMain()).toBe(mainBefore);
    expect(repo.git('status', '--porcelain')).toBe('');
    expect(existsSync(path.join(repo.dir, ENTRY))).toBe(false);
  });

  it('reads the unpublished entry back: its pull request by head, the comparison, the author, the files', async () => {
    const prs = await call(
      'GET',
      `${R}/pulls?head=${encodeURIComponent(`${OWNER}:${BRANCH}`)}&base=${SITE}&state=open&per_page=100`,
    );
    expect(prs.body.map((p: { number: number }) => p.number)).toEqual([number]);
    expect(prs.body[0].labels.map((l: { name: string }) => l.name)).toEqual(['decap-cms/draft']);
    const compare = await call('GET', `${R}/compare/${SITE}...${prs.body[0].head.sha}`);
    expect(compare.body).toMatchObject({ status: 'ahead', ahead_by: 1, behind_by: 0, total_commits: 1 });
    const files = Object.fromEntries(compare.body.files.map((f: { filename: string }) => [f.filename, f]));
    expect(Object.keys(files).sort()).toEqual([ENTRY, PICTURE].sort());
    // Decap tells media from text by the patch: text has one, a binary file none.
    expect(files[ENTRY]).toMatchObject({ status: 'added', additions: 5, deletions: 0 });
    expect(files[ENTRY].patch).toMatch(/^@@ -0,0 \+1,5 @@\n\+---/);
    expect(files[PICTURE].patch).toBeUndefined();
    const one = await call('GET', `${R}/commits/${prs.body[0].head.sha}`);
    expect(one.body.files.map((f: { filename: string }) => f.filename).sort()).toEqual([ENTRY, PICTURE].sort());
    expect(one.body.stats).toEqual({ additions: 5, deletions: 0, total: 5 });
    const author = await call('GET', `/users/${encodeURIComponent(prs.body[0].user.login)}`);
    expect(author.status).toBe(200);
    expect((await call('GET', '/users/someone-else')).status).toBe(404);
    const picture = await call('GET', `${R}/git/blobs/${files[PICTURE].sha}`);
    expect(Buffer.from(picture.body.content, 'base64').equals(PNG)).toBe(true);
  });

  it('saves the entry again: compare by owner:branch, a new commit on the branch head, a forced ref update', async () => {
    const compare = await call('GET', `${R}/compare/${SITE}...${OWNER}:${BRANCH}`);
    const head = compare.body.commits.at(-1);
    expect(compare.body.base_commit.sha).toBe(repo.git('rev-parse', SITE));
    expect(head.parents[0].sha).toBe(compare.body.base_commit.sha);
    const text = '---\nslug: wooden-rainbow\ntitle: Wooden rainbow, 12 arches\n---\nStacking arches.\n';
    const blob = await call('POST', `${R}/git/blobs`, { content: b64(text), encoding: 'base64' });
    const tree = await call('POST', `${R}/git/trees`, {
      base_tree: head.sha,
      tree: [{ path: ENTRY, mode: '100644', type: 'blob', sha: blob.body.sha }],
    });
    const commit = await call('POST', `${R}/git/commits`, {
      message: 'Update Products “wooden-rainbow”',
      tree: tree.body.sha,
      parents: [head.sha],
      author: { ...AUTHOR, date: new Date().toISOString() },
    });
    const patched = await call('PATCH', `${R}/git/refs/heads/${encodeURIComponent(BRANCH)}`, {
      sha: commit.body.sha,
      force: true,
    });
    expect(patched.status).toBe(200);
    expect(repo.git('rev-parse', `refs/heads/${BRANCH}`)).toBe(commit.body.sha);
    secondHead = commit.body.sha;
    // Not a fast-forward without force: refused.
    const back = await call('PATCH', `${R}/git/refs/heads/${encodeURIComponent(BRANCH)}`, { sha: firstHead });
    expect([back.status, back.body.message]).toEqual([422, 'Update is not a fast forward']);
    const pr = await call('GET', `${R}/pulls/${number}`);
    expect(pr.body).toMatchObject({ head: { sha: secondHead }, commits: 2, changed_files: 2, mergeable: true });
  });

  it('moves the entry through the workflow labels and lists it as unpublished', async () => {
    for (const status of ['pending_review', 'pending_publish']) {
      const res = await call('PUT', `${R}/issues/${number}/labels`, { labels: [`decap-cms/${status}`] });
      expect(res.body.map((l: { name: string }) => l.name)).toEqual([`decap-cms/${status}`]);
    }
    const added = await call('POST', `${R}/issues/${number}/labels`, { labels: ['urgent'] });
    expect(added.body.map((l: { name: string }) => l.name)).toEqual(['decap-cms/pending_publish', 'urgent']);
    const removed = await call('DELETE', `${R}/issues/${number}/labels/urgent`);
    expect(removed.body.map((l: { name: string }) => l.name)).toEqual(['decap-cms/pending_publish']);
    expect((await call('DELETE', `${R}/issues/${number}/labels/urgent`)).status).toBe(404);
    const board = await call('GET', `${R}/pulls?base=${SITE}&state=open&per_page=100`);
    expect(board.body.map((p: { head: { ref: string } }) => p.head.ref)).toEqual([BRANCH]);
    const status = await call('GET', `${R}/commits/${secondHead}/status`);
    expect(status.body).toMatchObject({ sha: secondHead, total_count: 0 });
  });

  it('gives the gateway what it checks before a publish: the files, the commits, the required check on the exact head', async () => {
    const files = await call('GET', `${R}/pulls/${number}/files?per_page=100`);
    expect(files.body.map((f: { filename: string }) => f.filename).sort()).toEqual([ENTRY, PICTURE].sort());
    const commits = await call('GET', `${R}/pulls/${number}/commits?per_page=100`);
    expect(commits.body.map((c: { sha: string }) => c.sha)).toEqual([firstHead, secondHead]);
    expect(commits.body[1].commit.author).toMatchObject(AUTHOR);
    // The check of the first head started when the pull request opened; the second head queued its
    // own behind it, and the first was told to stop (cancel-in-progress): whatever it answers, it
    // is cancelled.
    expect((await checkStatus(secondHead, 'queued')).conclusion).toBeNull();
    expect(aborted).toContain(firstHead);
    verdicts.get(firstHead)!(true);
    const cancelled = await checkStatus(firstHead, 'completed');
    expect([cancelled.name, cancelled.conclusion]).toEqual(['test', 'cancelled']);
    await checkStatus(secondHead, 'in_progress');
    expect(checked).toEqual([firstHead, secondHead]);
  });

  it('publishes only the exact head whose check passed, with a real merge commit on the site branch', async () => {
    const siteBefore = repo.git('rev-parse', SITE);
    const stale = await call('PUT', `${R}/pulls/${number}/merge`, {
      commit_message: 'Automatically generated. Merged on Decap CMS.',
      sha: firstHead,
      merge_method: 'merge',
    });
    expect(stale.status).toBe(409);
    const early = await call('PUT', `${R}/pulls/${number}/merge`, { sha: secondHead, merge_method: 'merge' });
    expect(early.status).toBe(405);
    expect(early.body.message).toMatch(/Required status check "test" is in progress/);
    verdicts.get(secondHead)!(true);
    expect((await checkStatus(secondHead, 'completed')).conclusion).toBe('success');
    // Nobody writes the site branch directly: the rule set wants a pull request.
    const direct = await call('PATCH', `${R}/git/refs/heads/${SITE}`, { sha: secondHead, force: true });
    expect(direct.status).toBe(422);
    expect(repo.git('rev-parse', SITE)).toBe(siteBefore);
    const message =
      'Automatically generated. Merged on Decap CMS.\n\nPublished-by: jo\nCurator-id: 0123456789abcdef0123';
    const merged = await call('PUT', `${R}/pulls/${number}/merge`, {
      commit_message: message,
      sha: secondHead,
      merge_method: 'merge',
    });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ merged: true });
    expect(repo.git('rev-parse', SITE)).toBe(merged.body.sha);
    expect(repo.git('rev-list', '--parents', '-n', '1', SITE).split(' ')).toEqual([
      merged.body.sha,
      siteBefore,
      secondHead,
    ]);
    expect(repo.git('log', '-1', '--format=%B', SITE)).toBe(
      `Merge pull request #${number} from ${OWNER}/${BRANCH}\n\n${message}`,
    );
    expect(repo.git('ls-tree', '-r', '--name-only', SITE).split('\n')).toEqual(
      expect.arrayContaining([ENTRY, PICTURE]),
    );
    const deleted = await call('DELETE', `${R}/git/refs/heads/${encodeURIComponent(BRANCH)}`);
    expect(deleted.status).toBe(204);
    const gone = await call('DELETE', `${R}/git/refs/heads/${encodeURIComponent(BRANCH)}`);
    expect([gone.status]).toEqual([422]);
    const pr = await call('GET', `${R}/pulls/${number}`);
    expect(pr.body).toMatchObject({ state: 'closed', merged: true, merge_commit_sha: merged.body.sha });
    const again = await call('PUT', `${R}/pulls/${number}/merge`, { sha: secondHead });
    expect(again.status).toBe(405);
    expect((await call('GET', `${R}/pulls?base=${SITE}&state=open`)).body).toEqual([]);
    // The checkout never moved; the pull requests live in the git folder, not the working tree.
    expect(headOfMain()).toBe(mainBefore);
    expect(repo.git('status', '--porcelain')).toBe('');
    const saved = JSON.parse(readFileSync(path.join(repo.dir, '.git', STATE_FILE), 'utf8'));
    expect(saved.pulls[0]).toMatchObject({ number, state: 'closed', mergeCommitSha: merged.body.sha });
  });

  it('refuses malformed requests with GitHub 4xx answers, never a 5xx', async () => {
    const bad = [
      await call('POST', `${R}/git/trees`, '{not json'),
      await call('POST', `${R}/git/trees`, {
        tree: [{ path: '../netlify.toml', mode: '100644', type: 'blob', sha: firstHead }],
      }),
      await call('POST', `${R}/git/trees`, {
        tree: [{ path: 'content/.git/x', mode: '100644', type: 'blob', content: 'x' }],
      }),
      await call('POST', `${R}/git/trees`, {
        tree: [{ path: 'a', mode: '100644', type: 'blob', sha: 'f'.repeat(40) }],
      }),
      await call('POST', `${R}/git/commits`, { message: 'x', tree: 'e'.repeat(40) }),
      await call('POST', `${R}/git/refs`, { ref: 'refs/heads/a..b', sha: firstHead }),
      await call('POST', `${R}/git/refs`, { ref: 'refs/heads/main', sha: firstHead }),
      await call('POST', `${R}/git/blobs`, { content: '%%%', encoding: 'base64' }),
      await call('POST', `${R}/pulls`, { title: 'x', head: 'nowhere', base: SITE }),
      await call('GET', `${R}/pulls/999`),
      await call('GET', `${R}/git/blobs/${'0'.repeat(40)}`),
      await call('GET', `${R}/compare/${SITE}...nowhere`),
      await call('GET', `${R}/branches/nowhere`),
      await call('POST', `${R}/git/commits`, { message: 'a\u0000b', tree: repo.git('rev-parse', `${SITE}^{tree}`) }),
      await call('POST', `${R}/pulls`, { title: 'a\u0000b', head: 'nowhere', base: SITE }),
      await call('GET', `${R}/branches/a%00b`),
      await call('GET', `${R}/git/trees/${SITE}:content%00`),
      // git's revision syntax is not a branch name.
      await call('GET', `${R}/branches/${SITE}~1`),
      await call('GET', `${R}/contents/content?ref=${SITE}%5E`),
    ];
    for (const r of bad) {
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    // main is checked out in the scratch repository's working tree: the stand-in never moves it.
    expect(bad[6]!.body.message).toMatch(/checked out/);
    expect(headOfMain()).toBe(mainBefore);
  });

  it('serves the MCP proposals GitHub backend: a proposal on the editor’s board (its branch, Decap’s label), listed with its check, withdrawn', async () => {
    const backend = githubBackend({
      token: TOKEN,
      repository: `${OWNER}/${REPO}`,
      baseUrl: gh.url,
      fetch: judgingFetch,
    });
    const base = await backend.readBase('content/products/codenames.md');
    expect(base?.text).toContain('slug: codenames');
    const edit = (branch: string, title: string) => ({
      path: 'content/products/codenames.md',
      expectBase: base!.sha,
      text: `---\nslug: codenames\ntitle: ${title}\n---\nA word game.\n`,
      branch,
      message: 'Edit codenames: title\n\nProposed-by: admin@catalog.example',
      title: 'Edit codenames: title',
      body: `${proposerLine('admin@catalog.example')}\n\nThe title.`,
      labels: ['recall', 'urgent'],
    });
    const made = await backend.create(edit('catalog/codenames-abc123', 'Codenames (2nd edition)'));
    expect(made).toMatchObject({ branch: 'cms/products/codenames', via: 'mcp', proposedBy: 'admin@catalog.example' });
    expect(made.notes).toBeUndefined();
    expect(made.number).toBeGreaterThan(number);
    expect(repo.git('branch', '--list', 'catalog/*')).toBe('');
    const head = repo.git('rev-parse', 'refs/heads/cms/products/codenames');
    expect(repo.git('show', `${head}:content/products/codenames.md`)).toContain('2nd edition');
    // What Decap's board lists: open pull requests into the site branch from cms/ with a decap-cms/ label.
    const open = await call('GET', `${R}/pulls?base=${SITE}&state=open&per_page=100`);
    const onBoard = open.body.filter(
      (pr: { head: { ref: string }; labels: { name: string }[] }) =>
        pr.head.ref.startsWith('cms/') && pr.labels.some((l) => l.name.startsWith('decap-cms/')),
    );
    expect(onBoard.map((pr: { number: number }) => pr.number)).toEqual([made.number]);
    expect(onBoard[0].labels.map((l: { name: string }) => l.name).sort()).toEqual([
      'decap-cms/pending_review',
      'recall',
      'urgent',
    ]);
    // Its check runs on its head (the workflow runs the listing reads): pending, then passed.
    await checkStatus(head, 'in_progress');
    const [listed] = await backend.list();
    expect(listed).toMatchObject({ branch: 'cms/products/codenames', via: 'mcp', checks: 'pending' });
    verdicts.get(head)!(true);
    await checkStatus(head, 'completed');
    expect((await backend.list())[0]).toMatchObject({ number: made.number, checks: 'success' });

    // A second proposal for the same product while the board's branch is taken: off the board, said so.
    const beside = await backend.create(edit('catalog/codenames-abc123', 'Codenames (3rd edition)'));
    expect(beside.branch).toBe('catalog/codenames-abc123');
    expect(beside.notes).toEqual([
      expect.stringMatching(/cms\/products\/codenames already exists.*catalog\/codenames-abc123/),
    ]);
    expect(repo.git('rev-parse', 'refs/heads/cms/products/codenames')).toBe(head);
    const besideLabels = (await call('GET', `${R}/pulls/${beside.number}`)).body.labels.map(
      (l: { name: string }) => l.name,
    );
    expect(besideLabels.sort()).toEqual(['recall', 'urgent']);

    // A curator saves on the board's proposal through the gateway: the listing names her handle.
    const tree = await call('POST', `${R}/git/trees`, {
      base_tree: repo.git('rev-parse', `${head}^{tree}`),
      tree: [
        {
          path: 'content/products/codenames.md',
          mode: '100644',
          type: 'blob',
          content: '---\nslug: codenames\ntitle: Codenames (2nd ed.)\n---\nA word game.\n',
        },
      ],
    });
    const saved = await call('POST', `${R}/git/commits`, {
      message: 'Update Products “codenames”\n\nSaved-by: jo\nCurator-id: 0123456789abcdef0123',
      tree: tree.body.sha,
      parents: [head],
      author: { name: 'jo', email: 'jo@users.noreply.catalog.example' },
    });
    expect(
      (
        await call('PATCH', `${R}/git/refs/heads/${encodeURIComponent('cms/products/codenames')}`, {
          sha: saved.body.sha,
        })
      ).status,
    ).toBe(200);
    const now = await backend.list();
    expect(now.find((p) => p.number === made.number)).toMatchObject({ via: 'editor', proposedBy: 'jo' });
    expect(now.find((p) => p.number === beside.number)).toMatchObject({
      via: 'mcp',
      proposedBy: 'admin@catalog.example',
    });

    // The checks of both heads run in turn (the next test needs the stand-in's check idle).
    for (const sha of [repo.git('rev-parse', 'refs/heads/catalog/codenames-abc123'), saved.body.sha as string]) {
      await checkStatus(sha, 'in_progress');
      verdicts.get(sha)!(true);
      await checkStatus(sha, 'completed');
    }
    await backend.withdraw('cms/products/codenames');
    await backend.withdraw('catalog/codenames-abc123');
    expect(await backend.list()).toEqual([]);
    expect(repo.git('branch', '--list', 'catalog/*', 'cms/*')).toBe('');
  });

  it('cancels the check of a commit that is no longer its pull request head, queued or running, and runs the new head', async () => {
    const site = repo.git('rev-parse', SITE);
    const commitOn = async (parent: string, n: number) => {
      const tree = await call('POST', `${R}/git/trees`, {
        base_tree: parent,
        tree: [
          { path: 'content/products/quick.md', mode: '100644', type: 'blob', content: `---\nslug: quick\n---\n${n}\n` },
        ],
      });
      return (await call('POST', `${R}/git/commits`, { message: `quick ${n}`, tree: tree.body.sha, parents: [parent] }))
        .body.sha as string;
    };
    const a = await commitOn(site, 1);
    await call('POST', `${R}/git/refs`, { ref: 'refs/heads/cms/products/quick', sha: a });
    const pr = await call('POST', `${R}/pulls`, { title: 'quick', head: 'cms/products/quick', base: SITE });
    await checkStatus(a, 'in_progress');
    const b = await commitOn(a, 2);
    await call('PATCH', `${R}/git/refs/heads/cms%2Fproducts%2Fquick`, { sha: b });
    const c = await commitOn(b, 3);
    await call('PATCH', `${R}/git/refs/heads/cms%2Fproducts%2Fquick`, { sha: c });
    expect((await checkStatus(b, 'queued')).conclusion).toBeNull();
    // The running check of a was told to stop when b became the head (cancel-in-progress); a
    // check that answers anyway is still cancelled, never a success.
    expect(aborted.filter((sha) => [a, b, c].includes(sha))).toEqual([a]);
    verdicts.get(a)!(true);
    expect((await checkStatus(a, 'completed')).conclusion).toBe('cancelled');
    const cancelled = await checkStatus(b, 'completed');
    expect(cancelled.conclusion).toBe('cancelled');
    await checkStatus(c, 'in_progress');
    expect(checked.slice(-2)).toEqual([a, c]);
    verdicts.get(c)!(true);
    await checkStatus(c, 'completed');
    // The new head's check passed: it may be published (a squash merge: one parent, GitHub's title).
    const merged = await call('PUT', `${R}/pulls/${pr.body.number}/merge`, { sha: c, merge_method: 'squash' });
    expect(merged.status).toBe(200);
    expect(repo.git('rev-list', '--parents', '-n', '1', SITE).split(' ')).toEqual([merged.body.sha, site]);
    expect(repo.git('log', '-1', '--format=%s', SITE)).toBe(`quick (#${pr.body.number})`);
  });

  it('runs the newest queued check first: the latest save is the one somebody waits for', async () => {
    const site = repo.git('rev-parse', SITE);
    const open = async (slug: string) => {
      const tree = await call('POST', `${R}/git/trees`, {
        base_tree: site,
        tree: [
          { path: `content/products/${slug}.md`, mode: '100644', type: 'blob', content: `---\nslug: ${slug}\n---\n` },
        ],
      });
      const sha = (await call('POST', `${R}/git/commits`, { message: slug, tree: tree.body.sha, parents: [site] })).body
        .sha as string;
      await call('POST', `${R}/git/refs`, { ref: `refs/heads/cms/products/${slug}`, sha });
      const pr = await call('POST', `${R}/pulls`, { title: slug, head: `cms/products/${slug}`, base: SITE });
      return { sha, number: pr.body.number as number };
    };
    const first = await open('order-first');
    await checkStatus(first.sha, 'in_progress');
    const older = await open('order-older');
    const newer = await open('order-newer');
    verdicts.get(first.sha)!(true);
    await checkStatus(newer.sha, 'in_progress');
    expect((await checkStatus(older.sha, 'queued')).conclusion).toBeNull();
    verdicts.get(newer.sha)!(true);
    await checkStatus(older.sha, 'in_progress');
    verdicts.get(older.sha)!(true);
    await checkStatus(older.sha, 'completed');
    expect(checked.slice(-3)).toEqual([first.sha, newer.sha, older.sha]);
    for (const pr of [first, older, newer]) await call('PATCH', `${R}/pulls/${pr.number}`, { state: 'closed' });
  });

  it('judges answers for real: a pull request without its head, or a 200 nobody documents, is wrong', () => {
    const pr = judged.find((j) => j.operation === 'pulls/get' && j.status === 200);
    expect(pr).toBeDefined();
    expect(
      openapi.judge('GET', `${R}/pulls/1`, 200, { number: 1, title: 'x' }, 'application/json').problems,
    ).not.toEqual([]);
    expect(openapi.judge('PUT', `${R}/pulls/1/merge`, 201, {}, 'application/json').problems).not.toEqual([]);
    expect(openapi.judge('GET', `${R}/branches/x`, 404, { message: 404 }, 'application/json').problems).not.toEqual([]);
  });

  it('answered every request in the shape GitHub documents for its status', () => {
    const wrong = judged.filter((j) => j.problems.length).map((j) => [j.method, j.path, j.status, j.problems]);
    expect(wrong).toEqual([]);
    // The operations the session used, for the record of what the stand-in answers.
    expect(new Set(judged.map((j) => j.operation)).size).toBeGreaterThan(20);
  });
});

/** Octokit's requests to the stand-in, each answer judged like the session's. */
const judgingFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  const req = new Request(input as RequestInfo, init);
  const type = res.headers.get('content-type') ?? '';
  const text = await res.clone().text();
  const pathname = new URL(req.url).pathname;
  judged.push({
    ...openapi.judge(
      req.method,
      pathname,
      res.status,
      /json/.test(type) && text ? JSON.parse(text) : text || undefined,
      type,
    ),
    method: req.method,
    path: pathname,
    status: res.status,
  });
  return res;
};
