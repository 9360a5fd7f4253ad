// What the GitHub stand-in keeps of git's answers (scripts/lib/github-standin/kept.ts): an answer
// about an object is asked once, a question about something that moves (no key) every time; a
// failure or a refused answer is asked again; callers get copies; the oldest goes past the bound.
import { describe, expect, it } from 'vitest';
import { keptAnswers } from '../../scripts/lib/github-standin/kept.ts';

/** A question that counts how often it was asked, answering `value`. */
function counted<T>(value: () => T) {
  const asked = { times: 0 };
  return { asked, ask: async () => (asked.times++, value()) };
}

describe('the stand-in’s kept answers', () => {
  it('asks once per key while kept, every time without a key', async () => {
    const kept = keptAnswers();
    const q = counted(() => 'tree');
    expect(await kept.answer('type a', q.ask)).toBe('tree');
    expect(await kept.answer('type a', q.ask)).toBe('tree');
    expect(q.asked.times).toBe(1);
    await kept.answer(null, q.ask);
    await kept.answer(null, q.ask);
    expect(q.asked.times).toBe(3);
  });

  it('shares one question between callers asking at the same moment', async () => {
    const kept = keptAnswers();
    const q = counted(() => 1);
    expect(await Promise.all([kept.answer('k', q.ask), kept.answer('k', q.ask), kept.answer('k', q.ask)])).toEqual([
      1, 1, 1,
    ]);
    expect(q.asked.times).toBe(1);
  });

  it('asks again after a failure, and after an answer it was told not to keep', async () => {
    const kept = keptAnswers();
    let fail = true;
    const q = counted(() => {
      if (fail) throw new Error('git exited with 128');
      return 'blob';
    });
    await expect(kept.answer('k', q.ask)).rejects.toThrow('128');
    fail = false;
    expect(await kept.answer('k', q.ask)).toBe('blob');
    expect(q.asked.times).toBe(2);

    let type: string | null = null;
    const missing = counted(() => type);
    expect(await kept.answer('type b', missing.ask, (t) => t !== null)).toBeNull();
    type = 'commit';
    expect(await kept.answer('type b', missing.ask, (t) => t !== null)).toBe('commit');
    expect(await kept.answer('type b', missing.ask, (t) => t !== null)).toBe('commit');
    expect(missing.asked.times).toBe(2);
  });

  it('gives each caller a copy: reversing or changing one leaves the kept answer as it was', async () => {
    const kept = keptAnswers();
    const list = counted(() => ['c1', 'c2', 'c3']);
    (await kept.answer('rev-list', list.ask)).reverse();
    expect(await kept.answer('rev-list', list.ask)).toEqual(['c1', 'c2', 'c3']);
    const entries = counted(() => [{ path: 'a.md', size: 3 }]);
    (await kept.answer('ls-tree', entries.ask))[0]!.path = 'b.md';
    expect(await kept.answer('ls-tree', entries.ask)).toEqual([{ path: 'a.md', size: 3 }]);
    const bytes = counted(() => Buffer.from('picture'));
    (await kept.answer('blob', bytes.ask)).fill(0);
    expect((await kept.answer('blob', bytes.ask)).toString()).toBe('picture');
    expect(list.asked.times + entries.asked.times + bytes.asked.times).toBe(3);
  });

  it('drops the oldest answers past its bound, and never keeps one heavier than a quarter of it', async () => {
    const kept = keptAnswers({ maxWeight: 1000 });
    const blob = (n: number) => counted(() => Buffer.alloc(n));
    const first = blob(200);
    await kept.answer('first', first.ask);
    for (let i = 0; i < 5; i++) await kept.answer(`next ${i}`, blob(200).ask);
    expect(kept.weight).toBeLessThanOrEqual(1000);
    await kept.answer('first', first.ask);
    expect(first.asked.times, 'the oldest was dropped').toBe(2);
    const heavy = blob(251);
    await kept.answer('heavy', heavy.ask);
    await kept.answer('heavy', heavy.ask);
    expect(heavy.asked.times).toBe(2);
  });
});
