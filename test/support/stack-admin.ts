// An admin of the e2e stack without the sign-in dance: an access token signed with the stack's own
// settings (as the stack's OAuth endpoints would issue it), and a JSON-RPC POST to its /api/mcp
// with the headers a Streamable HTTP client sends. The sign-in itself is tested in attacks-auth
// and auth-browser.
import { readSettings } from '../../src/config/env.ts';
import { tokenSettings } from '../../src/server/auth/settings.ts';
import { issueAccessToken } from '../../src/server/auth/tokens.ts';
import { TEST_ADMIN_EMAIL } from './global-stack.ts';

/** A token for `sub` (an allowlisted admin's email unless another is given) from client `clientId`. */
export async function stackToken(
  env: Record<string, string | undefined>,
  who: { sub: string; email?: string },
  clientId: string,
): Promise<string> {
  const settings = tokenSettings(readSettings(env));
  if (!settings.ok) throw new Error(`stack env: ${settings.missing.join(', ')}`);
  return issueAccessToken({ sub: who.sub, email: who.email ?? TEST_ADMIN_EMAIL }, settings.value, { clientId });
}

/** POSTs `body` (a JSON-RPC message, or its text as sent) to `url` with `tok`. */
export function postMcp(url: string, tok: string, body: unknown, f: typeof fetch = fetch): Promise<Response> {
  return f(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${tok}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
