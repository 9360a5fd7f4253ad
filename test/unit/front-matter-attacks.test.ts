// Product texts are YAML only, at every entry point: a text whose front matter is JavaScript (or
// any other language) is a clear problem naming the file and the fix, and nothing in it ever runs.
// Each attack carries a sentinel that would set a global or write a file if it were evaluated.
// (`npm run validate`, `astro build` and `npm run new-product` as child processes:
// test/integration/front-matter-attacks.test.ts.)
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFrontMatter } from '../../src/catalog/front-matter.ts';
import { loadCatalog, parseProductFile, validateProductText } from '../../src/catalog/load.ts';
import { Product } from '../../src/catalog/schema.ts';

import { memoryStore } from '../../src/server/store/memory.ts';
import { ENV, callTool, fixtureDir, makeHandler, token } from '../support/mcp.ts';
import { attack, GLOBAL, payload, sentinelFiles } from '../support/front-matter-attacks.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'fma-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const g = globalThis as Record<string, unknown>;
afterEach(() => {
  delete g[GLOBAL];
});

const sentinelFile = sentinelFiles(tmp);

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
