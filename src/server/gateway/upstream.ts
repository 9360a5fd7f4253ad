// The gateway's side of GitHub: a call to `${apiUrl}/repos/${owner}/${repo}/<path>` with the site's
// credentials, and GitHub's answer made fit to hand back to the editor: its body and status, its
// `Link` pages pointing back at the gateway, its rate-limit answers carrying `Retry-After`, and only
// the headers the editor reads (no cookie or GitHub header of the site's token crosses over).
import { GATEWAY_PATH } from '../../contract/editor.ts';
import type { GithubAccess } from '../github/credentials.ts';

/** Where the editor reaches GitHub through the gateway (Decap's `<gateway_url>/github`). */
export const GATEWAY_GITHUB_PATH = `${GATEWAY_PATH}/github`;

export interface Upstream {
  access: GithubAccess;
  fetch: typeof fetch;
}

/** GitHub's answer to a call the gateway makes for itself (JSON read), or why it failed. */
export type Answer<T> = { ok: true; value: T; headers: Headers } | { ok: false; response: Response };

const API_VERSION = '2022-11-28';

/** A GitHub error as the editor reads it: `{ message }` (what Decap shows), GitHub's own status. */
export function githubError(status: number, message: string, headers: HeadersInit = {}): Response {
  const h = new Headers(headers);
  h.set('content-type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify({ message }), { status, headers: h });
}

/** Sends one call to the repository's API. `path` is repository-relative and already canonical. */
export async function call(
  up: Upstream,
  method: string,
  path: string,
  { query = '', body, accept }: { query?: string; body?: string | undefined; accept?: string | null } = {},
): Promise<Response> {
  const { apiUrl, owner, repo } = up.access;
  const url = `${apiUrl}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}${path ? `/${path}` : ''}${query}`;
  const headers: Record<string, string> = {
    authorization: `Bearer ${await up.access.token()}`,
    accept: accept && /^application\/vnd\.github/.test(accept) ? accept : 'application/vnd.github+json',
    'x-github-api-version': API_VERSION,
    'user-agent': 'little-hands-catalog-git-gateway',
  };
  if (body !== undefined) headers['content-type'] = 'application/json; charset=utf-8';
  try {
    return await up.fetch(url, { method, headers, ...(body !== undefined ? { body } : {}), redirect: 'manual' });
  } catch (err) {
    return githubError(
      502,
      `GitHub could not be reached (${err instanceof Error ? err.message : String(err)}). Try again in a moment.`,
    );
  }
}

/** A GitHub call whose JSON answer the gateway reads itself; a failure is the answer to hand back. */
export async function read<T>(up: Upstream, path: string, query = ''): Promise<Answer<T>> {
  const res = await call(up, 'GET', path, { query });
  if (!res.ok) return { ok: false, response: await handBack(up, res) };
  try {
    return { ok: true, value: (await res.json()) as T, headers: res.headers };
  } catch {
    return { ok: false, response: githubError(502, 'GitHub answered with something that is not JSON. Try again.') };
  }
}

/** Whether GitHub's answer is its rate limit (a secondary limit included). */
export function isRateLimit(res: Response, message: string): boolean {
  return (
    res.status === 429 ||
    (res.status === 403 &&
      (res.headers.get('x-ratelimit-remaining') === '0' ||
        res.headers.has('retry-after') ||
        /rate limit/i.test(message)))
  );
}

/** `Link` with every page that points into the repository pointing at the gateway instead (origin-relative). */
export function rewriteLink(link: string, access: GithubAccess): string | null {
  const api = access.apiUrl.replace(/\/+$/, '');
  const repoRoot = `${api}/repos/${access.owner}/${access.repo}/`.toLowerCase();
  const kept = link
    .split(/,(?=\s*<)/)
    .map((part) => {
      const m = /^\s*<([^>]*)>(.*)$/s.exec(part);
      if (!m) return null;
      const target = m[1]!;
      // GitHub writes pages as /repos/<owner>/<repo>/… or as /repositories/<id>/….
      const byId = new RegExp(`^${api.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/repositories/\\d+/`, 'i').exec(target);
      const rest = target.toLowerCase().startsWith(repoRoot)
        ? target.slice(repoRoot.length)
        : byId
          ? target.slice(byId[0].length)
          : null;
      return rest === null ? null : `<${GATEWAY_GITHUB_PATH}/${rest}>${m[2]}`;
    })
    .filter((p): p is string => p !== null);
  return kept.length ? kept.join(', ') : null;
}

/** The headers of GitHub's answer that the editor may see. */
const PASSED = [
  'content-type',
  'etag',
  'last-modified',
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

/**
 * GitHub's answer as the gateway hands it back: status and body as they are; `Link` rewritten;
 * a rate-limit answer with `Retry-After`; never cached by a shared cache (`private`).
 */
export async function handBack(
  up: Upstream,
  res: Response,
  { body, cache = 'no-store', now = Date.now }: { body?: BodyInit | null; cache?: string; now?: () => number } = {},
): Promise<Response> {
  const headers = new Headers();
  for (const name of PASSED) {
    const v = res.headers.get(name);
    if (v !== null) headers.set(name, v);
  }
  const link = res.headers.get('link');
  const rewritten = link ? rewriteLink(link, up.access) : null;
  if (rewritten) headers.set('link', rewritten);
  headers.set('cache-control', res.ok ? cache : 'no-store');
  headers.set('vary', 'Authorization');
  // A success streams through (a function may stream a larger answer than it may buffer: a
  // picture's blob); an error is read, to tell GitHub's rate limit.
  let payload: BodyInit | null = body === undefined ? (res.ok ? res.body : await res.text()) : body;
  if (!res.ok && !headers.has('retry-after')) {
    const text = typeof payload === 'string' ? payload : '';
    let message = '';
    try {
      message = String((JSON.parse(text) as { message?: unknown }).message ?? '');
    } catch {
      // Not JSON: judged by its status and headers alone.
    }
    if (isRateLimit(res, message)) {
      const reset = Number(res.headers.get('x-ratelimit-reset'));
      const wait = Number.isFinite(reset) && reset > 0 ? Math.max(1, Math.ceil(reset - now() / 1000)) : 60;
      headers.set('retry-after', String(wait));
    }
    payload = text;
  }
  // A status fetch cannot construct (GitHub's redirects are not followed): answered as GitHub's error.
  const status = res.status >= 200 && res.status <= 599 ? res.status : 502;
  const empty = status === 204 || status === 304;
  if (empty && payload instanceof ReadableStream) await payload.cancel();
  return new Response(empty ? null : payload, { status, statusText: res.statusText, headers });
}
