// A loopback stand-in for GitHub's REST API over a real git repository on disk, for the local
// stack: it answers, in GitHub's documented shapes, the calls Decap CMS's GitHub API makes through
// the git gateway, and those of the MCP proposals' GitHub backend (src/server/proposals/github.ts).
// Objects and refs only (git plumbing): the working tree and any checked-out branch never move.
// Pull requests, labels and check runs live in `<git dir>/github-standin.json` (the shared git dir). The required check
// (`test`) of each pull request head is `check(sha)`; content-check.ts holds the real one.
//
// From scripts/start.ts: startLocalGithub (local.ts) does all of this in one call; by hand:
//   import { startGithubStandin } from './lib/github-standin/index.ts';
//   import { contentCheck } from './lib/github-standin/content-check.ts';
//   const token = randomBytes(32).toString('base64url');
//   const gh = await startGithubStandin({ repoDir, owner: 'local', repo: 'catalog', siteBranch: 'site',
//     token, check: contentCheck({ repoDir }) });
//   env.GITHUB_API_URL = gh.url; env.GITHUB_REPOSITORY = 'local/catalog'; env.GITHUB_TOKEN = token;
//   … await gh.stop() at the end.
// `siteBranch` must exist and must not be checked out in a working tree of `repoDir` (it moves on
// every merge). Calls it does not answer (404): Decap's editorial notes (issues, comments,
// /search/issues), its Open Authoring forks and pre-2.0 metadata refs, and GET /user.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startChecks, type CheckRun } from './checks.ts';
import type { Ctx } from './context.ts';
import { openGit } from './git.ts';
import { handler, type BeforeAnswer } from './http.ts';
import { appRoutes } from './routes-apps.ts';
import { gitRoutes } from './routes-git.ts';
import { pullRoutes } from './routes-pulls.ts';
import { repoRoutes } from './routes-repo.ts';
import { openState } from './state.ts';

export { CHECK_NAME } from './checks.ts';
export { STATE_FILE } from './state.ts';

export interface GithubStandinOptions {
  /** The repository (its top folder, or a bare repository's folder). */
  repoDir: string;
  owner: string;
  repo: string;
  /** The branch pull requests merge into: the repository's default branch. */
  siteBranch: string;
  /** The one token the stand-in accepts (`Authorization: Bearer <token>` or `token <token>`). */
  token: string;
  /** The required check `test` of a head commit: true when it passes; `signal` aborts when its run is cancelled. */
  check: CheckRun;
  /** The account the token belongs to (commits made without an author, merges). */
  bot?: { login: string; name: string; email: string };
  /** Told the site branch's new commit after each merge (the local stack rebuilds from it). */
  onSiteMoved?(sha: string): void;
  /** 0 (any free port) unless given. */
  port?: number;
  /** Where unexpected failures are reported (console.error unless given). */
  onError?(err: unknown): void;
  /**
   * Tests only (scripts/start.ts never passes it): told each request before it is answered, so a
   * test can move a branch between any two of a client's reads.
   */
  beforeAnswer?: BeforeAnswer;
}

export interface GithubStandin {
  /** The API root: `${url}/repos/<owner>/<repo>/…`. */
  url: string;
  /** Resolves when no check is queued or running. */
  checksIdle(): Promise<void>;
  stop(): Promise<void>;
}

export const DEFAULT_BOT = {
  login: 'catalog-standin[bot]',
  name: 'catalog-standin[bot]',
  email: '1+catalog-standin@users.noreply.github.com',
};

export async function startGithubStandin(opts: GithubStandinOptions): Promise<GithubStandin> {
  const onError = opts.onError ?? ((err: unknown) => console.error('github stand-in:', err));
  for (const [name, value] of Object.entries({ owner: opts.owner, repo: opts.repo }))
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(value))
      throw new Error(`startGithubStandin: ${name} "${value}" is not a GitHub name (letters, digits, . _ -).`);
  if (!opts.token || opts.token.length < 16)
    throw new Error('startGithubStandin: the token must be at least 16 characters (make one with randomBytes).');
  const git = await openGit(opts.repoDir);
  const siteRef = `refs/heads/${opts.siteBranch}`;
  const siteHead = await git.refSha(siteRef);
  if (!siteHead) {
    git.close();
    throw new Error(
      `startGithubStandin: ${opts.repoDir} has no branch ${opts.siteBranch}: make it first (git branch ${opts.siteBranch} <commit>).`,
    );
  }
  if ((await git.checkedOut()).has(siteRef)) {
    git.close();
    throw new Error(
      `startGithubStandin: ${opts.siteBranch} is checked out in a working tree of ${opts.repoDir}; merges move it, so give the stand-in a branch no working tree uses.`,
    );
  }
  const state = openState(git.commonDir);
  // A queued check of a commit no open pull request has as its head any more is cancelled, as a
  // workflow with cancel-in-progress does: on two cores, only the heads that can be merged are built.
  const wanted = (sha: string) => state.read().pulls.some((p) => p.state === 'open' && p.headSha === sha);
  const checks = startChecks(state, opts.check, onError, wanted);
  const bot = opts.bot ?? DEFAULT_BOT;
  const root = (await git.text(['rev-list', '--max-parents=0', siteHead])).split('\n')[0]!.trim();
  const first = (await git.commit(root || siteHead)).committer.date;
  const ctx: Ctx = {
    git,
    state,
    checks,
    onSiteMoved: opts.onSiteMoved,
    site: {
      api: '',
      owner: opts.owner,
      repo: opts.repo,
      siteBranch: opts.siteBranch,
      bot: { ...bot, id: 1 },
      createdAt: first,
    },
  };
  // The routes write the stand-in's own address into their answers: made once it listens.
  const box: { handle?: ReturnType<typeof handler> } = {};
  const server = createServer((req, res) => void box.handle!(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ctx.site.api = url;
  box.handle = handler({
    base: url,
    owner: opts.owner,
    repo: opts.repo,
    token: opts.token,
    ...(opts.beforeAnswer ? { beforeAnswer: opts.beforeAnswer } : {}),
    routes: [...repoRoutes(ctx), ...gitRoutes(ctx), ...pullRoutes(ctx), ...appRoutes(ctx, opts.token)],
    onError,
  });
  return {
    url,
    checksIdle: () => checks.idle(),
    async stop() {
      checks.stop();
      git.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
