// Which redirect URIs a client may register: https anywhere, plain http on loopback only, no
// fragments, no credentials. Matching at /authorize and /token is exact string equality.
import { isLoopbackHost } from '../../config/env.ts';

/** Null when acceptable, otherwise the reason. */
export function redirectUriProblem(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return 'must be a non-empty string';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.hash || raw.includes('#')) return 'must not contain a fragment';
  // Matching is exact, so a URI is stored only as the URL parser writes it: otherwise two spellings
  // of one address (`HTTPS://Example.com`, a default port, `/a/../b`) would be two different clients.
  if (url.href !== raw) return `is not in canonical form: register ${JSON.stringify(url.href)} instead`;
  if (url.username || url.password) return 'must not contain credentials';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return null;
  return 'must use https (plain http is allowed on loopback hosts only)';
}
