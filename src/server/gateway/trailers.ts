// The trailers the git gateway writes at the end of commit messages (PLAN: issue #36): a save ends
// with `Saved-by: <handle>` and `Curator-id: <id>`, a publish with `Published-by: <handle>` and
// `Curator-id: <id>`. The handle is for people; four eyes and `list_proposals` compare the id.
// Only the message's last paragraph holds trailers (git's own rule), so a line quoted above it never counts.

export const SAVED_BY = 'Saved-by';
export const PUBLISHED_BY = 'Published-by';
export const CURATOR_ID = 'Curator-id';

const TRAILER_LINE = /^[A-Za-z][A-Za-z0-9-]*: \S/;

/** The message's last paragraph, when every line of it is a trailer (`Key: value`); else none. */
function trailerBlock(message: string): string[] {
  const paragraphs = message.replace(/\s+$/, '').split(/\n[ \t]*\n/);
  if (paragraphs.length < 2) return [];
  const last = paragraphs.at(-1)!.split('\n');
  return last.every((l) => TRAILER_LINE.test(l)) ? last : [];
}

/** The values of one trailer, in order. */
export function trailerValues(message: string, key: string): string[] {
  return trailerBlock(message).flatMap((l) => (l.startsWith(`${key}: `) ? [l.slice(key.length + 2).trim()] : []));
}

/** `message` with `trailers` appended: in its trailer paragraph when it ends with one, else in a new one. */
export function withTrailers(message: string, trailers: readonly [string, string][]): string {
  const text = message.replace(/\s+$/, '');
  const lines = trailers.map(([k, v]) => `${k}: ${v}`).join('\n');
  if (text === '') return `${lines}\n`;
  return `${text}${trailerBlock(text).length ? '\n' : '\n\n'}${lines}\n`;
}
