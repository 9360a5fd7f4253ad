// content/recall-watch.yml, the curators' aliases and dismissals for the recall watcher: the
// repository's own file is valid, every mistake is a problem naming the file, line and field, and
// a dismissal of a product that does not exist is one. (`npm run validate` refusing it, as a child
// process: test/integration/recall-watch-file.test.ts.)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRecallWatch, RECALL_WATCH_FILE, recallWatchProblems } from '../../src/catalog/recall-watch-file.ts';
import { readCurations } from '../../src/server/watch/curations.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('content/recall-watch.yml', () => {
  it('the repository’s own file is valid and names HABA’s maker', () => {
    const parsed = parseRecallWatch(readFileSync(path.join(ROOT, RECALL_WATCH_FILE), 'utf8'));
    expect(parsed.ok && parsed.value.aliases.map((a) => a.brand)).toEqual(['HABA']);
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
