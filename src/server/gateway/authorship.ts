// Who saved a change, as only the gateway can write it. Every commit the gateway makes ends with a
// group of trailers `Saved-by: <handle>`, `Curator-id: <id>`, `Saved-proof: <mac>`, the mac keyed by
// AUTH_SECRET over the id, the handle and the message's words. A line that merely looks like one
// (any case, any spacing, anywhere in a client's message) is removed before the gateway writes the
// commit, and a group counts only when its proof holds: four eyes, the curators' waiting list and
// the editor's "your own save" all read savers through `provenSavers`. Decap re-sends old commits
// with their messages when it rebases a save; their proven groups are kept, so the first saver
// stays a saver.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AuthSecrets } from '../../config/env.ts';
import { CURATOR_ID, SAVED_BY, trailerBlock } from './trailers.ts';

export const SAVED_PROOF = 'Saved-proof';
export const PUBLISHED_BY = 'Published-by';

/** A line a client may not write: any of the gateway's own trailers, in any case or spacing. */
const AUTHORSHIP_LINE = new RegExp(
  `^[ \\t]*(?:${[SAVED_BY, CURATOR_ID, SAVED_PROOF, PUBLISHED_BY].join('|')})[ \\t]*:`,
  'i',
);

/** A saver proven by her group's mac. */
export interface Saver {
  id: string;
  handle: string;
}

export interface AuthorshipSeal {
  /** The mac of a group, under the current secret. */
  sign(saver: Saver, words: string): string;
  /** Whether `proof` is the mac of the group under the current or the previous secret. */
  verify(saver: Saver, words: string, proof: string): boolean;
}

/** The key a secret gives authorship (never the secret itself: it signs tokens too). */
const keyOf = (secret: string) => createHmac('sha256', secret).update('git-gateway authorship v1').digest();

const mac = (key: Buffer, { id, handle }: Saver, words: string) =>
  createHmac('sha256', key).update(`${id}\0${handle}\0${words}`).digest('base64url');

export function authorshipSeal(secrets: AuthSecrets): AuthorshipSeal {
  const keys = [secrets.current, ...(secrets.previous ? [secrets.previous] : [])].map(keyOf);
  return {
    sign: (saver, words) => mac(keys[0]!, saver, words),
    verify(saver, words, proof) {
      const given = Buffer.from(proof);
      return keys.some((key) => {
        const want = Buffer.from(mac(key, saver, words));
        return want.length === given.length && timingSafeEqual(want, given);
      });
    },
  };
}

/** The message's own words: every authorship line removed, line endings and trailing space normalised. */
export function wordsOf(message: string): string {
  return message
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => !AUTHORSHIP_LINE.test(line))
    .join('\n')
    .replace(/\s+$/, '');
}

/** The groups of a message's trailer block whose proof holds, in order, each saver once. */
export function provenSavers(message: string, seal: AuthorshipSeal): Saver[] {
  const words = wordsOf(message);
  const found = new Map<string, Saver>();
  let handle: string | undefined;
  let id: string | undefined;
  for (const line of trailerBlock(message.replace(/\r\n?/g, '\n'))) {
    const colon = line.indexOf(': ');
    const key = line.slice(0, colon);
    const value = line.slice(colon + 2).trim();
    if (key === SAVED_BY) [handle, id] = [value, undefined];
    else if (key === CURATOR_ID) id = value;
    else if (key === SAVED_PROOF && handle !== undefined && id !== undefined) {
      const saver = { id, handle };
      if (!found.has(id) && seal.verify(saver, words, value)) found.set(id, saver);
      [handle, id] = [undefined, undefined];
    }
  }
  return [...found.values()];
}

/** The trailer lines of one proven group. */
const groupLines = (saver: Saver, words: string, seal: AuthorshipSeal) => [
  `${SAVED_BY}: ${saver.handle}`,
  `${CURATOR_ID}: ${saver.id}`,
  `${SAVED_PROOF}: ${seal.sign(saver, words)}`,
];

/**
 * A save's message as the gateway writes it: the client's words without any authorship line, then
 * the proven savers it already carried (a rebased save), then the curator who sends it.
 */
export function savedMessage(clientMessage: string, curator: Saver, seal: AuthorshipSeal): string {
  // A message of authorship lines only keeps a first paragraph, or its trailers would not be read.
  const words = wordsOf(clientMessage) || 'Save';
  const earlier = provenSavers(clientMessage, seal).filter((s) => s.id !== curator.id);
  const savers = [...earlier, { id: curator.id, handle: curator.handle }];
  return `${words}\n\n${savers.flatMap((s) => groupLines(s, words, seal)).join('\n')}\n`;
}

/** A publish's message: the client's words without any authorship line, then who published it. */
export function publishedMessage(clientMessage: string, curator: Saver): string {
  const words = wordsOf(clientMessage) || 'Publish';
  return `${words}\n\n${PUBLISHED_BY}: ${curator.handle}\n${CURATOR_ID}: ${curator.id}\n`;
}
