// The generated sections of CONTRIBUTING.md and docs/reference.md (the fields of a product file,
// what search finds, the error codes, the variables) are the text their modules write now, and
// CONTRIBUTING's sample product file is one the validator accepts: a field added to the schema
// shows here until the documents say it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProductFile } from '../../src/catalog/load.ts';
import { FIELDS } from '../../src/catalog/schema.ts';
import { VARIABLES } from '../../src/config/env.ts';
import { DOC_FILES, DOC_SECTIONS, sectionText, withSectionText } from '../../src/outputs/doc-sections.ts';
import { fieldTable } from '../../src/outputs/field-docs.ts';
import { VARIABLE_TABLE_FILE, variableAnchor } from '../../src/outputs/variable-docs.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('the generated sections of the documents', () => {
  it.each(DOC_SECTIONS.map((s) => [`${s.file}: ${s.name}`, s] as const))('%s is the generated text', (_, s) => {
    expect(
      sectionText(read(s.file), s.name),
      `${s.file}'s section "${s.name}" is not what its module writes now: run \`npm run docs:sections\` and commit the documents`,
    ).toBe(s.text());
  });

  it.each(DOC_FILES.map((f) => [f.file, f] as const))('%s is the generated text', (_, f) => {
    expect(read(f.file), `${f.file} is not what its module writes now: run \`npm run docs:sections\``).toBe(f.text());
  });

  it('the table of variables has a row, with its anchor, for every variable of src/config/env.ts', () => {
    const table = sectionText(read(VARIABLE_TABLE_FILE), 'variables') ?? '';
    const source = read('src/config/env.ts');
    const declared = [...source.matchAll(/^ {2}([A-Z][A-Z0-9_]+): \{$/gm)].map((m) => m[1]!);
    expect(declared).toEqual(Object.keys(VARIABLES));
    for (const name of declared) expect(table, name).toContain(`| <a id="${variableAnchor(name)}"></a>\`${name}\` |`);
  });

  it('CONTRIBUTING’s table has one row per field of a product file, with its guide text', () => {
    const rows = fieldTable().split('\n').slice(2);
    expect(rows).toHaveLength(FIELDS.length);
    FIELDS.forEach((f, i) => expect(rows[i], f.key).toContain(`| \`${f.key}\` | ${f.meta.guide} |`));
  });

  it('a section is found between its markers, and writing it keeps the rest of the document', () => {
    const doc = 'Before.\n<!-- section:x -->\nold\n<!-- /section:x -->\nAfter.\n';
    expect(sectionText(doc, 'x')).toBe('old');
    expect(sectionText(doc, 'y')).toBeNull();
    expect(withSectionText(doc, 'x', 'new\ntext')).toBe(
      'Before.\n<!-- section:x -->\nnew\ntext\n<!-- /section:x -->\nAfter.\n',
    );
    expect(() => withSectionText(doc, 'y', 'z')).toThrow(/no section "y"/);
  });
});

describe('CONTRIBUTING’s sample product file', () => {
  it('is a product file the validator accepts', () => {
    const guide = read('CONTRIBUTING.md');
    const from = guide.indexOf('## The product file, field by field');
    const sample = /```markdown\n([\s\S]*?)```/.exec(guide.slice(from))?.[1];
    expect(sample, 'CONTRIBUTING.md: the sample file under "The product file, field by field"').toBeTruthy();
    const slug = /^slug: (.+)$/m.exec(sample!)?.[1];
    expect(parseProductFile(`content/products/${slug}.md`, sample!).problems).toEqual([]);
  });
});
