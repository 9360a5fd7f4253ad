// /api/git/*: the editor's git gateway. Decap's git-gateway backend asks
// `/api/git/settings`, then sends GitHub's REST calls repository-relative under `/api/git/github/`;
// the gateway forwards what the editorial workflow needs to `${apiUrl}/repos/${owner}/${repo}/…`
// with the site's GitHub credentials. Checks run in one visible order, each returning early:
// method → auth → rate limit → body limit → policy (./policy.ts) → work (commits rewritten to the
// curator's no-reply identity and the gateway's clock with proven authorship (./authorship.ts),
// photos re-encoded without metadata and remembered, a branch moved only when its changes stay in
// its own entry (./scope.ts), publishing after the changes of the exact commit, their modes and its
// check were read). Errors are `{ message }`, as GitHub's are, which the editor shows.
import type { Checked } from '../../config/env.ts';
import { GATEWAY_BODY_BYTES, GATEWAY_BODY_TOO_LARGE, GATEWAY_LIMIT, limitInWords } from '../../contract/limits.ts';
import { GATEWAY_PATH } from '../../contract/editor.ts';
import type { GithubAccess } from '../github/credentials.ts';
import { readBody } from '../http/body.ts';
import { withHeaders } from '../http/headers.ts';
import { rateLimitHeaders } from '../rate-limit/headers.ts';
import type { RateLimiter } from '../rate-limit/limiter.ts';
import { isContentPath, REGULAR_FILE_MODE } from '../../catalog/content-paths.ts';
import { PRODUCT_IMAGES_DIR } from '../../catalog/images.ts';
import { PHOTOS } from '../../config/site.ts';
import { isEditorSaveBranch, RECALL_LABELS } from '../proposals/backend.ts';
import { publishedMessage, savedMessage, type AuthorshipSeal } from './authorship.ts';
import { isText, withoutMetadata } from './picture.ts';
import {
  decide,
  decideOnPull,
  decidePublish,
  mayDropRecall,
  publishPullProblem,
  RECALL_STAYS,
  type Action,
  type GatewayCurator,
  type Site,
} from './policy.ts';
import { checkPassed, pullFacts, rangeOf, saversIn, withModes } from './publish.ts';
import { outsideEntry, outsideEntryInWords } from './scope.ts';
import { waitingFor } from './waiting.ts';
import { call, GATEWAY_GITHUB_PATH, githubError, handBack, read, type Upstream } from './upstream.ts';

/** The pictures the gateway re-encoded, by blob id: a tree may name no other picture. */
export interface PictureLedger {
  remember(sha: string): Promise<void>;
  known(sha: string): Promise<boolean>;
}

/** `/api/git/settings`: GitHub, and no roles (Decap then demands none in the token). */
export const GATEWAY_SETTINGS = { github_enabled: true, roles: [] as string[] };

export interface GatewayDeps {
  /** Who sends the request: the editor token's curator, or the answer to send (401) when there is none. */
  authenticate(req: Request): Promise<GatewayCurator | Response>;
  /** The site's GitHub access, or what is missing (→ 503). */
  github(): Checked<GithubAccess>;
  /** The branch the site is built from, which the editor's pull requests go into. */
  siteBranch: string;
  /** The no-reply address a curator's commits carry (`<handle>@users.noreply.<site host>`). */
  noReplyEmail(handle: string): string;
  /** PUBLISH_OWN_SAVES: a curator may publish what she saved (a one-curator site). */
  publishOwnSaves(): boolean;
  /** Signs and proves who saved a commit (keyed by AUTH_SECRET). */
  authorship: AuthorshipSeal;
  /** The pictures the gateway wrote (the shared store). */
  pictures: PictureLedger;
  /** Requests per curator (GATEWAY_LIMIT in the shared store). */
  limiter: RateLimiter;
  fetch?: typeof fetch;
  now?: () => number;
  log?: (message: string) => void;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const ALLOW = METHODS.join(', ');

export function createGatewayHandler(deps: GatewayDeps) {
  const fetchFn = deps.fetch ?? globalThis.fetch;
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((m: string) => console.error(m));

  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    // 1. Method.
    if (!METHODS.includes(req.method))
      return githubError(405, `${req.method} is not something the editor sends.`, { Allow: ALLOW });

    // Decap asks its status endpoint (config: status_endpoint) without a token: whether the gateway
    // can serve at all, in the shape of the status page it would otherwise ask.
    if (url.pathname === `${GATEWAY_PATH}/status` && req.method === 'GET') return status();

    // 2. Auth: an editor token of a curator still on the list (anything else answers 401).
    const who = await deps.authenticate(req);
    if (who instanceof Response) return who;
    const curator = who;

    // 3. Rate limit, per curator, in the shared store.
    const decision = await deps.limiter.consume(curator.id);
    if (decision.unavailable)
      return githubError(503, 'The site’s store could not be reached, so the request was not served. Try again.', {
        'Retry-After': String(decision.retryAfterSeconds),
      });
    const limitHeaders = rateLimitHeaders(decision, deps.limiter.durationSeconds);
    if (!decision.allowed)
      return githubError(
        429,
        `Too many requests: the editor may send ${limitInWords(GATEWAY_LIMIT, 'requests')}. Wait ${decision.retryAfterSeconds} s.`,
        limitHeaders,
      );
    return withHeaders(await afterLimit(req, url, curator), limitHeaders);
  }

  function status(): Response {
    const ok = deps.github().ok;
    return Response.json(
      { components: [{ name: 'Git Gateway', status: ok ? 'operational' : 'major_outage' }] },
      { headers: { 'cache-control': 'no-store' } },
    );
  }

  async function afterLimit(req: Request, url: URL, curator: GatewayCurator): Promise<Response> {
    // 4. Body: at most what a Netlify Function accepts, JSON when there is one.
    const declared = Number(req.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > GATEWAY_BODY_BYTES) return githubError(413, GATEWAY_BODY_TOO_LARGE);
    const read = await readBody(req, GATEWAY_BODY_BYTES);
    if (!read.ok)
      return read.reason === 'too_large'
        ? githubError(413, GATEWAY_BODY_TOO_LARGE)
        : githubError(400, 'The request body could not be read as UTF-8 text.');
    let body: unknown;
    if (read.text !== '') {
      try {
        body = JSON.parse(read.text);
      } catch {
        return githubError(400, 'The request body is not valid JSON.');
      }
    }

    if (url.pathname === `${GATEWAY_PATH}/settings` && req.method === 'GET')
      return Response.json(GATEWAY_SETTINGS, { headers: { 'cache-control': 'no-store' } });
    if (url.pathname === `${GATEWAY_PATH}/waiting` && req.method === 'GET') {
      const access = deps.github();
      if (!access.ok)
        return githubError(503, `The editor’s gateway is not configured: missing ${access.missing.join(', ')}.`);
      const got = await waitingFor({ access: access.value, fetch: fetchFn }, curator, deps.siteBranch, deps.authorship);
      if (!got.ok) return got.response;
      return Response.json({ items: got.items, mine: got.mine }, { headers: { 'cache-control': 'no-store' } });
    }
    if (!url.pathname.startsWith(`${GATEWAY_GITHUB_PATH}/`) && url.pathname !== GATEWAY_GITHUB_PATH)
      return githubError(
        404,
        `Not Found: the gateway answers ${GATEWAY_GITHUB_PATH}/…, ${GATEWAY_PATH}/settings and ${GATEWAY_PATH}/waiting only.`,
      );

    // 5. Policy: the request alone.
    const github = deps.github();
    if (!github.ok)
      return githubError(503, `The editor’s gateway is not configured: missing ${github.missing.join(', ')}.`);
    const site: Site = { owner: github.value.owner, repo: github.value.repo, branch: deps.siteBranch };
    // The raw path, still percent-encoded: the policy decodes each segment itself.
    const rawPath = url.pathname.slice(GATEWAY_GITHUB_PATH.length).replace(/^\//, '');
    const verdict = decide(curator, { method: req.method, path: rawPath, query: url.searchParams, body }, site);
    if (!verdict.ok) return githubError(403, verdict.message);

    // 6. Work.
    const up: Upstream = { access: github.value, fetch: fetchFn };
    return work(up, req, url, curator, site, verdict.action, verdict.upstream, body);
  }

  async function work(
    up: Upstream,
    req: Request,
    url: URL,
    curator: GatewayCurator,
    site: Site,
    action: Action,
    path: string,
    body: unknown,
  ): Promise<Response> {
    const forward = async (payload: unknown, cache?: string) =>
      handBack(
        up,
        await call(up, req.method, path, {
          query: url.search,
          body: payload === undefined ? undefined : JSON.stringify(payload),
          accept: req.headers.get('accept'),
        }),
        { now, ...(cache ? { cache } : {}) },
      );
    switch (action.kind) {
      case 'read':
        // A blob is named by its content: the browser may keep it (Decap asks with force-cache).
        return forward(undefined, path.startsWith('git/blobs/') ? 'private, max-age=31536000, immutable' : undefined);
      case 'compare':
        return compare(up, path);
      case 'folder':
        return folder(up, url, path, action.folder);
      case 'list-pulls':
        return listPulls(up, url, path);
      case 'pull-create':
        return forward(body);
      case 'tree':
        return tree(body as { tree: { path: string; sha: string | null }[] }, forward);
      case 'ref':
        return ref(up, curator, site, action, () => forward(body));
      case 'blob':
        return blob(body as { content: string; encoding?: string }, forward);
      case 'commit':
        return forward(savedCommit(body as Record<string, unknown>, curator));
      case 'pull': {
        const pull = await pullFacts(up, action.number);
        if (!pull.ok) return pull.response;
        const refusal = decideOnPull(action, pull.value, site, curator);
        return refusal ? githubError(403, refusal) : forward(body);
      }
      case 'merge':
        return publish(up, curator, site, action, body as Record<string, unknown>, forward);
    }
  }

  /** Open pull requests into the site's branch, the editor's only: another branch's never reaches it. */
  async function listPulls(up: Upstream, url: URL, path: string): Promise<Response> {
    const res = await call(up, 'GET', path, { query: url.search });
    if (!res.ok) return handBack(up, res, { now });
    const list = (await res.json()) as { head?: { ref?: string; repo?: { full_name?: string } | null } }[];
    const own = `${up.access.owner}/${up.access.repo}`.toLowerCase();
    const editor = list.filter(
      (p) =>
        typeof p.head?.ref === 'string' &&
        isEditorSaveBranch(p.head.ref) &&
        p.head.repo?.full_name?.toLowerCase() === own,
    );
    return handBack(up, res, { body: JSON.stringify(editor), now });
  }

  /** A content folder's tree with only its content entries: a symlink or a stray file there never reaches the editor. */
  async function folder(up: Upstream, url: URL, path: string, name: string): Promise<Response> {
    const res = await call(up, 'GET', path, { query: url.search });
    if (!res.ok) return handBack(up, res, { now });
    const tree = (await res.json()) as { tree?: { path?: string; mode?: string; type?: string }[] };
    const entries = (tree.tree ?? []).filter(
      (e) =>
        typeof e.path === 'string' &&
        e.mode === REGULAR_FILE_MODE &&
        e.type === 'blob' &&
        isContentPath(`${name}/${e.path}`),
    );
    return handBack(up, res, { body: JSON.stringify({ ...tree, tree: entries }), now });
  }

  /** A comparison with only its content files (and their ids): nothing else of the repository reaches the editor. */
  async function compare(up: Upstream, path: string): Promise<Response> {
    const res = await call(up, 'GET', path);
    if (!res.ok) return handBack(up, res, { now });
    const diff = (await res.json()) as { files?: { filename?: string; previous_filename?: string }[] };
    const files = (diff.files ?? []).filter(
      (f) =>
        typeof f.filename === 'string' &&
        isContentPath(f.filename) &&
        (f.previous_filename === undefined || isContentPath(f.previous_filename)),
    );
    return handBack(up, res, { body: JSON.stringify({ ...diff, files }), now });
  }

  /**
   * A blob: text (a product file) as it is; anything else must decode whole as a photo within the
   * pixel limit, and is stored re-encoded without its metadata and remembered as the gateway's.
   */
  async function blob(
    b: { content: string; encoding?: string },
    forward: (payload: unknown) => Promise<Response>,
  ): Promise<Response> {
    if ((b.encoding ?? 'utf-8') !== 'base64') return forward(b);
    const bytes = Buffer.from(b.content, 'base64');
    if (isText(bytes)) return forward(b);
    const rewritten = await withoutMetadata(bytes);
    const formats = Object.values(PHOTOS.formats).join(', ');
    if (rewritten.kind === 'refused')
      return githubError(
        403,
        `This picture is a ${rewritten.format.toUpperCase()} file: save it as ${formats} and add it again.`,
      );
    if (rewritten.kind === 'unreadable')
      return githubError(
        403,
        `This file could not be read as a picture (it may be damaged or not a photo): take or export the photo again as ${formats} and add it again.`,
      );
    if (rewritten.kind === 'too-large')
      return githubError(
        403,
        `This picture is ${rewritten.width} × ${rewritten.height} pixels, more than the ${PHOTOS.maxPixels / 1_000_000} million the site takes: make it smaller and add it again.`,
      );
    const res = await forward({ content: rewritten.bytes.toString('base64'), encoding: 'base64' });
    if (res.status !== 201) return res;
    const text = await res.text();
    let sha: unknown;
    try {
      sha = (JSON.parse(text) as { sha?: unknown }).sha;
    } catch {
      // Not GitHub's answer: nothing to remember, and the tree that names it will be refused.
    }
    if (typeof sha === 'string') await deps.pictures.remember(sha);
    return new Response(text, { status: res.status, headers: res.headers });
  }

  /** A tree: a picture it names must be one the gateway re-encoded (a product file is judged by its path alone). */
  async function tree(
    b: { tree: { path: string; sha: string | null }[] },
    forward: (payload: unknown) => Promise<Response>,
  ): Promise<Response> {
    for (const e of b.tree)
      if (e.path.startsWith(`${PRODUCT_IMAGES_DIR}/`) && e.sha !== null && !(await deps.pictures.known(e.sha)))
        return githubError(
          403,
          `The picture ${e.path.slice(PRODUCT_IMAGES_DIR.length + 1)} was not added through the editor’s photo step, so it is not saved: add the photo again in the product’s form.`,
        );
    return forward(b);
  }

  /**
   * A branch created or moved: only when the changes from the site's branch to that exact commit
   * stay in the branch's own entry. Deleted: not a watcher's open recall proposal's, unless an admin.
   */
  async function ref(
    up: Upstream,
    curator: GatewayCurator,
    site: Site,
    action: Extract<Action, { kind: 'ref' }>,
    forward: () => Promise<Response>,
  ): Promise<Response> {
    if (action.sha !== null) {
      const range = await rangeOf(up, site.branch, action.sha);
      if (!range.ok) return range.response;
      const stray = outsideEntry(action.branch, range.value.files);
      if (stray) return githubError(403, outsideEntryInWords(action.branch, stray));
      return forward();
    }
    if (!mayDropRecall(curator)) {
      const head = encodeURIComponent(`${site.owner}:${action.branch}`);
      const open = await read<{ labels: { name: string }[] }[]>(
        up,
        'pulls',
        `?state=open&head=${head}&base=${encodeURIComponent(site.branch)}`,
      );
      if (!open.ok) return open.response;
      if (open.value.some((p) => (p.labels ?? []).some((l) => (RECALL_LABELS as readonly string[]).includes(l.name))))
        return githubError(403, RECALL_STAYS);
    }
    return forward();
  }

  /** A commit as the gateway writes it: the curator's handle at the site's no-reply address, its clock, proven authorship. */
  function savedCommit(b: Record<string, unknown>, curator: GatewayCurator): Record<string, unknown> {
    const at = new Date(now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const identity = { name: curator.handle, email: deps.noReplyEmail(curator.handle), date: at };
    return {
      message: savedMessage(String(b.message), curator, deps.authorship),
      tree: b.tree,
      parents: b.parents,
      author: identity,
      committer: identity,
    };
  }

  /** Publishing: the pull request's head, then the changes of that exact commit, their modes and its check read, judged, then merged at that commit. */
  async function publish(
    up: Upstream,
    curator: GatewayCurator,
    site: Site,
    action: Extract<Action, { kind: 'merge' }>,
    b: Record<string, unknown>,
    forward: (payload: unknown) => Promise<Response>,
  ): Promise<Response> {
    const pull = await pullFacts(up, action.number);
    if (!pull.ok) return pull.response;
    // Cheap refusals first: nothing more is read for another branch, a closed or a moved pull request.
    const early = publishPullProblem(action, pull.value, site);
    if (early) return githubError(403, early);
    const [range, check] = await Promise.all([rangeOf(up, site.branch, action.sha), checkPassed(up, action.sha)]);
    if (!range.ok) return range.response;
    if (!check.ok) return check.response;
    const refusal = decidePublish(
      curator,
      action,
      {
        pull: pull.value,
        sha: action.sha,
        files: await withModes(up, action.sha, range.value.files),
        complete: range.value.complete,
        savers: saversIn(range.value.messages, deps.authorship),
        checkPassed: check.value,
      },
      site,
      { publishOwnSaves: deps.publishOwnSaves() },
    );
    if (refusal) return githubError(403, refusal);
    log(`git-gateway: ${curator.handle} publishes #${action.number} at ${action.sha}`);
    const message = typeof b.commit_message === 'string' ? b.commit_message : `Publish #${action.number}`;
    return forward({
      sha: action.sha,
      merge_method: action.method,
      ...(typeof b.commit_title === 'string' ? { commit_title: b.commit_title } : {}),
      commit_message: publishedMessage(message, curator),
    });
  }

  return async function gatewayHandler(req: Request): Promise<Response> {
    try {
      return withHeaders(await handle(req), {});
    } catch (err) {
      // Only a real fault in our code or a dependency lands here; bad input never does.
      log(`git-gateway: unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      return withHeaders(
        githubError(
          500,
          'The editor’s gateway failed unexpectedly. Try again; if it keeps failing, tell the site’s maintainers.',
        ),
        {},
      );
    }
  };
}
