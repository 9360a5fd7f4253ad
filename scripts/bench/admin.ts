// The admin side at scale: cold starts of the MCP and health functions (fresh Node processes,
// medians over several runs) and p50/p95 of MCP tool calls in one process.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { parse as parseToml } from 'smol-toml';
import { issueAccessToken } from '../../src/server/auth/tokens.ts';
import { readSettings } from '../../src/config/env.ts';
import { tokenSettings } from '../../src/server/auth/settings.ts';
import { startLocalBlobs } from '../lib/local-blobs.ts';

export interface ChildTiming {
  importMs: number;
  firstCallMs: number;
  importPlusFirstCallMs: number;
  sinceProcessStartMs: number;
  processWallMs: number;
  status: number;
  toolError: string | null;
  rssBytes: number;
  series: Record<string, number[]>;
  errors: Record<string, string>;
}

export interface ColdStart {
  runs: number;
  medianImportPlusFirstCallMs: number;
  medianImportMs: number;
  medianFirstCallMs: number;
  medianProcessWallMs: number;
  medianRssBytes: number;
  status: number;
  error: string | null;
}

export interface AdminResult {
  available: boolean;
  note?: string;
  /** `bundled`: one esbuild file per function, as Netlify deploys it; `source`: Node strips the types. */
  mode?: 'bundled' | 'source';
  bundleNote?: string;
  health?: ColdStart;
  mcp?: ColdStart;
  /** The MCP function's cold start when its first request has no token (an MCP client's first request): 401. */
  mcpUnauthenticated?: ColdStart;
  /** MCP cold start over health cold start (import + first call). */
  ratio?: number;
  tools?: Record<string, { calls: number; p50Ms: number; p95Ms: number; error: string | null }>;
}

export const median = (xs: number[]) => percentile(xs, 50);

/** Nearest-rank percentile. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

const ENV = {
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  ADMIN_EMAILS: 'bench@example.com',
  SITE_URL: 'http://localhost:8888',
};

async function tokens(n: number): Promise<string> {
  const s = tokenSettings(readSettings(ENV));
  if (!s.ok) throw new Error(`token settings: ${s.missing.join(', ')}`);
  // One subject per call so the per-admin rate limit (60/min) never answers the benchmark.
  const list = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      issueAccessToken({ sub: `bench|admin-${i}`, email: 'bench@example.com' }, s.value, { clientId: 'bench' }),
    ),
  );
  return list.join('\n');
}

function runChild(
  root: string,
  modulePath: string,
  kind: 'mcp' | 'mcp-401' | 'health',
  repeat: number,
  env: NodeJS.ProcessEnv,
): Promise<ChildTiming> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [path.join(root, 'scripts/bench/admin-child.ts'), modulePath, kind, String(repeat)],
      {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-4000)));
    child.on('close', (code) => {
      const processWallMs = performance.now() - started;
      const line = out.trim().split('\n').pop() ?? '';
      try {
        resolve({ ...(JSON.parse(line) as Omit<ChildTiming, 'processWallMs'>), processWallMs });
      } catch {
        reject(new Error(`${kind} child exited with ${code}: ${err || out}`));
      }
    });
  });
}

function summarize(runs: ChildTiming[]): ColdStart {
  return {
    runs: runs.length,
    medianImportPlusFirstCallMs: median(runs.map((r) => r.importPlusFirstCallMs)),
    medianImportMs: median(runs.map((r) => r.importMs)),
    medianFirstCallMs: median(runs.map((r) => r.firstCallMs)),
    medianProcessWallMs: median(runs.map((r) => r.processWallMs)),
    medianRssBytes: median(runs.map((r) => r.rssBytes)),
    status: runs[0]!.status,
    error: runs.find((r) => r.toolError)?.toolError ?? null,
  };
}

export interface AdminOptions {
  root: string;
  coldRuns: number;
  repeat: number;
  /** Arguments of the cold-start search and of each timed tool. */
  searchArgs: Record<string, unknown>;
  calls: Record<string, Record<string, unknown>>;
  /** Extra environment for the function (e.g. where its catalog snapshot is). */
  env?: Record<string, string>;
  /** Where to write the esbuild bundles. */
  workDir: string;
  log: (s: string) => void;
}

/** The packages netlify.toml leaves out of a function's bundle (`external_node_modules`). */
function externalModules(root: string, name: string): string[] {
  type Functions = Record<string, unknown> & { external_node_modules?: string[] };
  const functions = (parseToml(readFileSync(path.join(root, 'netlify.toml'), 'utf8')).functions ?? {}) as Functions;
  const own = functions[name] as Functions | undefined;
  return [...(functions.external_node_modules ?? []), ...(own?.external_node_modules ?? [])];
}

/**
 * Bundles a function entry with esbuild into one ESM file, the way Netlify's esbuild bundler does
 * (the packages netlify.toml marks external are loaded from node_modules when imported).
 */
async function bundle(root: string, entry: string, outDir: string): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const name = path.basename(entry, path.extname(entry));
  const outfile = path.join(outDir, `${name}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    external: externalModules(root, name),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'silent',
    banner: {
      js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);",
    },
  });
  return outfile;
}

export async function benchAdmin(o: AdminOptions): Promise<AdminResult> {
  const mcpModule = path.join(o.root, 'netlify/functions/mcp.mts');
  const healthModule = path.join(o.root, 'netlify/functions/health.mts');
  if (!existsSync(mcpModule))
    return { available: false, note: 'not available yet: netlify/functions/mcp.mts is not in this checkout' };
  if (!existsSync(healthModule))
    return { available: false, note: 'not available yet: netlify/functions/health.mts is not in this checkout' };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...ENV,
    ...o.env,
    BENCH_TOKENS: await tokens(Math.max(o.repeat * Object.keys(o.calls).length + 1, 1)),
    BENCH_SEARCH_ARGS: JSON.stringify(o.searchArgs),
    BENCH_CALLS: JSON.stringify(o.calls),
  };
  delete env.REDIS_URL;
  // The admin side counts its rate limit in a shared store: a local Netlify Blobs server, as under netlify serve.
  const blobs = await startLocalBlobs();
  env.NETLIFY_BLOBS_CONTEXT = blobs.context;
  try {
    return await measure(o, env, mcpModule, healthModule);
  } finally {
    await blobs.stop();
  }
}

async function measure(
  o: AdminOptions,
  env: NodeJS.ProcessEnv,
  mcpModule: string,
  healthModule: string,
): Promise<AdminResult> {
  // Deployed functions are esbuild bundles; fall back to the sources when a bundle cannot answer.
  let mode: 'bundled' | 'source' = 'bundled';
  let bundleNote: string | undefined;
  let mcpEntry: string;
  let healthEntry: string;
  try {
    const dir = path.join(o.workDir, 'functions');
    [mcpEntry, healthEntry] = [await bundle(o.root, mcpModule, dir), await bundle(o.root, healthModule, dir)];
    const probe = await runChild(o.root, mcpEntry, 'mcp', 0, env);
    if (probe.status !== 200 || probe.toolError)
      throw new Error(`bundled MCP answered ${probe.status}: ${probe.toolError ?? ''}`);
  } catch (err) {
    mode = 'source';
    bundleNote = `bundled run unavailable (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); measured the sources`;
    [mcpEntry, healthEntry] = [mcpModule, healthModule];
    o.log(`  ${bundleNote}`);
  }
  o.log(`  mode: ${mode}`);
  const health: ChildTiming[] = [];
  const mcp: ChildTiming[] = [];
  const mcp401: ChildTiming[] = [];
  try {
    for (let i = 0; i < o.coldRuns; i++) {
      o.log(`  cold start ${i + 1}/${o.coldRuns}`);
      health.push(await runChild(o.root, healthEntry, 'health', 0, env));
      mcp.push(await runChild(o.root, mcpEntry, 'mcp', 0, env));
      mcp401.push(await runChild(o.root, mcpEntry, 'mcp-401', 0, env));
    }
    o.log(`  ${o.repeat} calls of ${Object.keys(o.calls).join(', ')} in one process`);
    const warm = await runChild(o.root, mcpEntry, 'mcp', o.repeat, env);
    const h = summarize(health);
    const m = summarize(mcp);
    const tools = Object.fromEntries(
      Object.entries(warm.series).map(([name, xs]) => [
        name,
        { calls: xs.length, p50Ms: percentile(xs, 50), p95Ms: percentile(xs, 95), error: warm.errors[name] ?? null },
      ]),
    );
    return {
      available: true,
      mode,
      ...(bundleNote ? { bundleNote } : {}),
      health: h,
      mcp: m,
      mcpUnauthenticated: summarize(mcp401),
      ratio: m.medianImportPlusFirstCallMs / h.medianImportPlusFirstCallMs,
      tools,
    };
  } catch (err) {
    return { available: false, note: `failed: ${err instanceof Error ? err.message : String(err)}` };
  }
}
