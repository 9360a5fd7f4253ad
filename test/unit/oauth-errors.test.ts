// The OAuth sign-in endpoints answer errors from one table (src/contract/oauth-errors.ts): each
// answer sends its code with its one status, and every code the handlers use is in the table.
import { readFileSync } from 'node:fs';
import { globSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OAUTH_ERRORS, oauthErrorCode, type OAuthJsonError } from '../../src/contract/oauth-errors.ts';
import { oauthError, redirectError } from '../../src/server/auth/oauth-errors.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const jsonAnswers = Object.entries(OAUTH_ERRORS).filter(([, e]) => typeof e.status === 'number') as [
  OAuthJsonError,
  { status: number },
][];

describe('the OAuth error table', () => {
  it.each(jsonAnswers)('%s is sent with status %j, as RFC 6749 JSON', async (name, { status }) => {
    const res = oauthError(name, 'Why.');
    expect(res.status).toBe(status);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ error: oauthErrorCode(name), error_description: 'Why.' });
  });

  it('sends the same code with another status only where the table says so (a body over its cap)', () => {
    expect([oauthErrorCode('request_too_large'), OAUTH_ERRORS.request_too_large.status]).toEqual([
      'invalid_request',
      413,
    ]);
    expect([oauthErrorCode('metadata_too_large'), OAUTH_ERRORS.metadata_too_large.status]).toEqual([
      'invalid_client_metadata',
      413,
    ]);
  });

  it('redirects carry the code as error=', () => {
    const res = redirectError('http://127.0.0.1:9/cb', 'access_denied', 'No.', 'st', 'https://catalog.example');
    const to = new URL(res.headers.get('location')!);
    expect([res.status, to.searchParams.get('error'), to.searchParams.get('state')]).toEqual([
      302,
      'access_denied',
      'st',
    ]);
  });

  it('every code the sign-in handlers send is in the table', () => {
    const used = new Set<string>();
    for (const f of globSync('src/server/auth/*.ts', { cwd: ROOT })) {
      const text = readFileSync(path.join(ROOT, f), 'utf8');
      for (const m of text.matchAll(/(?:oauthError|fail)\(\s*'([a-z_]+)'|redirectError\([^)]*?'([a-z_]+)',\s*'/g))
        used.add(m[1] ?? m[2]!);
    }
    expect(used.size).toBeGreaterThan(8);
    expect([...used].filter((code) => !(code in OAUTH_ERRORS))).toEqual([]);
  });
});
