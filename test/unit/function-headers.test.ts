// Every answer made by code carries the site's security headers itself, because in production
// Netlify applies no header rules to function or edge-function answers (netlify-cli adds them
// locally, which would hide a gap in an HTTP test): each function entry is called as Netlify calls
// it, with requests it refuses and requests it serves, and the edge functions' 404s and twins too.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_CONTENT_CSP, SECURITY_HEADERS } from '../../src/contract/security-headers.ts';
import { NOT_FOUND_HEADERS } from '../../src/cdn/product-json.ts';
import { notFoundResponse } from '../../src/cdn/not-found.ts';
import { markdownHeaders } from '../../src/cdn/markdown-response.ts';
import { ROOT } from '../../scripts/lib/stack.ts';

const FUNCTIONS = path.join(ROOT, 'netlify/functions');
/** Functions Netlify runs on a schedule (their config names one): they answer nothing anyone reads. */
const SCHEDULED = readdirSync(FUNCTIONS).filter((f) =>
  /export const config\b[^;]*\bschedule:/.test(readFileSync(path.join(FUNCTIONS, f), 'utf8')),
);

const requests: Record<string, Request[]> = {
  'health.mts': [
    new Request('https://site.test/api/health'),
    new Request('https://site.test/api/health', { method: 'DELETE' }),
  ],
  'mcp.mts': [
    new Request('https://site.test/api/mcp', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    }),
    new Request('https://site.test/api/mcp'),
  ],
  'git-gateway.mts': [
    new Request('https://site.test/api/git/settings'),
    new Request('https://site.test/api/git/github/git/refs/heads/main', { method: 'DELETE' }),
    new Request('https://site.test/api/git/github/branches/main', {
      headers: { authorization: 'Bearer not-an-editor-token' },
    }),
  ],
  'auth-authorize.mts': [new Request('https://site.test/api/auth/authorize')],
  'auth-callback.mts': [new Request('https://site.test/api/auth/callback?state=x&code=y')],
  'auth-register.mts': [
    new Request('https://site.test/api/auth/register', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    }),
  ],
  'auth-token.mts': [new Request('https://site.test/api/auth/token', { method: 'POST', body: 'grant_type=x' })],
  'auth-signout.mts': [
    new Request('https://site.test/api/auth/signout', { method: 'POST', headers: { authorization: 'Bearer x' } }),
    new Request('https://site.test/api/auth/signout'),
  ],
  'oauth-metadata.mts': [
    new Request('https://site.test/.well-known/oauth-authorization-server'),
    new Request('https://site.test/.well-known/oauth-protected-resource'),
  ],
};

function expectSecurityHeaders(headers: Headers, what: string) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    expect(headers.get(name), `${what}: ${name}`).toBe(value);
  const csp = headers.get('content-security-policy') ?? '';
  if (/^text\/html/.test(headers.get('content-type') ?? '')) expect(csp, what).toMatch(/frame-ancestors 'none'/);
  else expect(csp, what).toBe(NO_CONTENT_CSP);
}

describe('function answers', () => {
  const entries = readdirSync(FUNCTIONS).filter((f) => f.endsWith('.mts') && !SCHEDULED.includes(f));

  it('every function entry has requests below, and the scheduled ones are known', () => {
    expect(SCHEDULED.sort()).toEqual([
      'admin-store-cleanup.mts',
      'link-watch.mts',
      'recall-watch.mts',
      'scheduled-rebuild.mts',
    ]);
    expect(entries.sort()).toEqual(Object.keys(requests).sort());
  });

  it.each(entries)('%s: every answer carries the security headers', async (file) => {
    const handler = (await import(path.join(FUNCTIONS, file))).default as (
      req: Request,
      context: { ip: string },
    ) => Promise<Response>;
    for (const req of requests[file]!) {
      const res = await handler(req.clone(), { ip: '203.0.113.9' });
      expectSecurityHeaders(res.headers, `${file} ${req.method} ${new URL(req.url).pathname} → ${res.status}`);
      await res.body?.cancel();
    }
  });
});

describe('edge-function answers', () => {
  it('the JSON 404 of /api/products/*', () => {
    expectSecurityHeaders(new Headers(NOT_FOUND_HEADERS), 'JSON 404');
  });
  it('the text and Markdown 404 of pages, and the Markdown twins', () => {
    for (const format of ['plain', 'markdown'] as const)
      expectSecurityHeaders(
        notFoundResponse(new URL('https://site.test/nope'), format, 'GET').headers,
        `${format} 404`,
      );
    expectSecurityHeaders(markdownHeaders('# Hi', 'markdown'), 'twin');
  });
});
