// The GitHub proposal backend, for deployed sites: GitHub's REST API through Octokit (its core
// only: the routes below, nothing else), with the site's GitHub credentials (an App's installation
// token or a fine-grained token: src/server/github/credentials.ts) that can write contents and
// pull requests of one repository. A proposal is made with the git data API: one tree on top of
// the default branch's head with one product file replaced, one commit, one ref under
// `refs/heads/catalog/`, then the pull request; if the pull request cannot be made the ref is
// deleted again. No code here merges, writes the default branch's ref, or writes any other path.
// A proposal may carry labels and reviewers (the watchers'): two more requests after the pull
// request, whose failure is reported but undoes nothing.
// Listing costs a few requests however many proposals are open: the open pull requests (100 a
// page; each body's first line names the proposer) and at most two pages of the repository's
// pull-request workflow runs, matched to the pull requests by head commit; never a request per
// pull request. Loaded on first use of a write or list tool (src/server/proposals/choose.ts).
import { Octokit } from '@octokit/core';
import { RequestError } from '@octokit/request-error';
import {
  assertProposalBranch,
  assertWritable,
  BRANCH_PREFIX,
  assertWithdrawable,
  isEditorBranch,
  ProposalError,
  proposedBy,
  type BaseFile,
  type CheckState,
  type NewProposal,
  type Proposal,
  type ProposalBackend,
} from './backend.ts';
import { proposerOf } from './compose.ts';

/** GitHub's largest page. */
const PER_PAGE = 100;
/** Pages of workflow runs a listing reads at most (the newest 200 runs of pull requests). */
const RUN_PAGES = 2;
/** A run for a pull request's commit is made after the pull request; this covers clocks that differ. */
const CLOCK_SLACK_MS = 5 * 60_000;

export interface GithubOptions {
  /** The token, or what returns the current one (an App's installation token is renewed hourly). */
  token: string | (() => Promise<string>);
  /** `owner/name`. */
  repository: string;
  /** The API's address (tests point it at a mock of GitHub's own OpenAPI description). */
  baseUrl?: string;
  /** The fetch Octokit sends requests with (tests record and steer them). */
  fetch?: typeof fetch;
  /** The clock, for the wait a rate limit asks for. */
  now?: () => number;
}

interface PullRequest {
  number: number;
  html_url: string;
  title: string;
  body?: string | null;
  created_at: string;
  user?: { login: string } | null;
  head: { ref: string; sha: string; repo: { full_name: string } | null };
}

interface WorkflowRun {
  head_sha: string;
  workflow_id: number;
  status: string | null;
  conclusion: string | null;
  created_at: string;
}

/** Whether GitHub's Link header names a next page. */
const hasNext = (link: string | undefined) => /<[^>]*>\s*;\s*rel="next"/.test(link ?? '');

/** One workflow run's state: still running, passed (success, neutral, skipped), or failed. */
const runState = (r: WorkflowRun): CheckState =>
  r.status !== 'completed'
    ? 'pending'
    : ['success', 'neutral', 'skipped'].includes(r.conclusion ?? '')
      ? 'success'
      : 'failure';

/** A commit's checks from its latest run of each workflow: any failure wins, then anything running. */
function combined(states: CheckState[]): CheckState {
  if (states.length === 0) return 'none';
  if (states.includes('failure')) return 'failure';
  return states.includes('pending') ? 'pending' : 'success';
}

export function githubBackend(opts: GithubOptions): ProposalBackend {
  const [owner, repo] = opts.repository.split('/');
  if (!owner || !repo || opts.repository.split('/').length !== 2)
    throw new ProposalError('refused', `GITHUB_REPOSITORY must be owner/name, not "${opts.repository}".`);
  const now = opts.now ?? Date.now;
  const token = opts.token;
  const octokit = new Octokit({
    ...(typeof token === 'string' ? { auth: token } : {}),
    userAgent: 'little-hands-catalog-proposals',
    ...(opts.baseUrl ? { baseUrl: opts.baseUrl } : {}),
    ...(opts.fetch ? { request: { fetch: opts.fetch } } : {}),
  });
  // A token that changes (an App's) is asked for on every request; it is kept until near its expiry.
  if (typeof token === 'function')
    octokit.hook.before('request', async (options) => {
      options.headers.authorization = `token ${await token()}`;
    });
  const where = { owner, repo };

  /** A GitHub failure as a ProposalError an admin can act on. */
  function mapped(err: unknown, doing: string): ProposalError {
    if (err instanceof ProposalError) return err;
    // Octokit reports a request that got no answer at all as a RequestError without a response.
    if (!(err instanceof RequestError) || !err.response) {
      const reason = err instanceof Error ? err.message : String(err);
      return new ProposalError('unavailable', `GitHub could not be reached while ${doing}: ${reason}.`);
    }
    const headers = err.response?.headers ?? {};
    const said = (err.response?.data as { message?: string } | undefined)?.message ?? err.message;
    const retryAfter = Number(headers['retry-after']);
    const reset = Number(headers['x-ratelimit-reset']);
    const limited =
      err.status === 429 ||
      (err.status === 403 &&
        (Number.isFinite(retryAfter) || headers['x-ratelimit-remaining'] === '0' || /rate limit/i.test(said)));
    if (limited) {
      const wait = Number.isFinite(retryAfter)
        ? retryAfter
        : Number.isFinite(reset)
          ? Math.max(1, Math.ceil(reset - now() / 1000))
          : 60;
      return new ProposalError('rate_limited', `GitHub's rate limit was reached while ${doing}.`, wait);
    }
    switch (err.status) {
      case 401:
        return new ProposalError(
          'unauthorized',
          'GitHub refused the site’s credentials (wrong, revoked or expired): renew GITHUB_TOKEN, or check the GitHub App’s settings (DEPLOY.md, step 8).',
        );
      case 403:
        return new ProposalError(
          'forbidden',
          `GitHub refused ${doing}: the token needs Contents and Pull requests, read and write, on ${opts.repository} (${said}).`,
        );
      case 404:
        return new ProposalError(
          'not_found',
          `GitHub found nothing while ${doing}: the repository ${opts.repository} does not exist, or the token cannot see it.`,
        );
      case 409:
        return new ProposalError('conflict', `GitHub reported a conflict while ${doing}: ${said}.`);
      case 422:
        return /reference already exists/i.test(said)
          ? new ProposalError('branch_exists', `The branch already exists (${said}).`)
          : new ProposalError('refused', `GitHub refused ${doing}: ${said}.`);
      default:
        return new ProposalError('unavailable', `GitHub answered ${err.status} while ${doing}: ${said}.`);
    }
  }

  async function answer<T>(
    doing: string,
    run: () => Promise<{ data: T; headers: { link?: string } }>,
  ): Promise<{ data: T; link: string | undefined }> {
    try {
      const res = await run();
      return { data: res.data, link: res.headers.link };
    } catch (err) {
      throw mapped(err, doing);
    }
  }
  const call = async <T>(doing: string, run: () => Promise<{ data: T; headers: { link?: string } }>) =>
    (await answer(doing, run)).data;

  let defaultBranch: Promise<string> | undefined;
  const base = () =>
    (defaultBranch ??= call('reading the repository', () => octokit.request('GET /repos/{owner}/{repo}', where))
      .then((r) => r.default_branch)
      .catch((err: unknown) => {
        defaultBranch = undefined;
        throw err;
      }));

  async function headOf(branch: string): Promise<string> {
    const ref = await call(`reading the head of ${branch}`, () =>
      octokit.request('GET /repos/{owner}/{repo}/git/ref/{ref}', { ...where, ref: `heads/${branch}` }),
    );
    return ref.object.sha;
  }

  async function fileAt(ref: string, path: string): Promise<BaseFile | null> {
    try {
      const { data } = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', { ...where, path, ref });
      if (Array.isArray(data) || data.type !== 'file' || !('content' in data))
        throw new ProposalError('refused', `${path} is not a file on GitHub.`);
      return { sha: data.sha, text: Buffer.from(data.content, 'base64').toString('utf8') };
    } catch (err) {
      if (err instanceof RequestError && err.status === 404) return null;
      throw mapped(err, `reading ${path}`);
    }
  }

  async function deleteBranch(branch: string): Promise<void> {
    await call(`deleting the branch ${branch}`, () =>
      octokit.request('DELETE /repos/{owner}/{repo}/git/refs/{ref}', { ...where, ref: `heads/${branch}` }),
    );
  }

  /**
   * The checks of each pull request's head commit, from the newest pull-request workflow runs of
   * the repository (Actions: Read): at most RUN_PAGES requests. A commit with no run among them is
   * 'none' when the runs read reach back to before its pull request, else 'unknown'; all are
   * 'unknown' when the token may not read workflow runs.
   */
  async function checksOf(prs: readonly PullRequest[]): Promise<(sha: string) => CheckState> {
    const wanted = new Set(prs.map((pr) => pr.head.sha));
    /** The newest run of each workflow for each wanted commit. */
    const latest = new Map<string, WorkflowRun>();
    const oldest = Math.min(...prs.map((pr) => Date.parse(pr.created_at))) - CLOCK_SLACK_MS;
    let readAll = false;
    for (let page = 1; page <= RUN_PAGES && !readAll; page++) {
      let runs: WorkflowRun[];
      let link: string | undefined;
      try {
        ({
          data: { workflow_runs: runs },
          link,
        } = await answer('reading the checks (workflow runs)', () =>
          octokit.request('GET /repos/{owner}/{repo}/actions/runs', {
            ...where,
            event: 'pull_request',
            exclude_pull_requests: true,
            per_page: PER_PAGE,
            page,
          }),
        ));
      } catch (err) {
        // Without Actions: Read the proposals are still listed; their checks are not known.
        if (err instanceof ProposalError && (err.code === 'forbidden' || err.code === 'not_found'))
          return () => 'unknown';
        throw err;
      }
      for (const run of runs) {
        const key = `${run.head_sha} ${run.workflow_id}`;
        if (wanted.has(run.head_sha) && !latest.has(key)) latest.set(key, run);
      }
      const matched = new Set([...latest.values()].map((r) => r.head_sha));
      const last = runs.at(-1);
      // Done: no more runs, the next are older than every pull request, or every commit has its runs
      // (and the page does not end among them, where another workflow's run may follow).
      readAll =
        !hasNext(link) ||
        runs.length < PER_PAGE ||
        (last !== undefined && Date.parse(last.created_at) < oldest) ||
        (matched.size === wanted.size && !wanted.has(last?.head_sha ?? ''));
    }
    const states = new Map<string, CheckState[]>();
    for (const run of latest.values()) states.set(run.head_sha, [...(states.get(run.head_sha) ?? []), runState(run)]);
    return (sha) => (states.has(sha) ? combined(states.get(sha)!) : readAll ? 'none' : 'unknown');
  }

  /** This repository's open pull requests from proposal branches (every page GitHub's Link header names). */
  async function openProposals(head?: string): Promise<PullRequest[]> {
    const found: PullRequest[] = [];
    for (let page = 1; ; page++) {
      const { data, link } = await answer('listing pull requests', () =>
        octokit.request('GET /repos/{owner}/{repo}/pulls', {
          ...where,
          state: 'open',
          per_page: PER_PAGE,
          page,
          ...(head ? { head: `${owner}:${head}` } : {}),
        }),
      );
      const prs = data as PullRequest[];
      for (const pr of prs)
        if (
          (pr.head.ref.startsWith(BRANCH_PREFIX) || isEditorBranch(pr.head.ref)) &&
          pr.head.repo?.full_name === opts.repository
        )
          found.push(pr);
      if (!hasNext(link) || prs.length < PER_PAGE) return found;
    }
  }

  return {
    kind: 'github',
    describe: `${opts.repository} on GitHub`,

    async readBase(path) {
      assertWritable(path);
      return fileAt(await base(), path);
    },

    async create(p: NewProposal) {
      assertWritable(p.path);
      assertProposalBranch(p.branch);
      const main = await base();
      const parent = await headOf(main);
      // The file as it is in the very commit the proposal builds on.
      const current = await fileAt(parent, p.path);
      if ((current?.sha ?? null) !== p.expectBase)
        throw new ProposalError(
          'conflict',
          current === null
            ? `${p.path} no longer exists on ${main} (${parent.slice(0, 12)}).`
            : p.expectBase === null
              ? `${p.path} already exists on ${main} (${parent.slice(0, 12)}).`
              : `${p.path} changed on ${main} (${parent.slice(0, 12)}) since it was read.`,
        );
      const baseCommit = await call('reading the base commit', () =>
        octokit.request('GET /repos/{owner}/{repo}/git/commits/{commit_sha}', { ...where, commit_sha: parent }),
      );
      const tree = await call('writing the file', () =>
        octokit.request('POST /repos/{owner}/{repo}/git/trees', {
          ...where,
          base_tree: baseCommit.tree.sha,
          tree: [{ path: p.path, mode: '100644', type: 'blob', content: p.text }],
        }),
      );
      const commit = await call('making the commit', () =>
        octokit.request('POST /repos/{owner}/{repo}/git/commits', {
          ...where,
          message: p.message,
          tree: tree.sha,
          parents: [parent],
        }),
      );
      await call(`creating the branch ${p.branch}`, () =>
        octokit.request('POST /repos/{owner}/{repo}/git/refs', {
          ...where,
          ref: `refs/heads/${p.branch}`,
          sha: commit.sha,
        }),
      );
      let pr: PullRequest;
      try {
        pr = (await call('opening the pull request', () =>
          octokit.request('POST /repos/{owner}/{repo}/pulls', {
            ...where,
            title: p.title,
            body: p.body,
            head: p.branch,
            base: main,
          }),
        )) as PullRequest;
      } catch (err) {
        // Never a half-made proposal: the branch goes again, or the message says it is left.
        const failed = err as ProposalError;
        try {
          await deleteBranch(p.branch);
        } catch {
          throw new ProposalError(
            failed.code,
            `${failed.message} The branch ${p.branch} was made but could not be deleted: delete it on GitHub.`,
            failed.retryAfterSeconds,
          );
        }
        throw new ProposalError(failed.code, `${failed.message} Nothing was left behind.`, failed.retryAfterSeconds);
      }
      // Labels and reviewers (the watchers' proposals): the pull request stands if GitHub refuses them.
      const notes: string[] = [];
      const users = p.reviewers?.users ?? [];
      const teams = p.reviewers?.teams ?? [];
      if (p.labels?.length)
        await call('labelling the pull request', () =>
          octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/labels', {
            ...where,
            issue_number: pr.number,
            labels: [...p.labels!],
          }),
        ).catch((err: unknown) => notes.push((err as Error).message));
      if (users.length || teams.length)
        await call('asking for reviewers', () =>
          octokit.request('POST /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers', {
            ...where,
            pull_number: pr.number,
            reviewers: [...users],
            team_reviewers: [...teams],
          }),
        ).catch((err: unknown) => notes.push((err as Error).message));
      return {
        branch: p.branch,
        title: pr.title,
        url: pr.html_url,
        via: 'mcp',
        number: pr.number,
        proposedBy: proposedBy(p.message),
        checks: 'pending',
        createdAt: new Date(pr.created_at).toISOString(),
        ...(notes.length ? { notes } : {}),
      };
    },

    async list() {
      const prs = await openProposals();
      if (prs.length === 0) return [];
      const checks = await checksOf(prs);
      return prs
        .map((pr): Proposal => ({
          branch: pr.head.ref,
          title: pr.title,
          url: pr.html_url,
          number: pr.number,
          // An editor save's pull request is opened by the curator's own GitHub account.
          via: isEditorBranch(pr.head.ref) ? 'editor' : 'mcp',
          proposedBy: isEditorBranch(pr.head.ref)
            ? pr.user?.login
              ? `@${pr.user.login}`
              : null
            : proposerOf(pr.body ?? null),
          checks: checks(pr.head.sha),
          createdAt: new Date(pr.created_at).toISOString(),
        }))
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
    },

    async withdraw(branch) {
      assertWithdrawable(branch);
      const prs = await openProposals(branch);
      for (const pr of prs.filter((x) => x.head.ref === branch))
        await call(`closing pull request #${pr.number}`, () =>
          octokit.request('PATCH /repos/{owner}/{repo}/pulls/{pull_number}', {
            ...where,
            pull_number: pr.number,
            state: 'closed',
          }),
        );
      try {
        await deleteBranch(branch);
      } catch (err) {
        if (err instanceof ProposalError && (err.code === 'not_found' || err.code === 'refused'))
          throw new ProposalError('not_found', `There is no proposal on branch ${branch}.`);
        throw err;
      }
    },
  };
}
