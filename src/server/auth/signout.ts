// POST /api/auth/signout: the editor's sign-out, on the server. With the editor token as Bearer, it
// records the moment in the shared store, and every editor token of that curator issued until then
// is refused from then on (not only the one sent). Limited per client IP. 204, or an ApiError.
import { apiError } from '../http/api-error.ts';
import { bearerToken } from '../http/bearer.ts';
import { preflight, withCors } from '../http/cors.ts';
import { rateLimitHeaders } from '../rate-limit/headers.ts';
import type { AuthContext } from './context.ts';
import { EditorUnavailableError, InvalidTokenError, recordSignOut, verifyEditorToken } from './editor-token.ts';
import { limitByIp, limitWindow, readiness } from './guard.ts';
import { notConfigured } from './oauth-errors.ts';

export async function handleSignout(request: Request, ctx: AuthContext, ip = ''): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST')
    return withCors(
      apiError('method_not_allowed', `${request.method} is not allowed on /api/auth/signout.`, 'Send POST.', {
        allow: 'POST, OPTIONS',
      }),
    );
  const ready = readiness(ctx);
  if (!ready.ok) return withCors(notConfigured(ready.missing));
  const storeDown = (seconds: number) =>
    withCors(
      apiError(
        'unavailable',
        'The shared store could not be reached, so nothing was signed out.',
        `Retry after ${seconds} s.`,
        {
          'retry-after': String(seconds),
        },
      ),
    );
  const limit = await limitByIp(ready.store, 'signout', ip);
  if (limit.unavailable) return storeDown(limit.retryAfterSeconds);
  if (!limit.allowed)
    return withCors(
      apiError(
        'rate_limited',
        `Too many sign-outs from this address: at most ${limit.limit} in ${limitWindow('signout') / 60} minutes.`,
        `Retry after ${limit.retryAfterSeconds} s.`,
        rateLimitHeaders(limit, limitWindow('signout')),
      ),
    );
  const token = bearerToken(request);
  if (!token)
    return withCors(
      apiError(
        'unauthorized',
        'Signing out needs the editor’s token.',
        'Send `Authorization: Bearer <the editor token>`.',
      ),
    );
  try {
    const curator = await verifyEditorToken(token, ctx);
    await recordSignOut(ready.store, curator, ctx.now()).catch(() => {
      throw new EditorUnavailableError('store', [], 5);
    });
  } catch (err) {
    if (err instanceof InvalidTokenError)
      return withCors(
        apiError('unauthorized', `Nothing to sign out: ${err.message}.`, 'The editor forgets its token either way.'),
      );
    if (err instanceof EditorUnavailableError && err.missing.length) return withCors(notConfigured(err.missing));
    return storeDown(err instanceof EditorUnavailableError ? (err.retryAfterSeconds ?? 5) : 5);
  }
  return withCors(new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } }));
}
