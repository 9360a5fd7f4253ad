// The admin sign-in configuration read from the environment. Incomplete or weak
// configuration is reported with every missing variable; nothing ever falls back to a default secret.
import { secretsFromEnv, type AuthSecrets } from './secrets.ts';
import { parseAdminEmails, tokenSettingsFromEnv, type Env, type SettingsResult } from './settings.ts';
import type { TokenSettings } from './tokens.ts';

export interface AuthConfig {
  /** Public base URL without trailing slash: our issuer. */
  base: string;
  /** `{base}/api/mcp`: the only resource we issue tokens for. */
  resource: string;
  /** Upstream OpenID Connect provider. */
  oidc: { issuer: URL; clientId: string; clientSecret: string };
  /** AUTH_SECRET (seals and signs) and AUTH_SECRET_PREVIOUS (still opens, during a rotation). */
  secrets: AuthSecrets;
  admins: ReadonlySet<string>;
  tokens: TokenSettings;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** True for localhost, 127.0.0.0/8 and ::1. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname.endsWith('.localhost');
}

export function authConfigFromEnv(env: Env = process.env): SettingsResult<AuthConfig> {
  const missing: string[] = [];
  const rawBase = (env.SITE_URL?.trim() || env.URL?.trim() || '').replace(/\/+$/, '');
  if (!rawBase) missing.push('SITE_URL');
  let issuer: URL | undefined;
  const rawIssuer = env.OIDC_ISSUER?.trim();
  if (!rawIssuer) missing.push('OIDC_ISSUER');
  else {
    try {
      issuer = new URL(rawIssuer);
      if (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname))) {
        missing.push('OIDC_ISSUER (must be https; plain http is accepted on loopback only)');
      }
    } catch {
      missing.push('OIDC_ISSUER (not a URL)');
    }
  }
  if (!env.OIDC_CLIENT_ID?.trim()) missing.push('OIDC_CLIENT_ID');
  if (!env.OIDC_CLIENT_SECRET?.trim()) missing.push('OIDC_CLIENT_SECRET');
  const tokens = tokenSettingsFromEnv({ ...env, SITE_URL: rawBase || undefined });
  if (!tokens.ok) missing.push(...tokens.missing);
  const { secrets } = secretsFromEnv(env);
  if (missing.length || !tokens.ok || !issuer || !secrets) return { ok: false, missing };
  return {
    ok: true,
    value: {
      base: rawBase,
      resource: `${rawBase}/api/mcp`,
      oidc: { issuer, clientId: env.OIDC_CLIENT_ID!.trim(), clientSecret: env.OIDC_CLIENT_SECRET!.trim() },
      secrets,
      admins: parseAdminEmails(env.ADMIN_EMAILS),
      tokens: tokens.value,
    },
  };
}
