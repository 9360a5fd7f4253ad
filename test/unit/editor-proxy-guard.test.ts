// The editor's local proxy (decap-server) has no authentication of its own, and any web page a
// developer visits can send requests to localhost. The guard in front of it refuses a foreign
// Origin, a Host that is not a loopback name (DNS rebinding), actions that commit straight to a
// base branch, another branch to merge into, and any path that is not a product file or picture.
// The same guard is tested over HTTP against the real proxy in test/integration.
import { describe, expect, it } from 'vitest';
import { refusal } from '../../scripts/lib/editor-proxy-guard.ts';

const opts = { origin: 'http://localhost:8888', port: 4321, branch: 'cms-base/4321' };
const ok = { host: 'localhost:4321', origin: 'http://localhost:8888' };
const post = (body: unknown, over: Partial<typeof ok> = {}) => refusal(opts, { method: 'POST', ...ok, ...over, body });
const workflow = { options: { useWorkflow: true, commitMessage: 'x', collectionName: 'products', status: 'draft' } };

describe('who may call the proxy', () => {
  it('lets the editor’s own page in', () => {
    expect(post({ action: 'info' })).toBeNull();
    expect(post({ action: 'info' }, { host: '127.0.0.1:4321' })).toBeNull();
  });

  it.each([
    ['another site', { origin: 'https://evil.example' }],
    ['another port of localhost', { origin: 'http://localhost:9999' }],
    ['the loopback address spelled otherwise', { origin: 'http://127.0.0.1:8888' }],
    ['no Origin at all (not a page of the editor)', { origin: undefined }],
    ['the null origin of a sandboxed frame', { origin: 'null' }],
  ])('refuses %s', (_, over) => {
    expect(post({ action: 'info' }, over as Partial<typeof ok>)).toMatchObject({
      status: 403,
      error: expect.stringMatching(/Origin/),
    });
  });

  it.each([
    ['a rebinding host name', 'evil.example:4321'],
    ['a loopback name with another port', 'localhost:8888'],
    ['no Host', undefined],
    ['a look-alike', 'localhost.evil.example:4321'],
  ])('refuses %s (DNS rebinding)', (_, host) => {
    expect(post({ action: 'info' }, { host: host as string })).toMatchObject({
      status: 403,
      error: expect.stringMatching(/Host/),
    });
  });

  it('answers a preflight from the editor and refuses other methods', () => {
    expect(refusal(opts, { method: 'OPTIONS', ...ok, body: undefined })).toBeNull();
    expect(refusal(opts, { method: 'GET', ...ok, body: undefined })).toMatchObject({ status: 403 });
  });
});

describe('what the proxy may be asked', () => {
  it('lets the editorial workflow through', () => {
    expect(
      post({
        action: 'entriesByFolder',
        params: { branch: opts.branch, folder: 'content/products', extension: 'md', depth: 1 },
      }),
    ).toBeNull();
    expect(post({ action: 'getEntry', params: { branch: opts.branch, path: 'content/products/azul.md' } })).toBeNull();
    expect(
      post({
        action: 'persistEntry',
        params: {
          branch: opts.branch,
          entry: { slug: 'x', path: 'content/products/x.md', raw: '---\n' },
          assets: [{ path: 'content/images/products/x.jpg', content: 'AA==', encoding: 'base64' }],
          ...workflow,
        },
      }),
    ).toBeNull();
    expect(
      post({ action: 'publishUnpublishedEntry', params: { branch: opts.branch, collection: 'products', slug: 'x' } }),
    ).toBeNull();
  });

  it.each(['persistMedia', 'deleteFile', 'deleteFiles', 'somethingElse', '__proto__', 'constructor'])(
    'refuses %s (global media uploads and deletions commit straight to the base branch)',
    (action) => expect(post({ action, params: { branch: opts.branch } })).toMatchObject({ status: 403 }),
  );

  it('refuses a save outside the editorial workflow', () => {
    const params = { branch: opts.branch, entry: { slug: 'x', path: 'content/products/x.md', raw: '' }, assets: [] };
    expect(post({ action: 'persistEntry', params: { ...params, options: { useWorkflow: false } } })).toMatchObject({
      status: 403,
    });
    expect(post({ action: 'persistEntry', params })).toMatchObject({ status: 403 });
  });

  it.each(['main', 'feature/x', '', undefined])('refuses any base branch but the editor’s own: %o', (branch) => {
    expect(
      post({ action: 'publishUnpublishedEntry', params: { branch, collection: 'products', slug: 'x' } }),
    ).toMatchObject({
      status: 403,
      error: expect.stringMatching(/branch/),
    });
  });

  it.each([
    '.github/workflows/pwn.yml',
    'content/products/../../package.json',
    'content/products/sub/x.md',
    '/etc/passwd',
    'content/images/products/../products/x.md',
    'src/config/site.ts',
    'content/products/x.md\n',
  ])('refuses a path outside the product files and pictures: %o', (p) => {
    expect(
      post({
        action: 'persistEntry',
        params: { branch: opts.branch, entry: { slug: 'x', path: p, raw: '' }, assets: [], ...workflow },
      }),
    ).toMatchObject({ status: 403 });
    expect(post({ action: 'getEntry', params: { branch: opts.branch, path: p } })).toMatchObject({ status: 403 });
  });

  it('refuses an asset outside the pictures folder, even beside an allowed entry', () => {
    expect(
      post({
        action: 'persistEntry',
        params: {
          branch: opts.branch,
          entry: { slug: 'x', path: 'content/products/x.md', raw: '' },
          assets: [{ path: 'netlify.toml', content: 'AA==', encoding: 'base64' }],
          ...workflow,
        },
      }),
    ).toMatchObject({ status: 403 });
  });
});
