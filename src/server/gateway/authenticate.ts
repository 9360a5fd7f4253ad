// Who sends a gateway request: the curator of an editor token (src/server/auth/editor-token.ts
// verifies it on every request: signature, audience /api/git, the allowlists, her last sign-out),
// or the answer to send instead: 401 for no token, another kind (an MCP token) or one refused,
// 503 when the sign-in is not configured or its store is down. Errors are `{ message }`, which the editor shows.
import { bearerToken } from '../http/bearer.ts';
import type { AuthContext } from '../auth/context.ts';
import { EditorUnavailableError, InvalidTokenError, verifyEditorToken } from '../auth/editor-token.ts';
import type { GatewayCurator } from './policy.ts';
import { githubError } from './upstream.ts';

const SIGN_IN_AGAIN = 'Sign in to the editor again';

export function editorAuthenticator(ctx: () => AuthContext) {
  return async function authenticate(req: Request): Promise<GatewayCurator | Response> {
    const token = bearerToken(req);
    if (!token)
      return githubError(401, `${SIGN_IN_AGAIN}: this request carries no editor token.`, {
        'WWW-Authenticate': 'Bearer realm="editor"',
      });
    try {
      const c = await verifyEditorToken(token, ctx());
      return { handle: c.handle, role: c.role, id: c.id, ...(c.previousId ? { previousId: c.previousId } : {}) };
    } catch (err) {
      if (err instanceof InvalidTokenError)
        return githubError(401, `${SIGN_IN_AGAIN}: ${err.message}.`, {
          'WWW-Authenticate': 'Bearer realm="editor", error="invalid_token"',
        });
      if (err instanceof EditorUnavailableError)
        return githubError(
          503,
          err.missing.length
            ? `The editor’s sign-in is not configured: missing ${err.missing.join(', ')}.`
            : 'The editor’s sign-in could not be checked just now. Try again in a moment.',
          { 'Retry-After': String(err.retryAfterSeconds ?? 5) },
        );
      throw err;
    }
  };
}
