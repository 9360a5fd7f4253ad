// Validators for Markdown built per request: a strong ETag from the exact bytes and the media type
// they are labelled with, and RFC 9110 If-None-Match evaluation, so an agent that re-reads a page
// gets a 304 instead of the whole text. Web Crypto only: the edge function imports this.
import type { PageFormat } from './negotiate.ts';

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/**
 * A strong entity tag for `body` served as `format`. The format is part of the tag: the same bytes
 * labelled text/markdown and text/plain are two representations and must not share a validator.
 */
export async function strongEtag(body: string, format: PageFormat): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
  return `"${format}-${base64url(digest).slice(0, 27)}"`;
}

/**
 * True when an If-None-Match header matches `etag` (RFC 9110 §13.1.2): `*`, or any listed tag equal
 * under the weak comparison (W/ prefixes ignored), which is what If-None-Match requires.
 */
export function ifNoneMatch(header: string | null, etag: string): boolean {
  if (header === null) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
