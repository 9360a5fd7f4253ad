// Reading the trailers at the end of a commit message (`Key: value` lines): only the message's last
// paragraph holds them (git's own rule), so a line quoted above it never counts. What the gateway
// writes there, and which of it is proven, is ./authorship.ts's.

export const SAVED_BY = 'Saved-by';
export const CURATOR_ID = 'Curator-id';

const TRAILER_LINE = /^[A-Za-z][A-Za-z0-9-]*: \S/;

/** The message's last paragraph, when every line of it is a trailer (`Key: value`); else none. */
export function trailerBlock(message: string): string[] {
  const paragraphs = message.replace(/\s+$/, '').split(/\n[ \t]*\n/);
  if (paragraphs.length < 2) return [];
  const last = paragraphs.at(-1)!.split('\n');
  return last.every((l) => TRAILER_LINE.test(l)) ? last : [];
}

/** The values of one trailer, in order. */
export function trailerValues(message: string, key: string): string[] {
  return trailerBlock(message).flatMap((l) => (l.startsWith(`${key}: `) ? [l.slice(key.length + 2).trim()] : []));
}
