// Product texts are YAML only, at every entry point: a text whose front matter is JavaScript (or
// any other language) is a clear problem naming the file and the fix, and nothing in it ever runs.
// Each attack carries a sentinel that would set a global or write a file if it were evaluated.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFrontMatter } from '../../src/catalog/front-matter.ts';
import { loadCatalog, parseProductFile, validateProductText } from '../../src/catalog/load.ts';
import { Product } from '../../src/catalog/schema.ts';

import { memoryStore } from '../../src/server/store/memory.ts';
import { runNewProduct } from '../support/new-product.ts';
import { ENV, callTool, fixtureDir, makeHandler, token } from '../support/mcp.ts';
import { FIXTURE_CATALOG, buildSite } from '../support/build-site.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const tmp = mkdtempSync(path.join(tmpdir(), 'fma-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const GLOBAL = '__lhFM';
const g = globalThis as Record<string, unknown>;
afterEach(() => {
  delete g[GLOBAL];
});

/** JavaScript that sets a global, writes `file` and returns the admin secret as the slug. */
const payload = (file: string) =>
  `(globalThis.${GLOBAL}=1,process.getBuiltinModule('fs').writeFileSync(${JSON.stringify(file)},''),{slug:String(process.env.AUTH_SECRET)})`;

/** A product text whose front matter opens with `opening` and holds the payload. */
const attack = (opening: string, file: string) => `${opening}\n${payload(file)}\n---\nBody.\n`;

let n = 0;
const sentinelFile = () => path.join(tmp, `ran${++n}`);

describe('the loader refuses every opening line but exactly ---, and evaluates nothing', () => {
  describe.each([
    '---js',
    '---javascript',
    '--- js',
    '---JS',
    '---coffee',
    '---json',
    '---toml',
    '---yaml',
    '----',
    '--- ',
  ])('%j', (opening) => {
    it('is one (frontmatter) problem on line 1 that names the line and the fix; nothing ran', () => {
      const file = sentinelFile();
      const res = parseProductFile('content/products/x.md', attack(opening, file));
      expect(res.entry).toBeNull();
      expect(res.problems).toEqual([
        {
          file: 'content/products/x.md',
          line: 1,
          field: '(frontmatter)',
          message: expect.stringContaining(`opens with ${JSON.stringify(opening)}`),
          fix: 'Start the file with a line of exactly `---`; only YAML front matter is allowed.',
        },
      ]);
      expect(g[GLOBAL]).toBeUndefined();
      expect(existsSync(file)).toBe(false);
    });
  });

  it('accepts a CRLF opening line (---\\r\\n) as YAML', () => {
    const r = readFrontMatter('---\r\nslug: a\r\n---\r\nBody.\r\n');
    expect(r).toMatchObject({ ok: true, data: { slug: 'a' } });
  });

  it('a YAML !!js/function tag is a YAML error, not code', () => {
    const file = sentinelFile();
    const text = `---\nslug: !!js/function "function () { ${payload(file)} }"\n---\n`;
    const res = parseProductFile('content/products/x.md', text);
    expect(res.problems).toHaveLength(1);
    expect(res.problems[0]).toMatchObject({ field: '(frontmatter)', message: expect.stringMatching(/not valid YAML/) });
    expect(g[GLOBAL]).toBeUndefined();
    expect(existsSync(file)).toBe(false);
  });

  // Eight levels of ten aliases: 356 bytes that would expand to 10^8 values. The parser must refuse
  // it before expanding anything, so validate_product, npm run validate and the build stay fast.
  const bomb = [
    'slug: x',
    'a0: &a0 [x, x, x, x, x, x, x, x, x, x]',
    ...Array.from({ length: 7 }, (_, i) => `a${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(', ')}]`),
    'name: *a7',
  ].join('\n');

  it('a YAML alias bomb is one problem on the line of the first alias, and nothing is expanded', () => {
    const res = parseProductFile('content/products/x.md', `---\n${bomb}\n---\n`);
    expect(res.entry).toBeNull();
    expect(res.problems).toEqual([
      {
        file: 'content/products/x.md',
        line: 4,
        field: '(frontmatter)',
        message: 'is not valid YAML: uses the YAML alias "*a0": product files write every value out',
        fix: 'Write the value itself instead of an `&anchor` and `*alias`.',
      },
    ]);
  });

  it('a single harmless alias is refused the same way (product files never need one)', () => {
    const res = parseProductFile('content/products/x.md', '---\nslug: &s x\nname: *s\n---\n');
    expect(res.problems).toEqual([expect.objectContaining({ line: 3, field: '(frontmatter)' })]);
  });

  it('a huge nested value in a field is named, not written out, in the problem', () => {
    const nested = `name:\n${Array.from({ length: 2000 }, (_, i) => `  k${i}: [${Array(20).fill('"word"').join(', ')}]`).join('\n')}`;
    const res = parseProductFile('content/products/x.md', `---\nslug: x\n${nested}\n---\n`);
    const name = res.problems.find((p) => p.field === 'name')!;
    expect(name.message).toMatch(/\(got a mapping of fields\)$/);
    expect(JSON.stringify(res.problems).length).toBeLessThan(5000);
  });

  it('a __proto__ key pollutes no prototype', () => {
    const res = parseProductFile('content/products/x.md', '---\n__proto__:\n  polluted: yes\nslug: x\n---\n');
    expect(res.entry).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('loadCatalog reports the file among the others, and the good files still load', async () => {
    const dir = path.join(tmp, 'catalog-load');
    mkdirSync(dir, { recursive: true });
    const file = sentinelFile();
    writeFileSync(path.join(dir, 'evil.md'), attack('---js', file));
    const { problems } = await loadCatalog(dir, tmp);
    expect(problems).toEqual([expect.objectContaining({ file: 'catalog-load/evil.md', field: '(frontmatter)' })]);
    expect(existsSync(file)).toBe(false);
  });
});

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

describe('validate_product (in process, through the MCP handler)', () => {
  const fx = fixtureDir();
  afterAll(() => fx.cleanup());
  let tok: string;
  const secret = 'in-process-secret-that-must-not-leak-0123456789';
  const saved = process.env.AUTH_SECRET;
  beforeAll(async () => {
    tok = await token();
    process.env.AUTH_SECRET = secret;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.AUTH_SECRET;
    else process.env.AUTH_SECRET = saved;
  });

  it.each(['---js', '---javascript', '---coffee'])(
    '%s: invalid, nothing ran, no secret in the answer',
    async (opening) => {
      const file = sentinelFile();
      const r = await callTool(makeHandler(fx.root), tok, 'validate_product', { text: attack(opening, file) });
      expect(r.isError).toBeFalsy();
      expect(r.structuredContent).toMatchObject({
        valid: false,
        problems: [{ field: '(frontmatter)', line: 1, fix: expect.stringContaining('exactly `---`') }],
      });
      expect(JSON.stringify(r)).not.toContain(secret);
      expect(JSON.stringify(r)).not.toContain(ENV.AUTH_SECRET);
      expect(g[GLOBAL]).toBeUndefined();
      expect(existsSync(file)).toBe(false);
    },
  );

  it('validateProductText without a path does not evaluate either (it reads the slug first)', () => {
    const file = sentinelFile();
    expect(validateProductText(attack('---js', file)).valid).toBe(false);
    expect(existsSync(file)).toBe(false);
  });
});

describe('draft_product writes YAML that reads back safely, whatever the field values', () => {
  const fx = fixtureDir();
  afterAll(() => fx.cleanup());
  let tok: string;
  beforeAll(async () => {
    tok = await token();
  });
  const base = { brand: 'Maker', categories: ['kits'], currency: 'USD', url: 'https://shop.example/x' };

  it('a name, brand, note and description that open with ---js stay text', async () => {
    const file = sentinelFile();
    const js = attack('---js', file);
    // A name is one line (text fields refuse line breaks outside the description and the note).
    const name = `---js ${payload(file)}`;
    const args = { ...base, slug: 'js-text', name, brand: '---js', whyWePicked: js, description: js };
    const r = await callTool(makeHandler(fx.root), tok, 'draft_product', args);
    expect(r.isError, r.content[0]?.text).toBeFalsy();
    const text = (r.structuredContent as { text: string }).text;
    expect(text.split('\n')[0]).toBe('---');
    const parsed = parseProductFile('content/products/js-text.md', text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.entry!.data).toMatchObject({ name, brand: '---js', whyWePicked: js.trim() });
    expect(parsed.entry!.description).toBe(js.trim());
    expect(g[GLOBAL]).toBeUndefined();
    expect(existsSync(file)).toBe(false);
  });

  it('any name and description round-trip through the loader (property)', async () => {
    // Many calls in a row: a limiter that does not stop them (the limit is tested elsewhere).
    const h = makeHandler(fx.root, {
      limiter: memoryStore().limiter({ name: 'fm', points: 10_000, durationSeconds: 60 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('---js', '---\n---js\nx\n---', ' ---', '---')),
        fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('---js\n1\n---', '---\nslug: other\n---')),
        async (name, description) => {
          // Only input the tool's schema accepts (a blank name is refused before anything is written).
          fc.pre(
            Product.shape.name.safeParse(name).success && Product.shape.description.safeParse(description).success,
          );
          const r = await callTool(h, tok, 'draft_product', { ...base, slug: 'any-text', name, description });
          expect(r.isError, r.content[0]?.text).toBeFalsy();
          const text = (r.structuredContent as { text: string }).text;
          expect(text.split('\n')[0]).toBe('---');
          const parsed = parseProductFile('content/products/any-text.md', text);
          expect(parsed.problems).toEqual([]);
          expect(parsed.entry!.data.name).toBe(name.trim());
          // The description as the schema reads it: trimmed, its CR LF and lone CR line ends as LF.
          expect(parsed.entry!.description).toBe(Product.shape.description.parse(description));
        },
      ),
      { numRuns: 150 },
    );
  });
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
