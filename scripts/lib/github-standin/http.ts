// The GitHub stand-in's HTTP side: GitHub's error bodies and status codes, JSON request bodies
// (bounded), its token check, pagination with GitHub's Link header, and a small route table.
// A request the stand-in cannot honour gets GitHub's 4xx answer, never a 5xx.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { timingSafeEqual, createHash } from 'node:crypto';

const DOCS = 'https://docs.github.com/rest';

/** GitHub's answer to a request it refuses: basic-error, or validation-error with `errors`. */
export class GithubError extends Error {
  readonly status: number;
  readonly errors: unknown[] | undefined;
  constructor(status: number, message: string, errors?: unknown[]) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
  body() {
    return {
      message: this.message,
      documentation_url: DOCS,
      status: String(this.status),
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

export const notFound = () => new GithubError(404, 'Not Found');
/** GitHub's 422 "Validation Failed" naming one field of one resource. */
export const invalidField = (
  resource: string,
  field: string,
  code: 'missing_field' | 'invalid' | 'custom',
  message?: string,
) => new GithubError(422, 'Validation Failed', [{ resource, field, code, ...(message ? { message } : {}) }]);

export interface Answer {
  status: number;
  body?: unknown;
  /** Bytes sent as they are (a raw file), with `type`. */
  raw?: { bytes: Buffer; type: string };
  headers?: Record<string, string>;
}

export interface Request {
  method: string;
  url: URL;
  /** The captures of the route's pattern, URL-decoded. */
  params: string[];
  body: Record<string, unknown>;
  accept: string;
  /** The Authorization header, for a route with its own check. */
  authorization?: string | undefined;
}

export interface Route {
  method: string;
  /** Matched against the path after `/repos/<owner>/<repo>` (repository routes) or the whole path. */
  path: RegExp;
  repo: boolean;
  /** The route checks who calls it itself (an App's JWT, none for the web pages), not the stand-in's token. */
  ownAuth?: boolean;
  handle(req: Request): Promise<Answer>;
}

/** The most a request body may hold: GitHub takes blobs up to 100 MB; the stand-in less. */
export const BODY_LIMIT = 64 * 1024 * 1024;

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT)
      throw new GithubError(413, `The request body is larger than ${BODY_LIMIT / 1024 / 1024} MB.`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return {};
  // A web page's form (the App manifest's): its fields as strings.
  if (/^application\/x-www-form-urlencoded/i.test(req.headers['content-type'] ?? ''))
    return Object.fromEntries(new URLSearchParams(text));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new GithubError(400, 'Problems parsing JSON');
  }
  // GitHub takes a bare array for the labels endpoints; everything else is an object.
  if (Array.isArray(parsed)) return { labels: parsed };
  if (typeof parsed !== 'object' || parsed === null) throw new GithubError(400, 'Body should be a JSON object');
  return parsed as Record<string, unknown>;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** GitHub takes `Bearer <token>` and `token <token>`. */
export function authorized(header: string | undefined, token: string): 'ok' | 'missing' | 'bad' {
  const m = /^(?:bearer|token)\s+(\S+)\s*$/i.exec(header ?? '');
  if (!header) return 'missing';
  if (!m) return 'bad';
  return timingSafeEqual(digest(m[1]!), digest(token)) ? 'ok' : 'bad';
}

/** One page of `items` (per_page at most 100, 30 unless asked) with GitHub's Link header. */
export function page<T>(items: T[], url: URL, defaultPer = 30): { items: T[]; headers: Record<string, string> } {
  const per = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page')) || defaultPer));
  const at = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const last = Math.max(1, Math.ceil(items.length / per));
  const link = (n: number, rel: string) => {
    const u = new URL(url);
    u.searchParams.set('page', String(n));
    u.searchParams.set('per_page', String(per));
    return `<${u.href}>; rel="${rel}"`;
  };
  const links = [
    ...(at > 1 ? [link(at - 1, 'prev'), link(1, 'first')] : []),
    ...(at < last ? [link(at + 1, 'next'), link(last, 'last')] : []),
  ];
  return { items: items.slice((at - 1) * per, at * per), headers: links.length ? { link: links.join(', ') } : {} };
}

export interface ServeOptions {
  /** The stand-in's own address (http://127.0.0.1:<port>). */
  base: string;
  owner: string;
  repo: string;
  token: string;
  routes: Route[];
  /** Reports an unexpected failure (a 500). */
  onError(err: unknown): void;
  /** Tests only: told each request before it is answered (and awaited), to move a branch between two reads. */
  beforeAnswer?: BeforeAnswer;
}

/** A test's hook between two requests: their method and path (repository-relative when in the repository). */
export type BeforeAnswer = (req: { method: string; path: string }) => void | Promise<void>;

function send(res: ServerResponse, a: Answer) {
  const headers: Record<string, string> = {
    'x-github-media-type': 'github.v3; format=json',
    'x-github-api-version-selected': '2022-11-28',
    ...a.headers,
  };
  if (a.raw) {
    res.writeHead(a.status, { ...headers, 'content-type': a.raw.type, 'content-length': String(a.raw.bytes.length) });
    res.end(a.raw.bytes);
    return;
  }
  if (a.body === undefined) {
    res.writeHead(a.status, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(a.body);
  res.writeHead(a.status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

/** The request handler: token, route, body, answer. */
export function handler(opts: ServeOptions) {
  const prefix = `/repos/${opts.owner}/${opts.repo}`.toLowerCase();
  return async (req: IncomingMessage, res: ServerResponse) => {
    try {
      // The stand-in's own address, never the Host header: Link headers point back at it.
      let url: URL;
      try {
        url = new URL(`${opts.base}${req.url ?? '/'}`);
      } catch {
        throw new GithubError(400, 'Bad Request');
      }
      const auth = authorized(req.headers.authorization, opts.token);
      const own = opts.routes.some((r) => r.ownAuth && !r.repo && r.method === req.method && r.path.test(url.pathname));
      if (auth !== 'ok' && !own)
        throw new GithubError(401, auth === 'missing' ? 'Requires authentication' : 'Bad credentials');
      const pathname = url.pathname;
      const lower = pathname.toLowerCase();
      const inRepo = lower === prefix || lower.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : null;
      await opts.beforeAnswer?.({ method: req.method ?? 'GET', path: inRepo ?? pathname });
      let found: { route: Route; params: string[] } | undefined;
      for (const route of opts.routes) {
        const target = route.repo ? inRepo : pathname;
        const m = target === null || route.method !== req.method ? null : route.path.exec(target);
        if (!m) continue;
        let params: string[];
        try {
          params = m.slice(1).map((p) => decodeURIComponent(p ?? ''));
        } catch {
          throw notFound();
        }
        // A NUL byte names nothing in git.
        if (params.some((p) => p.includes('\0'))) throw notFound();
        found = { route, params };
        break;
      }
      if (!found) throw notFound();
      const body = req.method === 'GET' || req.method === 'HEAD' ? {} : await readBody(req);
      send(
        res,
        await found.route.handle({
          method: req.method!,
          url,
          params: found.params,
          body,
          accept: String(req.headers.accept ?? ''),
          authorization: req.headers.authorization,
        }),
      );
    } catch (err) {
      req.resume();
      if (err instanceof GithubError) return send(res, { status: err.status, body: err.body() });
      opts.onError(err);
      send(res, { status: 500, body: { message: 'Server Error', documentation_url: DOCS, status: '500' } });
    }
  };
}

/** A string field of a request body, or a 422 naming it. */
export function text(body: Record<string, unknown>, field: string, resource: string, required: true): string;
export function text(
  body: Record<string, unknown>,
  field: string,
  resource: string,
  required?: false,
): string | undefined;
export function text(body: Record<string, unknown>, field: string, resource: string, required = false) {
  const v = body[field];
  if (v === undefined || v === null) {
    if (required) throw invalidField(resource, field, 'missing_field');
    return undefined;
  }
  if (typeof v !== 'string') throw invalidField(resource, field, 'invalid', `${field} must be a string.`);
  // Git takes no NUL byte in a name, a message or a title (a pull request's title may become one).
  if (v.includes('\0')) throw invalidField(resource, field, 'invalid', `${field} holds a NUL byte.`);
  return v;
}
