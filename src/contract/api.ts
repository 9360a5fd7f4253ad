// What crosses HTTP besides the Product itself: the ApiError body and its codes, the health status,
// the catalog snapshot, and the 404 body of unknown product slugs. The OpenAPI document, the static
// JSON files, the edge functions and the admin functions all answer with these shapes.
import { z } from 'zod';
import { Product } from '../catalog/schema.ts';
import { CATALOG_JSON_PATH } from '../catalog/urls.ts';
import { limitInWords, REQUEST_LIMIT } from './limits.ts';

/**
 * Every `error.code` the service sends, the HTTP status it always comes with, and when. The type,
 * the OpenAPI enum, the reference's table (docs/reference.md) and every answer
 * (src/server/http/api-error.ts) come from here.
 */
export const API_ERRORS = {
  not_found: { status: 404, when: 'No published product has the slug (`GET /api/products/{slug}`).' },
  method_not_allowed: {
    status: 405,
    when: 'The method is not allowed on `/api/mcp`, `/api/health` or an OAuth endpoint; `Allow` lists those that are.',
  },
  unauthorized: { status: 401, when: '`POST /api/mcp` without a valid access token of an allowlisted admin.' },
  payload_too_large: { status: 413, when: 'The `POST /api/mcp` body is larger than 1 MB.' },
  unsupported_media_type: { status: 415, when: 'The `POST /api/mcp` body is not `application/json`.' },
  rate_limited: {
    status: 429,
    when: `One admin sent more than ${limitInWords(REQUEST_LIMIT, 'requests')} to \`/api/mcp\`.`,
  },
  not_configured: {
    status: 503,
    when: 'The admin side lacks a setting or its shared store (`/api/mcp`, the OAuth JSON endpoints).',
  },
  unavailable: {
    status: 503,
    when: "The admin side's shared store could not be reached (an outage; `Retry-After` says when to retry).",
  },
  internal_error: { status: 500, when: 'An unexpected fault in `/api/mcp`; bad input never causes it.' },
} as const satisfies Record<string, { status: number; when: string }>;

export const ApiErrorCode = z
  .enum(Object.keys(API_ERRORS) as [keyof typeof API_ERRORS, ...(keyof typeof API_ERRORS)[]])
  .describe('Stable machine-readable error code; each comes with one HTTP status.');
export type ApiErrorCode = z.infer<typeof ApiErrorCode>;

export const ApiError = z
  .object({
    error: z
      .object({
        code: ApiErrorCode,
        message: z.string().describe('What went wrong, for people.'),
        hint: z.string().optional().describe('What to do next.'),
      })
      .strict(),
  })
  .strict()
  .describe('The error body of every JSON error response.');
export type ApiError = z.infer<typeof ApiError>;

/** An ApiError body; the code decides the status wherever it is sent. */
export function apiErrorBody(code: ApiErrorCode, message: string, hint?: string): ApiError {
  return { error: hint === undefined ? { code, message } : { code, message, hint } };
}

export const HealthStatus = z
  .object({ status: z.literal('ok') })
  .strict()
  .describe('The service can serve traffic.');

export const CatalogSnapshot = z
  .object({
    count: z.number().int().nonnegative().describe('Number of products in `products`.'),
    generatedAt: z.iso.datetime({ offset: true }).describe('When this snapshot was built (RFC 3339).'),
    products: z.array(Product).describe('Every published product, ordered by slug (ascending, code-point order).'),
  })
  .strict()
  .describe('The whole published catalog in one document.');
export type CatalogSnapshot = z.infer<typeof CatalogSnapshot>;

/** Where the 404 body for unknown `/api/products/{slug}` lands; the CDN's 404 rule serves it. */
export const NOT_FOUND_JSON_PATH = '/api/not-found.json';

/** The ApiError body of every 404 under /api/products/ (static file and edge answer alike). */
export function notFoundBody(base: string): ApiError {
  return apiErrorBody(
    'not_found',
    'No published product has that slug.',
    `List every product at ${base}${CATALOG_JSON_PATH}; slugs are lowercase kebab-case, 1–200 characters.`,
  );
}
