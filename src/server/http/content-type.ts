// The media type a request says its body has, for endpoints that accept one kind of body.

/** True when the Content-Type `header` names `type`, whatever its case and parameters (`Application/JSON; x=y`). */
export function hasMediaType(header: string | null, type: string): boolean {
  return header !== null && header.split(';')[0]!.trim().toLowerCase() === type;
}
