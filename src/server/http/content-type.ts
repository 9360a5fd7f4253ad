// The media type a request says its body has, for endpoints that accept one kind of body.

/** True when the Content-Type `header` names `type`, whatever its parameters and case (`Application/JSON; charset=utf-8`). */
export function hasMediaType(header: string | null, type: string): boolean {
  return header !== null && header.split(';')[0]!.trim().toLowerCase() === type;
}
