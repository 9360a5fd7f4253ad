// HEAVY (two `npm start`s at the same moment, each with its production build of the five-product
// fixture catalog): stacks of one checkout run side by side. Each gets its own ports (none of
// netlify-cli's fixed defaults), its own folder (build, build cache, admin catalog, netlify-cli's
// .netlify/ with its Blobs), and the one that finds the other building waits for it and says so.
// Every socket a stack listens on is on loopback, except the site's own port when HOST opens it to
// the network. Their proposals and browser editors write to a scratch repository
// (PROPOSALS_REPO_DIR), never to the checkout's git.
// The same two stacks then show what `npm start` prints (one screen, nothing per request) and how
// it stops: Ctrl+C (a SIGTERM to npm) stops the one, npm killed outright (SIGKILL) the other, each
// with every process it started and its port freed. (These were start-output.test.ts's first test
// and start-stop.test.ts, each starting a stack of its own; start-stop started `npm run dev`, the
// same script, scripts/start.ts, with Astro's dev server, which no rule depends on.)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { freePort } from '../../scripts/lib/stack.ts';
import { isLoopbackAddress, listeningSockets } from '../support/listening-sockets.ts';
import { contentRepository } from '../support/scratch-repo.ts';
import { displayRows, ended, npmStart, type NpmStart } from '../support/npm-start.ts';
import { until } from '../support/until.ts';
import { gone, processesOnPort } from '../support/stack-gone.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Where both stacks' proposals and browser editors write (as two stacks of one checkout share its git): never the checkout's own. */
const proposals = contentRepository();
/**
 * The two stacks' temporary folder, where a checkout's stacks keep their folders and take turns to
 * build (scripts/lib/stack-folder.ts): their own, so that the turns they take are between the two
 * of them, not with the e2e suite's stack beside this file, which rebuilds after each publish.
 */
const temporary = mkdtempSync(path.join(tmpdir(), 'side-by-side-'));

/** Ctrl+C (a SIGTERM to npm) unless it has ended; resolves when npm has. */
const stopped = (s: NpmStart) => {
  if (!ended(s)) s.npm.kill('SIGTERM');
  return s.exited;
};

/** `npm start` on `port` for this file: its proposals in the scratch repository, its folders in its own temporary folder. */
const start = (port: number, env: Record<string, string> = {}) =>
  npmStart(port, { PROPOSALS_REPO_DIR: proposals.dir, TMPDIR: temporary, ...env });

const branchesOfCheckout = (pattern: string) =>
  execFileSync('git', ['-C', ROOT, 'branch', '--list', pattern], { encoding: 'utf8' });

const folderOf = (s: NpmStart) => /This stack's folder \(.*\): (.+)$/m.exec(s.log())?.[1]?.trim();

const started: NpmStart[] = [];
afterAll(async () => {
  await Promise.all(started.map(stopped));
  for (const s of started) {
    const folder = folderOf(s);
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
  proposals.remove();
  rmSync(temporary, { recursive: true, force: true });
});

describe('two npm starts at the same moment, on different ports', () => {
  it('both run, each with its own build and folder; one waited for the other; only HOST opens a port', async () => {
    const portA = await freePort();
    let portB = await freePort();
    while (portB === portA) portB = await freePort();
    const a = start(portA);
    // Opened to the network: the development identity provider refuses to run there, so the admin
    // side names an OpenID provider (never contacted by this test).
    const b = start(portB, {
      HOST: '0.0.0.0',
      OIDC_ISSUER: 'https://id.example.test',
      OIDC_CLIENT_ID: 'side-by-side',
      OIDC_CLIENT_SECRET: 'not-used',
    });
    started.push(a, b);
    await Promise.all([a.running, b.running]);

    // Each stack's site branch is in the scratch repository (no worktree checks it out), none in the checkout's git.
    for (const s of [a, b]) {
      expect(proposals.git('branch', '--list', `cms-base/${s.port}`)).toContain(`cms-base/${s.port}`);
      expect(proposals.git('worktree', 'list')).not.toContain('cms-base/');
      expect(branchesOfCheckout(`cms-base/${s.port}`)).toBe('');
    }

    // The later one waited for the other's build, and said so.
    const waited = [a, b].filter((s) =>
      new RegExp(`Waiting for the build of the stack on port (${portA}|${portB}) \\(pid \\d+`).test(s.log()),
    );
    expect(waited, `${a.log().slice(-1500)}\n---\n${b.log().slice(-1500)}`).toHaveLength(1);
    expect(a.log() + b.log()).not.toMatch(/EADDRINUSE|Another build is running/);

    // Each serves its own build (its own address in every page), from its own folder.
    for (const s of [a, b]) {
      const home = await fetch(`http://localhost:${s.port}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain(`<link rel="canonical" href="http://localhost:${s.port}/">`);
      expect((await fetch(`http://localhost:${s.port}/api/health`)).status).toBe(200);
    }
    // Each stack's editor signs in and writes through its own site's gateway, into its own site
    // branch (cms-base/<port>): no editor of one stack reaches the other's.
    const siteBranches: string[] = [];
    for (const s of [a, b]) {
      const config = parse(await (await fetch(`http://localhost:${s.port}/admin/config.yml`)).text()) as {
        backend: { gateway_url: string; base_url: string; branch: string };
      };
      expect(config.backend.gateway_url).toBe(`http://localhost:${s.port}/api/git`);
      expect(config.backend.base_url).toBe(`http://localhost:${s.port}`);
      expect(config.backend.branch).toBe(`cms-base/${s.port}`);
      siteBranches.push(config.backend.branch);
    }
    expect(siteBranches[0]).not.toBe(siteBranches[1]);

    const folders = [folderOf(a), folderOf(b)];
    expect(folders[0]).toBeTruthy();
    expect(folders[1]).toBeTruthy();
    expect(folders[0]).not.toBe(folders[1]);
    for (const f of folders) {
      expect(existsSync(path.join(f!, 'dist/index.html')), f).toBe(true);
      expect(existsSync(path.join(f!, '.netlify/blobs-serve')), f).toBe(true);
    }

    // Sockets: the stack of A on loopback only; B's site port on every interface, nothing else.
    const socketsA = listeningSockets(a.npm.pid!);
    const socketsB = listeningSockets(b.npm.pid!);
    const show = (l: typeof socketsA) => l.map((s) => `${s.address}:${s.port} ${s.command}`).join('\n');
    // The site, the functions, the static server, the Blobs servers, Deno, the identity provider.
    expect(new Set(socketsA.map((s) => s.port)).size, show(socketsA)).toBeGreaterThanOrEqual(6);
    expect(socketsA.map((s) => s.port)).toContain(portA);
    expect(
      socketsA.filter((s) => s.command.startsWith('deno ')),
      show(socketsA),
    ).not.toEqual([]);
    expect(
      socketsA.filter((s) => !isLoopbackAddress(s.address)),
      show(socketsA),
    ).toEqual([]);
    expect(socketsB.map((s) => s.port)).toContain(portB);
    const openB = socketsB.filter((s) => !isLoopbackAddress(s.address));
    expect(
      openB.map((s) => `${s.address}:${s.port}`),
      show(socketsB),
    ).toEqual([`0.0.0.0:${portB}`]);

    // What npm start prints on its defaults (A) fits on one screen, whom it waited for included:
    // at most 25 rows at 80 columns before its summary, one progress line per build step and not
    // the build's own output, no `Error:`.
    await until(() => a.log().includes('Press Ctrl+C to stop.'), 5_000, 'the summary to end');
    const out = stripVTControlCharacters(a.log());
    const at = out.indexOf(`running at http://localhost:${a.port}`);
    const before = out.slice(0, out.lastIndexOf('\n', at) + 1);
    const summary = out.slice(at);
    expect(displayRows(before), before).toBeLessThanOrEqual(25);
    expect(before).toMatch(/\[\d+:\d\d\] build\.command from netlify\.toml…/);
    expect(before).not.toMatch(/Netlify Build Complete|\[build\] /);
    expect(out).not.toMatch(/Error:/);
    const site = `http://localhost:${a.port}`;
    expect(summary).toMatch(new RegExp(`Site\\s+${site}\\n`));
    expect(summary).toMatch(new RegExp(`Editor\\s+${site}/admin\\n`));
    expect(summary).toMatch(new RegExp(`MCP\\s+${site}/api/mcp\\s`));
    const logFile = /Log of the build and every request: (\S+)/.exec(summary)?.[1];
    expect(logFile).toBeTruthy();
    expect(readFileSync(logFile!, 'utf8')).toMatch(/build\.command from netlify\.toml[\s\S]*\[build\] /);
    // Requests, pages and functions alike, print nothing more; the log has them.
    const printed = a.log().length;
    for (const p of ['/', '/api/health', '/products', '/llms.txt']) expect((await fetch(`${site}${p}`)).ok).toBe(true);
    // The admin side runs on npm start's defaults (netlify serve runs as production, on a plain-http
    // loopback address): an MCP call without a token is a 401, not a 503 naming a setting.
    const mcp = await fetch(`${site}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    expect([mcp.status, ((await mcp.json()) as { error: { code: string } }).error.code]).toEqual([401, 'unauthorized']);
    await new Promise((r) => setTimeout(r, 2000));
    expect(a.log().slice(printed)).toBe('');
    expect(readFileSync(logFile!, 'utf8')).toContain('/api/health');

    // Ctrl+C (a SIGTERM to npm, which passes it on to the start script) stops every process A's
    // stack started and frees its port; npm killed outright (SIGKILL, nothing passed on) leaves B's
    // start script to notice it lost its parent and do the same.
    for (const s of [a, b]) expect(processesOnPort(s.port).length, `stack on ${s.port}`).toBeGreaterThan(0);
    a.npm.kill('SIGTERM');
    b.npm.kill('SIGKILL');
    await Promise.all([a.exited, b.exited]);
    expect(await gone(portA), a.log().slice(-2000)).toEqual({ processes: [], open: false });
    expect(await gone(portB), b.log().slice(-2000)).toEqual({ processes: [], open: false });
  }, 600_000);
});
