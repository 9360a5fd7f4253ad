// Access tokens for /api/mcp: short-lived JWTs (RFC 9068: typ at+jwt, client_id; HS256 with a key
// derived from AUTH_SECRET) bound to the MCP resource. One module signs them, one function verifies.
import { SignJWT, jwtVerify, errors, type JWTPayload } from 'jose';
import { emailKey } from '../../config/email.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
const ALG = 'HS256';

export interface AdminIdentity {
  /** Stable subject: the upstream provider's subject, prefixed by its issuer host. */
  sub: string;
  email: string;
}

export interface TokenSettings {
  /** The base URL: the token's issuer. */
  issuer: string;
  /** `{base}/api/mcp`: the token's audience. */
  audience: string;
  /** Key bytes for HS256 from AUTH_SECRET: signs and verifies. */
  key: Uint8Array;
  /** From AUTH_SECRET_PREVIOUS during a rotation: verifies only. */
  previousKey?: Uint8Array;
  /** Lower-cased allowlisted admin emails. */
  admins: ReadonlySet<string>;
  now?: () => number;
}

export interface AccessTokenOptions {
  /** The OAuth client the token was issued to (RFC 9068 `client_id`). */
  clientId: string;
  ttl?: number;
}

export async function issueAccessToken(
  id: AdminIdentity,
  s: TokenSettings,
  { clientId, ttl = ACCESS_TOKEN_TTL_SECONDS }: AccessTokenOptions,
): Promise<string> {
  const now = Math.floor((s.now?.() ?? Date.now()) / 1000);
  return new SignJWT({ email: id.email, client_id: clientId })
    .setProtectedHeader({ alg: ALG, typ: 'at+jwt' })
    .setIssuer(s.issuer)
    .setAudience(s.audience)
    .setSubject(id.sub)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + ttl)
    .setJti(crypto.randomUUID())
    .sign(s.key);
}

export class InvalidTokenError extends Error {}

async function verifyWith(token: string, key: Uint8Array, s: TokenSettings): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, key, {
    algorithms: [ALG],
    issuer: s.issuer,
    audience: s.audience,
    typ: 'at+jwt',
    requiredClaims: ['sub', 'exp', 'nbf', 'email', 'client_id'],
    ...(s.now ? { currentDate: new Date(s.now()) } : {}),
  });
  return payload;
}

/**
 * Verifies signature (pinned HS256; the previous key only when the current one does not match),
 * iss, aud, exp, nbf, typ and client_id, then re-checks the allowlist so that removing an address
 * locks that admin out at once. Throws InvalidTokenError with a reason.
 */
export async function verifyAccessToken(token: string, s: TokenSettings): Promise<AdminIdentity> {
  try {
    let payload: JWTPayload;
    try {
      payload = await verifyWith(token, s.key, s);
    } catch (err) {
      if (!(err instanceof errors.JWSSignatureVerificationFailed) || !s.previousKey) throw err;
      payload = await verifyWith(token, s.previousKey, s);
    }
    const email = typeof payload.email === 'string' ? emailKey(payload.email) : '';
    if (!s.admins.has(email)) throw new InvalidTokenError('the account is not on the admin allowlist');
    return { sub: payload.sub!, email };
  } catch (err) {
    if (err instanceof InvalidTokenError) throw err;
    if (err instanceof errors.JWTExpired) throw new InvalidTokenError('the access token has expired');
    if (err instanceof errors.JOSEError) throw new InvalidTokenError(`the access token is invalid (${err.code})`);
    throw new InvalidTokenError('the access token could not be read');
  }
}
