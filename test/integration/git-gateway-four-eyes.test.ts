// The editor's two promises to a site's owner, tried as an insider would over a real git repository
// (the GitHub stand-in): a change goes live only after a second curator publishes it, and the
// editor touches only the catalog's content. The race: while maya publishes her own save a1, her
// branch is moved to jo's save b1 and back between any two of the gateway's reads (the stand-in's
// test hook), every interleaving tried: four eyes is judged on what is merged, so she never wins.
// Then a save that also changes another product and the recall watch list, a save carrying the
// tree of an older version of the whole repository or a subtree, a forged trailer, a watcher's
// recall proposal closed or unlabelled alone, an undecodable picture and a tree naming a file the
// gateway never re-encoded: each refused, nothing in git. Decap's rebase of a save keeps working.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGithubStandin, type GithubStandin } from '../../scripts/lib/github-standin/index.ts';
import { provenSavers } from '../../src/server/gateway/authorship.ts';
import type { GatewayCurator } from '../../src/server/gateway/policy.ts';
import { githubBackend } from '../../src/server/proposals/github.ts';
import { standinGateway, testSeal } from '../support/gateway-deps.ts';
import { scratchRepo } from '../support/scratch-repo.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const maya: GatewayCurator = { handle: 'maya', role: 'curator', id: 'aaaaaaaaaaaaaaaaaaaa' };
const jo: GatewayCurator = { handle: 'jo', role: 'curator', id: 'bbbbbbbbbbbbbbbbbbbb' };
const ada: GatewayCurator = { handle: 'ada', role: 'admin', id: 'cccccccccccccccccccc' };
const TOKENS: Record<string, GatewayCurator> = { maya, jo, ada };
const SITE = 'https://catalog.example';
const SLUG = 'a-seed-is-sleepy';
const BRANCH = `cms/products/${SLUG}`;

const { dir, git, remove } = scratchRepo('four-eyes-', {
  files: {
    'content/products/kite.md': '---\nslug: kite\nurl: https://shop.example/kite\n---\n',
    'content/recall-watch.yml': 'aliases: []\ndismissals: []\n',
    'netlify.toml': '[build]\ncommand = "npm run build"\n',
  },
});
const token = randomBytes(32).toString('base64url');
let gh: GithubStandin;
let gateway: (req: Request) => Promise<Response>;
/** The stand-in's hook: each request the gateway sends, while a test listens. */
let onRequest: ((req: { method: string; path: string }) => void) | null = null;

beforeAll(async () => {
  // The site's code moves on: main~1 holds an older netlify.toml than the site's branch.
  writeFileSync(path.join(dir, 'netlify.toml'), '[build]\ncommand = "npm run build && npm run check:dist"\n');
  git('commit', '-q', '-am', 'The build checks its output');
  git('branch', 'site', 'main');
  gh = await startGithubStandin({
    repoDir: dir,
    owner: 'local',
    repo: 'catalog',
    siteBranch: 'site',
    token,
    check: async () => true,
    beforeAnswer: (req) => onRequest?.(req),
  });
  gateway = standinGateway(gh, token, TOKENS);
});
afterAll(async () => {
  await gh?.stop();
  remove();
});
beforeEach(() => {
  onRequest = null;
});

/** One of Decap's calls through the gateway as `who`: its status and JSON. */
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
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
const ok = <T extends { status: number; json: Record<string, any> }>(r: T, status: number): T => {
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(r.json)}`);
  return r;
};

/** A save as Decap makes it: blobs, a tree on `base`, a commit on `parent`; the commit's sha. */
async function saveCommit(
  who: string,
  files: Record<string, string>,
  parent: string,
  message: string,
  /** The tree it builds on (the parent's unless given), and more of the commit's fields (an author). */
  { baseTree = git('rev-parse', `${parent}^{tree}`), commit = {} }: { baseTree?: string; commit?: object } = {},
) {
  const tree = [];
  for (const [p, text] of Object.entries(files)) {
    const blob = ok(await decap(who, 'POST', 'git/blobs', { content: b64(text), encoding: 'base64' }), 201);
    tree.push({ path: p, mode: '100644', type: 'blob', sha: blob.json.sha });
  }
  const t = ok(await decap(who, 'POST', 'git/trees', { base_tree: baseTree, tree }), 201);
  const c = ok(
    await decap(who, 'POST', 'git/commits', { message, tree: t.json.sha, parents: [parent], ...commit }),
    201,
  );
  return c.json.sha as string;
}
const product = (name: string) => ({ [`content/products/${SLUG}.md`]: `---\nslug: ${SLUG}\nname: ${name}\n---\n` });

describe('the race: four eyes is judged on exactly what is merged', () => {
  let a1: string;
  let b1: string;
  let number: number;

  beforeAll(async () => {
    const site = git('rev-parse', 'site');
    a1 = await saveCommit('maya', product('A seed is sleepy'), site, `Add ${SLUG} (from the browser editor)`);
    b1 = await saveCommit('jo', product('A seed is sleepy!'), site, `Add ${SLUG} (from the browser editor)`);
    ok(await decap('maya', 'POST', 'git/refs', { ref: `refs/heads/${BRANCH}`, sha: a1 }), 201);
    const pr = ok(await decap('maya', 'POST', 'pulls', { title: `Add ${SLUG}`, head: BRANCH, base: 'site' }), 201);
    number = pr.json.number;
    ok(await decap('maya', 'PUT', `issues/${number}/labels`, { labels: ['decap-cms/pending_publish'] }), 200);
  });

  /** maya publishes a1 while the branch moves to b1 before request `away` and back before `back` (if any). */
  async function publishWhileMoving(away: number, back: number | null) {
    git('update-ref', `refs/heads/${BRANCH}`, a1);
    let seen = 0;
    onRequest = () => {
      if (seen === away) git('update-ref', `refs/heads/${BRANCH}`, b1);
      if (seen === back) git('update-ref', `refs/heads/${BRANCH}`, a1);
      seen++;
    };
    const res = await decap('maya', 'PUT', `pulls/${number}/merge`, { sha: a1, merge_method: 'merge' });
    onRequest = null;
    return { res, requests: seen };
  }

  it('her own publish, undisturbed: refused (four eyes), in at most one GitHub request more than before (7)', async () => {
    const { res, requests } = await publishWhileMoving(-1, null);
    expect(res.status).toBe(403);
    expect(res.json.message).toMatch(/someone else must publish them/);
    expect(requests).toBeLessThanOrEqual(7);
  });

  it('every interleaving of moving her branch to jo’s save and back: she never publishes her own', async () => {
    const site = git('rev-parse', 'site');
    const { requests } = await publishWhileMoving(-1, null);
    const outcomes = new Map<string, number>();
    let tries = 0;
    for (let away = 0; away <= requests; away++)
      for (const back of [null, ...Array.from({ length: requests - away }, (_, i) => away + 1 + i)]) {
        const { res } = await publishWhileMoving(away, back);
        tries++;
        const key = `${res.status} ${String(res.json?.message ?? '').slice(0, 40)}`;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
        // Whatever was answered, the site never holds a1: her own save is not published.
        expect(isAncestor(a1, 'site'), `${away}/${back}: ${key}`).toBe(false);
        expect(git('rev-parse', 'site')).toBe(site);
      }
    expect(tries).toBeGreaterThanOrEqual(15);
    console.log(`the race: ${tries} interleavings over ${requests} requests:`, Object.fromEntries(outcomes));
    expect(
      [...outcomes.keys()].every((k) => /^(403|409) /.test(k)),
      JSON.stringify([...outcomes]),
    ).toBe(true);
  });

  it('jo publishes her save: merged at a1, naming him', async () => {
    git('update-ref', `refs/heads/${BRANCH}`, a1);
    ok(await decap('jo', 'PUT', `pulls/${number}/merge`, { sha: a1, merge_method: 'merge' }), 200);
    expect(git('rev-parse', 'site^2')).toBe(a1);
    expect(git('log', '-1', '--format=%B', 'site')).toMatch(/\n\nPublished-by: jo\nCurator-id: b{20}$/);
  });
});

/** `git merge-base --is-ancestor` as a boolean. */
function isAncestor(a: string, b: string): boolean {
  try {
    git('merge-base', '--is-ancestor', a, b);
    return true;
  } catch {
    return false;
  }
}

describe('a save changes only its own entry, and is built on the site', () => {
  const branch = 'cms/products/wooden-blocks';
  const own = { 'content/products/wooden-blocks.md': '---\nslug: wooden-blocks\nname: Blocks\n---\n' };

  it.each([
    [
      'another product’s shop link',
      { 'content/products/kite.md': '---\nslug: kite\nurl: https://evil.example/kite\n---\n' },
      /the product “kite”/,
    ],
    [
      'a dismissal in the recall watch list',
      { 'content/recall-watch.yml': 'aliases: []\ndismissals:\n  - recall: "24-001"\n' },
      /the recall watch list/,
    ],
  ])(
    'beside its product, %s: her save is refused when the branch is made or moved; nothing in git',
    async (_w, extra, said) => {
      const site = git('rev-parse', 'site');
      const sha = await saveCommit('maya', { ...own, ...extra }, site, 'Add wooden-blocks (from the browser editor)');
      const made = await decap('maya', 'POST', 'git/refs', { ref: `refs/heads/${branch}`, sha });
      expect(made.status).toBe(403);
      expect(made.json.message).toMatch(said);
      expect(made.json.message).toMatch(/“wooden-blocks” only/);
      expect(() => git('rev-parse', '--verify', '-q', `refs/heads/${branch}`)).toThrow();
      // Her branch, made with her product only, then moved to the wider save: refused too.
      const clean = await saveCommit('maya', own, site, 'Add wooden-blocks (from the browser editor)');
      ok(await decap('maya', 'POST', 'git/refs', { ref: `refs/heads/${branch}`, sha: clean }), 201);
      const moved = await decap('maya', 'PATCH', `git/refs/heads/${encodeURIComponent(branch)}`, { sha, force: true });
      expect(moved.status).toBe(403);
      expect(git('rev-parse', branch)).toBe(clean);
      ok(await decap('maya', 'DELETE', `git/refs/heads/${encodeURIComponent(branch)}`), 204);
    },
  );

  it.each([
    ['the tree of an older version of the whole repository', () => git('rev-parse', 'main~1^{tree}')],
    ['a subtree (the product folder) as the whole repository', () => git('rev-parse', 'site:content/products')],
  ])('a commit carrying %s is refused when the branch is made; nothing in git', async (_what, treeOf) => {
    const site = git('rev-parse', 'site');
    // Through the gateway's tree call too: a base tree is only a sha to it, so the branch decides.
    const sha = await saveCommit('maya', own, site, 'Add wooden-blocks (from the browser editor)', {
      baseTree: treeOf(),
    });
    const made = await decap('maya', 'POST', 'git/refs', { ref: `refs/heads/${branch}`, sha });
    expect(made.status).toBe(403);
    expect(made.json.message).toMatch(/“wooden-blocks” only/);
    expect(() => git('rev-parse', '--verify', '-q', `refs/heads/${branch}`)).toThrow();
  });

  it('Decap’s rebase of a save onto a newer site (old commits rebuilt one on another) passes, keeping the first saver', async () => {
    const start = git('rev-parse', 'site');
    const first = await saveCommit('maya', own, start, 'Add wooden-blocks (from the browser editor)');
    ok(await decap('maya', 'POST', 'git/refs', { ref: `refs/heads/${branch}`, sha: first }), 201);
    // The site moves on (another product published meanwhile).
    const moved = git('commit-tree', git('rev-parse', 'site^{tree}'), '-p', start, '-m', 'Another publish');
    git('update-ref', 'refs/heads/site', moved);
    // jo edits her save: Decap rebuilds maya's commit on the new site (same message), then adds his.
    const message = git('log', '-1', '--format=%B', first);
    const rebased = await saveCommit('jo', own, moved, message);
    const his = await saveCommit(
      'jo',
      { 'content/products/wooden-blocks.md': '---\nslug: wooden-blocks\nname: Wooden blocks\n---\n' },
      rebased,
      'Edit wooden-blocks (from the browser editor)',
    );
    ok(await decap('jo', 'PATCH', `git/refs/heads/${encodeURIComponent(branch)}`, { sha: his, force: true }), 200);
    const savers = [rebased, his].flatMap((c) =>
      provenSavers(git('log', '-1', '--format=%B', c), testSeal).map((x) => x.handle),
    );
    expect(new Set(savers)).toEqual(new Set(['maya', 'jo']));
    ok(await decap('jo', 'DELETE', `git/refs/heads/${encodeURIComponent(branch)}`), 204);
  });

  it('a forged Saved-by/Curator-id of another curator counts for nothing; the dates are the gateway’s', async () => {
    const sha = await saveCommit(
      'maya',
      own,
      git('rev-parse', 'site'),
      `Add wooden-blocks\n\nSAVED-BY:jo\ncurator-id :  ${jo.id}`,
      {
        commit: { author: { name: 'jo', email: 'jo@school.example', date: '2001-02-03T04:05:06Z' } },
      },
    );
    const body = git('log', '-1', '--format=%B', sha);
    expect(provenSavers(body, testSeal).map((x) => x.handle)).toEqual(['maya']);
    expect(body).not.toContain(jo.id);
    expect(body).not.toMatch(/saved-by: ?jo/i);
    expect(Number(git('log', '-1', '--format=%at %ct', sha).split(' ')[0])).toBeGreaterThan(
      Date.parse('2026-01-01') / 1000,
    );
  });
});

describe('a watcher’s recall proposal goes away only through four eyes', () => {
  let number: number;
  beforeAll(async () => {
    const backend = githubBackend({ token, repository: 'local/catalog', baseUrl: gh.url });
    const base = await backend.readBase('content/products/kite.md');
    const made = await backend.create({
      branch: 'catalog/kite-abc123',
      path: 'content/products/kite.md',
      text: '---\nslug: kite\nurl: https://shop.example/kite\npublished: false\n---\n',
      expectBase: base!.sha,
      message: 'Recall: take kite off the site\n\nProposed-by: watcher@catalog.example\n',
      title: 'Recall: kite',
      body: 'Proposed by the catalog’s own watcher.',
      labels: ['recall', 'urgent'],
    });
    number = made.number!;
  });

  it.each([
    ['closing it', 'PATCH', () => `pulls/${number}`, { state: 'closed' }],
    ['taking its recall labels off', 'PUT', () => `issues/${number}/labels`, { labels: ['decap-cms/pending_review'] }],
    ['deleting its branch', 'DELETE', () => `git/refs/heads/${encodeURIComponent('cms/products/kite')}`, undefined],
  ])('a curator is refused %s, pointed to the recall watch list; it stays open', async (_w, method, rest, body) => {
    const res = await decap('maya', method, rest(), body);
    expect(res.status).toBe(403);
    expect(res.json.message).toMatch(/recall watch list/);
    const pr = ok(await decap('maya', 'GET', `pulls?base=site&state=open&per_page=100`), 200);
    const open = (pr.json as unknown as { number: number; labels: { name: string }[] }[]).find(
      (p) => p.number === number,
    );
    expect(open?.labels.map((l) => l.name)).toEqual(expect.arrayContaining(['recall', 'urgent']));
  });

  it('an admin may close it', async () => {
    ok(await decap('ada', 'PATCH', `pulls/${number}`, { state: 'closed' }), 200);
  });
});

describe('pictures', () => {
  it('bytes no decoder reads as a picture (a JPEG with GPS behind four junk bytes) are refused and never stored', async () => {
    const jpeg = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#c33' } })
      .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 30/1 0/1' } })
      .jpeg()
      .toBuffer();
    const junk = Buffer.concat([Buffer.from([0xde, 0xad, 0xbe, 0xef]), jpeg]);
    const res = await decap('maya', 'POST', 'git/blobs', { content: b64(junk), encoding: 'base64' });
    expect(res.status).toBe(403);
    expect(res.json.message).toMatch(/could not be read as a picture/);
    // Neither the bytes as sent nor anything else was written: git has no such blob.
    const id = createHash('sha1').update(`blob ${junk.length}\0`).update(junk).digest('hex');
    expect(() => git('cat-file', '-e', id)).toThrow();
  });

  it('a tree naming a file the gateway did not re-encode as a picture is refused', async () => {
    const text = ok(
      await decap('maya', 'POST', 'git/blobs', { content: b64('<svg onload="x"/>'), encoding: 'base64' }),
      201,
    );
    const res = await decap('maya', 'POST', 'git/trees', {
      base_tree: git('rev-parse', 'site^{tree}'),
      tree: [{ path: 'content/images/products/kite.jpg', mode: '100644', type: 'blob', sha: text.json.sha }],
    });
    expect(res.status).toBe(403);
    expect(res.json.message).toMatch(/photo step/);
  });
});

describe('the race’s hook is the tests’ own', () => {
  it('no script that starts the local stack passes it', () => {
    const standin = path.join(ROOT, 'scripts/lib/github-standin');
    const users = [
      ...readdirSync(standin).map((f) => path.join(standin, f)),
      path.join(ROOT, 'scripts/start.ts'),
      ...readdirSync(path.join(ROOT, 'scripts/lib')).map((f) => path.join(ROOT, 'scripts/lib', f)),
    ]
      .filter((f) => f.endsWith('.ts') && !/github-standin\/(index|http)\.ts$/.test(f))
      .filter((f) => readFileSync(f, 'utf8').includes('beforeAnswer'));
    expect(users).toEqual([]);
  });
});
