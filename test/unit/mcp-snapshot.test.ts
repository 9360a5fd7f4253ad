// The admin catalog snapshot: written by the build script, read back lazily with dates intact.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/catalog/load.ts';
import { writeSnapshotFile } from '../../src/server/admin-catalog/snapshot.ts';
import { snapshotSource } from '../../src/server/admin-catalog/sources.ts';
import { FIXTURE_FILES, fixtureDir } from './mcp-fixture.ts';

const run = promisify(execFile);
const out = mkdtempSync(path.join(tmpdir(), 'mcp-snapshot-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));
const script = path.resolve('scripts/build-admin-catalog.ts');

describe('scripts/build-admin-catalog.ts', () => {
  it('writes every product (drafts and scheduled included) and the snapshot reads back equal', async () => {
    const { 'broken-file.md': _broken, ...valid } = FIXTURE_FILES;
    const fx = fixtureDir(valid);
    try {
      const file = path.join(out, 'admin-catalog.json');
      await run(process.execPath, [script], { cwd: fx.root, env: { ...process.env, ADMIN_CATALOG_OUT: file, CATALOG_BUILD_TIME: '2026-01-01T00:00:00Z', CATALOG_CONTENT_DIR: '' } });
      const catalog = await snapshotSource([path.join(out, 'missing.json'), file]).load();
      const direct = await loadCatalog('content/products', fx.root);
      expect(catalog.entries).toEqual(direct.entries.sort((a, b) => (a.data.slug < b.data.slug ? -1 : 1)));
      expect(catalog.entries.find((e) => e.data.slug === 'gamma-book')!.data.publishAt).toBeInstanceOf(Date);
      expect(catalog.builtAt.toISOString()).toBe('2026-01-01T00:00:00.000Z');
      expect(readFileSync(file, 'utf8')).not.toContain('\n');
    } finally {
      fx.cleanup();
    }
  });

  it('fails the build on a broken product file', async () => {
    const fx = fixtureDir();
    try {
      const err = await run(process.execPath, [script], { cwd: fx.root, env: { ...process.env, ADMIN_CATALOG_OUT: path.join(out, 'x.json'), CATALOG_CONTENT_DIR: '' } }).catch((e: { code: number; stderr: string }) => e);
      expect((err as { code: number }).code).toBe(1);
      expect((err as { stderr: string }).stderr).toContain('broken-file.md');
    } finally {
      fx.cleanup();
    }
  });

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
    await expect(snapshotSource([path.join(out, 'nope.json')]).load()).rejects.toThrow(/snapshot is missing.*npm run build/);
  });
});
