// The browser editor's token: a JWT for the git gateway only (HS256 with its own key derived from
// AUTH_SECRET, typ at+jwt, aud {base}/api/git, 8 hours, no refresh), issued at /api/auth/token and
// verified on every gateway request against the allowlists and the curator's last sign-out.
import { createHmac } from 'node:crypto';
import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';
import type { AuthSecrets } from '../../config/env.ts';
import { emailKey } from '../../config/email.ts';
import type { SharedStore } from '../store/shared-store.ts';
import type { AuthContext } from './context.ts';
import {
  EDITOR_CLIENT_ID,
  EDITOR_TOKEN_TTL_SECONDS,
  editorAccess,
  type EditorConfig,
  type EditorRole,
} from './editor-client.ts';
import { deriveKey } from './secrets.ts';
import { InvalidTokenError } from './tokens.ts';

export { InvalidTokenError };

const ALG = 'HS256';

/** Who signed in to the editor, as the gateway sees her on each request. */
export interface Curator {
  /** The upstream provider's subject, prefixed by its issuer host. */
  sub: string;
  /** Lower-cased; never written to the repository or sent to the browser by the gateway. */
  email: string;
  /** The public handle (CURATOR_EMAILS), or `admin` for an admin without a curator entry. */
  handle: string;
  role: EditorRole;
  /** Stable, non-personal identity (curatorId): four eyes compares this, never the handle. */
  id: string;
  /** Her id under AUTH_SECRET_PREVIOUS, during a rotation only: saves made before it carry that one. */
  previousId?: string;
}

/** The editor sign-in cannot be checked right now: not configured (`missing`) or the shared store is down. */
export class EditorUnavailableError extends Error {
  readonly missing: string[];
  readonly retryAfterSeconds: number | undefined;
  constructor(message: string, missing: string[] = [], retryAfterSeconds?: number) {
    super(message);
    this.missing = missing;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The first 20 hex digits of HMAC-SHA256(a key derived from the secret, the email as compared: `emailKey`). */
function idUnder(secret: string, email: string): string {
  return createHmac('sha256', deriveKey(secret, 'curator-id')).update(emailKey(email)).digest('hex').slice(0, 20);
}

/** A curator's stable, non-personal identity under the current AUTH_SECRET. */
export const curatorId = (email: string, secrets: AuthSecrets): string => idUnder(secrets.current, email);

export interface EditorIdentity {
  sub: string;
  email: string;
  handle: string;
  role: EditorRole;
}

/** Signs an editor token for `who` (whose access the caller has just checked). */
export async function issueEditorToken(
  who: EditorIdentity,
  s: { issuer: string; editor: Pick<EditorConfig, 'audience' | 'key'> },
  now: number,
): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ email: who.email, handle: who.handle, role: who.role, client_id: EDITOR_CLIENT_ID })
    .setProtectedHeader({ alg: ALG, typ: 'at+jwt' })
    .setIssuer(s.issuer)
    .setAudience(s.editor.audience)
    .setSubject(who.sub)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + EDITOR_TOKEN_TTL_SECONDS)
    .setJti(crypto.randomUUID())
    .sign(s.editor.key);
}

/** The shared-store record of a curator's last sign-out (epoch seconds): tokens issued until then are refused. */
export const signOutKey = (id: string) => `editor-signout/${id}`;

/**
 * Ends, on the server, every editor token of `curator` issued up to now: the record lives as long
 * as the longest of them (8 hours). Rejects when the store cannot answer.
 */
export async function recordSignOut(store: SharedStore, curator: Curator, now: number): Promise<void> {
  const at = Math.floor(now / 1000);
  await store.putRecord(signOutKey(curator.id), { at }, (at + EDITOR_TOKEN_TTL_SECONDS + 60) * 1000);
}

/** The latest sign-out recorded under any of the curator's ids (epoch seconds), or null. */
async function lastSignOut(store: SharedStore, ids: string[]): Promise<number | null> {
  let latest: number | null = null;
  for (const id of ids) {
    const at = ((await store.getRecord(signOutKey(id))) as { at?: unknown } | null)?.at;
    if (typeof at === 'number' && (latest === null || at > latest)) latest = at;
  }
  return latest;
}

async function verifyWith(token: string, key: Uint8Array, issuer: string, audience: string, now: number) {
  const { payload } = await jwtVerify(token, key, {
    algorithms: [ALG],
    issuer,
    audience,
    typ: 'at+jwt',
    requiredClaims: ['sub', 'iat', 'nbf', 'exp', 'jti', 'email', 'client_id'],
    currentDate: new Date(now),
  });
  return payload;
}

/**
 * The curator behind an editor token. Checks the signature (pinned HS256; AUTH_SECRET_PREVIOUS only
 * when the current key does not match), iss, aud ({base}/api/git only), typ, nbf, exp and client_id;
 * then, on every call, that her email is still on CURATOR_EMAILS or ADMIN_EMAILS (handle and role are
 * read from there, not from the token) and that she has not signed out since the token was issued.
 * Throws InvalidTokenError with a reason, or EditorUnavailableError (not configured, store down).
 */
export async function verifyEditorToken(token: string, ctx: AuthContext): Promise<Curator> {
  if (!ctx.config.ok) throw new EditorUnavailableError('The editor sign-in is not configured.', ctx.config.missing);
  const cfg = ctx.config.value;
  if (!cfg.editor.ok) throw new EditorUnavailableError('The editor sign-in is not configured.', cfg.editor.missing);
  if (!ctx.store.ok) throw new EditorUnavailableError('The editor sign-in is not configured.', [ctx.store.missing]);
  const editor = cfg.editor.value;
  const now = ctx.now();
  let payload: JWTPayload;
  try {
    try {
      payload = await verifyWith(token, editor.key, cfg.base, editor.audience, now);
    } catch (err) {
      if (!(err instanceof errors.JWSSignatureVerificationFailed) || !editor.previousKey) throw err;
      payload = await verifyWith(token, editor.previousKey, cfg.base, editor.audience, now);
    }
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw new InvalidTokenError('the editor token has expired: sign in again');
    if (err instanceof errors.JOSEError) throw new InvalidTokenError(`the editor token is invalid (${err.code})`);
    throw new InvalidTokenError('the editor token could not be read');
  }
  if (payload.client_id !== EDITOR_CLIENT_ID) throw new InvalidTokenError('the token was not issued to the editor');
  const email = typeof payload.email === 'string' ? emailKey(payload.email) : '';
  const access = editorAccess(email, cfg.admins, editor.curators);
  if (!access) throw new InvalidTokenError('this account is no longer on the list of curators or admins');
  const curator: Curator = {
    sub: payload.sub!,
    email,
    handle: access.handle,
    role: access.role,
    id: curatorId(email, cfg.secrets),
    ...(cfg.secrets.previous ? { previousId: idUnder(cfg.secrets.previous, email) } : {}),
  };
  // A sign-out recorded before a rotation of AUTH_SECRET is under her previous id.
  let at: number | null;
  try {
    at = await lastSignOut(ctx.store.store, [curator.id, ...(curator.previousId ? [curator.previousId] : [])]);
  } catch {
    throw new EditorUnavailableError('The shared store could not be reached.', [], 5);
  }
  if (at !== null && payload.iat! <= at)
    throw new InvalidTokenError('this editor session was signed out: sign in again');
  return curator;
}
