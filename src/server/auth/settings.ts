// The token settings every admin function needs, from the environment's settings: the issuer (the
// site), the audience (its MCP endpoint), the signing keys and the allowlist. A half-configured
// admin side is refused: the caller answers 503 naming what is missing, never runs on a default.
import type { Checked, Settings } from '../../config/env.ts';
import { deriveKey } from './secrets.ts';
import type { TokenSettings } from './tokens.ts';

export function tokenSettings(s: Settings): Checked<TokenSettings> {
  const t = s.admin.tokens;
  if (!t.ok) return t;
  const { issuer, secrets, admins } = t.value;
  return {
    ok: true,
    value: {
      issuer,
      audience: `${issuer}/api/mcp`,
      key: deriveKey(secrets.current, 'access-token'),
      ...(secrets.previous ? { previousKey: deriveKey(secrets.previous, 'access-token') } : {}),
      admins,
    },
  };
}
