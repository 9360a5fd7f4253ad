// GitHub's pull requests and their labels over the real repository: open, list, read, update,
// their files and commits, and the merge: refused for a stale head (409) or a head whose required
// check has not passed (405, the site branch's rule set), otherwise a real merge commit (git
// merge-tree, commit-tree) written onto the site branch with update-ref's compare-and-swap.
import { CHECK_NAME } from './checks.ts';
import {
  commitOf,
  freshPulls,
  labelsOf,
  now,
  pullAnswer,
  pullByNumber,
  stripOwner,
  syncPulls,
  type Ctx,
} from './context.ts';
import { GithubError, invalidField, notFound, page, text, type Route } from './http.ts';
import { diffEntries } from './routes-repo.ts';
import { commit, label } from './shapes.ts';
import type { PullRecord, StandinState } from './state.ts';

/** GitHub lists at most 250 commits and 3000 files of a pull request. */
const PULL_COMMITS = 250;
const PULL_FILES = 3000;
const LABEL_COLOR = 'ededed';

function labelNames(body: Record<string, unknown>): string[] {
  const raw = body.labels;
  if (!Array.isArray(raw)) throw invalidField('Label', 'labels', 'missing_field');
  return raw.map((l) => {
    const name =
      typeof l === 'string' ? l : typeof l === 'object' && l !== null ? (l as { name?: unknown }).name : null;
    if (typeof name !== 'string' || !name.trim() || name.length > 50)
      throw invalidField('Label', 'name', 'invalid', 'A label name is a string of 1 to 50 characters.');
    return name.trim();
  });
}

/** Within a change: labels made on first use, as GitHub does for the issue labels endpoints. */
function ensureLabels(s: StandinState, names: string[]) {
  for (const name of names)
    if (!s.labels.some((l) => l.name === name))
      s.labels.push({ id: s.nextId++, name, color: LABEL_COLOR, description: '' });
}

export function pullRoutes(ctx: Ctx): Route[] {
  const { git, site, state } = ctx;

  /** Within `exclusive`: the pull requests brought up to date and the change `fn` makes, written. */
  const updated = async <T>(fn: (s: StandinState) => Promise<T> | T): Promise<T> => {
    const result = await state.save(async (s) => {
      await syncPulls(ctx, s);
      return fn(s);
    });
    ctx.checks.kick();
    return result;
  };

  const issueLabels = (pr: PullRecord) => labelsOf(state.read(), pr.labels).map((l) => label(site, l));

  return [
    {
      method: 'GET',
      repo: true,
      path: /^\/pulls$/,
      async handle(req) {
        const q = req.url.searchParams;
        const want = q.get('state') ?? 'open';
        const head = q.get('head');
        const headBranch = head ? (head.includes(':') ? stripOwner(ctx, head) : head) : null;
        // A head of another owner names a fork: none here.
        const foreign = head !== null && head.includes(':') && headBranch === head;
        const sort = q.get('sort') ?? 'created';
        const direction = q.get('direction') ?? (sort === 'created' ? 'desc' : 'asc');
        const key = (p: PullRecord) =>
          (sort === 'updated' ? p.updatedAt : p.createdAt) + String(p.number).padStart(9, '0');
        const list = (await freshPulls(ctx))
          .filter(
            (p) =>
              !foreign &&
              (want === 'all' || p.state === want) &&
              (!headBranch || p.head === headBranch) &&
              (!q.get('base') || p.base === q.get('base')),
          )
          .sort((a, b) => (key(a) < key(b) ? -1 : 1) * (direction === 'asc' ? 1 : -1));
        const { items, headers } = page(list, req.url, 30);
        return { status: 200, headers, body: await Promise.all(items.map((p) => pullAnswer(ctx, p, false))) };
      },
    },
    {
      method: 'POST',
      repo: true,
      path: /^\/pulls$/,
      async handle(req) {
        const title = text(req.body, 'title', 'PullRequest', true);
        const headRaw = text(req.body, 'head', 'PullRequest', true);
        const base = text(req.body, 'base', 'PullRequest', true);
        const body = text(req.body, 'body', 'PullRequest') ?? null;
        const head = stripOwner(ctx, headRaw);
        if (head.includes(':')) throw invalidField('PullRequest', 'head', 'invalid');
        return state.exclusive(async () => {
          const headSha = await git.refSha(`refs/heads/${head}`);
          if (!headSha) throw invalidField('PullRequest', 'head', 'invalid');
          const baseSha = await git.refSha(`refs/heads/${base}`);
          if (!baseSha) throw invalidField('PullRequest', 'base', 'invalid');
          if ((await git.revList(baseSha, headSha, 1)).length === 0)
            throw new GithubError(422, 'Validation Failed', [
              { resource: 'PullRequest', code: 'custom', message: `No commits between ${base} and ${head}` },
            ]);
          const pr = await updated((s) => {
            // After the pull requests followed their branches (one whose branch went is closed).
            if (s.pulls.some((p) => p.state === 'open' && p.head === head && p.base === base))
              throw new GithubError(422, 'Validation Failed', [
                {
                  resource: 'PullRequest',
                  code: 'custom',
                  message: `A pull request already exists for ${site.owner}:${head}.`,
                },
              ]);
            const at = now();
            const record: PullRecord = {
              number: s.nextNumber++,
              id: s.nextId++,
              title,
              body,
              state: 'open',
              draft: req.body.draft === true,
              head,
              headSha,
              base,
              baseSha,
              user: site.bot.login,
              createdAt: at,
              updatedAt: at,
              closedAt: null,
              mergedAt: null,
              mergeCommitSha: null,
              mergedBy: null,
              labels: [],
              reviewers: [],
            };
            s.pulls.push(record);
            ctx.checks.queue(s, headSha);
            return record;
          });
          ctx.checks.kick();
          return {
            status: 201,
            body: await pullAnswer(ctx, pr, true),
            headers: { location: `${site.api}/repos/${site.owner}/${site.repo}/pulls/${pr.number}` },
          };
        });
      },
    },
    {
      method: 'GET',
      repo: true,
      path: /^\/pulls\/(\d+)$/,
      async handle(req) {
        await freshPulls(ctx);
        return { status: 200, body: await pullAnswer(ctx, pullByNumber(ctx, req.params[0]!), true) };
      },
    },
    {
      method: 'PATCH',
      repo: true,
      path: /^\/pulls\/(\d+)$/,
      async handle(req) {
        const title = text(req.body, 'title', 'PullRequest');
        const body = text(req.body, 'body', 'PullRequest');
        const wanted = text(req.body, 'state', 'PullRequest');
        const base = text(req.body, 'base', 'PullRequest');
        if (wanted !== undefined && wanted !== 'open' && wanted !== 'closed')
          throw invalidField('PullRequest', 'state', 'invalid', 'state is open or closed.');
        const pr = await state.exclusive(async () => {
          pullByNumber(ctx, req.params[0]!);
          if (base !== undefined && !(await git.refSha(`refs/heads/${base}`)))
            throw invalidField('PullRequest', 'base', 'invalid');
          return updated(async (s) => {
            const p = s.pulls.find((x) => String(x.number) === req.params[0])!;
            if (wanted === 'open' && p.state === 'closed') {
              if (p.mergedAt) throw new GithubError(422, 'state cannot be changed. The pull request has been merged.');
              const head = await git.refSha(`refs/heads/${p.head}`);
              if (!head) throw new GithubError(422, `state cannot be changed. The ${p.head} branch has been deleted.`);
              Object.assign(p, { state: 'open', closedAt: null, headSha: head });
              ctx.checks.queue(s, head);
            } else if (wanted === 'closed' && p.state === 'open')
              Object.assign(p, { state: 'closed', closedAt: now() });
            if (title !== undefined) p.title = title;
            if (body !== undefined) p.body = body;
            if (base !== undefined && p.state === 'open') {
              p.base = base;
              p.baseSha = (await git.refSha(`refs/heads/${base}`))!;
            }
            p.updatedAt = now();
            return p;
          });
        });
        return { status: 200, body: await pullAnswer(ctx, pr, true) };
      },
    },
    {
      method: 'GET',
      repo: true,
      path: /^\/pulls\/(\d+)\/files$/,
      async handle(req) {
        await freshPulls(ctx);
        const pr = pullByNumber(ctx, req.params[0]!);
        const from = (await git.mergeBase(pr.baseSha, pr.headSha)) ?? pr.baseSha;
        const files = await diffEntries(ctx, from, pr.headSha, pr.headSha, PULL_FILES);
        const { items, headers } = page(files, req.url, 30);
        return { status: 200, headers, body: items };
      },
    },
    {
      method: 'GET',
      repo: true,
      path: /^\/pulls\/(\d+)\/commits$/,
      async handle(req) {
        await freshPulls(ctx);
        const pr = pullByNumber(ctx, req.params[0]!);
        const from = (await git.mergeBase(pr.baseSha, pr.headSha)) ?? pr.baseSha;
        const shas = (await git.revList(from, pr.headSha, 100_000)).slice(0, PULL_COMMITS);
        const { items, headers } = page(shas, req.url, 30);
        return {
          status: 200,
          headers,
          body: await Promise.all(items.map(async (c) => commit(site, await git.commit(c)))),
        };
      },
    },
    {
      method: 'PUT',
      repo: true,
      path: /^\/pulls\/(\d+)\/merge$/,
      async handle(req) {
        const sha = text(req.body, 'sha', 'PullRequest');
        const method = text(req.body, 'merge_method', 'PullRequest') ?? 'merge';
        const title = text(req.body, 'commit_title', 'PullRequest');
        const message = text(req.body, 'commit_message', 'PullRequest');
        if (`${title ?? ''}${message ?? ''}`.includes('\0'))
          throw invalidField('PullRequest', 'commit_message', 'invalid', 'A commit message holds no NUL byte.');
        if (!['merge', 'squash', 'rebase'].includes(method))
          throw invalidField('PullRequest', 'merge_method', 'invalid', 'merge_method is merge, squash or rebase.');
        return state.exclusive(async () => {
          pullByNumber(ctx, req.params[0]!);
          const draft = structuredClone(state.read());
          await syncPulls(ctx, draft);
          const pr = draft.pulls.find((p) => String(p.number) === req.params[0])!;
          if (pr.state !== 'open') throw new GithubError(405, 'Pull Request is not mergeable');
          if (sha !== undefined && sha !== pr.headSha)
            throw new GithubError(409, 'Head branch was modified. Review and try the merge again.');
          if (method === 'rebase') throw new GithubError(405, 'Rebase merges are not allowed on this repository.');
          const check = draft.checks[pr.headSha];
          if (check?.conclusion !== 'success')
            throw new GithubError(
              405,
              `Repository rule violations found\n\nRequired status check "${CHECK_NAME}" ${
                !check ? 'is expected' : check.status !== 'completed' ? 'is in progress' : 'has failed'
              }.\n\n`,
            );
          const baseRef = `refs/heads/${pr.base}`;
          const baseSha = await commitOf(ctx, pr.base);
          const tree = await git.mergeTree(baseSha, pr.headSha);
          if (!tree) throw new GithubError(405, 'Pull Request is not mergeable');
          const squash = method === 'squash';
          const headline =
            title ??
            (squash ? `${pr.title} (#${pr.number})` : `Merge pull request #${pr.number} from ${site.owner}/${pr.head}`);
          const rest = message ?? (squash ? '' : pr.title);
          const bot = { name: site.bot.name, email: site.bot.email, date: now() };
          const merged = await git.commitTree(
            tree,
            squash ? [baseSha] : [baseSha, pr.headSha],
            rest ? `${headline}\n\n${rest}\n` : `${headline}\n`,
            bot,
            bot,
          );
          if (!(await git.updateRef(baseRef, merged, baseSha)))
            throw new GithubError(409, 'Base branch was modified. Review and try the merge again.');
          await state.save((s) => {
            Object.assign(s, draft);
            const p = s.pulls.find((x) => x.number === pr.number)!;
            const at = now();
            Object.assign(p, {
              state: 'closed',
              baseSha,
              mergedAt: at,
              closedAt: at,
              updatedAt: at,
              mergeCommitSha: merged,
              mergedBy: site.bot.login,
            });
          });
          if (pr.base === site.siteBranch) ctx.onSiteMoved?.(merged);
          return { status: 200, body: { sha: merged, merged: true, message: 'Pull Request successfully merged' } };
        });
      },
    },
    {
      method: 'GET',
      repo: true,
      path: /^\/pulls\/(\d+)\/merge$/,
      async handle(req) {
        const pr = pullByNumber(ctx, req.params[0]!);
        if (!pr.mergedAt) throw notFound();
        return { status: 204 };
      },
    },
    {
      method: 'POST',
      repo: true,
      path: /^\/pulls\/(\d+)\/requested_reviewers$/,
      async handle(req) {
        pullByNumber(ctx, req.params[0]!);
        const users = Array.isArray(req.body.reviewers) ? req.body.reviewers : [];
        const teams = Array.isArray(req.body.team_reviewers) ? req.body.team_reviewers : [];
        // The stand-in's one account is the bot that opened the pull request.
        if (users.length || teams.length)
          throw new GithubError(
            422,
            'Reviews may only be requested from collaborators. One or more of the users or teams you specified is not a collaborator of the repository.',
          );
        const pr = pullByNumber(ctx, req.params[0]!);
        return { status: 201, body: await pullAnswer(ctx, pr, false) };
      },
    },
    ...(['GET', 'POST', 'PUT'] as const).map((method): Route => ({
      method,
      repo: true,
      path: /^\/issues\/(\d+)\/labels$/,
      async handle(req) {
        if (method === 'GET') {
          const pr = pullByNumber(ctx, req.params[0]!);
          const { items, headers } = page(issueLabels(pr), req.url, 30);
          return { status: 200, headers, body: items };
        }
        const names = labelNames(req.body);
        const pr = await state.exclusive(() =>
          updated((s) => {
            const p = s.pulls.find((x) => String(x.number) === req.params[0]);
            if (!p) throw notFound();
            ensureLabels(s, names);
            p.labels = method === 'PUT' ? [...new Set(names)] : [...new Set([...p.labels, ...names])];
            p.updatedAt = now();
            return p;
          }),
        );
        return { status: 200, body: issueLabels(pr) };
      },
    })),
    {
      method: 'DELETE',
      repo: true,
      path: /^\/issues\/(\d+)\/labels$/,
      async handle(req) {
        await state.exclusive(() =>
          updated((s) => {
            const p = s.pulls.find((x) => String(x.number) === req.params[0]);
            if (!p) throw notFound();
            p.labels = [];
            p.updatedAt = now();
          }),
        );
        return { status: 204 };
      },
    },
    {
      method: 'DELETE',
      repo: true,
      path: /^\/issues\/(\d+)\/labels\/([^/]+)$/,
      async handle(req) {
        const pr = await state.exclusive(() =>
          updated((s) => {
            const p = s.pulls.find((x) => String(x.number) === req.params[0]);
            if (!p) throw notFound();
            if (!p.labels.includes(req.params[1]!)) throw new GithubError(404, 'Label does not exist');
            p.labels = p.labels.filter((l) => l !== req.params[1]);
            p.updatedAt = now();
            return p;
          }),
        );
        return { status: 200, body: issueLabels(pr) };
      },
    },
  ];
}
