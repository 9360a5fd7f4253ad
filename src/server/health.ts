// GET/HEAD /api/health: 200 {"status":"ok"} when the function can serve traffic. No catalog data.
// The function sets all its own headers (production adds no header rules to functions).
import { apiError } from './http/api-error.ts';

const HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'access-control-allow-origin': '*',
  'x-content-type-options': 'nosniff',
};
const OK = '{"status":"ok"}';

export async function handleHealth(request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return apiError('method_not_allowed', `${request.method} is not allowed on /api/health.`, 'Use GET or HEAD.', {
      ...HEADERS,
      allow: 'GET, HEAD',
    });
  }
  return new Response(request.method === 'HEAD' ? null : OK, {
    status: 200,
    headers: { ...HEADERS, 'content-length': String(OK.length) },
  });
}
