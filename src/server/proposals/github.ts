// The GitHub proposal backend, for deployed sites: GitHub's REST API through Octokit (its core
// only: the routes below, nothing else), with the site's GitHub credentials (an App's installation
// token or a fine-grained token: src/server/github/credentials.ts) that can write contents and
// pull requests of one repository. A proposal is made with the git data API: one tree on top of
// the default branch's head with one product file replaced, one commit, one new ref, then the pull
// request; if the pull request cannot be made the ref is deleted again. No code here merges, writes
// the default branch's ref, moves an existing ref, or writes any other path.
// The proposal goes on the curators' board (the browser editor's editorial workflow): its ref is the
// editor's own for that product, `cms/products/<slug>`, and its pull request carries Decap's label
// "in review" beside its own labels, in the same request; a board pull request that cannot be
// labelled is closed and its branch deleted again (Decap takes an unlabelled `cms/` pull request
// for an old format to migrate). When that ref already exists (a curator's draft of the product),
// the proposal goes on `catalog/<slug>-<id>` instead, off the board, and its notes say so.
// A proposal may carry reviewers (the watchers'): one more request, whose failure is reported but
// undoes nothing.
// Listing costs a few requests however many proposals are open: the open pull requests (100 a
// page; each body's first line names the proposer) and at most two pages of the repository's
// pull-request workflow runs, matched to the pull requests by head commit. A pull request on the
// editor's branches names the curator who saved it last (the `Saved-by` trailer of its head commit):
// the runs read carry their head commit's message; a head without a run among them costs one more
// request (at most HEADS_READ a listing). Loaded on first use of a write or list tool (./choose.ts).
import { Octokit } from '@octokit/core';
import { RequestError } from '@octokit/request-error';
import {
  assertProposalBranch,
  assertWritable,
  boardBranch,
  BRANCH_PREFIX,
  assertWithdrawable,
  IN_REVIEW_LABEL,
  isEditorBranch,
  ProposalError,
  proposedBy,
  savedBy,
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
/** Head commits of editor pull requests a listing reads at most (for the curator's handle). */
export const HEADS_READ = 30;
/** How many of them are read at once. */
const HEADS_AT_ONCE = 6;

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
  /** The run's head commit (GitHub lists its message): the curator's handle comes free with a run. */
  head_commit?: { message?: string } | null;
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
          'GitHub refused the site’s credentials (wrong, revoked or expired): renew GITHUB_TOKEN, or check the GitHub App’s settings (DEPLOY.md, step 3).',
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
  async function checksOf(
    prs: readonly PullRequest[],
    messages: Map<string, string>,
  ): Promise<(sha: string) => CheckState> {
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
        if (wanted.has(run.head_sha) && typeof run.head_commit?.message === 'string')
          messages.set(run.head_sha, run.head_commit.message);
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

  /**
   * The curator who saved each editor pull request's head commit last (its `Saved-by` trailer), by
   * head sha. A head's message comes with its workflow run when the listing read one (`messages`);
   * the others are read one request each, for at most HEADS_READ of them (the newest). A head that
   * cannot be read names no one.
   */
  async function saversOf(prs: readonly PullRequest[], messages: Map<string, string>): Promise<Map<string, string>> {
    const editors = prs.filter((pr) => isEditorBranch(pr.head.ref));
    const unread = [
      ...new Set(
        editors
          .filter((pr) => !messages.has(pr.head.sha))
          .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
          .map((pr) => pr.head.sha),
      ),
    ].slice(0, HEADS_READ);
    for (let i = 0; i < unread.length; i += HEADS_AT_ONCE)
      await Promise.all(
        unread.slice(i, i + HEADS_AT_ONCE).map(async (sha) => {
          const commit = await call('reading an editor save', () =>
            octokit.request('GET /repos/{owner}/{repo}/git/commits/{commit_sha}', { ...where, commit_sha: sha }),
          ).catch(() => null);
          if (commit) messages.set(sha, commit.message);
        }),
      );
    const found = new Map<string, string>();
    for (const pr of editors) {
      const handle = savedBy(messages.get(pr.head.sha) ?? '');
      if (handle) found.set(pr.head.sha, handle);
    }
    return found;
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
      // On the board when the editor's branch for this product is free; else off it, as before.
      const notes: string[] = [];
      const board = boardBranch(p.path);
      const newRef = (branch: string) =>
        call(`creating the branch ${branch}`, () =>
          octokit.request('POST /repos/{owner}/{repo}/git/refs', {
            ...where,
            ref: `refs/heads/${branch}`,
            sha: commit.sha,
          }),
        );
      let branch = board;
      try {
        await newRef(board);
      } catch (err) {
        if (!(err instanceof ProposalError && err.code === 'branch_exists')) throw err;
        branch = p.branch;
        await newRef(branch);
        notes.push(
          `The editor's branch ${board} already exists (a curator's draft of this product), so this proposal is on ${branch}, which the editor's board does not show: curators see it on GitHub only.`,
        );
      }
      const onBoard = branch === board;
      /** Never a half-made proposal: the branch goes again (its pull request closed), or the message says what is left. */
      const undo = async (failed: ProposalError, pr?: PullRequest): Promise<never> => {
        try {
          if (pr)
            await call(`closing pull request #${pr.number}`, () =>
              octokit.request('PATCH /repos/{owner}/{repo}/pulls/{pull_number}', {
                ...where,
                pull_number: pr.number,
                state: 'closed',
              }),
            );
          await deleteBranch(branch);
        } catch {
          throw new ProposalError(
            failed.code,
            `${failed.message} The branch ${branch}${pr ? ` and pull request #${pr.number}` : ''} ${pr ? 'were' : 'was'} made but could not be ${pr ? 'closed and deleted' : 'deleted'}: ${pr ? 'close and delete them' : 'delete it'} on GitHub.`,
            failed.retryAfterSeconds,
          );
        }
        throw new ProposalError(failed.code, `${failed.message} Nothing was left behind.`, failed.retryAfterSeconds);
      };
      let pr: PullRequest;
      try {
        pr = (await call('opening the pull request', () =>
          octokit.request('POST /repos/{owner}/{repo}/pulls', {
            ...where,
            title: p.title,
            body: p.body,
            head: branch,
            base: main,
          }),
        )) as PullRequest;
      } catch (err) {
        return undo(err as ProposalError);
      }
      // Labels: on the board, Decap's "in review" beside the proposal's own, in one request (a
      // board pull request without it is undone); off it, the proposal's own, reported if refused.
      const labels = [...(p.labels ?? []), ...(onBoard ? [IN_REVIEW_LABEL] : [])];
      if (labels.length)
        try {
          await call('labelling the pull request', () =>
            octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/labels', {
              ...where,
              issue_number: pr.number,
              labels,
            }),
          );
        } catch (err) {
          if (onBoard) return undo(err as ProposalError, pr);
          notes.push((err as Error).message);
        }
      // Reviewers (the watchers' proposals): the pull request stands if GitHub refuses them.
      const users = p.reviewers?.users ?? [];
      const teams = p.reviewers?.teams ?? [];
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
        branch,
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
      const messages = new Map<string, string>();
      const checks = await checksOf(prs, messages);
      const savers = await saversOf(prs, messages);
      return prs
        .map((pr): Proposal => {
          // On the editor's branches: a curator's save (her handle in the head commit's trailer), or
          // a proposal on the board that no curator has saved since (its body names the proposer).
          const saver = savers.get(pr.head.sha) ?? null;
          const proposer = proposerOf(pr.body ?? null);
          const editor = isEditorBranch(pr.head.ref) && (saver !== null || proposer === null);
          return {
            branch: pr.head.ref,
            title: pr.title,
            url: pr.html_url,
            number: pr.number,
            via: editor ? 'editor' : 'mcp',
            proposedBy: editor ? saver : proposer,
            checks: checks(pr.head.sha),
            createdAt: new Date(pr.created_at).toISOString(),
          };
        })
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
