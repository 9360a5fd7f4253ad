// The authorize transaction between /api/auth/authorize and /api/auth/callback, kept in a sealed
// HttpOnly, Secure, SameSite=Lax cookie scoped to /api/auth (browsers accept Secure on http://localhost).
import { clearCookie, readCookie, setCookie } from '../http/cookies.ts';
import type { AuthSecrets } from './secrets.ts';
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

export async function transactionCookie(secrets: AuthSecrets, tx: Transaction, now: number): Promise<string> {
  return setCookie(TX_COOKIE, await seal(secrets, 'transaction', { tx }, now, TX_TTL_SECONDS), TX_TTL_SECONDS);
}

export const clearTransactionCookie = () => clearCookie(TX_COOKIE);

/** The transaction from the request's cookie, or null when absent, tampered or expired. */
export async function readTransaction(
  secrets: AuthSecrets,
  request: Request,
  now: number,
): Promise<Transaction | null> {
  const raw = readCookie(request, TX_COOKIE);
  if (!raw) return null;
  try {
    const p = await unseal(secrets, 'transaction', raw, now);
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
