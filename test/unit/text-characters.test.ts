// Text fields refuse what no product text needs: the C0 and C1 control characters (a line break
// and a tab only in a multi-line field) and the bidirectional overrides and isolates. It is a
// schema rule, so the validator, `npm run validate` and every tool that takes fields refuse the
// same value, naming the field and the character. (`npm run validate` and the tools writing to git:
// test/integration/text-characters.test.ts.)
import { describe, expect, it } from 'vitest';
import { parseProductFile } from '../../src/catalog/load.ts';
import { field, FIELDS, HIDDEN_CHARACTER_FIX, type FieldKey } from '../../src/catalog/schema.ts';
import { productFile } from '../support/products.ts';
import {
  fileWith,
  LINE,
  MULTILINE,
  REFUSALS,
  REFUSED,
  says,
  TEXT_FIELDS,
  TEXT_KEYS,
  VALUES,
  hex,
} from '../support/text-characters.ts';

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
