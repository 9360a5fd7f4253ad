// GitHub's repository API over the real repository: the repository, branches, contents, the
// commits of a path, comparisons, the bot user, and the required check as check runs, a commit
// status and workflow runs (the last for the MCP proposals' listing).
import path from 'node:path';
import { CHECK_NAME, WORKFLOW } from './checks.ts';
import { commitOf, freshPulls, pushedAt, stripOwner, type Ctx } from './context.ts';
import { base64Lines } from './routes-git.ts';
import { GithubError, notFound, page, type Route } from './http.ts';
import { checkRun, commit, diffEntry, publicUser, repoApi, repoWeb, repository, workflowRun } from './shapes.ts';
import type { Change } from './git.ts';

/** GitHub sends a file's content in the contents API up to 1 MB. */
const CONTENT_LIMIT = 1024 * 1024;
/** GitHub lists at most 250 commits and 300 files in a comparison. */
const COMPARE_COMMITS = 250;
const COMPARE_FILES = 300;

/** GitHub's diff-entry list between two commits: text files carry their patch, binary ones none. */
export async function diffEntries(ctx: Ctx, from: string, to: string, ref: string, max: number) {
  const changes: Change[] = (await ctx.git.changes(from, to)).slice(0, max);
  return Promise.all(
    changes.map(async (c) =>
      diffEntry(
        ctx.site,
        c,
        ref,
        c.binary ? null : await ctx.git.patch(from, to, c.previousPath ? [c.previousPath, c.path] : [c.path]),
      ),
    ),
  );
}

export function repoRoutes(ctx: Ctx): Route[] {
  const { git, site } = ctx;
  const api = repoApi(site);

  return [
    {
      method: 'GET',
      repo: true,
      path: /^$/,
      async handle() {
        return { status: 200, body: repository(site, await pushedAt(ctx)) };
      },
    },
    {
      method: 'GET',
      repo: true,
      path: /^\/branches\/(.+)$/,
      async handle(req) {
        const name = req.params[0]!;
        const sha = await git.refSha(`refs/heads/${name}`);
        if (!sha || name.startsWith('-')) throw new GithubError(404, 'Branch not found');
        const guarded = name === site.siteBranch;
        return {
          status: 200,
          body: {
            name,
            commit: commit(site, await git.commit(sha)),
            _links: { html: `${repoWeb(site)}/tree/${name}`, self: `${api}/branches/${name}` },
            protected: guarded,
            protection: guarded
              ? {
                  enabled: true,
                  required_status_checks: {
                    enforcement_level: 'everyone',
                    contexts: [CHECK_NAME],
                    checks: [{ context: CHECK_NAME, app_id: null }],
                  },
                }
              : { enabled: false, required_status_checks: { enforcement_level: 'off', contexts: [], checks: [] } },
            protection_url: `${api}/branches/${name}/protection`,
          },
        };
      },
    },
    {
      method: 'GET',
      repo: true,
      path: /^\/contents(?:\/(.*))?$/,
      async handle(req) {
        const want = (req.params[0] ?? '').replace(/^\/+|\/+$/g, '');
        const ref = req.url.searchParams.get('ref') ?? site.siteBranch;
        const at = await commitOf(ctx, ref.replace(/^refs\/heads\//, ''));
        const { tree } = await git.commit(at);
        const entries = want
          ? await git
              .lsTree(`${tree}:${path.posix.dirname(want) === '.' ? '' : path.posix.dirname(want)}`, false)
              .catch(() => [])
          : [];
        const entry = want
          ? entries.find((e) => e.path === path.posix.basename(want))
          : { type: 'tree', sha: tree, mode: '040000', path: '' };
        if (!entry) throw notFound();
        const item = (p: string, e: { type: string; sha: string; mode: string; size?: number }) => {
          const type =
            e.type === 'tree' ? 'dir' : e.type === 'commit' ? 'submodule' : e.mode === '120000' ? 'symlink' : 'file';
          const self = `${api}/contents/${p}?ref=${ref}`;
          const git_url = `${api}/git/${e.type === 'tree' ? 'trees' : 'blobs'}/${e.sha}`;
          const html_url = `${repoWeb(site)}/${e.type === 'tree' ? 'tree' : 'blob'}/${ref}/${p}`;
          return {
            type,
            size: e.size ?? 0,
            name: path.posix.basename(p),
            path: p,
            sha: e.sha,
            url: self,
            git_url,
            html_url,
            download_url: type === 'file' ? `${repoWeb(site)}/raw/${ref}/${p}` : null,
            _links: { self, git: git_url, html: html_url },
          };
        };
        if (entry.type === 'tree') {
          const list = await git.lsTree(entry.sha, false);
          return { status: 200, body: list.map((e) => item(want ? `${want}/${e.path}` : e.path, e)) };
        }
        if (entry.type !== 'blob') return { status: 200, body: item(want, entry) };
        const bytes = await git.blob(entry.sha);
        if (/application\/vnd\.github(?:\.v3)?\.raw/.test(req.accept))
          return { status: 200, raw: { bytes, type: 'application/vnd.github.raw; charset=utf-8' } };
        const base = item(want, { ...entry, size: bytes.length });
        if (base.type === 'symlink') return { status: 200, body: { ...base, target: bytes.toString('utf8') } };
        const whole = bytes.length <= CONTENT_LIMIT;
        return {
          status: 200,
          body: { ...base, encoding: whole ? 'base64' : 'none', content: whole ? base64Lines(bytes) : '' },
        };
      },
    },
    {
      method: 'GET',
      repo: true,
      path: /^\/commits$/,
      async handle(req) {
        const q = req.url.searchParams;
        const head = await commitOf(ctx, q.get('sha') ?? site.siteBranch);
        const per = Math.min(100, Math.max(1, Number(q.get('per_page')) || 30));
        const at = Math.max(1, Number(q.get('page')) || 1);
        const filePath = q.get('path');
        // Newest first, one more than the page to know whether a next page exists.
        const shas = (await git.revList(null, head, per * at + 1, filePath ? [filePath] : [])).reverse();
        const next = new URL(req.url);
        next.searchParams.set('page', String(at + 1));
        return {
          status: 200,
          body: await Promise.all(
            shas.slice((at - 1) * per, at * per).map(async (sha) => commit(site, await git.commit(sha))),
          ),
          headers: shas.length > per * at ? { link: `<${next.href}>; rel="next"` } : ({} as Record<string, string>),
        };
      },
    },
    {
      method: 'GET',
      repo: true,
      path: /^\/compare\/(.+)$/,
      async handle(req) {
        const spec = req.params[0]!;
        const dots = spec.indexOf('...');
        if (dots === -1) throw notFound();
        const baseName = stripOwner(ctx, spec.slice(0, dots));
        const headName = stripOwner(ctx, spec.slice(dots + 3));
        const base = await commitOf(ctx, baseName);
        const head = await commitOf(ctx, headName);
        const mb = await git.mergeBase(base, head);
        if (!mb) throw notFound();
        const ahead = await git.revList(mb, head, 100_000);
        const behind = await git.revList(mb, base, 100_000);
        const status =
          ahead.length && behind.length ? 'diverged' : ahead.length ? 'ahead' : behind.length ? 'behind' : 'identical';
        const web = repoWeb(site);
        return {
          status: 200,
          body: {
            url: `${api}/compare/${spec}`,
            html_url: `${web}/compare/${spec}`,
            permalink_url: `${web}/compare/${site.owner}:${base}...${site.owner}:${head}`,
            diff_url: `${web}/compare/${spec}.diff`,
            patch_url: `${web}/compare/${spec}.patch`,
            base_commit: commit(site, await git.commit(base)),
            merge_base_commit: commit(site, await git.commit(mb)),
            status,
            ahead_by: ahead.length,
            behind_by: behind.length,
            total_commits: ahead.length,
            commits: await Promise.all(
              ahead.slice(0, COMPARE_COMMITS).map(async (c) => commit(site, await git.commit(c))),
            ),
            files: await diffEntries(ctx, mb, head, head, COMPARE_FILES),
          },
        };
      },
    },
    {
      method: 'GET',
      repo: false,
      path: /^\/users\/([^/]+)$/,
      async handle(req) {
        if (req.params[0]!.toLowerCase() !== site.bot.login.toLowerCase()) throw notFound();
        return { status: 200, body: publicUser(site) };
      },
    },
    {
      method: 'GET',
      repo: true,
      path: /^\/commits\/([^/]+)\/status$/,
      async handle(req) {
        const sha = await commitOf(ctx, req.params[0]!);
        return {
          status: 200,
          body: {
            state: 'pending',
            statuses: [],
            sha,
            total_count: 0,
            repository: repository(site, await pushedAt(ctx)),
            commit_url: `${api}/commits/${sha}`,
            url: `${api}/commits/${sha}/status`,
          },
        };
      },
    },
    {
      method: 'GET',
      repo: true,
      path: /^\/commits\/(.+)\/check-runs$/,
      async handle(req) {
        const sha = await commitOf(ctx, req.params[0]!);
        const pulls = await freshPulls(ctx);
        const q = req.url.searchParams;
        const record = ctx.state.read().checks[sha];
        const wanted =
          record &&
          (!q.get('check_name') || q.get('check_name') === CHECK_NAME) &&
          (!q.get('status') || q.get('status') === record.status);
        const prs = pulls.filter((p) => p.state === 'open' && p.headSha === sha);
        const runs = wanted ? [checkRun(site, record, CHECK_NAME, prs)] : [];
        return { status: 200, body: { total_count: runs.length, check_runs: runs } };
      },
    },
    {
      method: 'GET',
      repo: true,
      path: /^\/actions\/runs$/,
      async handle(req) {
        const pulls = await freshPulls(ctx);
        const q = req.url.searchParams;
        const event = q.get('event');
        const records = Object.values(ctx.state.read().checks)
          .filter((c) => !q.get('head_sha') || c.sha === q.get('head_sha'))
          .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id));
        const runs = [];
        if (!event || event === 'pull_request')
          for (const c of records) {
            const pr = [...pulls].reverse().find((p) => p.headSha === c.sha);
            if (pr) runs.push({ c, pr });
          }
        const { items, headers } = page(runs, req.url, 30);
        return {
          status: 200,
          headers,
          body: {
            total_count: runs.length,
            workflow_runs: await Promise.all(
              items.map(async ({ c, pr }) => workflowRun(site, c, WORKFLOW, pr, await git.commit(c.sha))),
            ),
          },
        };
      },
    },
    {
      // GET /commits/{ref}: one commit with its files and their counts (after /status and /check-runs).
      method: 'GET',
      repo: true,
      path: /^\/commits\/(.+)$/,
      async handle(req) {
        const sha = await commitOf(ctx, req.params[0]!);
        const c = await git.commit(sha);
        const parent = c.parents[0] ?? (await git.makeTree(null, []));
        const files = await diffEntries(ctx, parent, sha, sha, COMPARE_FILES);
        const additions = files.reduce((n, f) => n + f.additions, 0);
        const deletions = files.reduce((n, f) => n + f.deletions, 0);
        const { items, headers } = page(files, req.url, 300);
        return {
          status: 200,
          headers,
          body: { ...commit(site, c), stats: { additions, deletions, total: additions + deletions }, files: items },
        };
      },
    },
  ];
}
