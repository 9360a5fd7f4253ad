// The options of `npm run new-product` (the script itself, as a child process) are derived from the
// fields of src/catalog/schema.ts: one for every field. The other derived lists: test/unit/fields.test.ts.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELDS } from '../../src/catalog/schema.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('lists derived from the fields', () => {
  it('npm run new-product offers an option for every field', () => {
    const res = spawnSync(process.execPath, ['scripts/new-product.ts', '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(res.status).toBe(0);
    for (const f of FIELDS) {
      expect(res.stdout, f.key).toContain(`--${f.meta.cli.flag}`);
      if (f.meta.cli.off) expect(res.stdout, f.key).toContain(`--${f.meta.cli.off}`);
    }
  });
});
