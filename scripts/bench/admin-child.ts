// Runs in a fresh Node process: imports one function module, answers its first request, and
// optionally times repeated MCP tool calls. Prints one JSON line with the timings.
// argv: <module path> <health|mcp|mcp-401> [repeat count]; env BENCH_TOKENS = newline-separated tokens.
// `mcp-401`: the first request an MCP client sends, without a token (answered 401 with the challenge).
import { pathToFileURL } from 'node:url';

const [modulePath, kind, repeatRaw] = process.argv.slice(2);
const repeat = Number(repeatRaw ?? 0);
const base = process.env.SITE_URL ?? 'http://localhost:8888';
const tokens = (process.env.BENCH_TOKENS ?? '').split('\n').filter(Boolean);
let call = 0;

function rpc(name: string, args: Record<string, unknown>): Request {
  const token = tokens[call % Math.max(tokens.length, 1)] ?? '';
  const body = { jsonrpc: '2.0', id: ++call, method: 'tools/call', params: { name, arguments: args } };
  return new Request(`${base}/api/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
  });
}

type Handler = (req: Request, context?: unknown) => Promise<Response>;

/** Calls the handler and returns the status and whether the JSON-RPC result is a tool error. */
async function send(
  handler: Handler,
  req: Request,
): Promise<{ status: number; toolError: string | null; bytes: number }> {
  const res = await handler(req, {});
  const text = await res.text();
  // Without a token the right answer is 401 with the OAuth challenge; anything else is the error.
  if (kind === 'mcp-401') {
    const ok = res.status === 401 && (res.headers.get('www-authenticate') ?? '').includes('resource_metadata=');
    return {
      status: res.status,
      toolError: ok ? null : `expected 401 with a Bearer challenge, got ${res.status}: ${text.slice(0, 200)}`,
      bytes: text.length,
    };
  }
  let toolError: string | null = null;
  try {
    const json = JSON.parse(text) as {
      error?: { message?: string };
      result?: { isError?: boolean; content?: { text?: string }[] };
    };
    if (json.error) toolError = json.error.message ?? 'JSON-RPC error';
    else if (json.result?.isError) toolError = json.result.content?.[0]?.text ?? 'tool error';
  } catch {
    if (kind === 'mcp') toolError = `not JSON (${res.status}): ${text.slice(0, 200)}`;
  }
  return { status: res.status, toolError, bytes: text.length };
}

const t0 = performance.now();
const mod = (await import(pathToFileURL(modulePath!).href)) as { default: Handler };
const tImported = performance.now();
const unauthenticated = () =>
  new Request(`${base}/api/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"jsonrpc":"2.0","id":1,"method":"initialize"}',
  });
const first =
  kind === 'mcp'
    ? await send(
        mod.default,
        rpc('search_products', JSON.parse(process.env.BENCH_SEARCH_ARGS ?? '{}') as Record<string, unknown>),
      )
    : kind === 'mcp-401'
      ? await send(mod.default, unauthenticated())
      : await send(mod.default, new Request(`${base}/api/health`));
const tFirst = performance.now();

const series: Record<string, number[]> = {};
const errors: Record<string, string> = {};
if (kind === 'mcp' && repeat > 0) {
  const calls = JSON.parse(process.env.BENCH_CALLS ?? '{}') as Record<string, Record<string, unknown>>;
  for (const [name, args] of Object.entries(calls)) {
    series[name] = [];
    for (let i = 0; i < repeat; i++) {
      const s = performance.now();
      const r = await send(mod.default, rpc(name, args));
      series[name]!.push(performance.now() - s);
      if (r.toolError || r.status !== 200) errors[name] = r.toolError ?? `HTTP ${r.status}`;
    }
  }
}

console.log(
  JSON.stringify({
    importMs: tImported - t0,
    firstCallMs: tFirst - tImported,
    importPlusFirstCallMs: tFirst - t0,
    sinceProcessStartMs: tFirst,
    status: first.status,
    toolError: first.toolError,
    responseBytes: first.bytes,
    rssBytes: process.memoryUsage().rss,
    series,
    errors,
  }),
);
