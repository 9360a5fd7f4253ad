// The validator speaks to curators: `npm run validate` (a child process, as a curator and CI run
// it) reports each broken fixture (test/support/broken-fixtures.ts) with the file, line, field, what
// is wrong and how to fix it; the real catalog validates, its pictures included (which asks git).
// The same through loadCatalog, in process: test/unit/validate.test.ts.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspectProductImages, PRODUCT_IMAGES_DIR } from '../../src/catalog/images.ts';
import { loadCatalog } from '../../src/catalog/load.ts';
import { PRODUCTS_DIR } from '../../src/catalog/content-paths.ts';
import { BROKEN_CASES, BROKEN_DIR } from '../support/broken-fixtures.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs `node scripts/validate.ts [folder]` on this Node (24) and collects its exit code and output. */
function validate(
  folder?: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { GITHUB_ACTIONS: _ignored, ...base } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/validate.ts', ...(folder ? [folder] : [])],
      { cwd: ROOT, env: { ...base, ...env } },
      (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr });
      },
    );
  });
}

describe('npm run validate on the broken fixtures', () => {
  const run = validate(BROKEN_DIR);
  const files = new Set(BROKEN_CASES.map((c) => c.file)).size;

  it(`exits 1 and counts ${BROKEN_CASES.length} problems in ${files} files`, async () => {
    const { code, stderr } = await run;
    expect(code).toBe(1);
    expect(stderr).toContain(`${BROKEN_CASES.length} problems in ${files} product files`);
  });

  it.each(BROKEN_CASES.map((c) => [c.file, c.field, c] as const))(
    'names %s, its field %s and the fix',
    async (_f, _x, c) => {
      const { stdout, stderr } = await run;
      const lines = (stdout + stderr).split('\n');
      const at = lines.findIndex(
        (l) =>
          l.startsWith(`${BROKEN_DIR}/${c.file}${c.line ? `:${c.line}` : ''}  ${c.field}: `) &&
          c.message.test(l.replace(/^.*?: /, '').replace(/\.$/, '')),
      );
      expect(at, c.file).toBeGreaterThanOrEqual(0);
      expect(lines[at + 1]).toMatch(/^ {4}Fix: /);
      expect(lines[at + 1]).toMatch(c.fix);
    },
  );
});

describe('npm run validate on a body the build would refuse', () => {
  it('names a 5 MB description with its file, line and fix (the build would fail on it in its proof)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'long-body-'));
    try {
      const text = readFileSync(path.join(ROOT, 'content/products/codenames.md'), 'utf8');
      writeFileSync(path.join(dir, 'codenames.md'), `${text}${'Words and more words. '.repeat(240_000)}\n`);
      const { code, stderr } = await validate(dir);
      expect(code).toBe(1);
      // The body starts on the line after the front matter's closing `---`.
      const bodyLine = text.split('\n').indexOf('---', 1) + 2;
      expect(stderr).toMatch(
        new RegExp(
          `codenames\\.md:${bodyLine} {2}description: must be at most 5,000 characters long \\(the body below the closing \`---\` has 5,279,999 characters\\)\\.\\n {4}Fix: Shorten the description`,
        ),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('npm run validate in GitHub Actions', () => {
  it('also prints a workflow annotation on the offending line', async () => {
    const { code, stdout } = await validate(BROKEN_DIR, { GITHUB_ACTIONS: 'true' });
    expect(code).toBe(1);
    expect(stdout).toContain(
      `::error file=${BROKEN_DIR}/unreadable-age.md,line=5,title=ageRange::ageRange cannot be read as an age range`,
    );
    expect(stdout).toContain('Fix: Write it like');
  });
});

describe('the real catalog', () => {
  it('validates with exit code 0', async () => {
    const files = (await readdir(path.join(ROOT, PRODUCTS_DIR))).filter((n) => n.endsWith('.md'));
    const { code, stdout, stderr } = await validate();
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(`✓ ${files.length} product files in ${PRODUCTS_DIR} are valid.\n`);
  });

  it('finds every local picture in the product images folder and leaves none in public/ or unused', async () => {
    const { entries } = await loadCatalog(PRODUCTS_DIR, ROOT);
    const { problems, notes, pictures } = await inspectProductImages(
      entries,
      path.join(ROOT, PRODUCT_IMAGES_DIR),
      ROOT,
    );
    expect([problems, notes]).toEqual([[], []]);
    expect(pictures.size).toBeGreaterThan(0);
  });
});
