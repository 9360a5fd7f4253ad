// Text fields refuse what no product text needs (the C0 and C1 control characters, the bidirectional
// overrides and isolates) where a child process or git is part of the path: `npm run validate`
// names each file, line, field and character, and the admin tools (writing proposals to a real git
// repository) refuse every character in every text field, writing nothing and spending no proposal.
// The schema rule and the validator in process: test/unit/text-characters.test.ts.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProductFile } from '../../src/catalog/load.ts';
import type { FieldKey } from '../../src/catalog/schema.ts';
import { chooseProposals } from '../../src/server/proposals/choose.ts';
import { memoryStore } from '../../src/server/store/memory.ts';
import { callTool, FIXTURE_FILES, makeHandler, token } from '../support/mcp.ts';
import { scratchRepo } from '../support/scratch-repo.ts';
import { fileWith, hex, REFUSALS, says, TEXT_FIELDS } from '../support/text-characters.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('npm run validate (a child process)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'text-characters-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails naming each file, line, field and character', async () => {
    const cases: [string, FieldKey, string][] = [
      ['nul-name', 'name', '\u0000'],
      ['bidi-brand', 'brand', '\u202e'],
      ['c1-note', 'whyWePicked', '\u0085'],
      ['newline-url', 'url', '\n'],
      ['escape-body', 'description', '\u001b'],
    ];
    for (const [slug, key, c] of cases) {
      const text = fileWith(key, TEXT_FIELDS[key]!(c)).replace(/^slug: stacker$/m, `slug: ${slug}`);
      writeFileSync(path.join(dir, `${slug}.md`), text);
    }
    const { GITHUB_ACTIONS: _ignored, ...env } = process.env;
    const err = await promisify(execFile)(process.execPath, ['scripts/validate.ts', dir], { cwd: ROOT, env }).then(
      () => null,
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(err?.code).toBe(1);
    const out = `${err!.stdout}${err!.stderr}`;
    expect(out).toContain(`${cases.length} problems in ${cases.length} product files`);
    for (const [slug, key, c] of cases)
      expect(out).toMatch(
        new RegExp(`${slug}\\.md:\\d+  ${key}: must not contain the [a-z ]*control character U\\+${hex(c).slice(2)}`),
      );
    for (const c of ['\u0000', '\u001b', '\u0085', '\u202e']) expect(out).not.toContain(c);
  }, 60_000);
});

describe('the tools', () => {
  const {
    dir: repo,
    git,
    remove,
  } = scratchRepo('text-characters-repo-', {
    products: Object.fromEntries(Object.entries(FIXTURE_FILES).filter(([n]) => n !== 'broken-file.md')),
  });
  // One proposal in the limit: after every refusal below, it must still be there to spend.
  const handler = makeHandler(repo, {
    limiter: memoryStore().limiter({ name: 'chars-req', points: 100_000, durationSeconds: 60 }),
    proposals: chooseProposals({ localRepoDir: repo }),
    proposalLimiter: memoryStore().limiter({ name: 'chars-propose', points: 1, durationSeconds: 3600 }),
  });
  let tok: string;
  beforeAll(async () => {
    tok = await token();
  });
  afterAll(() => remove());
  const branches = () => git('for-each-ref', '--format=%(refname:short)', 'refs/heads/catalog/');

  const NEW = {
    name: 'Wooden Stacker',
    brand: 'Maker',
    categories: ['kits'],
    currency: 'USD',
    url: 'https://shop.example/s',
  };
  const argsFor = (tool: string, key: FieldKey, value: unknown) =>
    tool === 'propose_edit'
      ? { slug: 'alpha-blocks', changes: { [key]: value } }
      : { ...NEW, slug: 'wooden-stacker', [key]: value };
  const fieldPath = (tool: string, key: FieldKey) => (tool === 'propose_edit' ? `changes.${key}` : key);

  for (const tool of ['draft_product', 'propose_product', 'propose_edit']) {
    it(`${tool} refuses every character in every text field, naming both, and writes nothing`, async () => {
      for (const [name, key, c] of REFUSALS) {
        const r = await callTool(handler, tok, tool, argsFor(tool, key, TEXT_FIELDS[key]!(c)));
        expect(r.isError, `${tool} ${key} ${name}`).toBe(true);
        const text = r.content[0]!.text;
        expect(text, `${tool} ${key} ${name}`).toMatch(says(c));
        expect(text, `${tool} ${key} ${name}`).toContain(`at ${fieldPath(tool, key)}`);
      }
      expect(branches()).toBe('');
    }, 60_000);
  }

  it('validate_product finds the same problem in a file text', async () => {
    for (const [name, key, c] of REFUSALS) {
      const r = await callTool(handler, tok, 'validate_product', { text: fileWith(key, TEXT_FIELDS[key]!(c)) });
      expect(r.isError, `${key} ${name}`).toBeFalsy();
      const out = r.structuredContent as { valid: boolean; problems: { field: string; message: string }[] };
      expect(out.valid).toBe(false);
      expect(out.problems.map((p) => p.field)).toEqual([key]);
      expect(out.problems[0]!.message).toMatch(says(c));
    }
  }, 60_000);

  it('keeps line feeds and tabs in the multi-line fields, written and read back', async () => {
    const value = 'One line.\n\n\tAn indented one.';
    const r = await callTool(handler, tok, 'draft_product', { ...NEW, description: value, whyWePicked: value });
    expect(r.isError, r.content[0]?.text).toBeFalsy();
    const { entry } = parseProductFile(
      'content/products/wooden-stacker.md',
      (r.structuredContent as { text: string }).text,
    );
    expect(entry!.description).toBe(value);
    expect(entry!.data.whyWePicked).toBe(value);
  });

  it('a refused value leaves the proposal limit untouched: the one proposal left is still there', async () => {
    expect(branches()).toBe('');
    const made = await callTool(handler, tok, 'propose_edit', { slug: 'alpha-blocks', changes: { price: 1999 } });
    expect(made.isError, made.content[0]?.text).toBeFalsy();
    expect(branches().split('\n')).toHaveLength(1);
    const spent = await callTool(handler, tok, 'propose_edit', { slug: 'alpha-blocks', changes: { price: 1998 } });
    expect(spent.isError).toBe(true);
    expect(spent.content[0]!.text).toMatch(/^rate_limited: at most 1 proposal/);
  });
});
