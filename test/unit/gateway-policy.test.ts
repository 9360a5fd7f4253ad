// The editor's git gateway's policy (src/server/gateway/policy.ts) as a table: one row per rule of
// the editor's write path (what the editorial workflow needs passes) and one per refused trick (reading outside
// the content, trees with a symlink, a submodule, `..`, an absolute or a non-content path, refs
// outside `cms/products/`, pull requests from other branches or into other bases, a merge of
// another branch, deleting main, labels other than Decap's, …). Each refusal carries the plain
// words the editor shows. The calls are written as Decap's GitHub backend sends them through the
// git-gateway backend (repository-relative; branch names encoded as one segment).
import { describe, expect, it } from 'vitest';
import { forbiddenIn } from '../support/forbidden-terms.ts';
import {
  decide,
  decideOnPull,
  decidePublish,
  type GatewayCurator,
  type PublishFacts,
  type PullFacts,
  type Site,
  RECALL_STAYS,
} from '../../src/server/gateway/policy.ts';

const SITE: Site = { owner: 'little-hands', repo: 'catalog', branch: 'main' };
const maya: GatewayCurator = { handle: 'maya', role: 'curator', id: 'aaaaaaaaaaaaaaaaaaaa' };
const jo: GatewayCurator = { handle: 'jo', role: 'curator', id: 'bbbbbbbbbbbbbbbbbbbb' };
const admin: GatewayCurator = { handle: 'admin', role: 'admin', id: 'cccccccccccccccccccc' };
const SHA = '0123456789abcdef0123456789abcdef01234567';
const SHA2 = 'fedcba9876543210fedcba9876543210fedcba98';
const BRANCH = 'cms/products/wooden-kite';
/** The editor's branch for the recall watch list (a collection of one file: cms/<collection>/<file>). */
const WATCH = 'cms/recalls/recall-watch';
const enc = encodeURIComponent;

/** A request as the handler hands it to the policy. */
function req(method: string, pathAndQuery: string, body?: unknown) {
  const [path, query = ''] = pathAndQuery.split('?') as [string, string?];
  return { method, path, query: new URLSearchParams(query), body };
}
const entry = (path: string, over: Record<string, unknown> = {}) => ({
  path,
  mode: '100644',
  type: 'blob',
  sha: SHA,
  ...over,
});

type Row = [what: string, method: string, path: string, body?: unknown];

/** What the editorial workflow needs: each passes, naming what the handler does with it. */
const ALLOWED: (readonly [...Row, kind: string])[] = [
  // the recall watch list's one branch, beside the products'
  ['the watch list’s branch', 'GET', `branches/${enc(WATCH)}`, undefined, 'read'],
  ['the watch list’s branch made', 'POST', 'git/refs', { ref: `refs/heads/${WATCH}`, sha: SHA }, 'ref'],
  ['the watch list’s branch moved', 'PATCH', `git/refs/heads/${enc(WATCH)}`, { sha: SHA, force: true }, 'ref'],
  ['the watch list’s branch deleted', 'DELETE', `git/refs/heads/${enc(WATCH)}`, undefined, 'ref'],
  ['the watch list’s branch against main', 'GET', `compare/main...little-hands:${WATCH}`, undefined, 'compare'],
  [
    'the watch list’s pull request',
    'GET',
    `pulls?head=${enc(`little-hands:${WATCH}`)}&base=main&state=open`,
    undefined,
    'list-pulls',
  ],
  [
    'a pull request from the watch list’s branch into main',
    'POST',
    'pulls',
    { title: 'Edit recall-watch', head: `little-hands:${WATCH}`, base: 'main' },
    'pull-create',
  ],
  ['the site branch (the first call: write access)', 'GET', 'branches/main', undefined, 'read'],
  ['an editor branch', 'GET', `branches/${enc(BRANCH)}`, undefined, 'read'],
  ['the product folder', 'GET', `git/trees/main:${enc('content/products')}`, undefined, 'folder'],
  ['the picture folder', 'GET', `git/trees/main:${enc('content/images/products')}`, undefined, 'folder'],
  ['the folder of the recall file', 'GET', 'git/trees/main:content', undefined, 'folder'],
  ['a folder on an editor branch', 'GET', `git/trees/${enc(BRANCH)}:${enc('content/products')}`, undefined, 'folder'],
  ['a folder at a commit', 'GET', `git/trees/${SHA}:${enc('content/products')}?recursive=1`, undefined, 'folder'],
  ['a blob by its id', 'GET', `git/blobs/${SHA}`, undefined, 'read'],
  ['a product file', 'GET', 'contents/content/products/wooden-kite.md?ref=main', undefined, 'read'],
  ['the recall file', 'GET', 'contents/content/recall-watch.yml', undefined, 'read'],
  ['a product file’s history', 'GET', 'commits?path=content%2Fproducts%2Fwooden-kite.md&sha=main', undefined, 'read'],
  ['the open pull requests into main', 'GET', 'pulls?base=main&state=open&per_page=100', undefined, 'list-pulls'],
  [
    'one editor branch’s pull request',
    'GET',
    `pulls?head=${enc(`little-hands:${BRANCH}`)}&base=main&state=open&per_page=100`,
    undefined,
    'list-pulls',
  ],
  ['an editor branch against main', 'GET', `compare/main...little-hands:${BRANCH}`, undefined, 'compare'],
  ['a pull request’s head against main', 'GET', `compare/main...${SHA}`, undefined, 'compare'],
  ['a commit against its parent (a rebase)', 'GET', `compare/${SHA2}...${SHA}`, undefined, 'compare'],
  ['a head’s statuses (deploy preview)', 'GET', `commits/${SHA}/status`, undefined, 'read'],
  ['a pull request’s commits', 'GET', 'pulls/12/commits', undefined, 'pull'],
  ['a text blob', 'POST', 'git/blobs', { content: 'aGk=', encoding: 'base64' }, 'blob'],
  [
    'a tree of content files',
    'POST',
    'git/trees',
    {
      base_tree: SHA,
      tree: [entry('content/products/wooden-kite.md'), entry('content/images/products/wooden-kite.jpg')],
    },
    'tree',
  ],
  [
    'a tree that deletes a picture',
    'POST',
    'git/trees',
    {
      base_tree: SHA,
      tree: [entry('content/images/products/old.jpg', { sha: null })],
    },
    'tree',
  ],
  [
    'a tree of the recall file',
    'POST',
    'git/trees',
    { base_tree: SHA, tree: [entry('content/recall-watch.yml')] },
    'tree',
  ],
  [
    'a commit',
    'POST',
    'git/commits',
    { message: 'Create Products “wooden-kite”', tree: SHA, parents: [SHA2] },
    'commit',
  ],
  [
    'a commit with Decap’s author (rewritten)',
    'POST',
    'git/commits',
    {
      message: 'Update',
      tree: SHA,
      parents: [SHA2],
      author: { name: 'maya', email: 'maya@example.org', date: '2026-11-26T10:00:00Z' },
    },
    'commit',
  ],
  ['an editor branch made', 'POST', 'git/refs', { ref: `refs/heads/${BRANCH}`, sha: SHA }, 'ref'],
  ['an editor branch moved', 'PATCH', `git/refs/heads/${enc(BRANCH)}`, { sha: SHA, force: true }, 'ref'],
  ['an editor branch deleted', 'DELETE', `git/refs/heads/${enc(BRANCH)}`, undefined, 'ref'],
  [
    'a pull request from an editor branch into main',
    'POST',
    'pulls',
    {
      title: 'Create Products “wooden-kite”',
      body: 'Automatically generated by Decap CMS',
      head: `little-hands:${BRANCH}`,
      base: 'main',
    },
    'pull-create',
  ],
  ['a pull request closed', 'PATCH', 'pulls/12', { state: 'closed' }, 'pull'],
  ['a pull request reopened', 'PATCH', 'pulls/12', { state: 'open' }, 'pull'],
  ['Decap’s status label', 'PUT', 'issues/12/labels', { labels: ['decap-cms/pending_review'] }, 'pull'],
  [
    'a publish',
    'PUT',
    'pulls/12/merge',
    {
      commit_message: 'Automatically generated. Merged on Decap CMS.',
      sha: SHA,
      merge_method: 'merge',
    },
    'merge',
  ],
];

/** Tricks and calls the workflow does not need: each refused with words for the editor. */
const REFUSED: (readonly [...Row, message: RegExp])[] = [
  // reading outside the content
  ['the repository root tree', 'GET', 'git/trees/main', undefined, /content/],
  ['the code folder', 'GET', 'git/trees/main:src', undefined, /content/],
  ['the root through an empty folder', 'GET', 'git/trees/main:', undefined, /content/],
  ['a climb out of the product folder', 'GET', `git/trees/main:${enc('content/products/../..')}`, undefined, /content/],
  ['a tree by id (any folder)', 'GET', `git/trees/${SHA}`, undefined, /content/],
  ['a sub-folder, recursively', 'GET', `git/trees/main:${enc('content/products/x')}?recursive=1`, undefined, /content/],
  ['another branch’s folder', 'GET', `git/trees/dev:${enc('content/products')}`, undefined, /branch/],
  ['the site configuration', 'GET', 'contents/netlify.toml', undefined, /content/],
  ['a climb through contents', 'GET', 'contents/content/products/../../netlify.toml', undefined, /content/],
  [
    'an encoded climb through contents',
    'GET',
    'contents/content/products/%2E%2E/%2E%2E/netlify.toml',
    undefined,
    /content/,
  ],
  ['Decap’s old metadata file', 'GET', 'contents/_decap_cms/x.json?ref=refs/meta/_decap_cms', undefined, /content/],
  ['a code file’s history', 'GET', 'commits?path=src%2Fconfig%2Fenv.ts&sha=main', undefined, /content/],
  ['the history of everything', 'GET', 'commits?sha=main', undefined, /content/],
  [
    'a parameter named twice (the second a code file)',
    'GET',
    'commits?path=content%2Fproducts%2Fa.md&path=src%2Fconfig%2Fenv.ts',
    undefined,
    /not something the editor/,
  ],
  ['a base named twice', 'GET', 'pulls?base=main&base=dev', undefined, /not something the editor/],
  ['another branch', 'GET', 'branches/dev', undefined, /branch/],
  ['a branch outside the editor’s', 'GET', `branches/${enc('cms/other/x')}`, undefined, /branch/],
  ['pull requests into another base', 'GET', 'pulls?base=dev&state=open', undefined, /main/],
  ['pull requests of any base', 'GET', 'pulls?state=open', undefined, /main/],
  [
    'pull requests of a code branch',
    'GET',
    `pulls?head=${enc('little-hands:feature/x')}&base=main`,
    undefined,
    /branch/,
  ],
  ['a code branch against main', 'GET', 'compare/main...little-hands:feature/x', undefined, /branch/],
  ['main against a code branch', 'GET', 'compare/feature...main', undefined, /branch/],
  ['the repository itself', 'GET', '', undefined, /not something the editor/],
  ['a user (not in the repository)', 'GET', 'users/octocat', undefined, /not something the editor/],
  ['an issue search', 'GET', 'search/issues?q=x', undefined, /not something the editor/],
  ['the repository’s settings', 'PATCH', '', { private: false }, /not something the editor/],
  ['the workflows', 'GET', 'actions/workflows', undefined, /not something the editor/],
  ['a ref listing', 'GET', 'git/refs/heads', undefined, /not something the editor/],
  ['Decap’s metadata ref', 'GET', 'git/refs/meta/_decap_cms', undefined, /not something the editor/],
  // blobs
  ['a blob in an unknown encoding', 'POST', 'git/blobs', { content: 'x', encoding: 'utf-16' }, /blob/],
  ['a blob without content', 'POST', 'git/blobs', { encoding: 'base64' }, /blob/],
  // trees
  [
    'a tree with a symlink',
    'POST',
    'git/trees',
    { base_tree: SHA, tree: [entry('content/products/evil.md', { mode: '120000' })] },
    /symlink/,
  ],
  [
    'a tree with a submodule',
    'POST',
    'git/trees',
    { base_tree: SHA, tree: [entry('content/images/products/x.jpg', { mode: '160000', type: 'commit' })] },
    /submodule/,
  ],
  [
    'a tree with an executable',
    'POST',
    'git/trees',
    { base_tree: SHA, tree: [entry('content/products/x.md', { mode: '100755' })] },
    /executable/,
  ],
  [
    'a tree with a folder entry',
    'POST',
    'git/trees',
    { base_tree: SHA, tree: [entry('content/products', { mode: '040000', type: 'tree' })] },
    /content/,
  ],
  [
    'a tree with `..`',
    'POST',
    'git/trees',
    { base_tree: SHA, tree: [entry('content/products/../../netlify.toml')] },
    /content/,
  ],
  [
    'a tree with an absolute path',
    'POST',
    'git/trees',
    { base_tree: SHA, tree: [entry('/content/products/x.md')] },
    /content/,
  ],
  [
    'a tree with a non-content path',
    'POST',
    'git/trees',
    { base_tree: SHA, tree: [entry('content/products/a.md'), entry('netlify.toml')] },
    /netlify\.toml/,
  ],
  [
    'a tree with a hidden file',
    'POST',
    'git/trees',
    { base_tree: SHA, tree: [entry('content/products/.x.md')] },
    /content/,
  ],
  [
    'a tree deleting a code file',
    'POST',
    'git/trees',
    { base_tree: SHA, tree: [entry('src/config/env.ts', { sha: null })] },
    /content/,
  ],
  [
    'a tree with inline content (no blob)',
    'POST',
    'git/trees',
    { base_tree: SHA, tree: [{ path: 'content/products/a.md', mode: '100644', type: 'blob', content: 'x' }] },
    /blob/,
  ],
  ['a tree from scratch (no base)', 'POST', 'git/trees', { tree: [entry('content/products/a.md')] }, /base/],
  ['a tree of no entries', 'POST', 'git/trees', { base_tree: SHA, tree: [] }, /tree/],
  [
    'a tree of too many entries',
    'POST',
    'git/trees',
    { base_tree: SHA, tree: Array.from({ length: 201 }, (_, i) => entry(`content/products/p${i}.md`)) },
    /at most/,
  ],
  // commits
  [
    'a commit of two parents (a merge of anything)',
    'POST',
    'git/commits',
    { message: 'x', tree: SHA, parents: [SHA, SHA2] },
    /parent/,
  ],
  ['a root commit', 'POST', 'git/commits', { message: 'x', tree: SHA, parents: [] }, /parent/],
  ['a commit without a message', 'POST', 'git/commits', { tree: SHA, parents: [SHA2] }, /message/],
  [
    'a signed commit',
    'POST',
    'git/commits',
    { message: 'x', tree: SHA, parents: [SHA2], signature: '-----BEGIN' },
    /signature/,
  ],
  // refs
  ['moving main', 'PATCH', 'git/refs/heads/main', { sha: SHA, force: true }, /cms\/products\//],
  ['deleting main', 'DELETE', 'git/refs/heads/main', undefined, /cms\/products\//],
  [
    'creating a branch outside the prefix',
    'POST',
    'git/refs',
    { ref: 'refs/heads/feature/x', sha: SHA },
    /cms\/products\//,
  ],
  [
    'Decap’s backup branch',
    'POST',
    'git/refs',
    { ref: 'refs/heads/cms_1700000000/products/x', sha: SHA },
    /cms\/products\//,
  ],
  ['a tag', 'POST', 'git/refs', { ref: 'refs/tags/v1', sha: SHA }, /cms\/products\//],
  ['Decap’s metadata ref', 'POST', 'git/refs', { ref: 'refs/meta/_decap_cms', sha: SHA }, /cms\/products\//],
  [
    'an editor branch with a climb',
    'POST',
    'git/refs',
    { ref: 'refs/heads/cms/products/../../main', sha: SHA },
    /cms\/products\//,
  ],
  [
    'an editor branch with an odd name',
    'POST',
    'git/refs',
    { ref: 'refs/heads/cms/products/Kite Two', sha: SHA },
    /cms\/products\//,
  ],
  [
    'an encoded climb to main',
    'PATCH',
    `git/refs/heads/${enc('cms/products/../../main')}`,
    { sha: SHA },
    /cms\/products\//,
  ],
  ['a tag deleted', 'DELETE', 'git/refs/tags/v1', undefined, /cms\/products\//],
  // look-alikes of the watch list's branch
  [
    'another file of the watch list’s collection',
    'POST',
    'git/refs',
    { ref: 'refs/heads/cms/recalls/other', sha: SHA },
    /cms\/products\//,
  ],
  [
    'a climb from the watch list’s collection',
    'POST',
    'git/refs',
    { ref: 'refs/heads/cms/recalls/../x', sha: SHA },
    /cms\/products\//,
  ],
  [
    'an encoded climb from the watch list’s branch',
    'PATCH',
    `git/refs/heads/${enc('cms/recalls/recall-watch/../../../main')}`,
    { sha: SHA },
    /cms\/products\//,
  ],
  [
    'a branch under the watch list’s',
    'POST',
    'git/refs',
    { ref: `refs/heads/${WATCH}/x`, sha: SHA },
    /cms\/products\//,
  ],
  [
    'a name longer than the watch list’s',
    'POST',
    'git/refs',
    { ref: `refs/heads/${WATCH}-2`, sha: SHA },
    /cms\/products\//,
  ],
  [
    'the watch list’s name in capitals',
    'DELETE',
    `git/refs/heads/${enc(WATCH.toUpperCase())}`,
    undefined,
    /cms\/products\//,
  ],
  [
    'the watch list’s file as a product’s branch',
    'POST',
    'git/refs',
    { ref: 'refs/heads/cms/products/recall-watch.yml', sha: SHA },
    /cms\/products\//,
  ],
  [
    'a pull request from a watch-list look-alike',
    'POST',
    'pulls',
    { title: 'x', head: 'little-hands:cms/recalls/other', base: 'main' },
    /branch/,
  ],
  ['a watch-list look-alike read', 'GET', `branches/${enc('cms/recalls/other')}`, undefined, /branch/],
  [
    'a tree writing a non-content path beside the watch list',
    'POST',
    'git/trees',
    { base_tree: SHA, tree: [entry('content/recall-watch.yml'), entry('.github/workflows/x.yml')] },
    /\.github/,
  ],
  [
    'a tree writing a look-alike of the watch list',
    'POST',
    'git/trees',
    { base_tree: SHA, tree: [entry('content/recall-watch.yaml')] },
    /content/,
  ],
  // pull requests
  [
    'a pull request from a code branch',
    'POST',
    'pulls',
    { title: 'x', head: 'little-hands:feature/x', base: 'main' },
    /branch/,
  ],
  ['a pull request from a fork', 'POST', 'pulls', { title: 'x', head: `someone:${BRANCH}`, base: 'main' }, /branch/],
  [
    'a pull request into another base',
    'POST',
    'pulls',
    { title: 'x', head: `little-hands:${BRANCH}`, base: 'release' },
    /main/,
  ],
  ['a pull request moved to another base', 'PATCH', 'pulls/12', { base: 'release' }, /open or close/],
  ['a pull request retitled', 'PATCH', 'pulls/12', { title: 'x' }, /open or close/],
  ['a Decap-looking label of no status', 'PUT', 'issues/12/labels', { labels: ['decap-cms/published'] }, /label/],
  ['labels added (not set)', 'POST', 'issues/12/labels', { labels: ['decap-cms/draft'] }, /not something the editor/],
  ['a comment on a pull request', 'POST', 'issues/12/comments', { body: 'x' }, /not something the editor/],
  ['a rebase merge', 'PUT', 'pulls/12/merge', { sha: SHA, merge_method: 'rebase' }, /merge/],
  ['a merge without the head it publishes', 'PUT', 'pulls/12/merge', { merge_method: 'merge' }, /sha/],
  ['a merge of a number that is none', 'PUT', 'pulls/1e3/merge', { sha: SHA }, /not something the editor/],
  // methods
  ['a blob deleted', 'DELETE', `git/blobs/${SHA}`, undefined, /not something the editor/],
  ['a pull request’s files', 'POST', 'pulls/12/files', {}, /not something the editor/],
];

describe('what the editorial workflow needs passes', () => {
  it.each(ALLOWED)('%s', (_what, method, path, body, kind) => {
    const d = decide(maya, req(method, path, body), SITE);
    expect(d, JSON.stringify(d)).toMatchObject({ ok: true, action: { kind } });
  });

  it('forwards the path it checked, in one canonical spelling', () => {
    const d = decide(maya, req('PATCH', `git/refs/heads/${enc(BRANCH)}`, { sha: SHA }), SITE);
    expect(d).toMatchObject({ ok: true, upstream: `git/refs/heads/${BRANCH}` });
    const t = decide(maya, req('GET', `git/trees/main:${enc('content/products')}`), SITE);
    expect(t).toMatchObject({ ok: true, upstream: `git/trees/main:${enc('content/products')}` });
  });
});

describe('everything else is refused with words the editor shows', () => {
  it.each(REFUSED)('%s', (_what, method, path, body, message) => {
    const d = decide(maya, req(method, path, body), SITE);
    expect(d.ok, JSON.stringify(d)).toBe(false);
    if (d.ok) return;
    expect(d.message).toMatch(message);
    // Plain words: a sentence, no stack, no JSON.
    expect(d.message).toMatch(/^[A-Z].*\.$/s);
    expect(d.message).not.toMatch(/[{}]|Error:|at \w+ \(/);
  });

  it('an admin meets the same rules (only publishing differs)', () => {
    expect(decide(admin, req('DELETE', 'git/refs/heads/main'), SITE).ok).toBe(false);
    expect(decide(admin, req('GET', 'contents/netlify.toml'), SITE).ok).toBe(false);
  });
});

const pull = (over: Partial<PullFacts> = {}): PullFacts => ({
  number: 12,
  state: 'open',
  head: { ref: BRANCH, sha: SHA, repo: 'little-hands/catalog' },
  base: { ref: 'main' },
  labels: ['decap-cms/pending_publish'],
  ...over,
});

describe('a call on a pull request, once the gateway has read it', () => {
  const labels = (list: string[]) => {
    const d = decide(maya, req('PUT', 'issues/12/labels', { labels: list }), SITE);
    if (!d.ok) throw new Error(d.message);
    return d.action;
  };
  const close = () => {
    const d = decide(maya, req('PATCH', 'pulls/12', { state: 'closed' }), SITE);
    if (!d.ok) throw new Error(d.message);
    return d.action;
  };

  it.each([
    ['an editor branch’s pull request into main', pull(), null],
    [
      'a pull request from a code branch',
      pull({ head: { ref: 'feature/x', sha: SHA, repo: 'little-hands/catalog' } }),
      /editor’s/,
    ],
    [
      'a pull request from a fork with an editor-looking branch',
      pull({ head: { ref: BRANCH, sha: SHA, repo: 'someone/catalog' } }),
      /editor’s/,
    ],
    ['a pull request into another base', pull({ base: { ref: 'release' } }), /main/],
  ])('%s', (_what, facts, refusal) => {
    const said = decideOnPull(close(), facts, SITE, maya);
    if (refusal === null) expect(said).toBeNull();
    else expect(said).toMatch(refusal);
  });

  it('keeps the labels a pull request already has (a watcher’s) beside Decap’s, and adds no other', () => {
    const watcher = pull({ labels: ['recall', 'decap-cms/pending_review'] });
    expect(decideOnPull(labels(['recall', 'decap-cms/pending_publish']), watcher, SITE, maya)).toBeNull();
    expect(decideOnPull(labels(['recall', 'urgent', 'decap-cms/pending_publish']), watcher, SITE, maya)).toMatch(
      /urgent/,
    );
  });

  it('refuses labels other than Decap’s that the pull request does not have', () => {
    expect(decideOnPull(labels(['decap-cms/draft', 'security']), pull(), SITE, maya)).toMatch(/label.*security/);
  });

  describe('a watcher’s recall proposal goes away only through four eyes', () => {
    const recall = pull({ labels: ['recall', 'urgent', 'decap-cms/pending_review'] });
    it.each([
      ['closing it', () => close()],
      ['taking its recall label off', () => labels(['urgent', 'decap-cms/pending_review'])],
      ['taking its urgent label off', () => labels(['recall', 'decap-cms/pending_publish'])],
      ['taking every label off', () => labels([])],
    ])('a curator is refused %s, pointed to a dismissal in the recall watch list', (_what, action) => {
      const said = decideOnPull(action(), recall, SITE, maya);
      expect(said).toBe(RECALL_STAYS);
      expect(said).toMatch(/recall watch list/);
      expect(forbiddenIn(said!)).toEqual([]);
    });
    it('an admin may close it or take its labels off; a curator still moves it on the board', () => {
      expect(decideOnPull(close(), recall, SITE, admin)).toBeNull();
      expect(decideOnPull(labels([]), recall, SITE, admin)).toBeNull();
      expect(decideOnPull(labels(['recall', 'urgent', 'decap-cms/pending_publish']), recall, SITE, maya)).toBeNull();
    });
    it('closing her own save stays one tap', () => {
      expect(decideOnPull(close(), pull({ labels: ['decap-cms/draft'] }), SITE, maya)).toBeNull();
    });
  });
});

describe('paging values are numbers', () => {
  it.each(['1;ref=main', '0', '-1', '1e3', 'x', '', '99999'])('page=%s is refused', (v) => {
    expect(decide(maya, req('GET', `pulls?base=main&state=open&page=${enc(v)}`), SITE).ok).toBe(false);
    expect(decide(maya, req('GET', `pulls?base=main&state=open&per_page=${enc(v)}`), SITE).ok).toBe(false);
  });
  it('page=2&per_page=100 passes', () => {
    expect(decide(maya, req('GET', 'pulls?base=main&state=open&page=2&per_page=100'), SITE).ok).toBe(true);
  });
});

describe('a branch the editor creates or moves names the exact commit it judges', () => {
  it.each([
    ['POST', 'git/refs', { ref: `refs/heads/${BRANCH}`, sha: SHA }, SHA],
    ['PATCH', `git/refs/heads/${BRANCH}`, { sha: SHA2, force: true }, SHA2],
    ['DELETE', `git/refs/heads/${BRANCH}`, undefined, null],
  ])('%s %s', (method, path, body, sha) => {
    const d = decide(maya, req(method, path, body), SITE);
    if (!d.ok) throw new Error(d.message);
    expect(d.action).toEqual({ kind: 'ref', branch: BRANCH, sha });
  });
});

/** A publishable pull request's facts; each row changes one. */
function facts(over: Partial<PublishFacts> = {}): PublishFacts {
  return {
    pull: pull(),
    sha: SHA,
    files: [
      { filename: 'content/products/wooden-kite.md', status: 'added', mode: '100644' },
      { filename: 'content/images/products/wooden-kite.jpg', status: 'added', mode: '100644' },
    ],
    complete: true,
    savers: new Set([jo.id]),
    checkPassed: true,
    ...over,
  };
}
const merge = (body: Record<string, unknown> = { sha: SHA, merge_method: 'merge' }) => {
  const d = decide(maya, req('PUT', 'pulls/12/merge', body), SITE);
  if (!d.ok) throw new Error(d.message);
  if (d.action.kind !== 'merge') throw new Error(`not a merge: ${d.action.kind}`);
  return d.action;
};

describe('publishing', () => {
  it('another curator’s save, all content, checked at its exact head: maya publishes it', () => {
    expect(decidePublish(maya, merge(), facts(), SITE, { publishOwnSaves: false })).toBeNull();
  });

  it.each([
    ['her own save (four eyes)', maya, facts({ savers: new Set([maya.id]) }), /someone else/],
    [
      'her save from before AUTH_SECRET was rotated (her previous id)',
      { ...maya, id: 'dddddddddddddddddddd', previousId: maya.id },
      facts({ savers: new Set([maya.id]) }),
      /someone else/,
    ],
    [
      'a save she touched among others’ (four eyes, by identity)',
      maya,
      facts({ savers: new Set([jo.id, maya.id]) }),
      /someone else/,
    ],
    [
      'a branch outside the editor’s',
      maya,
      facts({ pull: pull({ head: { ref: 'feature/x', sha: SHA, repo: 'little-hands/catalog' } }) }),
      /editor’s/,
    ],
    ['a pull request into another base', maya, facts({ pull: pull({ base: { ref: 'release' } }) }), /main/],
    ['a closed pull request', maya, facts({ pull: pull({ state: 'closed' }) }), /open/],
    ['a head that moved since it was checked', maya, facts({ sha: SHA2 }), /saved again since you opened them/],
    ['a check that has not passed on the head', maya, facts({ checkPassed: false }), /check/],
    [
      'her own save whose check has not passed: four eyes first (waiting would not help her)',
      maya,
      facts({ checkPassed: false, savers: new Set([maya.id]) }),
      /^You saved these changes, so someone else must publish them/,
    ],
    [
      'a file outside the content',
      maya,
      facts({ files: [{ filename: 'netlify.toml', status: 'modified', mode: '100644' }] }),
      /netlify\.toml/,
    ],
    [
      'a product file renamed out of the content',
      maya,
      facts({
        files: [
          { filename: 'docs/a.md', previous_filename: 'content/products/a.md', status: 'renamed', mode: '100644' },
        ],
      }),
      /docs\/a\.md/,
    ],
    [
      'a code file renamed into the content',
      maya,
      facts({
        files: [
          { filename: 'content/products/a.md', previous_filename: 'src/a.ts', status: 'renamed', mode: '100644' },
        ],
      }),
      /src\/a\.ts/,
    ],
    [
      'a symlink at a content path',
      maya,
      facts({ files: [{ filename: 'content/products/wooden-kite.md', status: 'added', mode: '120000' }] }),
      /symlink/,
    ],
    [
      'a file whose mode could not be read',
      maya,
      facts({ files: [{ filename: 'content/products/wooden-kite.md', status: 'added', mode: null }] }),
      /kind/,
    ],
    [
      'another product’s file beside its own (the reviewer sees only this product)',
      maya,
      facts({
        files: [
          { filename: 'content/products/wooden-kite.md', status: 'added', mode: '100644' },
          { filename: 'content/products/magnetic-tiles.md', status: 'modified', mode: '100644' },
        ],
      }),
      /the product “magnetic-tiles”.*“wooden-kite” only/,
    ],
    [
      'the recall watch list beside its own product',
      maya,
      facts({
        files: [
          { filename: 'content/products/wooden-kite.md', status: 'added', mode: '100644' },
          { filename: 'content/recall-watch.yml', status: 'modified', mode: '100644' },
        ],
      }),
      /the recall watch list, but/,
    ],
    [
      'another product’s picture',
      maya,
      facts({ files: [{ filename: 'content/images/products/magnetic-tiles.jpg', status: 'added', mode: '100644' }] }),
      /the picture of “magnetic-tiles”/,
    ],
    ['changes that could not be read whole', maya, facts({ complete: false }), /more saves or files/],
    ['nothing changed at all', maya, facts({ files: [] }), /nothing/],
  ])('refused: %s', (_what, who, f, message) => {
    const said = decidePublish(who, merge(), f, SITE, { publishOwnSaves: false });
    expect(said).toMatch(message);
    expect(said).toMatch(/^[A-Z].*\.$/s);
    // What a curator meets in her work (not a file outside the content): in a teacher's words.
    if (!/outside|renamed|symlink|mode|branch|base/.test(_what)) expect(forbiddenIn(said!)).toEqual([]);
  });

  it('a deleted file is judged by its path alone (it has no mode any more)', () => {
    const f = facts({ files: [{ filename: 'content/products/wooden-kite.md', status: 'removed', mode: null }] });
    expect(decidePublish(maya, merge(), f, SITE, { publishOwnSaves: false })).toBeNull();
  });

  it('her own save with PUBLISH_OWN_SAVES (a one-curator site), or as an admin', () => {
    const own = facts({ savers: new Set([maya.id]) });
    expect(decidePublish(maya, merge(), own, SITE, { publishOwnSaves: true })).toBeNull();
    const admins = facts({ savers: new Set([admin.id]) });
    expect(decidePublish(admin, merge(), admins, SITE, { publishOwnSaves: false })).toBeNull();
  });

  it('a watcher’s or an MCP proposal (no curator saved it): any curator publishes it; once a curator saved on it, not she', () => {
    const board = pull({ labels: ['recall', 'urgent', 'decap-cms/pending_review'] });
    const untouched = facts({ pull: board, savers: new Set() });
    expect(decidePublish(maya, merge(), untouched, SITE, { publishOwnSaves: false })).toBeNull();
    expect(decidePublish(jo, merge(), untouched, SITE, { publishOwnSaves: false })).toBeNull();
    const edited = facts({ pull: board, savers: new Set([maya.id]) });
    expect(decidePublish(maya, merge(), edited, SITE, { publishOwnSaves: false })).toMatch(/someone else/);
    expect(decidePublish(jo, merge(), edited, SITE, { publishOwnSaves: false })).toBeNull();
  });

  describe('the recall watch list’s pull request (its branch cms/recalls/recall-watch)', () => {
    const watchPull = (over: Partial<PullFacts> = {}) =>
      pull({ head: { ref: WATCH, sha: SHA, repo: 'little-hands/catalog' }, ...over });
    const watchFacts = (over: Partial<PublishFacts> = {}) =>
      facts({
        files: [{ filename: 'content/recall-watch.yml', status: 'modified', mode: '100644' }],
        pull: watchPull(),
        ...over,
      });

    it('is the editor’s: its labels and closing pass', () => {
      const d = decide(maya, req('PATCH', 'pulls/12', { state: 'closed' }), SITE);
      if (!d.ok) throw new Error(d.message);
      expect(decideOnPull(d.action, watchPull(), SITE, maya)).toBeNull();
      expect(
        decideOnPull(d.action, watchPull({ head: { ref: WATCH, sha: SHA, repo: 'someone/catalog' } }), SITE, maya),
      ).toMatch(/editor’s/);
      expect(
        decideOnPull(
          d.action,
          watchPull({ head: { ref: 'cms/recalls/other', sha: SHA, repo: 'little-hands/catalog' } }),
          SITE,
          maya,
        ),
      ).toMatch(/editor’s/);
    });

    it('another curator publishes it; she who saved it does not (four eyes); the check and the content rules hold', () => {
      expect(decidePublish(maya, merge(), watchFacts(), SITE, { publishOwnSaves: false })).toBeNull();
      expect(decidePublish(jo, merge(), watchFacts(), SITE, { publishOwnSaves: false })).toMatch(/someone else/);
      expect(
        decidePublish(maya, merge(), watchFacts({ checkPassed: false }), SITE, { publishOwnSaves: false }),
      ).toMatch(/check/);
      const code = watchFacts({
        files: [
          { filename: 'content/recall-watch.yml', status: 'modified', mode: '100644' },
          { filename: 'netlify.toml', status: 'modified', mode: '100644' },
        ],
      });
      expect(decidePublish(maya, merge(), code, SITE, { publishOwnSaves: false })).toMatch(/netlify\.toml/);
      const product = watchFacts({
        files: [
          { filename: 'content/recall-watch.yml', status: 'modified', mode: '100644' },
          { filename: 'content/products/kite.md', status: 'modified', mode: '100644' },
        ],
      });
      expect(decidePublish(maya, merge(), product, SITE, { publishOwnSaves: false })).toMatch(
        /the product “kite”.*recall watch list only/,
      );
      const link = watchFacts({
        files: [{ filename: 'content/recall-watch.yml', status: 'modified', mode: '120000' }],
      });
      expect(decidePublish(maya, merge(), link, SITE, { publishOwnSaves: false })).toMatch(/symlink/);
    });
  });
});
