// The ApiError body and response every function uses for HTTP-level faults.
import type { ApiError } from '../../catalog/schema.ts';

export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'not_acceptable'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'not_configured'
  | 'internal_error';

export function apiErrorBody(code: ErrorCode, message: string, hint?: string): ApiError {
  return { error: hint === undefined ? { code, message } : { code, message, hint } };
}

/** A JSON ApiError response. `headers` adds to (and may override) the JSON content type. */
export function apiError(
  status: number,
  code: ErrorCode,
  message: string,
  hint?: string,
  headers: HeadersInit = {},
): Response {
  const h = new Headers(headers);
  h.set('content-type', 'application/json; charset=utf-8');
  if (!h.has('cache-control')) h.set('cache-control', 'no-store');
  return new Response(JSON.stringify(apiErrorBody(code, message, hint)), { status, headers: h });
}
