// The hourly rebuild workflow: its schedule, and its shell step run for real with bash against a
// loopback stand-in for the Netlify build hook (and without the secret, where it must fail loudly).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import matter from 'gray-matter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

interface Workflow {
  on: { schedule: { cron: string }[]; workflow_dispatch: unknown };
  jobs: Record<string, { steps: { name?: string; run?: string; env?: Record<string, string> }[] }>;
}
// gray-matter's YAML reader parses the workflow (it is YAML between two `---` lines).
const workflow = matter(
  `---\n${readFileSync(path.join(ROOT, '.github/workflows/hourly-rebuild.yml'), 'utf8')}\n---\n`,
  {},
).data as Workflow;
const step = Object.values(workflow.jobs)[0]!.steps.find((s) => s.run?.includes('curl'))!;

const hits: { method: string; url: string; body: string }[] = [];
const server = createServer((req: IncomingMessage, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    hits.push({ method: req.method!, url: req.url!, body });
    res.writeHead(200).end('');
  });
});
let hook = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  hook = `http://127.0.0.1:${(server.address() as AddressInfo).port}/build_hooks/abc123`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function runStep(hookUrl: string) {
  try {
    const { stdout } = await run('bash', ['-e', '-c', step.run!], {
      env: { PATH: process.env.PATH, BUILD_HOOK_URL: hookUrl },
    });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe('hourly rebuild workflow', () => {
  it('runs at minute 7 of every hour and can be started by hand', () => {
    expect(workflow.on.schedule).toEqual([{ cron: '7 * * * *' }]);
    expect('workflow_dispatch' in workflow.on).toBe(true);
    expect(step.env).toEqual({ BUILD_HOOK_URL: '${{ secrets.NETLIFY_BUILD_HOOK_URL }}' });
  });

  it('POSTs the build hook once', async () => {
    hits.length = 0;
    const res = await runStep(hook);
    expect(res.code).toBe(0);
    expect(hits).toEqual([{ method: 'POST', url: '/build_hooks/abc123?trigger_title=hourly+rebuild', body: '{}' }]);
    expect(res.out).toMatch(/Build hook accepted/);
  });

  it('fails with a clear annotation when the secret is missing', async () => {
    hits.length = 0;
    const res = await runStep('');
    expect(res.code).toBe(1);
    expect(res.out).toMatch(/^::error title=NETLIFY_BUILD_HOOK_URL is not set::Add the repository secret/m);
    expect(hits).toEqual([]);
  });
});
