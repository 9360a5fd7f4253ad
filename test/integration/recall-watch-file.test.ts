// `npm run validate` (a child process, as CI runs it) refuses content/recall-watch.yml when it
// dismisses a product that is not in the catalog. The file's rules in process:
// test/unit/recall-watch-file.test.ts.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECALL_WATCH_FILE } from '../../src/catalog/recall-watch-file.ts';
import { productFile } from '../support/products.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('content/recall-watch.yml', () => {
  it('npm run validate refuses a dismissal of a product that is not in the catalog', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'validate-watch-'));
    try {
      mkdirSync(path.join(dir, 'content/products'), { recursive: true });
      writeFileSync(path.join(dir, 'content/products/a-toy.md'), productFile({ slug: 'a-toy', imageUrl: null }));
      writeFileSync(
        path.join(dir, RECALL_WATCH_FILE),
        'dismissals:\n  - source: cpsc\n    recall: "10229"\n    product: gone-toy\n    why: Not the same product at all.\n',
      );
      const { GITHUB_ACTIONS: _ignored, ...env } = process.env;
      const out = await new Promise<{ code: number; text: string }>((resolve) =>
        execFile(process.execPath, [path.join(ROOT, 'scripts/validate.ts')], { cwd: dir, env }, (err, stdout, stderr) =>
          resolve({ code: err ? Number(err.code) : 0, text: stdout + stderr }),
        ),
      );
      expect(out.code, out.text).toBe(1);
      expect(out.text).toMatch(
        /content\/recall-watch\.yml.*dismissals\.0\.product.*names no product file \(gone-toy\)/s,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
