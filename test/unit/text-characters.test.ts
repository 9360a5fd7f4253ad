// Text fields refuse what no product text needs: the C0 and C1 control characters (a line break
// and a tab only in a multi-line field) and the bidirectional overrides and isolates. It is a
// schema rule, so the validator, `npm run validate` and every tool that takes fields refuse the
// same value, naming the field and the character, and a refused proposal spends nothing.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProductFile } from '../../src/catalog/load.ts';
import { fieldKind } from '../../src/catalog/field-kinds.ts';
import { field, FIELDS, HIDDEN_CHARACTER_FIX, type FieldKey } from '../../src/catalog/schema.ts';
import { chooseProposals } from '../../src/server/proposals/choose.ts';
import { memoryStore } from '../../src/server/store/memory.ts';
import { callTool, FIXTURE_FILES, fixtureDir, makeHandler, token } from '../support/mcp.ts';
import { productFile } from '../support/products.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));

/** Refused in every text field: C0 but line feed and tab, DEL, C1, bidi overrides and isolates. */
const REFUSED = [
  ...range(0x00, 0x1f).filter((c) => c !== '\n' && c !== '\t' && c !== '\r'),
  ...range(0x7f, 0x9f),
  ...range(0x202a, 0x202e),
  ...range(0x2066, 0x2069),
];
/** Line feed, tab and carriage return: refused in a one-line field only. */
const LINE = ['\n', '\t', '\r'];

/** Values that hold `c` inside them where a field's example would not show the rule as well (a remote picture). */
const VALUES: Partial<Record<FieldKey, (c: string) => string>> = {
  name: (c) => `Wooden${c}Rainbow Stacker`,
  brand: (c) => `Grimm${c}s`,
  description: (c) => `Twelve wooden arches${c}that nest into a rainbow.`,
  ageRange: (c) => `3–6${c} years`,
  imageUrl: (c) => `https://images.shop.example.com/stacker${c}x.jpg`,
  url: (c) => `https://shop.example.com/stacker${c}x`,
  whyWePicked: (c) => `Twelve arches that become a tunnel,${c}a cradle or a bridge.`,
};
/** A text with `c` in its middle (never at an end, which is trimmed). */
const within = (text: string, c: string) => `${text.slice(0, text.length >> 1)}${c}${text.slice(text.length >> 1)}`;

/**
 * Every field that holds text (one text, a web address, or a list of texts), from the schema's
 * kinds; but the slug, whose own pattern allows only a–z, digits and hyphens.
 */
const TEXT_KEYS = FIELDS.filter(
  (f) => f.meta.input !== 'slug' && ['text', 'url', 'texts'].includes(fieldKind(f).value.type),
).map((f) => f.key);
/** Each text field with a valid value that holds `c` inside it (a list: its first item). */
const TEXT_FIELDS: Record<string, (c: string) => unknown> = Object.fromEntries(
  TEXT_KEYS.map((k) => {
    const example = field(k).meta.example;
    const value =
      VALUES[k] ??
      (Array.isArray(example)
        ? (c: string) => [within(String(example[0]), c), ...example.slice(1)]
        : (c: string) => within(String(example), c));
    return [k, value];
  }),
);
const MULTILINE = FIELDS.filter((f) => f.meta.multiline).map((f) => f.key);

/** What the schema says about `c`: the control character, or the bidirectional one, by code point. */
const says = (c: string) =>
  new RegExp(
    `must not contain the ${/[\u202a-\u2069]/.test(c) ? 'bidirectional ' : ''}control character U\\+${hex(c).slice(2)}`,
  );

/** Each character against each field it is refused in. */
const REFUSALS: [string, FieldKey, string][] = [
  ...TEXT_KEYS.flatMap((k) => REFUSED.map((c) => [hex(c), k, c] as [string, FieldKey, string])),
  ...TEXT_KEYS.filter((k) => !MULTILINE.includes(k)).flatMap((k) =>
    LINE.map((c) => [hex(c), k, c] as [string, FieldKey, string]),
  ),
];

describe('the schema rule', () => {
  it('covers the text fields the schema has, and the fix names exactly the multi-line ones', () => {
    for (const k of Object.keys(VALUES)) expect(TEXT_KEYS).toContain(k);
    expect(MULTILINE.length).toBeGreaterThan(0);
    for (const f of FIELDS.filter((g) => TEXT_KEYS.includes(g.key)))
      expect(HIDDEN_CHARACTER_FIX.includes(f.key === 'description' ? 'the description' : `\`${f.key}\``), f.key).toBe(
        f.meta.multiline === true,
      );
  });

  it.each(TEXT_KEYS)('%s accepts its value without the character', (key) => {
    expect(field(key).schema.safeParse(TEXT_FIELDS[key]!(' ')).success).toBe(true);
  });

  it.each(REFUSALS)('refuses %s in %s, naming it', (_, key, c) => {
    const r = field(key).schema.safeParse(TEXT_FIELDS[key]!(c));
    expect(r.success).toBe(false);
    // (imageUrl's union says first that neither of its forms fits; the validator keeps only this.)
    expect(r.error!.issues.map((i) => i.message)).toContainEqual(expect.stringMatching(says(c)));
  });

  it.each(TEXT_KEYS.filter((k) => !MULTILINE.includes(k)))(
    'says a line break or a tab in the one-line field %s is one',
    (key) => {
      const messages = (c: string) =>
        field(key)
          .schema.safeParse(TEXT_FIELDS[key]!(c))
          .error!.issues.map((i) => i.message);
      expect(messages('\n')).toContainEqual(expect.stringMatching(/U\+000A \(a line break: this field is one line\)$/));
      expect(messages('\t')).toContainEqual(expect.stringMatching(/U\+0009 \(a tab: this field is one line\)$/));
    },
  );

  it.each(MULTILINE as FieldKey[])(
    '%s keeps line feeds and tabs, and reads CR LF and a lone CR as a line feed',
    (key) => {
      const schema = field(key).schema;
      expect(schema.parse('One.\n\n\tTwo.')).toBe('One.\n\n\tTwo.');
      expect(schema.parse('One.\r\n\r\nTwo.\rThree.')).toBe('One.\n\nTwo.\nThree.');
    },
  );

  it('refuses before it counts: a long value with a control character is told about the character', () => {
    const r = field('name').schema.safeParse(`a\u0000${'b'.repeat(300)}`);
    expect(r.error!.issues.map((i) => i.message)).toEqual(['must not contain the control character U+0000']);
  });
});

/** A product file with `value` in `key` (frontmatter values escaped by the one writer; the body as it is). */
function fileWith(key: FieldKey, value: unknown): string {
  return key === 'description'
    ? productFile({ slug: 'stacker' }, value as string)
    : productFile({ slug: 'stacker', [key]: value }, 'A body.');
}

describe('the validator', () => {
  it.each(REFUSALS)('names %s in %s, on its line, with the fix', (_, key, c) => {
    const text = fileWith(key, TEXT_FIELDS[key]!(c));
    const { entry, problems } = parseProductFile('content/products/stacker.md', text);
    expect(entry).toBeNull();
    expect(problems).toHaveLength(1);
    const [p] = problems;
    expect(p!.field).toBe(key);
    expect(p!.message).toMatch(says(c));
    expect(p!.fix).toMatch(/^Remove the character/);
    const line = text.split('\n').findIndex((l) => (key === 'description' ? l.includes(c) : l.startsWith(`${key}:`)));
    expect(p!.line).toBe(line + 1);
  });

  it('quotes the value with the character escaped, so the message reads as it is', () => {
    const [p] = parseProductFile('content/products/stacker.md', fileWith('name', 'Evil\u202etnatsissA')).problems;
    expect(p!.message).toBe('must not contain the bidirectional control character U+202E (got "Evil\\u202etnatsissA")');
    expect(p!.message).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u0080-\u009f]/);
  });

  it('refuses a character written raw in the front matter as it refuses an escaped one', () => {
    const text = productFile({ slug: 'stacker' }, 'A body.').replace(
      /^brand: .*$/m,
      'brand: Grimm\u202es\u2066 \u0085',
    );
    const { problems } = parseProductFile('content/products/stacker.md', text);
    expect(problems.map((p) => [p.field, p.message])).toEqual([['brand', expect.stringMatching(says('\u202e'))]]);
  });

  it('reads a CR LF file as before: its body keeps its lines, without a CR', () => {
    const text = productFile({ slug: 'stacker' }, 'One.\n\nTwo.').replace(/\n/g, '\r\n');
    const { entry, problems } = parseProductFile('content/products/stacker.md', text);
    expect(problems).toEqual([]);
    expect(entry!.description).toBe('One.\n\nTwo.');
  });
});

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
  const fx = fixtureDir(Object.fromEntries(Object.entries(FIXTURE_FILES).filter(([n]) => n !== 'broken-file.md')));
  const repo = fx.root;
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', repo, ...args], {
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'T',
        GIT_AUTHOR_EMAIL: 't@x',
        GIT_COMMITTER_NAME: 'T',
        GIT_COMMITTER_EMAIL: 't@x',
      },
    }).trim();
  // One proposal in the limit: after every refusal below, it must still be there to spend.
  const handler = makeHandler(repo, {
    limiter: memoryStore().limiter({ name: 'chars-req', points: 100_000, durationSeconds: 60 }),
    proposals: chooseProposals({ localRepoDir: repo }),
    proposalLimiter: memoryStore().limiter({ name: 'chars-propose', points: 1, durationSeconds: 3600 }),
  });
  let tok: string;
  beforeAll(async () => {
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'Catalog');
    tok = await token();
  });
  afterAll(() => fx.cleanup());
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

describe('the other fields', () => {
  it('accept no text holding a refused character either (their types and patterns refuse it)', () => {
    for (const f of FIELDS.filter((g) => !(g.key in TEXT_FIELDS)))
      for (const c of [...REFUSED, ...LINE]) {
        const example = f.meta.example;
        const value = Array.isArray(example)
          ? [`${String(example[0])}${c}`]
          : example instanceof Date
            ? `${example.toISOString()}${c}`
            : `${String(example ?? 'maya')}${c}x`;
        expect(f.schema.safeParse(value).success, `${f.key} ${hex(c)}`).toBe(false);
      }
  });
});
