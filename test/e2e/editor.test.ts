// The curators' editor over HTTP on the local stack, as a browser, an agent and a crawler meet it:
// its own CSP on /admin only, noindex, never framed, Markdown for agents, its configuration at
// /admin/config.yml naming the site's own sign-in and gateway, Decap's script served from the site itself, and
// nothing of it in the public site's discovery files or on its pages.
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../../scripts/lib/stack.ts';
import { decapScript, decapVersion } from '../../src/build/editor-bundle.ts';
import { decapBundlePath } from '../../src/catalog/urls.ts';
import { GATEWAY_BODY_BYTES, GATEWAY_BODY_TOO_LARGE } from '../../src/contract/limits.ts';

const baseUrl = inject('baseUrl');
const get = (path: string, headers: Record<string, string> = {}) => fetch(new URL(path, baseUrl), { headers });

describe('/admin', () => {
  it('serves the editor page with its own CSP, noindex, and no framing', async () => {
    const res = await get('/admin');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'unsafe-eval'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    // The editor keeps its token in localStorage: it talks to this site alone, never to GitHub.
    expect(csp).toMatch(/connect-src 'self' blob:;/);
    expect(csp).not.toMatch(/github/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const html = await res.text();
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow">/);
    // Decap is served from this site (its npm package), never from a CDN.
    expect(html).not.toMatch(/src="https?:/);
    // Decap's script, then the editor's code (named by its hash, immutable), both deferred, in that order.
    const decap = html.indexOf(`<script defer src="${decapBundlePath(decapVersion(ROOT))}"></script>`);
    const editor = /<script type="module" src="(\/editor-code\/editor-\w+\.js)">/.exec(html);
    expect(decap).toBeGreaterThan(0);
    expect(editor!.index).toBeGreaterThan(decap);
    expect((await get(editor![1]!)).status).toBe(200);
    // In the folder of its version (immutable for a year in production: the local server does not
    // apply Cache-Control rules, test/unit/cdn-config.test.ts proves them).
    const bundle = await get(decapBundlePath(decapVersion(ROOT)));
    expect(bundle.status).toBe(200);
    expect(Buffer.from(await bundle.arrayBuffer()).equals(readFileSync(await decapScript(ROOT)))).toBe(true);
  });

  it('answers Accept: text/markdown with a note pointing curators to CONTRIBUTING', async () => {
    const res = await get('/admin', { Accept: 'text/markdown' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
    const md = await res.text();
    expect(md).toMatch(/^> Markdown twin of/);
    expect(md).toMatch(/CONTRIBUTING\.md/);
  });

  it('serves its configuration at /admin/config.yml: the site’s own sign-in and gateway, this stack’s site branch', async () => {
    const res = await get('/admin/config.yml');
    expect(res.status).toBe(200);
    const config = parse(await res.text()) as Record<string, any>;
    expect(config.publish_mode).toBe('editorial_workflow');
    expect(config.backend).toMatchObject({
      name: 'git-gateway',
      auth_type: 'pkce',
      base_url: baseUrl,
      app_id: 'catalog-editor',
      gateway_url: `${baseUrl}/api/git`,
      status_endpoint: `${baseUrl}/api/git/status`,
      branch: inject('editorBranch'),
    });
    expect(config).not.toHaveProperty('local_backend');
    expect(config.collections[0]).toMatchObject({ name: 'products', delete: false });
  });

  it('is absent from the sitemap, the llms files and the OpenAPI document, and the site’s pages do not load its code', async () => {
    for (const path of ['/sitemap.xml', '/llms.txt', '/llms-full.txt', '/openapi.json'])
      expect(await (await get(path)).text(), path).not.toMatch(/\/admin\b/);
    for (const path of ['/', '/products', '/search']) {
      const res = await get(path);
      expect(await res.text(), path).not.toMatch(/\/admin\//);
      expect(res.headers.get('content-security-policy'), path).not.toMatch(/'unsafe-eval'/);
    }
  });
});

describe('the gateway’s one body limit, over the local stack', () => {
  it(`a save past ${GATEWAY_BODY_BYTES} bytes gets the gateway’s 413 sentence, not the local stack’s 500`, async () => {
    const body = JSON.stringify({ content: 'A'.repeat(GATEWAY_BODY_BYTES), encoding: 'base64' });
    const res = await fetch(new URL('/api/git/github/git/blobs', baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', authorization: 'Bearer x' },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: GATEWAY_BODY_TOO_LARGE });
  });
});
