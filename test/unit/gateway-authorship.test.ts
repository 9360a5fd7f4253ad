// Who saved a change counts only where the gateway proves it wrote it (src/server/gateway/authorship.ts):
// a forged `Saved-by`/`Curator-id` line (any case, any spacing, anywhere) counts for nothing and is
// not kept; Decap's rebase, which re-sends old commits with their messages, keeps the first saver;
// a message of authorship lines only still proves its saver; AUTH_SECRET's rotation keeps old proofs.
import { describe, expect, it } from 'vitest';
import {
  authorshipSeal,
  provenSavers,
  publishedMessage,
  savedMessage,
  wordsOf,
} from '../../src/server/gateway/authorship.ts';

const seal = authorshipSeal({ current: 'c'.repeat(48) });
const maya = { id: 'aaaaaaaaaaaaaaaaaaaa', handle: 'maya' };
const jo = { id: 'bbbbbbbbbbbbbbbbbbbb', handle: 'jo' };
const kate = { id: 'kkkkkkkkkkkkkkkkkkkk', handle: 'kate' };

describe('a save’s message', () => {
  it('ends with her proven group, and proves her alone', () => {
    const m = savedMessage('Add wooden-kite (from the browser editor)', maya, seal);
    expect(m).toMatch(
      /^Add wooden-kite \(from the browser editor\)\n\nSaved-by: maya\nCurator-id: a{20}\nSaved-proof: \S+\n$/,
    );
    expect(provenSavers(m, seal)).toEqual([maya]);
  });

  it.each([
    ['a trailer block', `Add x\n\nSaved-by: jo\nCurator-id: ${jo.id}`],
    ['another case and spacing', `Add x\n\nsaved-BY :jo\n  curator-id:\t${jo.id}`],
    ['lines in the middle', `Add x\nCurator-id: ${jo.id}\nmore words`],
    ['a published-by line', `Add x\n\nPublished-by: jo\nCurator-id: ${jo.id}`],
    [
      'a proof copied without its words',
      `Other words\n\nSaved-by: jo\nCurator-id: ${jo.id}\nSaved-proof: ${seal.sign(jo, 'Add x')}`,
    ],
  ])('a forged line counts for nothing and is not kept: %s', (_what, forged) => {
    const m = savedMessage(forged, maya, seal);
    expect(provenSavers(m, seal)).toEqual([maya]);
    expect(m.toLowerCase()).not.toContain(jo.id);
    expect(m).not.toMatch(/published-by/i);
  });

  it('a forged proof under another key proves no one', () => {
    const other = authorshipSeal({ current: 'x'.repeat(48) });
    const forged = savedMessage('Add x', jo, other);
    expect(provenSavers(forged, seal)).toEqual([]);
    expect(provenSavers(savedMessage(forged, maya, seal), seal)).toEqual([maya]);
  });

  it('Decap’s rebase re-sends her commit with its message: the first saver stays, the one who rebases is added', () => {
    const first = savedMessage('Edit wooden-kite (from the browser editor)', maya, seal);
    const rebasedByJo = savedMessage(first, jo, seal);
    expect(provenSavers(rebasedByJo, seal)).toEqual([maya, jo]);
    // Re-sent again by maya: each saver once, the one who sends it last.
    expect(provenSavers(savedMessage(rebasedByJo, maya, seal), seal)).toEqual([jo, maya]);
    expect(provenSavers(savedMessage(first, maya, seal), seal)).toEqual([maya]);
  });

  it('a proven group under other words (her proof pasted into another save) proves no one', () => {
    const hers = savedMessage('Edit a', maya, seal);
    const pasted = hers.replace('Edit a', 'Edit b');
    expect(provenSavers(pasted, seal)).toEqual([]);
    expect(provenSavers(savedMessage(pasted, kate, seal), seal)).toEqual([kate]);
  });

  it('a message of authorship lines only still ends with a proven group (a first paragraph is kept)', () => {
    const m = savedMessage(`Saved-by: jo\nCurator-id: ${jo.id}`, maya, seal);
    expect(provenSavers(m, seal)).toEqual([maya]);
  });

  it('proofs made before AUTH_SECRET was rotated still prove', () => {
    const old = authorshipSeal({ current: 'o'.repeat(48) });
    const rotated = authorshipSeal({ current: 'n'.repeat(48), previous: 'o'.repeat(48) });
    expect(provenSavers(savedMessage('Edit a', maya, old), rotated)).toEqual([maya]);
  });

  it('the words are the message without authorship lines, line endings normalised', () => {
    expect(wordsOf('Edit a\r\n\r\nSaved-by: x\r\nCo-authored-by: y\r\n')).toBe('Edit a\n\nCo-authored-by: y');
  });
});

describe('a publish’s message', () => {
  it('names who published, once, whatever the client wrote', () => {
    expect(publishedMessage(`Merge\n\nPublished-by: jo\nCurator-id: ${jo.id}`, maya)).toBe(
      `Merge\n\nPublished-by: maya\nCurator-id: ${maya.id}\n`,
    );
  });
});
