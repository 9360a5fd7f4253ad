// The browser editor's sign-in as Decap's PKCE client makes it (decap-cms-lib-auth/src/pkce-oauth.js):
// /authorize with client_id catalog-editor, redirect_uri {base}/admin/, a JSON state and an S256
// challenge; then the upstream login; then a form POST to /token. Run against the handlers in process.
import { createHash } from 'node:crypto';
import { readSettings } from '../../src/config/env.ts';
import { authConfig } from '../../src/server/auth/config.ts';
import type { AuthContext } from '../../src/server/auth/context.ts';
import { EDITOR_CLIENT_ID } from '../../src/server/auth/editor-client.ts';
import { CURATOR_EMAILS, BASE, routeTo, testEnv, token } from './auth-harness.ts';
import { CookieJar, walkSignIn, type Credentials } from './oidc.ts';

export const ADMIN_URL = `${BASE}/admin/`;
/** Decap's verifier: 128 characters of [A-Za-z0-9-.]. */
export const EDITOR_VERIFIER = 'aB3-.'.repeat(25) + 'xyz';
export const EDITOR_CHALLENGE = createHash('sha256').update(EDITOR_VERIFIER).digest('base64url');
/** Decap's state: a JSON string with a nonce, which it must get back unchanged. */
export const DECAP_STATE = JSON.stringify({ auth_type: 'pkce', nonce: 'c0ffee00-1111-4222-8333-444455556666' });

export const editorEnv = (issuer: string, extra: Record<string, string> = {}) =>
  testEnv(issuer, { CURATOR_EMAILS, ...extra });

/** The /authorize URL Decap opens; `params` overrides or (with '') removes parameters. */
export function editorAuthorizeUrl(params: Record<string, string> = {}): URL {
  const url = new URL(`${BASE}/api/auth/authorize`);
  const all: Record<string, string> = {
    client_id: EDITOR_CLIENT_ID,
    redirect_uri: ADMIN_URL,
    response_type: 'code',
    scope: 'repo',
    state: DECAP_STATE,
    code_challenge_method: 'S256',
    code_challenge: EDITOR_CHALLENGE,
    ...params,
  };
  for (const [k, v] of Object.entries(all)) if (v !== '') url.searchParams.set(k, v);
  return url;
}

/** Walks the sign-in as `who` up to the editor's page, /admin/?code=…&state=…&iss=… (never fetched). */
export function editorCallback(ctx: AuthContext, who: Credentials, url = editorAuthorizeUrl()): Promise<URL> {
  return walkSignIn(url, ADMIN_URL, who, new CookieJar(), routeTo(ctx), 'stop');
}

/** Decap's token request: a form with the code, the verifier, the client id and the redirect URI (`over`: null removes one). */
export function editorToken(ctx: AuthContext, code: string, over: Record<string, string | null> = {}, ip?: string) {
  const form: Record<string, string | null> = {
    client_id: EDITOR_CLIENT_ID,
    code,
    grant_type: 'authorization_code',
    redirect_uri: ADMIN_URL,
    code_verifier: EDITOR_VERIFIER,
    ...over,
  };
  return token(ctx, Object.fromEntries(Object.entries(form).filter((e): e is [string, string] => e[1] !== null)), ip);
}

export interface EditorTokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  email: string;
  user_metadata: { full_name: string };
}

/** A whole sign-in: the editor token response for `who`. */
export async function signInToEditor(ctx: AuthContext, who: Credentials): Promise<EditorTokenResponse> {
  const back = await editorCallback(ctx, who);
  const res = await editorToken(ctx, back.searchParams.get('code') ?? '');
  if (res.status !== 200) throw new Error(`token: ${res.status} ${await res.text()}`);
  return (await res.json()) as EditorTokenResponse;
}

/** The same context (store, clock, upstream) with other settings: another instance after a redeploy. */
export const withEnv = (ctx: AuthContext, env: Record<string, string | undefined>): AuthContext => ({
  ...ctx,
  config: authConfig(readSettings(env)),
});

export const signOut = (ctx: AuthContext, bearer: string | null, ip = '192.0.2.1', method = 'POST') =>
  routeTo(ctx, ip)(`${BASE}/api/auth/signout`, {
    method,
    headers: bearer === null ? {} : { authorization: `Bearer ${bearer}` },
  });
