// The admin catalog is never written from broken product files: the build (a real `astro build`)
// fails first, naming each file, field and fix. What the catalog holds: test/unit/admin-catalog.test.ts.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROKEN_CASES, BROKEN_DIR } from '../support/broken-fixtures.ts';
import { buildSite, ROOT } from '../support/build-site.ts';

describe('the admin catalog', () => {
  it('is never written from broken product files: the build fails naming each file, field and fix', async () => {
    const err = await buildSite(path.join(ROOT, BROKEN_DIR), '2030-01-01T00:00:00.000Z').then(
      (b) => {
        b.remove();
        return null;
      },
      (e: Error) => e,
    );
    expect(err?.message).toMatch(/Invalid product files/);
    for (const c of BROKEN_CASES)
      expect(err?.message).toContain(`${c.file}${c.line ? `:${c.line}` : ''}  ${c.field}: `);
    expect(err?.message).toMatch(/brand: .*\n\s+Fix: /);
  }, 60_000);
});
