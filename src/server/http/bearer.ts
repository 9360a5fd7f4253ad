// The bearer token of a request's Authorization header (RFC 6750 §2.1).

/** The bearer token, null when absent, or `undefined` when the header uses another scheme. */
export function bearerToken(req: Request): string | null | undefined {
  const header = req.headers.get('authorization');
  if (header === null || header.trim() === '') return null;
  const m = /^Bearer[ \t]+([^\s]+)\s*$/i.exec(header);
  return m ? m[1]! : undefined;
}
