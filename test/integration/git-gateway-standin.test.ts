// The git gateway end to end over a real git repository: the calls Decap's GitHub backend makes
// for a new entry (the site branch, two blobs, a tree, a commit, the branch, the pull request, its
// label), sent as `new Request(…)` through the gateway to the GitHub stand-in
// (scripts/lib/github-standin/, GitHub's shapes over git). Then git itself is asked: one branch
// holding exactly the product file and the picture, the picture without EXIF, the commit by the
// curator's handle at the no-reply address with her trailers and no email; her own publish refused
// (four eyes); a second curator's publish merged onto the site branch, naming her. A watcher's
// recall proposal (the proposals' GitHub backend) waits on the same board, in review, with its own
// labels, and a curator publishes it. A symlink in a tree never reaches git. Sign-in is h-auth's: a small fake maps tokens to curators here.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGithubStandin, type GithubStandin } from '../../scripts/lib/github-standin/index.ts';
import type { GatewayCurator } from '../../src/server/gateway/policy.ts';
import { githubBackend } from '../../src/server/proposals/github.ts';
import { scratchRepo } from '../support/scratch-repo.ts';
import { standinGateway } from '../support/gateway-deps.ts';

const maya: GatewayCurator = { handle: 'maya', role: 'curator', id: 'aaaaaaaaaaaaaaaaaaaa' };
const jo: GatewayCurator = { handle: 'jo', role: 'curator', id: 'bbbbbbbbbbbbbbbbbbbb' };
const TOKENS: Record<string, GatewayCurator> = { 'token-maya': maya, 'token-jo': jo };
const SITE = 'https://catalog.example';
const BRANCH = 'cms/products/wooden-kite';

const { dir, git, remove } = scratchRepo('git-gateway-', {
  files: {
    'content/products/kite.md': '---\nslug: kite\n---\n',
    'content/images/products/kite.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
    'content/recall-watch.yml': 'aliases: []\n',
    'netlify.toml': '[build]\n',
  },
});
let gh: GithubStandin;
let gateway: (req: Request) => Promise<Response>;
const token = randomBytes(32).toString('base64url');

beforeAll(async () => {
  git('branch', 'site', 'main');
  gh = await startGithubStandin({
    repoDir: dir,
    owner: 'local',
    repo: 'catalog',
    siteBranch: 'site',
    token,
    check: async () => true,
  });
  gateway = standinGateway(gh, token, TOKENS);
});
afterAll(async () => {
  await gh?.stop();
  remove();
});

/** One of Decap's calls through the gateway: its answer's status and JSON. */
async function decap(token: string, method: string, rest: string, body?: unknown) {
  const res = await gateway(
    new Request(`${SITE}/api/git/github/${rest}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Record<string, any> };
}
const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64');

describe('a curator adds a product with a photo, another publishes it', () => {
  let number: number;
  let head: string;

  it('saves as Decap does: one branch, one pull request, exactly the two files', async () => {
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#4a8' } })
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 30/1 0/1' },
        IFD0: { Artist: 'Maya Real-Name' },
      })
      .jpeg()
      .toBuffer();
    const product = '---\nslug: wooden-kite\nname: Wooden kite\n---\n';
    const site = await decap('token-maya', 'GET', 'branches/site');
    expect(site.status).toBe(200);
    const base = site.json.commit.sha as string;
    const file = await decap('token-maya', 'POST', 'git/blobs', { content: b64(product), encoding: 'base64' });
    const picture = await decap('token-maya', 'POST', 'git/blobs', { content: b64(photo), encoding: 'base64' });
    expect([file.status, picture.status]).toEqual([201, 201]);
    const tree = await decap('token-maya', 'POST', 'git/trees', {
      base_tree: base,
      tree: [
        { path: 'content/products/wooden-kite.md', mode: '100644', type: 'blob', sha: file.json.sha },
        { path: 'content/images/products/wooden-kite.jpg', mode: '100644', type: 'blob', sha: picture.json.sha },
      ],
    });
    expect(tree.status).toBe(201);
    const commit = await decap('token-maya', 'POST', 'git/commits', {
      message: 'Create Products “wooden-kite”',
      tree: tree.json.sha,
      parents: [base],
      author: { name: 'Maya Real-Name', email: 'maya@school.example', date: new Date().toISOString() },
    });
    expect(commit.status).toBe(201);
    expect(
      (await decap('token-maya', 'POST', 'git/refs', { ref: `refs/heads/${BRANCH}`, sha: commit.json.sha })).status,
    ).toBe(201);
    const pull = await decap('token-maya', 'POST', 'pulls', {
      title: 'Create Products “wooden-kite”',
      body: 'Automatically generated by Decap CMS',
      head: `local:${BRANCH}`,
      base: 'site',
    });
    expect(pull.status).toBe(201);
    number = pull.json.number;
    head = commit.json.sha;
    expect(
      (await decap('token-maya', 'PUT', `issues/${number}/labels`, { labels: ['decap-cms/pending_publish'] })).status,
    ).toBe(200);

    // What git holds.
    expect(git('diff', '--name-only', `site...${BRANCH}`).split('\n')).toEqual([
      'content/images/products/wooden-kite.jpg',
      'content/products/wooden-kite.md',
    ]);
    expect(git('log', '-1', '--format=%an <%ae>|%cn <%ce>', BRANCH)).toBe(
      'maya <maya@users.noreply.catalog.example>|maya <maya@users.noreply.catalog.example>',
    );
    expect(git('log', '-1', '--format=%B', BRANCH)).toMatch(
      new RegExp(`^Create Products “wooden-kite”\n\nSaved-by: maya\nCurator-id: ${maya.id}\nSaved-proof: \\S+$`),
    );
    expect(git('log', '--format=%an%ae%cn%ce%B', `site..${BRANCH}`)).not.toMatch(/school\.example|Real-Name/);
    const stored = await sharp(await blob(`${BRANCH}:content/images/products/wooden-kite.jpg`)).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 900, height: 1200 });
    expect(stored.exif).toBeUndefined();
  });

  it('lists the pull request on the editor’s board', async () => {
    const list = await decap('token-jo', 'GET', 'pulls?base=site&state=open&per_page=100');
    expect(list.status).toBe(200);
    expect(
      (list.json as unknown as { number: number; head: { ref: string } }[]).map((p) => [p.number, p.head.ref]),
    ).toEqual([[number, BRANCH]]);
  });

  it('waits for the other curator, not for her: the editor’s first screen (GET /api/git/waiting)', async () => {
    const waiting = async (token: string) => {
      const res = await gateway(
        new Request(`${SITE}/api/git/waiting`, { headers: { authorization: `Bearer ${token}` } }),
      );
      expect(res.status).toBe(200);
      return ((await res.json()) as { items: { slug: string; savedBy: string | null }[] }).items;
    };
    // By the product's name as her save wrote it, never the pull request's title (a file's name).
    expect(await waiting('token-jo')).toEqual([
      expect.objectContaining({
        slug: 'wooden-kite',
        title: 'Wooden kite',
        savedBy: 'maya',
        urgent: false,
        reason: null,
      }),
    ]);
    expect(await waiting('token-maya')).toEqual([]);
  });

  it('her own publish is refused (four eyes); nothing moves', async () => {
    await gh.checksIdle();
    const before = git('rev-parse', 'site');
    const res = await decap('token-maya', 'PUT', `pulls/${number}/merge`, { sha: head, merge_method: 'merge' });
    expect(res.status).toBe(403);
    expect(res.json.message).toMatch(/someone else must publish them/);
    expect(git('rev-parse', 'site')).toBe(before);
  });

  it('a second curator publishes it: the site branch holds exactly that merge, naming her', async () => {
    const before = git('rev-parse', 'site');
    const res = await decap('token-jo', 'PUT', `pulls/${number}/merge`, {
      commit_message: 'Automatically generated. Merged on Decap CMS.',
      sha: head,
      merge_method: 'merge',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(git('rev-parse', 'site^1', 'site^2').split('\n')).toEqual([before, head]);
    expect(git('log', '-1', '--format=%B', 'site')).toMatch(/\n\nPublished-by: jo\nCurator-id: b{20}$/);
    expect(git('show', 'site:content/products/wooden-kite.md')).toMatch(/slug: wooden-kite/);
    // Decap then deletes the branch.
    expect((await decap('token-jo', 'DELETE', `git/refs/heads/${encodeURIComponent(BRANCH)}`)).status).toBe(204);
  });
});

describe('a watcher’s recall proposal waits on the board, in review, and a curator publishes it', () => {
  it('is listed to the editor with Decap’s label beside its own, moved to ready, and published by a curator', async () => {
    const backend = githubBackend({ token, repository: 'local/catalog', baseUrl: gh.url });
    const base = await backend.readBase('content/products/kite.md');
    const made = await backend.create({
      branch: 'catalog/kite-abc123',
      path: 'content/products/kite.md',
      text: '---\nslug: kite\nname: Delta kite\npublished: false\n---\n',
      expectBase: base!.sha,
      message:
        'Recall: take kite off the site\n\nSets published: false.\n\nProposed-by: watcher@catalog.example\nLabels: recall, urgent\n',
      title: 'Recall: `kite`',
      body: 'Proposed by `watcher@catalog.example`, the catalog’s own watcher.',
      labels: ['recall', 'urgent'],
    });
    expect(made.branch).toBe('cms/products/kite');
    // Decap's board: open pull requests into the site branch from cms/ with a decap-cms/ label.
    const list = await decap('token-jo', 'GET', 'pulls?base=site&state=open&per_page=100');
    expect(list.status).toBe(200);
    const listed = (
      list.json as unknown as { number: number; head: { ref: string; sha: string }; labels: { name: string }[] }[]
    ).map((p) => [p.number, p.head.ref, p.labels.map((l) => l.name).sort()]);
    expect(listed).toEqual([[made.number, 'cms/products/kite', ['decap-cms/pending_review', 'recall', 'urgent']]]);
    // Decap moves it to "ready", keeping the labels that are not its own (an urgent recall stays urgent).
    const ready = await decap('token-jo', 'PUT', `issues/${made.number}/labels`, {
      labels: ['recall', 'urgent', 'decap-cms/pending_publish'],
    });
    expect(ready.status).toBe(200);
    // First on what waits for a curator: by the product's name, and why the watcher asks.
    const waiting = await gateway(
      new Request(`${SITE}/api/git/waiting`, { headers: { authorization: 'Bearer token-jo' } }),
    );
    expect(((await waiting.json()) as { items: unknown[] }).items[0]).toEqual(
      expect.objectContaining({ slug: 'kite', title: 'Delta kite', reason: 'recall', urgent: true, savedBy: null }),
    );
    // No curator saved it, so four eyes lets any curator publish it.
    await gh.checksIdle();
    const head = git('rev-parse', 'cms/products/kite');
    const before = git('rev-parse', 'site');
    const res = await decap('token-maya', 'PUT', `pulls/${made.number}/merge`, { sha: head, merge_method: 'merge' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(git('rev-parse', 'site^1', 'site^2').split('\n')).toEqual([before, head]);
    expect(git('log', '-1', '--format=%B', 'site')).toMatch(/\n\nPublished-by: maya\nCurator-id: a{20}$/);
    expect(git('show', 'site:content/products/kite.md')).toMatch(/published: false/);
    expect(
      (await decap('token-maya', 'DELETE', `git/refs/heads/${encodeURIComponent('cms/products/kite')}`)).status,
    ).toBe(204);
    expect(await backend.list()).toEqual([]);
  });
});

describe('tricks stop at the gateway', () => {
  it('a symlink in a tree never reaches git', async () => {
    const site = await decap('token-maya', 'GET', 'branches/site');
    const target = await decap('token-maya', 'POST', 'git/blobs', {
      content: b64('../../netlify.toml'),
      encoding: 'base64',
    });
    const res = await decap('token-maya', 'POST', 'git/trees', {
      base_tree: site.json.commit.sha,
      tree: [{ path: 'content/products/evil.md', mode: '120000', type: 'blob', sha: target.json.sha }],
    });
    expect(res.status).toBe(403);
    expect(res.json.message).toMatch(/symlink/);
  });

  it('moving the site branch is refused', async () => {
    const res = await decap('token-maya', 'PATCH', 'git/refs/heads/site', {
      sha: git('rev-parse', 'main'),
      force: true,
    });
    expect(res.status).toBe(403);
    expect(git('rev-parse', 'site')).not.toBe(git('rev-parse', 'main'));
  });
});

/** A blob's bytes, as git stores them. */
async function blob(spec: string): Promise<Buffer> {
  const { execFileSync } = await import('node:child_process');
  return execFileSync('git', ['-C', dir, 'cat-file', 'blob', spec]);
}
