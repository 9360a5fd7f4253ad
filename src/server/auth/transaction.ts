// The authorize transaction between /api/auth/authorize and /api/auth/callback, kept in a sealed
// HttpOnly, Secure, SameSite=Lax cookie scoped to /api/auth (browsers accept Secure on http://localhost).
import { seal, unseal } from './seal.ts';
import type { UpstreamChecks } from './upstream.ts';

export const TX_COOKIE = 'mcp_auth_tx';
export const TX_TTL_SECONDS = 600;

export interface Transaction {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  state?: string;
  resource: string;
  upstream: UpstreamChecks;
}

export async function transactionCookie(secret: string, tx: Transaction, now: number): Promise<string> {
  const value = await seal(secret, 'transaction', { tx }, now, TX_TTL_SECONDS);
  return `${TX_COOKIE}=${value}; Path=/api/auth; Max-Age=${TX_TTL_SECONDS}; HttpOnly; Secure; SameSite=Lax`;
}

export function clearTransactionCookie(): string {
  return `${TX_COOKIE}=; Path=/api/auth; Max-Age=0; HttpOnly; Secure; SameSite=Lax`;
}

/** The transaction from the request's cookie, or null when absent, tampered or expired. */
export async function readTransaction(secret: string, request: Request, now: number): Promise<Transaction | null> {
  const cookies = request.headers.get('cookie') ?? '';
  const raw = cookies
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${TX_COOKIE}=`))
    ?.slice(TX_COOKIE.length + 1);
  if (!raw) return null;
  try {
    const p = await unseal(secret, 'transaction', raw, now);
    const tx = p.tx as Transaction | undefined;
    if (
      !tx ||
      typeof tx.clientId !== 'string' ||
      typeof tx.redirectUri !== 'string' ||
      typeof tx.codeChallenge !== 'string' ||
      !tx.upstream
    )
      return null;
    return tx;
  } catch {
    return null;
  }
}
