// Reads the token settings every admin function needs from the environment. A half-configured
// admin side is refused: the caller answers 503 naming what is missing, never runs on a default.
import { createHash } from 'node:crypto';
import { siteUrl } from '../../config/site.ts';
import type { TokenSettings } from './tokens.ts';

export type Env = Record<string, string | undefined>;

export type SettingsResult<T> = { ok: true; value: T } | { ok: false; missing: string[] };

/** Lower-cased, trimmed addresses from a comma-separated ADMIN_EMAILS. */
export function parseAdminEmails(raw: string | undefined): Set<string> {
  return new Set(
    (raw ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** Derives a purpose-bound key from AUTH_SECRET so one secret can seal cookies and sign tokens. */
export function deriveKey(secret: string, purpose: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(`${purpose}\0${secret}`).digest());
}

export function tokenSettingsFromEnv(env: Env = process.env): SettingsResult<TokenSettings> {
  const missing: string[] = [];
  const secret = env.AUTH_SECRET ?? '';
  if (Buffer.byteLength(secret) < 32) missing.push('AUTH_SECRET (at least 32 bytes)');
  const admins = parseAdminEmails(env.ADMIN_EMAILS);
  if (admins.size === 0) missing.push('ADMIN_EMAILS');
  if (missing.length) return { ok: false, missing };
  const base = siteUrl(env);
  return {
    ok: true,
    value: { issuer: base, audience: `${base}/api/mcp`, key: deriveKey(secret, 'access-token'), admins },
  };
}
