// Our authorization codes (sealed, single use, 60 s) and refresh tokens (sealed, rotating, single
// use). Both are bound to the client id; codes also to redirect URI and PKCE challenge. Every refresh
// token belongs to a family started at sign-in, which lives at most 30 days (./refresh-family.ts).
import type { AuthSecrets } from './secrets.ts';
import { seal, unseal, SealError } from './seal.ts';
import type { AdminIdentity } from './tokens.ts';

export const CODE_TTL_SECONDS = 60;
export const REFRESH_TTL_SECONDS = 14 * 24 * 3600;
export const FAMILY_MAX_SECONDS = 30 * 24 * 3600;

export interface CodeGrant {
  jti: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  resource: string;
  admin: AdminIdentity;
  exp: number;
}

export interface RefreshFamily {
  /** Random id given at sign-in (code redemption), shared by every rotation. */
  id: string;
  /** The sign-in time (epoch seconds); the family ends FAMILY_MAX_SECONDS later. */
  signedInAt: number;
}

export interface RefreshGrant {
  jti: string;
  clientId: string;
  resource: string;
  admin: AdminIdentity;
  family: RefreshFamily;
  exp: number;
}

export function issueCode(secrets: AuthSecrets, g: Omit<CodeGrant, 'jti' | 'exp'>, now: number): Promise<string> {
  return seal(
    secrets,
    'code',
    {
      jti: crypto.randomUUID(),
      cid: g.clientId,
      ru: g.redirectUri,
      cc: g.codeChallenge,
      rs: g.resource,
      sub: g.admin.sub,
      email: g.admin.email,
    },
    now,
    CODE_TTL_SECONDS,
  );
}

/** When the family ends (epoch ms): its records in the store expire then too. */
export const familyEnd = (f: RefreshFamily) => (f.signedInAt + FAMILY_MAX_SECONDS) * 1000;

/** A new refresh token of `family`: valid 14 days, never past the family's end. */
export function issueRefreshToken(
  secrets: AuthSecrets,
  g: Omit<RefreshGrant, 'jti' | 'exp'>,
  now: number,
): Promise<string> {
  const ttl = Math.min(REFRESH_TTL_SECONDS, Math.floor((familyEnd(g.family) - now) / 1000));
  return seal(
    secrets,
    'refresh',
    {
      jti: crypto.randomUUID(),
      cid: g.clientId,
      rs: g.resource,
      sub: g.admin.sub,
      email: g.admin.email,
      fid: g.family.id,
      fat: g.family.signedInAt,
    },
    now,
    ttl,
  );
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Throws SealError (`expired` set when it has expired). */
export async function openCode(secrets: AuthSecrets, code: string, now: number): Promise<CodeGrant> {
  const p = await unseal(secrets, 'code', code, now);
  if (!p.jti || !p.exp) throw new SealError('invalid');
  return {
    jti: p.jti,
    exp: p.exp,
    clientId: str(p.cid),
    redirectUri: str(p.ru),
    codeChallenge: str(p.cc),
    resource: str(p.rs),
    admin: { sub: str(p.sub), email: str(p.email) },
  };
}

export async function openRefreshToken(secrets: AuthSecrets, token: string, now: number): Promise<RefreshGrant> {
  const p = await unseal(secrets, 'refresh', token, now);
  if (!p.jti || !p.exp || typeof p.fid !== 'string' || typeof p.fat !== 'number') throw new SealError('invalid');
  return {
    jti: p.jti,
    exp: p.exp,
    clientId: str(p.cid),
    resource: str(p.rs),
    admin: { sub: str(p.sub), email: str(p.email) },
    family: { id: p.fid, signedInAt: p.fat },
  };
}
