// The admin sign-in configuration: the token settings plus the upstream OpenID provider, from the
// environment's settings. Incomplete or weak configuration is reported with every missing or
// invalid variable; nothing ever falls back to a default secret.
import type { AuthSecrets, Checked, Settings } from '../../config/env.ts';
import { editorConfig, type EditorConfig } from './editor-client.ts';
import { tokenSettings } from './settings.ts';
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
  /** The browser editor's client and who may use it: refused on its own (503) when CURATOR_EMAILS or PUBLISH_OWN_SAVES is malformed. */
  editor: Checked<EditorConfig>;
}

export function authConfig(s: Settings): Checked<AuthConfig> {
  const tokens = tokenSettings(s);
  const { tokens: t, oidc } = s.admin;
  if (!tokens.ok || !t.ok || !oidc.ok)
    return { ok: false, missing: [...(oidc.ok ? [] : oidc.missing), ...(t.ok ? [] : t.missing)] };
  return {
    ok: true,
    value: {
      base: t.value.issuer,
      resource: `${t.value.issuer}/api/mcp`,
      oidc: oidc.value,
      secrets: t.value.secrets,
      admins: t.value.admins,
      tokens: tokens.value,
      editor: editorConfig(s, t.value.issuer, t.value.secrets),
    },
  };
}
