// A mock of GitHub's REST API made from GitHub's own OpenAPI description (@octokit/openapi), served
// by Prism, which checks every request against the published contract. Tests send the GitHub
// backend's requests through `GithubMock.fetch`: each request goes to Prism (a request Prism finds
// invalid is recorded as a violation, and tests assert there is none); the answer is Prism's own
// (generated from the description's examples, or the documented status a test asks for with
// Prism's `Prefer` header), or one a test scripts for a route, for the logic that depends on what
// GitHub says.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../scripts/lib/stack.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SPEC = path.join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json');

export interface Sent {
  method: string;
  /** The path as sent, e.g. /repos/o/r/git/refs. */
  path: string;
  search: string;
  body: unknown;
  /** Prism's answer status, before any scripted answer. */
  prismStatus: number;
  /** What Prism found wrong with the request (GitHub's contract), if anything. */
  requestViolations: unknown[];
}

/** A scripted answer: for requests whose method and path match. */
export interface Scripted {
  method: string;
  path: RegExp;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Ask Prism for this documented status instead of scripting the answer (`Prefer: code=…`). */
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

export async function startGithubMock(): Promise<GithubMock> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const prism: ChildProcess = spawn(
    path.join(ROOT, 'node_modules/.bin/prism'),
    ['mock', SPEC, '--host', '127.0.0.1', '--port', String(port)],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  prism.stdout!.on('data', (c: Buffer) => (log = (log + c.toString()).slice(-4000)));
  prism.stderr!.on('data', (c: Buffer) => (log = (log + c.toString()).slice(-4000)));
  const until = Date.now() + 120_000;
  for (;;) {
    if (prism.exitCode !== null) throw new Error(`Prism exited with ${prism.exitCode}:\n${log}`);
    try {
      await fetch(`${baseUrl}/meta`, { headers: { accept: 'application/json' } });
      break;
    } catch {
      if (Date.now() > until) {
        prism.kill();
        throw new Error(`Prism did not start within 120 s:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  const sent: Sent[] = [];
  let script: Scripted[] = [];
  const mockFetch: typeof fetch = async (input, init) => {
    const req = new Request(input as RequestInfo, init);
    const url = new URL(req.url);
    const text = req.body ? await req.text() : '';
    const rule = script.find((s) => s.method === req.method && s.path.test(url.pathname));
    const headers = new Headers(req.headers);
    // Prism knows only the description's application/json; GitHub's vendor type is the same JSON.
    headers.set('accept', 'application/json');
    if (rule?.prefer) headers.set('prefer', `code=${rule.prefer}`);
    const res = await fetch(`${baseUrl}${url.pathname}${url.search}`, {
      method: req.method,
      headers,
      ...(text ? { body: text } : {}),
    });
    const violations = JSON.parse(res.headers.get('sl-violations') ?? '[]') as { location: string[] }[];
    sent.push({
      method: req.method,
      path: url.pathname,
      search: url.search,
      body: text ? (JSON.parse(text) as unknown) : null,
      prismStatus: res.status,
      requestViolations: violations.filter((v) => v.location[0] === 'request'),
    });
    if (!rule || rule.prefer) return res;
    await res.body?.cancel();
    if (rule.fail) throw new TypeError('fetch failed');
    const made = rule.answer?.(url) ?? rule;
    return new Response(made.body === undefined ? null : JSON.stringify(made.body), {
      status: made.status ?? 200,
      headers: { 'content-type': 'application/json; charset=utf-8', ...made.headers },
    });
  };

  return {
    baseUrl,
    fetch: mockFetch,
    sent,
    reset(next = []) {
      script = next;
      sent.length = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (prism.exitCode !== null) return resolve();
        prism.once('exit', () => resolve());
        prism.kill();
      }),
  };
}
