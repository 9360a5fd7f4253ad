// The admin side's cookies: read one by name, and write one HttpOnly, Secure and scoped to
// /api/auth (browsers keep Secure cookies on http://localhost too).

export function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

export function setCookie(
  name: string,
  value: string,
  maxAgeSeconds: number,
  sameSite: 'Lax' | 'Strict' = 'Lax',
): string {
  return `${name}=${value}; Path=/api/auth; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=${sameSite}`;
}

export const clearCookie = (name: string, sameSite: 'Lax' | 'Strict' = 'Lax') => setCookie(name, '', 0, sameSite);
