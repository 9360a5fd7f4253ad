// content/recall-watch.yml, the curators' aliases and dismissals for the recall watcher: the
// repository's own file is valid, opens with the header said once in recall-watch-file.ts and is
// written back identical by the file's writer (the editor's), the recall sources it names are the
// watcher's, every mistake is a problem naming the file, line and field, and
// a dismissal of a product that does not exist is one. (`npm run validate` refusing it, as a child
// process: test/integration/recall-watch-file.test.ts.)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseRecallWatch,
  RECALL_SOURCE_IDS,
  RECALL_SOURCE_NAMES,
  RECALL_WATCH_FILE,
  RECALL_WATCH_HEADER,
  recallWatchProblems,
  writeRecallWatch,
} from '../../src/catalog/recall-watch-file.ts';
import { cpscSource } from '../../src/server/watch/cpsc.ts';
import { readCurations } from '../../src/server/watch/curations.ts';
import { healthCanadaSource } from '../../src/server/watch/health-canada.ts';
import { safetyGateSource } from '../../src/server/watch/safety-gate.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('content/recall-watch.yml', () => {
  it('the repository’s own file is valid and names HABA’s maker', () => {
    const parsed = parseRecallWatch(readFileSync(path.join(ROOT, RECALL_WATCH_FILE), 'utf8'));
    expect(parsed.ok && parsed.value.aliases.map((a) => a.brand)).toEqual(['HABA']);
  });

  it('the repository’s own file opens with the header, and its writer writes it back identical', () => {
    const text = readFileSync(path.join(ROOT, RECALL_WATCH_FILE), 'utf8');
    expect(text.startsWith(RECALL_WATCH_HEADER)).toBe(true);
    expect(
      RECALL_WATCH_HEADER.split('\n')
        .filter(Boolean)
        .every((l) => l.startsWith('#')),
    ).toBe(true);
    const parsed = parseRecallWatch(text);
    expect(parsed.ok && writeRecallWatch(parsed.value)).toBe(text);
  });

  it('writes what it reads: a file with dismissals of every source, numbers as text, comes back the same', () => {
    const watch = {
      aliases: [
        { brand: 'HABA', companies: ['Habermaass Corp.', 'HABA USA: Inc.'], why: 'A recall "quotes" it: here.' },
      ],
      dismissals: RECALL_SOURCE_IDS.map((source, i) => ({
        source,
        recall: i === 0 ? '19094' : `2024-0${i}`,
        product: 'wooden-kite',
        why: 'Another maker’s kite of the same name, # not ours.',
      })),
    };
    const text = writeRecallWatch(watch);
    expect(text.startsWith(RECALL_WATCH_HEADER)).toBe(true);
    const back = parseRecallWatch(text);
    expect(back.ok && back.value).toEqual(watch);
    expect(back.ok && writeRecallWatch(back.value)).toBe(text);
  });

  it('names the recall sources the watcher reads, by their ids and names', () => {
    const opts = { baseUrl: 'https://x.test/', url: 'https://x.test/', userAgent: 'test' };
    const sources = [cpscSource(opts), healthCanadaSource(opts), safetyGateSource(opts)];
    expect(Object.fromEntries(sources.map((s) => [s.id, s.name]))).toEqual(RECALL_SOURCE_NAMES);
  });

  it('says plainly what is wrong with an unknown source and a reason shorter than a sentence', () => {
    const parsed = parseRecallWatch(
      'dismissals:\n  - source: fda\n    recall: "1"\n    product: a-toy\n    why: not it\n',
    );
    expect(!parsed.ok && parsed.problems.map((p) => `${p.field}: ${p.message}`)).toEqual([
      'dismissals.0.source: must be one of the recall sources: cpsc, health-canada, safety-gate',
      'dismissals.0.why: must say why in a sentence',
    ]);
  });

  it.each([
    ['not YAML', 'dismissals: [\n', /\(file\).*not valid YAML/],
    ['an unknown key', 'dismisals: []\n', /unrecognized key|Unrecognized key/i],
    [
      'a dismissal without a reason',
      'dismissals:\n  - source: cpsc\n    recall: "10229"\n    product: some-toy\n',
      /dismissals\.0\.why/,
    ],
    [
      'a bad slug',
      'dismissals:\n  - source: cpsc\n    recall: "10229"\n    product: Not A Slug\n    why: Because it is not the same product.\n',
      /dismissals\.0\.product/,
    ],
    ['a YAML alias', 'x: &a 1\naliases: []\ndismissals: *a\n', /YAML aliases/],
  ])('refuses %s', (_what, text, problem) => {
    const parsed = parseRecallWatch(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems.map((p) => `${p.field}: ${p.message}`).join('\n')).toMatch(problem);
  });

  it('names the line of a wrong value', () => {
    const parsed = parseRecallWatch(
      'aliases: []\ndismissals:\n  - source: CPSC\n    recall: "1"\n    product: a-toy\n    why: Not the same product at all.\n',
    );
    expect(!parsed.ok && parsed.problems[0]).toMatchObject({ field: 'dismissals.0.source', line: 3 });
  });

  it('a dismissal must name an existing product', () => {
    const parsed = parseRecallWatch(
      'dismissals:\n  - source: cpsc\n    recall: 10229\n    product: gone-toy\n    why: Not the same product at all.\n',
    );
    expect(parsed.ok && parsed.value.dismissals[0]!.recall).toBe('10229');
    expect(parsed.ok && recallWatchProblems(parsed.value, new Set(['a-toy']))).toEqual([
      expect.objectContaining({ field: 'dismissals.0.product', message: 'names no product file (gone-toy)' }),
    ]);
  });

  it('the recall function reads it from its deploy; a broken file is reported, not a crash', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'curations-'));
    try {
      expect(await readCurations({ taskRoot: undefined }, [dir])).toEqual({
        ok: true,
        value: { aliases: [], dismissals: [] },
      });
      mkdirSync(path.join(dir, 'content'));
      writeFileSync(path.join(dir, RECALL_WATCH_FILE), 'dismissals: [\n');
      const r = await readCurations({ taskRoot: undefined }, [dir]);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.problem).toMatch(/content\/recall-watch\.yml.*not valid YAML/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
