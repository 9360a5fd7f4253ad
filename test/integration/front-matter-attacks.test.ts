// Product texts are YAML only, through the project's scripts too: `npm run validate` and
// `astro build` refuse a file whose front matter is JavaScript, naming the file and the fix, and run
// nothing of it; `npm run new-product` writes such a name as text. Each attack carries a sentinel
// file that would be written if it were evaluated. (In process: test/unit/front-matter-attacks.test.ts.)
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parseProductFile } from '../../src/catalog/load.ts';
import { FIXTURE_CATALOG, buildSite } from '../support/build-site.ts';
import { attack, payload, sentinelFiles } from '../support/front-matter-attacks.ts';
import { runNewProduct } from '../support/new-product.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const tmp = mkdtempSync(path.join(tmpdir(), 'fma-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const sentinelFile = sentinelFiles(tmp);

describe('npm run validate (a child process, as CI runs it)', () => {
  it('fails naming the file and the fix, and runs nothing', async () => {
    const dir = path.join(tmp, 'validate');
    mkdirSync(dir, { recursive: true });
    const file = sentinelFile();
    writeFileSync(path.join(dir, 'evil.md'), attack('---javascript', file));
    const res = await run(process.execPath, ['scripts/validate.ts'], {
      cwd: ROOT,
      env: { ...process.env, CATALOG_CONTENT_DIR: dir, AUTH_SECRET: 'validate-secret-must-not-leak-0123456789' },
    }).then(
      () => null,
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(res?.code).toBe(1);
    expect(res?.stderr).toMatch(/evil\.md:1 {2}\(frontmatter\): opens with "---javascript"/);
    expect(res?.stderr).toContain(
      'Fix: Start the file with a line of exactly `---`; only YAML front matter is allowed.',
    );
    expect(`${res?.stdout}${res?.stderr}`).not.toContain('validate-secret-must-not-leak');
    expect(existsSync(file)).toBe(false);
  });
});

describe('astro build (a pull request’s product file in CI or a deploy preview)', () => {
  it('fails naming the file and the fix, and runs nothing', async () => {
    const dir = path.join(tmp, 'build');
    mkdirSync(dir, { recursive: true });
    const good = 'ops-crayon-rocks.md';
    writeFileSync(path.join(dir, good), readFileSync(path.join(FIXTURE_CATALOG, good)));
    const file = sentinelFile();
    writeFileSync(path.join(dir, 'evil.md'), attack('---js', file));
    const err = await buildSite(dir, '2030-01-01T00:00:00.000Z').then(
      (b) => {
        b.remove();
        return null;
      },
      (e: Error) => e,
    );
    expect(err?.message).toMatch(/Invalid product files/);
    expect(err?.message).toMatch(/evil\.md:1 {2}\(frontmatter\): opens with "---js"/);
    expect(err?.message).toContain(
      'Fix: Start the file with a line of exactly `---`; only YAML front matter is allowed.',
    );
    expect(existsSync(file)).toBe(false);
  }, 120_000);
});

describe('npm run new-product writes YAML that reads back safely', () => {
  it('a name and note that open with ---js are written as text and read back equal', () => {
    const dir = path.join(tmp, 'new-product');
    const file = sentinelFile();
    const name = `---js ${payload(file)}`;
    const why = attack('---js', file);
    const res = runNewProduct(dir, [
      `--name=${name}`,
      '--slug=js-name',
      '--brand=Maker',
      '--categories=kits',
      '--url=https://shop.example/js',
      '--currency=USD',
      `--why=${why}`,
    ]);
    expect(res.err).toBe('');
    expect(res.code).toBe(0);
    const text = readFileSync(path.join(dir, 'js-name.md'), 'utf8');
    expect(text.split('\n')[0]).toBe('---');
    const parsed = parseProductFile('content/products/js-name.md', text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.entry!.data.name).toBe(name.trim());
    expect(parsed.entry!.data.whyWePicked).toBe(why.trim());
    expect(existsSync(file)).toBe(false);
  });
});
