// The ApiError response every function uses for HTTP-level faults. The code decides the status
// (API_ERRORS in src/contract/api.ts), so no answer pairs a code with another status.
import { API_ERRORS, apiErrorBody, type ApiErrorCode } from '../../contract/api.ts';

/** A JSON ApiError response with the code's status. `headers` adds to (and may override) the JSON content type. */
export function apiError(code: ApiErrorCode, message: string, hint?: string, headers: HeadersInit = {}): Response {
  const h = new Headers(headers);
  h.set('content-type', 'application/json; charset=utf-8');
  if (!h.has('cache-control')) h.set('cache-control', 'no-store');
  return new Response(JSON.stringify(apiErrorBody(code, message, hint)), {
    status: API_ERRORS[code].status,
    headers: h,
  });
}
