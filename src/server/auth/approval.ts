// Which clients this browser's admin has approved: a sealed cookie listing a digest of each approved
// client id with its redirect URI and when the approval ends (30 days). A client id alone is not
// enough, because one registration may carry several redirect URIs and the page named only one.
import { createHash } from 'node:crypto';
import { readCookie, setCookie } from '../http/cookies.ts';
import type { AuthSecrets } from './secrets.ts';
import { seal, unseal } from './seal.ts';

export const APPROVAL_COOKIE = 'mcp_auth_approved';
export const APPROVAL_TTL_SECONDS = 30 * 24 * 3600;
const MAX_APPROVALS = 20;

type Entry = [digest: string, expiresAt: number];

const digest = (clientId: string, redirectUri: string) =>
  createHash('sha256').update(`${clientId}\n${redirectUri}`).digest('base64url').slice(0, 22);

async function entries(secrets: AuthSecrets, request: Request, now: number): Promise<Entry[]> {
  const raw = readCookie(request, APPROVAL_COOKIE);
  if (!raw) return [];
  try {
    const { a } = await unseal(secrets, 'approval', raw, now);
    if (!Array.isArray(a)) return [];
    return a.filter(
      (e): e is Entry => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'number' && e[1] > now / 1000,
    );
  } catch {
    return [];
  }
}

export async function isApproved(
  secrets: AuthSecrets,
  request: Request,
  clientId: string,
  redirectUri: string,
  now: number,
): Promise<boolean> {
  const d = digest(clientId, redirectUri);
  return (await entries(secrets, request, now)).some(([e]) => e === d);
}

/** The Set-Cookie that adds this client (newest first, oldest dropped past MAX_APPROVALS). */
export async function approvalCookie(
  secrets: AuthSecrets,
  request: Request,
  clientId: string,
  redirectUri: string,
  now: number,
): Promise<string> {
  const d = digest(clientId, redirectUri);
  const kept = (await entries(secrets, request, now)).filter(([e]) => e !== d);
  const fresh: Entry = [d, Math.floor(now / 1000) + APPROVAL_TTL_SECONDS];
  const list = [fresh, ...kept].slice(0, MAX_APPROVALS);
  const value = await seal(secrets, 'approval', { a: list }, now, APPROVAL_TTL_SECONDS);
  return setCookie(APPROVAL_COOKIE, value, APPROVAL_TTL_SECONDS);
}
