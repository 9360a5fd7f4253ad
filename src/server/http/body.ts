// The one request-body reader of the admin side (/api/mcp, /api/auth/token, /register, the consent
// form): it stops at `cap` bytes whatever Content-Length claims, and decodes strict UTF-8.

export type BodyResult = { ok: true; text: string } | { ok: false; reason: 'too_large' | 'not_utf8' | 'unreadable' };

/** Reads at most `cap` bytes whatever Content-Length says, and decodes strict UTF-8. */
export async function readBody(req: Request, cap: number): Promise<BodyResult> {
  if (!req.body) return { ok: true, text: '' };
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > cap) {
        await reader.cancel().catch(() => {});
        return { ok: false, reason: 'too_large' };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes) };
  } catch {
    return { ok: false, reason: 'not_utf8' };
  }
}
