// The admin catalog's text search (src/server/admin-catalog/text-search.ts) reads the search text
// in chunks of whole lines: it must answer exactly as splitting the whole text into lines would,
// for lines on both sides of every chunk boundary, a line longer than a chunk, non-ASCII words,
// several words at once and none.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linesHoldingAll } from '../../src/server/admin-catalog/text-search.ts';
import type { BytePlace } from '../../src/admin/catalog-format.ts';
import { prng } from '../../scripts/bench/generate.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'text-search-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function written(lines: string[]): { file: string; places: BytePlace[] } {
  const file = path.join(dir, `search-${lines.length}.txt`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  let offset = 0;
  const places = lines.map((l): BytePlace => {
    const place: BytePlace = [offset, Buffer.byteLength(l)];
    offset += place[1] + 1;
    return place;
  });
  return { file, places };
}

const naive = (lines: string[], words: string[]) => lines.map((l) => (words.every((w) => l.includes(w)) ? 1 : 0));

describe('text search over the admin catalog', () => {
  const rand = prng(7);
  const vocabulary = ['wooden', 'puzzle', 'crème', 'brûlée', '拼图', '🧩', 'stack', 'wood', 'den', 'a'];
  // ~1.3 MB: five chunks of 256 KB, lines of every length up to 1 KB, one line of ~330 KB.
  const lines = Array.from({ length: 2600 }, (_, i) => {
    const n = i === 1300 ? 60_000 : Math.floor(rand() * 120);
    return Array.from({ length: n }, () => vocabulary[Math.floor(rand() * vocabulary.length)]).join(' ');
  });
  const { file, places } = written(lines);

  it('finds exactly the lines that hold every word', () => {
    const queries = [
      [],
      ['wooden'],
      ['wood'],
      ['den'],
      ['crème', 'brûlée'],
      ['拼图', '🧩', 'stack'],
      ['wooden', 'puzzle', 'crème', 'brûlée', '拼图'],
      ['absent'],
      ['puzzle wooden'],
      ['a'],
    ];
    for (const words of queries)
      expect([...linesHoldingAll(file, places, words)], words.join('+')).toEqual(naive(lines, words));
  });

  it('finds a word on both sides of every chunk boundary and in the line longer than a chunk', () => {
    const marked = lines.map((l, i) => (i % 97 === 0 || i === 1300 ? `${l} zqmark` : l));
    const w = written(marked);
    const hits = [...linesHoldingAll(w.file, w.places, ['zqmark'])];
    expect(hits).toEqual(naive(marked, ['zqmark']));
    expect(hits.filter(Boolean)).toHaveLength(marked.filter((l) => l.includes('zqmark')).length);
  });
});
