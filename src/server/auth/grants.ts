// Our authorization codes (sealed, single use, 60 s) and refresh tokens (sealed, rotating, single
// use, 14 days). Both are bound to the client id; codes also to redirect URI and PKCE challenge.
import { seal, unseal, SealError } from './seal.ts';
import type { AdminIdentity } from './tokens.ts';

export const CODE_TTL_SECONDS = 60;
export const REFRESH_TTL_SECONDS = 14 * 24 * 3600;

export interface CodeGrant {
  jti: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  resource: string;
  admin: AdminIdentity;
  exp: number;
}

export interface RefreshGrant {
  jti: string;
  clientId: string;
  resource: string;
  admin: AdminIdentity;
  exp: number;
}

export function issueCode(secret: string, g: Omit<CodeGrant, 'jti' | 'exp'>, now: number): Promise<string> {
  return seal(
    secret,
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

export function issueRefreshToken(secret: string, g: Omit<RefreshGrant, 'jti' | 'exp'>, now: number): Promise<string> {
  return seal(
    secret,
    'refresh',
    { jti: crypto.randomUUID(), cid: g.clientId, rs: g.resource, sub: g.admin.sub, email: g.admin.email },
    now,
    REFRESH_TTL_SECONDS,
  );
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Throws SealError (`expired` set when it has expired). */
export async function openCode(secret: string, code: string, now: number): Promise<CodeGrant> {
  const p = await unseal(secret, 'code', code, now);
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

export async function openRefreshToken(secret: string, token: string, now: number): Promise<RefreshGrant> {
  const p = await unseal(secret, 'refresh', token, now);
  if (!p.jti || !p.exp) throw new SealError('invalid');
  return {
    jti: p.jti,
    exp: p.exp,
    clientId: str(p.cid),
    resource: str(p.rs),
    admin: { sub: str(p.sub), email: str(p.email) },
  };
}
