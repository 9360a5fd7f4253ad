// One at a time (src/build/turns.ts): the lock the stacks' start slot and the builds' prerender
// folder use. A second taker waits, is told whom for, and goes once the first gives the turn back;
// a holder whose process is gone is replaced; a wait past its limit names the holder and the file.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { takeTurn, type Holder } from '../../src/build/turns.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'turns-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const quiet = { timeoutMs: 5_000, waiting: () => {}, gaveUp: () => 'gave up' };

describe('taking turns', () => {
  it('a second taker waits for the first, is told whom for, and goes when the turn is given back', async () => {
    const file = path.join(dir, 'a.lock');
    const giveBack = await takeTurn(file, 'the first', quiet);
    const waitedFor: Holder[] = [];
    let went = false;
    const second = takeTurn(file, 'the second', {
      ...quiet,
      waiting: (h) => waitedFor.push(h),
      go: () => (went = true),
    });
    await new Promise((r) => setTimeout(r, 600));
    expect(waitedFor.map((h) => [h.what, h.pid])).toEqual([['the first', process.pid]]);
    expect(went).toBe(false);
    giveBack();
    const giveBackSecond = await second;
    expect(went).toBe(true);
    expect((JSON.parse(readFileSync(file, 'utf8')) as Holder).what).toBe('the second');
    // The first's give-back, called again, leaves the second's turn alone.
    giveBack();
    expect((JSON.parse(readFileSync(file, 'utf8')) as Holder).what).toBe('the second');
    giveBackSecond();
  });

  it('replaces a holder whose process is gone', async () => {
    const file = path.join(dir, 'b.lock');
    // No process has pid 2^22 + 1 (Linux's pid_max is at most 2^22).
    writeFileSync(file, JSON.stringify({ pid: 4_194_305, what: 'a killed build', since: '2026-01-01T00:00:00Z' }));
    const waitedFor: Holder[] = [];
    const giveBack = await takeTurn(file, 'the next', { ...quiet, waiting: (h) => waitedFor.push(h) });
    expect(waitedFor).toEqual([]);
    expect((JSON.parse(readFileSync(file, 'utf8')) as Holder).what).toBe('the next');
    giveBack();
  });

  it('gives up after its limit with the message naming the holder and the file', async () => {
    const file = path.join(dir, 'c.lock');
    const giveBack = await takeTurn(file, 'a long build', quiet);
    await expect(
      takeTurn(file, 'the impatient', {
        ...quiet,
        timeoutMs: 300,
        gaveUp: (h, f) => `gave up on ${h?.what} (delete ${path.basename(f)})`,
      }),
    ).rejects.toThrow('gave up on a long build (delete c.lock)');
    giveBack();
  });
});
