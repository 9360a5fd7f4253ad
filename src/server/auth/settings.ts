// Reads the token settings every admin function needs from the environment. A half-configured
// admin side is refused: the caller answers 503 naming what is missing, never runs on a default.
import { siteUrl } from '../../config/site.ts';
import { deriveKey, secretsFromEnv } from './secrets.ts';
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

export function tokenSettingsFromEnv(env: Env = process.env): SettingsResult<TokenSettings> {
  const { secrets, missing } = secretsFromEnv(env);
  const admins = parseAdminEmails(env.ADMIN_EMAILS);
  if (admins.size === 0) missing.push('ADMIN_EMAILS');
  if (!secrets || missing.length) return { ok: false, missing };
  const base = siteUrl(env);
  return {
    ok: true,
    value: {
      issuer: base,
      audience: `${base}/api/mcp`,
      key: deriveKey(secrets.current, 'access-token'),
      ...(secrets.previous ? { previousKey: deriveKey(secrets.previous, 'access-token') } : {}),
      admins,
    },
  };
}
