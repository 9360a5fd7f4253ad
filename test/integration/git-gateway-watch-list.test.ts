// The recall watch list saved and published through the git gateway over a real git repository (the
// GitHub stand-in, scripts/lib/github-standin/), with the calls Decap's GitHub backend makes for an
// edit of a file collection: the file written by the editor's own format (src/editor/watch-format.ts)
// on the one branch Decap names for it (cms/recalls/recall-watch), its pull request on the board and
// on the other curator's waiting list, her own publish refused (four eyes), the other's merged. The
// stand-in's required check here is the watch list's part of the content checks (parseRecallWatch
// on the head's file, as `npm run validate` reads it), so a list with a mistake cannot be published.
// Sign-in is faked as in git-gateway-standin.test.ts: a map of tokens to curators.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGithubStandin, type GithubStandin } from '../../scripts/lib/github-standin/index.ts';
import { parseRecallWatch, RECALL_WATCH_FILE, RECALL_WATCH_HEADER } from '../../src/catalog/recall-watch-file.ts';
import { watchFormat } from '../../src/editor/watch-format.ts';
import { WATCH_WORDS } from '../../src/outputs/editor-words.ts';
import { createGatewayHandler } from '../../src/server/gateway/handler.ts';
import type { GatewayCurator } from '../../src/server/gateway/policy.ts';
import { githubBackend } from '../../src/server/proposals/github.ts';
import { WATCH_LIST_BRANCH } from '../../src/server/proposals/backend.ts';
import { memoryStore } from '../../src/server/store/memory.ts';
import { scratchRepo } from '../support/scratch-repo.ts';
import { memoryPictures, testSeal } from '../support/gateway-deps.ts';

const maya: GatewayCurator = { handle: 'maya', role: 'curator', id: 'aaaaaaaaaaaaaaaaaaaa' };
const jo: GatewayCurator = { handle: 'jo', role: 'curator', id: 'bbbbbbbbbbbbbbbbbbbb' };
const TOKENS: Record<string, GatewayCurator> = { 'token-maya': maya, 'token-jo': jo };
const SITE = 'https://catalog.example';
const ROOT = path.resolve(import.meta.dirname, '../..');
const REPO_FILE = readFileSync(path.join(ROOT, RECALL_WATCH_FILE), 'utf8');

const { dir, git, remove } = scratchRepo('git-gateway-watch-', {
  files: {
    'content/products/wooden-kite.md': '---\nslug: wooden-kite\n---\n',
    [RECALL_WATCH_FILE]: REPO_FILE,
    'netlify.toml': '[build]\n',
  },
});
let gh: GithubStandin;
let gateway: (req: Request) => Promise<Response>;
const token = randomBytes(32).toString('base64url');
const checked: string[] = [];

beforeAll(async () => {
  git('branch', 'site', 'main');
  gh = await startGithubStandin({
    repoDir: dir,
    owner: 'local',
    repo: 'catalog',
    siteBranch: 'site',
    token,
    check: async (sha) => {
      checked.push(sha);
      return parseRecallWatch(git('show', `${sha}:${RECALL_WATCH_FILE}`) + '\n').ok;
    },
  });
  gateway = createGatewayHandler({
    authenticate: async (req) =>
      TOKENS[/^Bearer (\S+)$/.exec(req.headers.get('authorization') ?? '')?.[1] ?? ''] ??
      Response.json({ message: 'Sign in to the editor again.' }, { status: 401 }),
    github: () => ({
      ok: true,
      value: { apiUrl: gh.url, owner: 'local', repo: 'catalog', kind: 'token', token: async () => token },
    }),
    siteBranch: 'site',
    noReplyEmail: (handle) => `${handle}@users.noreply.catalog.example`,
    publishOwnSaves: () => false,
    limiter: memoryStore().limiter({ name: 'git-watch', points: 1000, durationSeconds: 3600 }),
    authorship: testSeal,
    pictures: memoryPictures(),
    log: () => {},
  });
});
afterAll(async () => {
  await gh?.stop();
  remove();
});

/** One of Decap's calls through the gateway: its answer's status and JSON. */
async function decap(who: string, method: string, rest: string, body?: unknown) {
  const res = await gateway(
    new Request(`${SITE}/api/git/github/${rest}`, {
      method,
      headers: {
        authorization: `Bearer ${who}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Record<string, any> };
}
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** Saves `text` as the watch list the way Decap does, on its branch, and opens its pull request (ready). */
async function saveWatchList(who: string, text: string): Promise<{ number: number; head: string }> {
  const site = await decap(who, 'GET', 'branches/site');
  expect(site.status).toBe(200);
  const base = site.json.commit.sha as string;
  const blob = await decap(who, 'POST', 'git/blobs', { content: b64(text), encoding: 'base64' });
  expect(blob.status).toBe(201);
  const tree = await decap(who, 'POST', 'git/trees', {
    base_tree: base,
    tree: [{ path: RECALL_WATCH_FILE, mode: '100644', type: 'blob', sha: blob.json.sha }],
  });
  expect(tree.status).toBe(201);
  const commit = await decap(who, 'POST', 'git/commits', {
    message: 'Edit recall-watch (from the browser editor)',
    tree: tree.json.sha,
    parents: [base],
  });
  expect(commit.status).toBe(201);
  const ref = await decap(who, 'POST', 'git/refs', { ref: `refs/heads/${WATCH_LIST_BRANCH}`, sha: commit.json.sha });
  expect(ref.status, JSON.stringify(ref.json)).toBe(201);
  const pull = await decap(who, 'POST', 'pulls', {
    title: 'Edit recall-watch (from the browser editor)',
    body: 'Automatically generated by Decap CMS',
    head: `local:${WATCH_LIST_BRANCH}`,
    base: 'site',
  });
  expect(pull.status, JSON.stringify(pull.json)).toBe(201);
  const label = await decap(who, 'PUT', `issues/${pull.json.number}/labels`, { labels: ['decap-cms/pending_publish'] });
  expect(label.status).toBe(200);
  return { number: pull.json.number as number, head: commit.json.sha as string };
}

/** The form's values after a curator adds a dismissal (what Decap hands the format's writer). */
function withDismissal(why: string): string {
  const form = watchFormat.fromFile(REPO_FILE) as { aliases: unknown[]; dismissals: unknown[] };
  return watchFormat.toFile({
    ...form,
    dismissals: [{ source: 'health-canada', recall: '2024-0042', product: 'wooden-kite', why }],
  });
}

describe('a curator edits the recall watch list, another publishes it', () => {
  let saved: { number: number; head: string };
  const text = withDismissal('Health Canada’s recall is of another maker’s kite.');

  it('saves on the watch list’s one branch: exactly the file, its header kept', async () => {
    saved = await saveWatchList('token-maya', text);
    expect(git('diff', '--name-only', `site...${WATCH_LIST_BRANCH}`)).toBe(RECALL_WATCH_FILE);
    const stored = git('show', `${WATCH_LIST_BRANCH}:${RECALL_WATCH_FILE}`) + '\n';
    expect(stored).toBe(text);
    expect(stored.startsWith(RECALL_WATCH_HEADER)).toBe(true);
    expect(git('log', '-1', '--format=%an <%ae>|%B', WATCH_LIST_BRANCH)).toMatch(
      new RegExp(
        `^maya <maya@users\\.noreply\\.catalog\\.example>\\|Edit recall-watch \\(from the browser editor\\)\n\nSaved-by: maya\nCurator-id: ${maya.id}\nSaved-proof: \\S+$`,
      ),
    );
  });

  it('is on the editor’s board, and on the other curator’s waiting list as the recall watch list', async () => {
    const list = await decap('token-jo', 'GET', 'pulls?base=site&state=open&per_page=100');
    expect((list.json as unknown as { head: { ref: string } }[]).map((p) => p.head.ref)).toEqual([WATCH_LIST_BRANCH]);
    const waiting = async (who: string) => {
      const res = await gateway(
        new Request(`${SITE}/api/git/waiting`, { headers: { authorization: `Bearer ${who}` } }),
      );
      expect(res.status).toBe(200);
      return ((await res.json()) as { items: unknown[] }).items;
    };
    expect(await waiting('token-jo')).toEqual([
      expect.objectContaining({
        collection: 'recalls',
        slug: 'recall-watch',
        title: WATCH_WORDS.waiting,
        savedBy: 'maya',
        urgent: false,
      }),
    ]);
    expect(await waiting('token-maya')).toEqual([]);
  });

  it('is no product’s proposal: list_proposals leaves it to the editor', async () => {
    expect(await githubBackend({ token, repository: 'local/catalog', baseUrl: gh.url }).list()).toEqual([]);
  });

  it('her own publish is refused (four eyes); the other curator’s is merged once the check passed', async () => {
    await gh.checksIdle();
    expect(checked).toContain(saved.head);
    const before = git('rev-parse', 'site');
    const own = await decap('token-maya', 'PUT', `pulls/${saved.number}/merge`, {
      sha: saved.head,
      merge_method: 'merge',
    });
    expect(own.status).toBe(403);
    expect(own.json.message).toMatch(/someone else must publish them/);
    expect(git('rev-parse', 'site')).toBe(before);
    const res = await decap('token-jo', 'PUT', `pulls/${saved.number}/merge`, {
      commit_message: 'Automatically generated. Merged on Decap CMS.',
      sha: saved.head,
      merge_method: 'merge',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(git('rev-parse', 'site^1', 'site^2').split('\n')).toEqual([before, saved.head]);
    expect(git('show', `site:${RECALL_WATCH_FILE}`) + '\n').toBe(text);
    const published = parseRecallWatch(text);
    expect(published.ok && published.value.dismissals.map((d) => [d.source, d.recall, d.product])).toEqual([
      ['health-canada', '2024-0042', 'wooden-kite'],
    ]);
    expect((await decap('token-jo', 'DELETE', `git/refs/heads/${encodeURIComponent(WATCH_LIST_BRANCH)}`)).status).toBe(
      204,
    );
  });
});

describe('the watch list’s rules at the gateway', () => {
  it('a list the content checks refuse (a reason shorter than a sentence) cannot be published', async () => {
    const bad = withDismissal('not it');
    const saved = await saveWatchList('token-maya', bad);
    await gh.checksIdle();
    const before = git('rev-parse', 'site');
    const res = await decap('token-jo', 'PUT', `pulls/${saved.number}/merge`, {
      sha: saved.head,
      merge_method: 'merge',
    });
    expect(res.status).toBe(403);
    expect(res.json.message).toMatch(/required check has not passed/);
    expect(git('rev-parse', 'site')).toBe(before);
    expect((await decap('token-maya', 'PATCH', `pulls/${saved.number}`, { state: 'closed' })).status).toBe(200);
    expect(
      (await decap('token-maya', 'DELETE', `git/refs/heads/${encodeURIComponent(WATCH_LIST_BRANCH)}`)).status,
    ).toBe(204);
  });

  it('a look-alike of its branch, and a tree writing a file beside it outside the content, never reach git', async () => {
    const site = await decap('token-maya', 'GET', 'branches/site');
    const sha = site.json.commit.sha as string;
    const lookAlike = await decap('token-maya', 'POST', 'git/refs', { ref: 'refs/heads/cms/recalls/other', sha });
    expect(lookAlike.status).toBe(403);
    expect(git('branch', '--list', 'cms/recalls/*')).toBe('');
    const blob = await decap('token-maya', 'POST', 'git/blobs', { content: b64('[build]\n'), encoding: 'base64' });
    const tree = await decap('token-maya', 'POST', 'git/trees', {
      base_tree: sha,
      tree: [
        { path: RECALL_WATCH_FILE, mode: '100644', type: 'blob', sha: blob.json.sha },
        { path: 'netlify.toml', mode: '100644', type: 'blob', sha: blob.json.sha },
      ],
    });
    expect(tree.status).toBe(403);
    expect(tree.json.message).toMatch(/netlify\.toml/);
  });
});
