// The answers of the OAuth sign-in endpoints when something is wrong, each an OAuth protocol error
// code (RFC 6749 §4.1.2.1 and §5.2, RFC 7591 §3.2.2, RFC 8707, RFC 6585) with the one HTTP status it
// comes with, as API_ERRORS does for ApiError. The JSON answers of /token and /register and the
// `error=` redirects of /authorize and /callback all come from this table.

interface OAuthAnswer {
  /** The HTTP status of a JSON answer; `redirect` for codes only ever sent in a redirect to the client. */
  status: number | 'redirect';
  /** The `error` value when it differs from the answer's name (one code, two statuses). */
  error?: string;
  when: string;
}

export const OAUTH_ERRORS = {
  invalid_request: {
    status: 400,
    when: 'A parameter is missing, repeated or malformed, or the body is not the expected media type or UTF-8.',
  },
  request_too_large: { status: 413, error: 'invalid_request', when: 'The /token body is larger than its cap.' },
  invalid_client: { status: 401, when: 'The client_id is unknown or was altered.' },
  invalid_grant: {
    status: 400,
    when: 'The code or refresh token is invalid, expired, already used, or bound to another client, redirect URI or verifier; or the account is no longer an admin.',
  },
  unsupported_grant_type: { status: 400, when: 'grant_type is neither authorization_code nor refresh_token.' },
  invalid_target: { status: 400, when: 'resource names anything but this MCP endpoint (RFC 8707).' },
  invalid_client_metadata: { status: 400, when: 'The registration is not JSON, or asks for something not offered.' },
  metadata_too_large: {
    status: 413,
    error: 'invalid_client_metadata',
    when: 'The registration body is larger than its cap.',
  },
  invalid_redirect_uri: { status: 400, when: 'A redirect URI is neither https nor http on loopback, or malformed.' },
  too_many_requests: { status: 429, when: 'This address sent more requests than the endpoint allows (Retry-After).' },
  temporarily_unavailable: {
    status: 503,
    when: 'The shared store or the identity provider could not be reached (Retry-After).',
  },
  access_denied: { status: 'redirect', when: 'The admin denied the app, or the account is not an allowlisted admin.' },
  unsupported_response_type: { status: 'redirect', when: 'response_type is not code.' },
  server_error: { status: 'redirect', when: 'The sign-in could not be completed for a reason of ours.' },
} as const satisfies Record<string, OAuthAnswer>;

export type OAuthErrorName = keyof typeof OAUTH_ERRORS;
/** The answers with a JSON body and status of their own. */
export type OAuthJsonError = {
  [K in OAuthErrorName]: (typeof OAUTH_ERRORS)[K]['status'] extends number ? K : never;
}[OAuthErrorName];

/** The `error` value an answer sends. */
export const oauthErrorCode = (name: OAuthErrorName): string => {
  const entry: OAuthAnswer = OAUTH_ERRORS[name];
  return entry.error ?? name;
};
