// A mock of GitHub's REST API made from GitHub's own OpenAPI description (@octokit/openapi), in
// process: every request is judged against the published contract (github-openapi.ts; a request
// the contract refuses is recorded as a violation, and tests assert there is none); the answer is
// the description's own example (of the documented status a test asks for with `prefer`), or one a
// test scripts for a route, for the logic that depends on what GitHub says.
import { githubOpenapi, type Violation } from './github-openapi.ts';

export interface Sent {
  method: string;
  /** The path as sent, e.g. /repos/o/r/git/refs. */
  path: string;
  search: string;
  body: unknown;
  /** The status the description's own answer has, before any scripted answer. */
  documentedStatus: number;
  /** What is wrong with the request under GitHub's contract, if anything. */
  requestViolations: Violation[];
}

/** A scripted answer: for requests whose method and path match. */
export interface Scripted {
  method: string;
  path: RegExp;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Answer with the description's example of this documented status instead of a scripted one. */
  prefer?: number;
  /** Throw instead of answering (a network failure). */
  fail?: boolean;
  /** An answer made from the request's address (pages of a list); overrides status, body and headers. */
  answer?: (url: URL) => { status?: number; body?: unknown; headers?: Record<string, string> };
}

export interface GithubMock {
  baseUrl: string;
  fetch: typeof fetch;
  sent: Sent[];
  /** Replaces the scripted answers and forgets what was sent. */
  reset(script?: Scripted[]): void;
  stop(): Promise<void>;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined || status === 204 || status === 304 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });

export async function startGithubMock(): Promise<GithubMock> {
  const baseUrl = 'http://github.mock.test';
  const contract = githubOpenapi();
  const sent: Sent[] = [];
  let script: Scripted[] = [];
  const mockFetch: typeof fetch = async (input, init) => {
    const req = new Request(input as RequestInfo, init);
    const url = new URL(req.url);
    const text = req.body ? await req.text() : '';
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    const rule = script.find((s) => s.method === req.method && s.path.test(url.pathname));
    const requestViolations = contract.checkRequest(req.method, url.pathname, url.search, body);
    let own: { status: number; body?: unknown };
    try {
      own = contract.example(req.method, url.pathname, rule?.prefer);
    } catch {
      own = { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' } };
    }
    sent.push({
      method: req.method,
      path: url.pathname,
      search: url.search,
      body: body ?? null,
      documentedStatus: own.status,
      requestViolations,
    });
    if (!rule || rule.prefer) return json(own.status, own.body);
    if (rule.fail) throw new TypeError('fetch failed');
    const made = rule.answer?.(url) ?? rule;
    return json(made.status ?? 200, made.body, made.headers);
  };

  return {
    baseUrl,
    fetch: mockFetch,
    sent,
    reset(next = []) {
      script = next;
      sent.length = 0;
    },
    stop: async () => {},
  };
}
