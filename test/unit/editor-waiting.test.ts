// The gateway's answer on what waits (GET /api/git/waiting) as the editor reads it
// (src/editor/waiting.ts): the saved changes of others that wait for her, and her own open saved
// changes (`mine`, which the gateway proves), by which the editor offers no Publish on her own.
import { describe, expect, it } from 'vitest';
import { isHers, readWhatWaits } from '../../src/editor/waiting.ts';

const item = {
  collection: 'products',
  slug: 'codenames',
  title: 'Codenames',
  reason: null,
  savedBy: 'jo',
  urgent: false,
};

describe('what waits, as the editor reads the gateway’s answer', () => {
  it('her own saved changes from `mine`', () => {
    const read = readWhatWaits({ items: [item], mine: [{ collection: 'products', slug: 'pocket-rain-gauge' }] });
    expect(read?.items).toEqual([item]);
    expect(isHers(read, 'products', 'pocket-rain-gauge')).toBe(true);
    expect(isHers(read, 'products', 'codenames')).toBe(false);
    expect(isHers(read, 'recalls', 'pocket-rain-gauge')).toBe(false);
  });

  it('an answer without `mine` (a gateway before it) names none of hers', () => {
    const read = readWhatWaits({ items: [item] });
    expect(read?.mine).toEqual([]);
    expect(isHers(read, 'products', 'codenames')).toBe(false);
  });

  it('anything else is no answer: nothing is known to be hers', () => {
    for (const body of [null, 'items', { items: 'x' }, { items: [], mine: 'x' }, { items: [], mine: [{ slug: 1 }] }])
      expect(readWhatWaits(body)).toBeNull();
    expect(isHers(null, 'products', 'codenames')).toBe(false);
  });
});
