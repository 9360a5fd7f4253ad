// The admin catalog snapshot: written by the build (src/integrations/catalog-outputs.ts), read back
// lazily with dates intact; a broken product file fails the build before any output is written.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/catalog/load.ts';
import { writeSnapshotFile } from '../../src/server/admin-catalog/snapshot.ts';
import { snapshotSource } from '../../src/server/admin-catalog/sources.ts';
import { FIXTURE_FILES, fixtureDir } from '../support/mcp.ts';
import { BROKEN_CASES, BROKEN_DIR } from '../support/broken-fixtures.ts';
import { buildSite, ROOT } from '../support/build-site.ts';

const out = mkdtempSync(path.join(tmpdir(), 'mcp-snapshot-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the admin catalog snapshot', () => {
  it('holds every product (drafts and scheduled included) and reads back equal', async () => {
    const { 'broken-file.md': _broken, ...valid } = FIXTURE_FILES;
    const fx = fixtureDir(valid);
    try {
      const file = path.join(out, 'admin-catalog.json');
      const direct = await loadCatalog('content/products', fx.root);
      await writeSnapshotFile(file, direct.entries, new Date('2026-01-01T00:00:00Z'));
      const catalog = await snapshotSource([path.join(out, 'missing.json'), file]).load();
      expect(catalog.entries).toEqual([...direct.entries].sort((a, b) => (a.data.slug < b.data.slug ? -1 : 1)));
      expect(catalog.entries.find((e) => e.data.slug === 'gamma-book')!.data.publishAt).toBeInstanceOf(Date);
      expect(catalog.builtAt.toISOString()).toBe('2026-01-01T00:00:00.000Z');
      expect(readFileSync(file, 'utf8')).not.toContain('\n');
    } finally {
      fx.cleanup();
    }
  });

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

  it('is written as ASCII and reads back every other character intact (é, –, emoji, CJK)', async () => {
    const { 'broken-file.md': _broken, ...valid } = FIXTURE_FILES;
    const fx = fixtureDir(valid);
    try {
      const { entries } = await loadCatalog('content/products', fx.root);
      const first = entries.sort((a, b) => (a.data.slug < b.data.slug ? -1 : 1))[0]!;
      first.data.name = 'Crème brûlée – puzzle 🧩 拼图';
      first.description = 'Ages 3–5 · “quoted” \u2028 line\u2029 end';
      const file = path.join(out, 'unicode.json');
      await writeSnapshotFile(file, entries, new Date('2026-01-01T00:00:00Z'));
      expect([...readFileSync(file)].every((byte) => byte < 0x80)).toBe(true);
      const catalog = await snapshotSource([file]).load();
      expect(catalog.entries).toEqual(entries);
      expect(catalog.entries[0]!.data.name).toBe('Crème brûlée – puzzle 🧩 拼图');
    } finally {
      fx.cleanup();
    }
  });

  it('a missing snapshot is a clear error', async () => {
    await expect(snapshotSource([path.join(out, 'nope.json')]).load()).rejects.toThrow(
      /snapshot is missing.*npm run build/,
    );
  });
});
