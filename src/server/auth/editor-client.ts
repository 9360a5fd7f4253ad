// The browser editor (/admin, Decap CMS) as this site's own OAuth client, on the server side: its
// settings and token keys, and who may use it (curators from CURATOR_EMAILS, admins from ADMIN_EMAILS).
import type { AuthSecrets, Checked, EditorSettings, Settings } from '../../config/env.ts';
import { ADMIN_HANDLE } from '../../config/env.ts';
import { emailKey } from '../../config/email.ts';
import { EDITOR_CLIENT_ID, GATEWAY_PATH, editorRedirectUri, gatewayAudience } from '../../contract/editor.ts';
import { deriveKey } from './secrets.ts';

// The facts the editor's configuration and this server share are said once, in src/contract/editor.ts.
export { EDITOR_CLIENT_ID, GATEWAY_PATH, editorRedirectUri, gatewayAudience };

/** A working day: Decap never refreshes a PKCE token, and the allowlists are re-checked on every request. */
export const EDITOR_TOKEN_TTL_SECONDS = 8 * 3600;

/** The address commits and the editor show for a handle: never the curator's own email. */
export const noReplyEmail = (handle: string, base: string) => `${handle}@users.noreply.${new URL(base).hostname}`;

export type EditorRole = 'curator' | 'admin';

/** The editor's settings with its token keys, once the admin side's tokens are configured. */
export interface EditorConfig extends EditorSettings {
  /** `{base}/admin/`: the one redirect URI the editor's client may use. */
  redirectUri: string;
  /** `{base}/api/git`: the one audience of editor tokens. */
  audience: string;
  /** HS256 keys for editor tokens, apart from the MCP access tokens' (AUTH_SECRET, and the previous one during a rotation). */
  key: Uint8Array;
  previousKey?: Uint8Array;
}

export function editorConfig(s: Settings, base: string, secrets: AuthSecrets): Checked<EditorConfig> {
  const e = s.admin.editor;
  if (!e.ok) return e;
  return {
    ok: true,
    value: {
      ...e.value,
      redirectUri: editorRedirectUri(base),
      audience: gatewayAudience(base),
      key: deriveKey(secrets.current, 'editor-token'),
      ...(secrets.previous ? { previousKey: deriveKey(secrets.previous, 'editor-token') } : {}),
    },
  };
}

/**
 * Who may edit, and as whom: an admin (always, with her curator handle or `admin`), a curator
 * (with her handle), or nobody (null). Called at sign-in, at the token endpoint and on every request.
 */
export function editorAccess(
  email: string,
  admins: ReadonlySet<string>,
  curators: ReadonlyMap<string, string>,
): { role: EditorRole; handle: string } | null {
  const e = emailKey(email);
  if (admins.has(e)) return { role: 'admin', handle: curators.get(e) ?? ADMIN_HANDLE };
  const handle = curators.get(e);
  return handle ? { role: 'curator', handle } : null;
}
