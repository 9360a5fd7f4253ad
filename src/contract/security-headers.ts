// The security headers every answer of this site carries, whoever makes it. Static files get them
// from the `/*` header rule (src/cdn/header-rules.ts); answers made by code (the functions, the edge
// functions' Markdown, twins and 404s) set them themselves, because in production Netlify applies no
// header rules to them (netlify-cli does locally, which hides the gap).

export const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
} as const;

/** The policy of an answer that is no page (JSON, Markdown, text): it may load nothing, be framed nowhere. */
export const NO_CONTENT_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Sets the security headers on `headers`, and NO_CONTENT_CSP unless the answer has a policy of its
 * own (an HTML page made by a function sets the one it needs).
 */
export function addSecurityHeaders(headers: Headers): Headers {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  if (!headers.has('content-security-policy')) headers.set('content-security-policy', NO_CONTENT_CSP);
  return headers;
}
