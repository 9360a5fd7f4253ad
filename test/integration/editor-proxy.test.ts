// The editor's local proxy over HTTP, as a browser and an attacker meet it: a real decap-server in
// git mode behind the guard, in a worktree of its own of a scratch repository (never the checkout).
// A page of another site, a DNS-rebinding page, and requests that would commit to a base branch
// are refused before decap-server sees them; the editor's own requests work, and a save is a
// branch the repository's git sees while its checked-out branch and working tree stay as they were.
import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEditorProxy, type EditorProxy } from '../../scripts/lib/editor-proxy.ts';
import { scratchRepo, type ScratchRepo } from '../support/scratch-repo.ts';

const ORIGIN = 'http://localhost:8888';
let scratch: ScratchRepo;
let repo: string;
let proxy: EditorProxy;
const git = (...args: string[]) => scratch.git(...args);

beforeAll(async () => {
  scratch = scratchRepo('editor-proxy-', { copy: { 'content/products': 'content/products' }, message: 'catalog' });
  repo = scratch.dir;
  proxy = await startEditorProxy({ repoDir: repo, origin: ORIGIN });
}, 60_000);
afterAll(async () => {
  await proxy?.stop();
  scratch?.remove();
});

/** A raw HTTP request, so the Host header can be anything (fetch would not let a test set it). */
async function call(body: unknown, headers: Record<string, string | undefined> = {}) {
  const { request } = await import('node:http');
  return new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
    const h: Record<string, string> = {
      'content-type': 'application/json',
      host: `localhost:${proxy.port}`,
      origin: ORIGIN,
    };
    for (const [k, v] of Object.entries(headers))
      if (v === undefined) delete h[k];
      else h[k] = v;
    const req = request({ host: '127.0.0.1', port: proxy.port, path: '/api/v1', method: 'POST', headers: h }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, json: text ? JSON.parse(text) : {} }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('the editor proxy', () => {
  it('answers the editor’s own page', async () => {
    const r = await call({ action: 'info' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ type: 'local_git', publish_modes: ['simple', 'editorial_workflow'] });
  });

  it('listens on loopback only', () => {
    const local = execFileSync('ss', ['-ltnH', `sport = :${proxy.port}`], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/)[3]);
    expect(local).toEqual([`127.0.0.1:${proxy.port}`]);
  });

  it('refuses a page of another site, and a request that names no origin', async () => {
    for (const origin of ['https://evil.example', undefined, 'null']) {
      const r = await call(
        {
          action: 'entriesByFolder',
          params: { branch: proxy.branch, folder: 'content/products', extension: 'md', depth: 1 },
        },
        { origin },
      );
      expect(r.status, String(origin)).toBe(403);
      expect(r.json.error).toMatch(/Origin/);
    }
  });

  it('refuses a DNS-rebinding page (its own host name in Host)', async () => {
    const r = await call(
      { action: 'info' },
      { host: `rebind.evil.example:${proxy.port}`, origin: `http://rebind.evil.example:${proxy.port}` },
    );
    expect(r.status).toBe(403);
    expect(r.json.error).toMatch(/Host/);
  });

  it('refuses what would commit straight to a base branch or write outside the catalog', async () => {
    const media = {
      action: 'persistMedia',
      params: {
        branch: proxy.branch,
        asset: { path: 'content/images/products/x.png', content: 'AA==', encoding: 'base64' },
        options: { commitMessage: 'x' },
      },
    };
    expect((await call(media)).status).toBe(403);
    const outside = {
      action: 'persistEntry',
      params: {
        branch: proxy.branch,
        entry: { slug: 'x', path: '.github/workflows/x.yml', raw: 'on: push' },
        assets: [],
        options: { useWorkflow: true, commitMessage: 'x', collectionName: 'products', status: 'draft' },
      },
    };
    expect((await call(outside)).status).toBe(403);
    const main = {
      action: 'publishUnpublishedEntry',
      params: { branch: 'main', collection: 'products', slug: 'azul-tile-game' },
    };
    expect((await call(main)).status).toBe(403);
    expect(git('branch', '--list', 'cms/*')).toBe('');
    expect(git('log', '--oneline', 'main')).toHaveLength(
      git('rev-parse', '--short', 'main').length + ' catalog'.length,
    );
  });

  it('saves an entry as a cms/products branch the repository sees, the checkout untouched', async () => {
    const head = git('rev-parse', 'HEAD');
    writeFileSync(path.join(repo, 'untracked-note.txt'), 'mine');
    const r = await call({
      action: 'persistEntry',
      params: {
        branch: proxy.branch,
        entry: { slug: 'new-blocks', path: 'content/products/new-blocks.md', raw: '---\nslug: new-blocks\n---\n' },
        assets: [],
        options: { useWorkflow: true, commitMessage: 'Add new-blocks', collectionName: 'products', status: 'draft' },
      },
    });
    expect(r.status).toBe(200);
    expect(git('log', '--format=%s', '-1', 'cms/products/new-blocks')).toBe('Add new-blocks');
    expect(git('show', '--name-only', '--format=', 'cms/products/new-blocks')).toBe('content/products/new-blocks.md');
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('symbolic-ref', '--short', 'HEAD')).toBe('main');
    expect(git('status', '--porcelain').split('\n')).toEqual(['?? .editor/', '?? untracked-note.txt']);
    expect(readdirSync(path.join(repo, 'content/products'))).not.toContain('new-blocks.md');
  });
});
