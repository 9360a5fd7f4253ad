// The ApiError codes as a Markdown table: in the OpenAPI description, and in docs/reference.md, whose
// copy a unit test keeps equal to this (both come from API_ERRORS in src/contract/api.ts).
import { API_ERRORS, ApiErrorCode } from '../contract/api.ts';

/** One row per code, in the order of API_ERRORS. */
export function apiErrorTable(): string {
  const rows = ApiErrorCode.options.map(
    (code) => `| \`${code}\` | ${API_ERRORS[code].status} | ${API_ERRORS[code].when} |`,
  );
  return ['| `error.code` | status | when |', '|---|---|---|', ...rows].join('\n');
}
