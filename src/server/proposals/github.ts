// The GitHub proposal backend, for deployed sites: GitHub's REST API through Octokit (its core
// only: the routes below, nothing else), with a fine-grained token that can write contents and
// pull requests of one repository. A proposal is made with the git data API: one tree on top of
// the default branch's head with one product file replaced, one commit, one ref under
// `refs/heads/catalog/`, then the pull request; if the pull request cannot be made the ref is
// deleted again. No code here merges, writes the default branch's ref, or writes any other path.
// Loaded on first use of a write or list tool (src/server/proposals/choose.ts).
import { Octokit } from '@octokit/core';
import { RequestError } from '@octokit/request-error';
import {
  assertProposalBranch,
  assertWritable,
  BRANCH_PREFIX,
  ProposalError,
  proposedBy,
  type BaseFile,
  type CheckState,
  type NewProposal,
  type Proposal,
  type ProposalBackend,
} from './backend.ts';

export interface GithubOptions {
  /** A fine-grained token: contents and pull requests, read and write, on `repository` only. */
  token: string;
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
  created_at: string;
  head: { ref: string; sha: string; repo: { full_name: string } | null };
}

export function githubBackend(opts: GithubOptions): ProposalBackend {
  const [owner, repo] = opts.repository.split('/');
  if (!owner || !repo || opts.repository.split('/').length !== 2)
    throw new ProposalError('refused', `GITHUB_REPOSITORY must be owner/name, not "${opts.repository}".`);
  const now = opts.now ?? Date.now;
  const octokit = new Octokit({
    auth: opts.token,
    userAgent: 'little-hands-catalog-proposals',
    ...(opts.baseUrl ? { baseUrl: opts.baseUrl } : {}),
    ...(opts.fetch ? { request: { fetch: opts.fetch } } : {}),
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
          'GITHUB_TOKEN was refused (wrong, revoked or expired): make a new fine-grained token (DEPLOY.md) and set it on the site.',
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

  async function call<T>(doing: string, run: () => Promise<{ data: T }>): Promise<T> {
    try {
      return (await run()).data;
    } catch (err) {
      throw mapped(err, doing);
    }
  }

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

  /** The checks on a commit: any failure wins, then anything still running, then success. */
  async function checksOf(sha: string): Promise<CheckState> {
    const [runs, status] = await Promise.all([
      call('reading check runs', () =>
        octokit.request('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', { ...where, ref: sha, per_page: 100 }),
      ),
      call('reading commit statuses', () =>
        octokit.request('GET /repos/{owner}/{repo}/commits/{ref}/status', { ...where, ref: sha }),
      ),
    ]);
    const states: CheckState[] = [
      ...runs.check_runs.map((r): CheckState =>
        r.status !== 'completed'
          ? 'pending'
          : ['success', 'neutral', 'skipped'].includes(r.conclusion ?? '')
            ? 'success'
            : 'failure',
      ),
      ...(status.total_count > 0
        ? [status.state === 'success' ? 'success' : status.state === 'pending' ? 'pending' : ('failure' as CheckState)]
        : []),
    ];
    if (states.length === 0) return 'none';
    if (states.includes('failure')) return 'failure';
    return states.includes('pending') ? 'pending' : 'success';
  }

  async function proposalOf(pr: PullRequest): Promise<Proposal> {
    const [commit, checks] = await Promise.all([
      call('reading a proposal commit', () =>
        octokit.request('GET /repos/{owner}/{repo}/git/commits/{commit_sha}', { ...where, commit_sha: pr.head.sha }),
      ),
      checksOf(pr.head.sha),
    ]);
    return {
      branch: pr.head.ref,
      title: pr.title,
      url: pr.html_url,
      number: pr.number,
      proposedBy: proposedBy(commit.message),
      checks,
      createdAt: new Date(pr.created_at).toISOString(),
    };
  }

  /** This repository's open pull requests from proposal branches (all pages). */
  async function openProposals(head?: string): Promise<PullRequest[]> {
    const found: PullRequest[] = [];
    for (let page = 1; ; page++) {
      const prs = (await call('listing pull requests', () =>
        octokit.request('GET /repos/{owner}/{repo}/pulls', {
          ...where,
          state: 'open',
          per_page: 100,
          page,
          ...(head ? { head: `${owner}:${head}` } : {}),
        }),
      )) as PullRequest[];
      for (const pr of prs)
        if (pr.head.ref.startsWith(BRANCH_PREFIX) && pr.head.repo?.full_name === opts.repository) found.push(pr);
      if (prs.length < 100) return found;
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
      return {
        branch: p.branch,
        title: pr.title,
        url: pr.html_url,
        number: pr.number,
        proposedBy: proposedBy(p.message),
        checks: 'pending',
        createdAt: new Date(pr.created_at).toISOString(),
      };
    },

    async list() {
      const prs = await openProposals();
      const proposals = await Promise.all(prs.map(proposalOf));
      return proposals.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
    },

    async withdraw(branch) {
      assertProposalBranch(branch);
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
