// The site's one set of GitHub credentials, read in one place and used by the editor's git gateway,
// the MCP proposals and the watchers: a GitHub App's installation token (GITHUB_APP_ID,
// GITHUB_APP_PRIVATE_KEY, GITHUB_APP_INSTALLATION_ID), minted with @octokit/auth-app and kept
// until shortly before its hour runs out, else a fine-grained token (GITHUB_TOKEN); the repository
// (GITHUB_REPOSITORY) and the API's address (GITHUB_API_URL, https://api.github.com by default).
import type { Checked } from '../../config/env.ts';
import type { GithubSettings } from '../../config/env.ts';

export interface GithubAccess {
  /** The REST API's root, no trailing slash. */
  apiUrl: string;
  owner: string;
  repo: string;
  /** Which credential `token()` returns. */
  kind: 'app' | 'token';
  /** A token for `Authorization: Bearer …` (an App's is minted on first use and renewed before it expires). */
  token(): Promise<string>;
}

export interface AccessOptions {
  /** The fetch the App's token requests go through (tests point it anywhere). */
  fetch?: typeof fetch;
  /** The clock (ms), to renew a token before it expires. */
  now?: () => number;
}

/** An installation token is renewed this long before GitHub's expiry (it lasts an hour). */
export const RENEW_BEFORE_MS = 5 * 60_000;

/** What to set for GitHub, in words (the proposal tools and the gateway say it when nothing is). */
export const GITHUB_NOT_CONFIGURED =
  'GITHUB_REPOSITORY and either a GitHub App (GITHUB_APP_ID, GITHUB_APP_PRIVATE_KEY, GITHUB_APP_INSTALLATION_ID) or GITHUB_TOKEN (DEPLOY.md, step 3)';

/** Whether any GitHub credential or repository is named at all. */
export const githubNamed = (s: GithubSettings) =>
  !!(s.appId || s.appPrivateKey || s.appInstallationId || s.token || s.repository);

/** The site's GitHub access, or every missing or invalid setting. */
export function githubAccess(s: GithubSettings, opts: AccessOptions = {}): Checked<GithubAccess> {
  const missing = [...s.problems];
  const [owner, repo, ...rest] = (s.repository ?? '').split('/');
  if (!s.repository) missing.push('GITHUB_REPOSITORY (owner/name)');
  else if (!owner || !repo || rest.length)
    missing.push(`GITHUB_REPOSITORY (must be owner/name, not "${s.repository}")`);
  const app = [s.appId, s.appPrivateKey, s.appInstallationId];
  const appNamed = app.some(Boolean);
  if (appNamed && !app.every(Boolean)) {
    const names = ['GITHUB_APP_ID', 'GITHUB_APP_PRIVATE_KEY', 'GITHUB_APP_INSTALLATION_ID'];
    missing.push(...names.filter((_, i) => !app[i]).map((n) => `${n} (the App's other settings are set)`));
  }
  if (!appNamed && !s.token) missing.push(GITHUB_NOT_CONFIGURED);
  if (missing.length) return { ok: false, missing };
  const base = { apiUrl: s.apiUrl, owner: owner!, repo: repo! };
  if (!appNamed) {
    const token = s.token!;
    return { ok: true, value: { ...base, kind: 'token', token: async () => token } };
  }
  return {
    ok: true,
    value: {
      ...base,
      kind: 'app',
      token: installationToken(s.apiUrl, s.appId!, s.appPrivateKey!, s.appInstallationId!, opts),
    },
  };
}

/** A token function for one installation: one request for many callers, then kept until near its expiry. */
function installationToken(
  apiUrl: string,
  appId: string,
  privateKey: string,
  installationId: string,
  { fetch: fetchFn, now = Date.now }: AccessOptions,
): () => Promise<string> {
  let kept: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;
  type InstallationAuth = (o: {
    type: 'installation';
    refresh: boolean;
  }) => Promise<{ token: string; expiresAt: string }>;
  let auth: InstallationAuth | null = null;
  async function mint(): Promise<string> {
    if (!auth) {
      // Loaded on the first call that needs GitHub: the App's JWT signing stays out of every cold start.
      const [{ createAppAuth }, { Octokit }] = await Promise.all([
        import('@octokit/auth-app'),
        import('@octokit/core'),
      ]);
      const { request } = new Octokit({ baseUrl: apiUrl, ...(fetchFn ? { request: { fetch: fetchFn } } : {}) });
      auth = createAppAuth({ appId, privateKey, installationId, request }) as unknown as InstallationAuth;
    }
    // `refresh`: this module keeps the token, so auth-app's own cache is never consulted.
    const minted = await auth({ type: 'installation', refresh: true });
    kept = { token: minted.token, expiresAt: Date.parse(minted.expiresAt) };
    return minted.token;
  }
  return async () => {
    if (kept && now() < kept.expiresAt - RENEW_BEFORE_MS) return kept.token;
    pending ??= mint().finally(() => {
      pending = null;
    });
    return pending;
  };
}
