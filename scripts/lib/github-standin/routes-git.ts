// GitHub's git data API over the real repository: blobs, trees, commits and refs, made with git's
// plumbing (hash-object, read-tree and update-index in a temporary index, write-tree,
// commit-tree, update-ref with the old value, so two writers never overwrite each other).
import { GithubError, invalidField, notFound, page, text, type Route } from './http.ts';
import { assertWritableRef, now, syncPulls, type Ctx } from './context.ts';
import { SHA } from './git.ts';
import { gitCommit, gitRef, repoApi } from './shapes.ts';

const MODES: Record<string, 'blob' | 'tree' | 'commit'> = {
  '100644': 'blob',
  '100755': 'blob',
  '120000': 'blob',
  '040000': 'tree',
  '160000': 'commit',
};
/** Blob content is sent whole up to this size, as GitHub does for the contents API. */
const BASE64_LINE = 60;

export const base64Lines = (bytes: Buffer) =>
  (bytes.toString('base64').match(new RegExp(`.{1,${BASE64_LINE}}`, 'g')) ?? []).join('\n') +
  (bytes.length ? '\n' : '');

/** A tree path GitHub accepts: relative, no empty, `.`, `..` or `.git` segment. */
function checkPath(p: unknown): string {
  if (typeof p !== 'string' || !p) throw invalidField('Tree', 'path', 'missing_field');
  const parts = p.split('/');
  if (
    p.startsWith('/') ||
    /[\0\n\r]/.test(p) ||
    parts.some((x) => x === '' || x === '.' || x === '..' || x.toLowerCase() === '.git')
  )
    throw new GithubError(422, `tree.path contains a malformed path component: ${JSON.stringify(p)}`);
  return p;
}

function refName(raw: string): string {
  const ref = raw.startsWith('refs/') ? raw : `refs/${raw}`;
  if (ref.split('/').length < 3 || /[\0\s~^:?*[\\]|\.\.|@\{|\/\.|\.lock$|\/$|\.$/.test(ref))
    throw new GithubError(422, 'Reference name is invalid');
  return ref;
}

/** Within `exclusive`: pull requests follow the refs just written, checks queued; then they run. */
async function afterRefWrite(ctx: Ctx) {
  const draft = structuredClone(ctx.state.read());
  if (await syncPulls(ctx, draft)) await ctx.state.save((s) => Object.assign(s, draft));
}

export function gitRoutes(ctx: Ctx): Route[] {
  const { git, site } = ctx;
  const api = repoApi(site);

  const treeAnswer = async (sha: string, recursive: boolean) => ({
    sha,
    url: `${api}/git/trees/${sha}`,
    tree: (await git.lsTree(sha, recursive)).map((e) => ({
      path: e.path,
      mode: e.mode,
      type: e.type,
      sha: e.sha,
      ...(e.size !== undefined ? { size: e.size } : {}),
      url: `${api}/git/${e.type === 'tree' ? 'trees' : e.type === 'blob' ? 'blobs' : 'commits'}/${e.sha}`,
    })),
    truncated: false,
  });

  return [
    {
      method: 'GET',
      repo: true,
      path: /^\/git\/blobs\/([^/]+)$/,
      async handle(req) {
        const sha = req.params[0]!;
        if ((await git.typeOf(sha)) !== 'blob') throw notFound();
        const bytes = await git.blob(sha);
        return {
          status: 200,
          body: {
            sha,
            node_id: Buffer.from(`Blob:${sha}`).toString('base64url'),
            size: bytes.length,
            url: `${api}/git/blobs/${sha}`,
            content: base64Lines(bytes),
            encoding: 'base64',
          },
        };
      },
    },
    {
      method: 'POST',
      repo: true,
      path: /^\/git\/blobs$/,
      async handle(req) {
        const content = text(req.body, 'content', 'Blob', true);
        const encoding = text(req.body, 'encoding', 'Blob') ?? 'utf-8';
        let bytes: Buffer;
        if (encoding === 'base64') {
          if (!/^[A-Za-z0-9+/=\s]*$/.test(content))
            throw invalidField('Blob', 'content', 'invalid', 'content is not valid base64.');
          bytes = Buffer.from(content, 'base64');
        } else if (encoding === 'utf-8' || encoding === 'utf8') bytes = Buffer.from(content, 'utf8');
        else throw invalidField('Blob', 'encoding', 'invalid', 'encoding must be utf-8 or base64.');
        const sha = await git.hashBlob(bytes);
        return { status: 201, body: { sha, url: `${api}/git/blobs/${sha}` } };
      },
    },
    {
      // GET /git/trees/{tree_sha}: a sha, a branch, or `<branch>:<folder>` (Decap's listFiles
      // sends the folder unencoded, so the rest of the path is the name).
      method: 'GET',
      repo: true,
      path: /^\/git\/trees\/(.+)$/,
      async handle(req) {
        const sha = await git.resolve(req.params[0]!, 'tree');
        if (!sha) throw notFound();
        return { status: 200, body: await treeAnswer(sha, req.url.searchParams.has('recursive')) };
      },
    },
    {
      method: 'POST',
      repo: true,
      path: /^\/git\/trees$/,
      async handle(req) {
        const entries = req.body.tree;
        if (!Array.isArray(entries)) throw invalidField('Tree', 'tree', 'missing_field');
        const baseTree = text(req.body, 'base_tree', 'Tree');
        let base: string | null = null;
        if (baseTree) {
          base = await git.resolve(baseTree, 'tree');
          if (!base) throw new GithubError(422, `base_tree ${baseTree} does not exist or is not a tree.`);
        }
        const edits: { path: string; mode: string; sha: string | null }[] = [];
        for (const raw of entries as Record<string, unknown>[]) {
          if (typeof raw !== 'object' || raw === null) throw invalidField('Tree', 'tree', 'invalid');
          const p = checkPath(raw.path);
          const mode = String(raw.mode ?? '');
          const want = MODES[mode === '40000' ? '040000' : mode];
          if (!want) throw new GithubError(422, `tree.mode of ${p} must be one of ${Object.keys(MODES).join(', ')}.`);
          if (raw.type !== undefined && raw.type !== want)
            throw new GithubError(422, `tree.type of ${p} must be ${want} for mode ${mode}.`);
          if (typeof raw.content === 'string') {
            if (want !== 'blob') throw new GithubError(422, `tree.content of ${p} is only for blobs.`);
            edits.push({ path: p, mode, sha: await git.hashBlob(Buffer.from(raw.content, 'utf8')) });
            continue;
          }
          if (raw.sha === null) {
            edits.push({ path: p, mode, sha: null });
            continue;
          }
          if (typeof raw.sha !== 'string' || !SHA.test(raw.sha))
            throw new GithubError(422, `tree.sha of ${p} must be a 40-character sha, or null to remove the path.`);
          if (want !== 'commit' && (await git.typeOf(raw.sha)) !== want)
            throw new GithubError(422, `tree.sha ${raw.sha} is not a valid ${want}.`);
          edits.push({ path: p, mode: mode === '40000' ? '040000' : mode, sha: raw.sha });
        }
        const sha = await git.makeTree(base, edits);
        return { status: 201, body: await treeAnswer(sha, false) };
      },
    },
    {
      method: 'GET',
      repo: true,
      path: /^\/git\/commits\/([^/]+)$/,
      async handle(req) {
        const sha = req.params[0]!;
        if ((await git.typeOf(sha)) !== 'commit') throw notFound();
        return { status: 200, body: gitCommit(site, await git.commit(sha)) };
      },
    },
    {
      method: 'POST',
      repo: true,
      path: /^\/git\/commits$/,
      async handle(req) {
        const message = text(req.body, 'message', 'Commit', true);
        if (message.includes('\0'))
          throw invalidField('Commit', 'message', 'invalid', 'A commit message holds no NUL byte.');
        const tree = text(req.body, 'tree', 'Commit', true);
        if ((await git.typeOf(tree)) !== 'tree') throw new GithubError(422, 'Tree SHA does not exist');
        const parents = req.body.parents ?? [];
        if (!Array.isArray(parents)) throw invalidField('Commit', 'parents', 'invalid');
        for (const p of parents)
          if (typeof p !== 'string' || (await git.typeOf(p)) !== 'commit')
            throw new GithubError(422, 'Parent SHA does not exist or is not a commit object');
        const who = (field: 'author' | 'committer') => {
          const v = req.body[field] as Record<string, unknown> | undefined;
          if (v === undefined || v === null) return undefined;
          const name = typeof v.name === 'string' ? v.name.trim() : '';
          const email = typeof v.email === 'string' ? v.email.trim() : '';
          if (!name || !email || /[<>\n\0]/.test(name + email))
            throw invalidField('Commit', `${field}`, 'invalid', `${field} needs a name and an email.`);
          const date = typeof v.date === 'string' && v.date ? v.date : undefined;
          if (date !== undefined && Number.isNaN(Date.parse(date)))
            throw invalidField('Commit', `${field}.date`, 'invalid', `${field}.date is not an ISO 8601 date.`);
          return { name, email, date: date ?? now() };
        };
        const bot = { name: site.bot.name, email: site.bot.email, date: now() };
        const author = who('author') ?? bot;
        const committer = who('committer') ?? author;
        const sha = await git.commitTree(tree, parents as string[], message, author, committer);
        return { status: 201, body: gitCommit(site, await git.commit(sha)) };
      },
    },
    {
      method: 'GET',
      repo: true,
      path: /^\/git\/ref\/(.+)$/,
      async handle(req) {
        const ref = refName(req.params[0]!);
        const sha = await git.refSha(ref);
        if (!sha) throw notFound();
        return { status: 200, body: gitRef(site, ref, sha) };
      },
    },
    {
      method: 'GET',
      repo: true,
      path: /^\/git\/matching-refs\/(.*)$/,
      async handle(req) {
        const prefix = `refs/${req.params[0]!}`;
        const all = (await git.refs(prefix.replace(/\/?$/, '')))
          .concat(prefix.endsWith('/') ? [] : await git.refs(prefix))
          .filter((r, i, a) => r.ref.startsWith(prefix) && a.findIndex((x) => x.ref === r.ref) === i);
        const { items, headers } = page(all, req.url, 100);
        return { status: 200, body: items.map((r) => gitRef(site, r.ref, r.sha)), headers };
      },
    },
    {
      method: 'POST',
      repo: true,
      path: /^\/git\/refs$/,
      async handle(req) {
        const raw = text(req.body, 'ref', 'Reference', true);
        const sha = text(req.body, 'sha', 'Reference', true);
        if (!raw.startsWith('refs/')) throw new GithubError(422, 'Reference name is invalid');
        const ref = refName(raw);
        if ((await git.typeOf(sha)) !== 'commit') throw new GithubError(422, 'Object does not exist');
        await assertWritableRef(ctx, ref);
        return ctx.state.exclusive(async () => {
          if (!(await git.updateRef(ref, sha, null))) throw new GithubError(422, 'Reference already exists');
          await afterRefWrite(ctx);
          ctx.checks.kick();
          return { status: 201, body: gitRef(site, ref, sha), headers: { location: `${api}/git/${ref}` } };
        });
      },
    },
    {
      method: 'PATCH',
      repo: true,
      path: /^\/git\/refs\/(.+)$/,
      async handle(req) {
        const ref = refName(req.params[0]!);
        const sha = text(req.body, 'sha', 'Reference', true);
        const force = req.body.force === true;
        if ((await git.typeOf(sha)) !== 'commit') throw new GithubError(422, 'Object does not exist');
        await assertWritableRef(ctx, ref);
        return ctx.state.exclusive(async () => {
          const old = await git.refSha(ref);
          if (!old) throw new GithubError(422, 'Reference does not exist');
          if (!force && !(await git.isAncestor(old, sha))) throw new GithubError(422, 'Update is not a fast forward');
          if (!(await git.updateRef(ref, sha, old))) throw new GithubError(422, 'Reference cannot be updated');
          await afterRefWrite(ctx);
          ctx.checks.kick();
          return { status: 200, body: gitRef(site, ref, sha) };
        });
      },
    },
    {
      method: 'DELETE',
      repo: true,
      path: /^\/git\/refs\/(.+)$/,
      async handle(req) {
        const ref = refName(req.params[0]!);
        await assertWritableRef(ctx, ref);
        return ctx.state.exclusive(async () => {
          const old = await git.refSha(ref);
          if (!old || !(await git.updateRef(ref, null, old))) throw new GithubError(422, 'Reference does not exist');
          await afterRefWrite(ctx);
          return { status: 204 };
        });
      },
    },
  ];
}
