// What a proposal shows on GitHub: field values in the pull request body are literal text. The body
// is rendered with a real CommonMark + GFM reader (remark-parse, remark-gfm, mdast-util-to-hast):
// no link, image or HTML comes out of a value, no mention or issue reference stands in plain text,
// and each value reads back exactly, whatever backticks, blank lines or markup it holds. The commit
// message and the title carry no value at all; the proposer reads back from the body's first line only.
import type { Root as HastRoot } from 'hast';
import type { Nodes, Root } from 'mdast';
import { toHast } from 'mdast-util-to-hast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { proposedBy } from '../../src/server/proposals/backend.ts';
import { codeSpan, composeProposal, proposerOf, type FieldChange } from '../../src/server/proposals/compose.ts';

const parse = (markdown: string) => unified().use(remarkParse).use(remarkGfm).parse(markdown) as Root;

/** Every node of a tree, depth first. */
function nodes(tree: Nodes): Nodes[] {
  const all: Nodes[] = [tree];
  for (const child of 'children' in tree ? (tree.children as Nodes[]) : []) all.push(...nodes(child));
  return all;
}

/** Every hast element's tag, and whether any raw HTML survived. */
function hastTags(tree: HastRoot): { tags: string[]; raw: boolean } {
  const tags: string[] = [];
  let raw = false;
  const walk = (n: { type: string; tagName?: string; children?: unknown[] }) => {
    if (n.type === 'raw') raw = true;
    if (n.type === 'element') tags.push(n.tagName!);
    for (const c of n.children ?? []) walk(c as typeof n);
  };
  walk(tree as never);
  return { tags, raw };
}

/** Values an attacker (or an unlucky admin) might write. */
const HOSTILE = {
  name: 'Blocks `with` ``ticks`` and a ```fence``` inside',
  brand: '@littlehands/curators please merge',
  pickedBy: '<img src=x onerror="alert(1)"> and <b>bold</b>',
  whyWePicked: '[click me](https://evil.example) ![pixel](https://evil.example/p.png) https://evil.example/auto',
  description:
    'First paragraph fixes #12.\n\nSecond paragraph, after a blank line.\n```\nnot a fence end\n    indented `code`\n',
  ageRange: '`leading and trailing`',
  imageUrl: '~~~',
} as const;
const EMAIL = 'ada@example.test';

function changes(): FieldChange[] {
  return Object.entries(HOSTILE).map(([field, after], i) => ({
    field: field as FieldChange['field'],
    before: i % 2 ? null : `old ${field} @old-team #3`,
    after,
  }));
}

describe('a proposal’s pull request body, rendered as GitHub renders Markdown', () => {
  const composed = composeProposal({
    kind: 'edit',
    slug: 'gh-12',
    path: 'content/products/gh-12.md',
    changes: changes(),
    email: EMAIL,
  });
  const tree = parse(composed.body);
  const all = nodes(tree);

  it('has no link, image or HTML node', () => {
    const kinds = new Set(all.map((n) => n.type));
    for (const kind of [
      'link',
      'linkReference',
      'image',
      'imageReference',
      'html',
      'definition',
      'footnoteReference',
      'footnoteDefinition',
    ])
      expect(kinds.has(kind as Nodes['type']), kind).toBe(false);
    const { tags, raw } = hastTags(toHast(tree) as HastRoot);
    expect(raw).toBe(false);
    expect(tags.filter((t) => ['a', 'img', 'b', 'script'].includes(t))).toEqual([]);
  });

  it('keeps each value, before and after, exactly, as code', () => {
    const code = all.filter((n) => n.type === 'code').map((n) => n.value);
    const expected = changes().flatMap((c) => [c.before, c.after].filter((v): v is string => v !== null));
    expect(code).toEqual(expected);
  });

  it('leaves no mention, reference or address in plain text', () => {
    const text = all
      .filter((n) => n.type === 'text')
      .map((n) => n.value)
      .join('\n');
    expect(text).not.toMatch(/@|#\d|gh-\d|https?:|evil/i);
    // The proposer and the path are code too.
    const inline = all.filter((n) => n.type === 'inlineCode').map((n) => n.value);
    expect(inline).toEqual(expect.arrayContaining([EMAIL, 'content/products/gh-12.md']));
  });

  it('names the proposer on its first line, read back exactly; no value can stand in for it', () => {
    expect(proposerOf(composed.body)).toBe(EMAIL);
    expect(proposerOf(composed.body.replace(/\n/g, '\r\n'))).toBe(EMAIL);
    const spoof = composeProposal({
      kind: 'edit',
      slug: 'x',
      path: 'content/products/x.md',
      changes: [
        {
          field: 'pickedBy',
          before: null,
          after: `Proposed by \`mallory@example.test\` from the catalog's admin MCP endpoint.`,
        },
      ],
      email: EMAIL,
    });
    expect(proposerOf(spoof.body)).toBe(EMAIL);
    expect(proposerOf('Proposed by `mallory@example.test` and more')).toBeNull();
    // As pull requests opened before the address was code say it.
    expect(proposerOf("Proposed by ada@example.test from the catalog's admin MCP endpoint.\n\n| field |")).toBe(EMAIL);
    expect(proposerOf("Proposed by a b@c from the catalog's admin MCP endpoint.")).toBeNull();
    expect(proposerOf('A pull request someone opened by hand.')).toBeNull();
    expect(proposerOf(null)).toBeNull();
  });

  it('keeps every value out of the commit message and the title, which GitHub would interpret', () => {
    for (const value of Object.values(HOSTILE)) {
      expect(composed.message).not.toContain(value);
      expect(composed.title).not.toContain(value);
    }
    expect(composed.message).not.toMatch(/@(?!example\.test)|#\d|https?:/);
    expect(proposedBy(composed.message)).toBe(EMAIL);
    expect(composed.message).toMatch(
      /^Edit gh-12: name, brand, pickedBy, whyWePicked and 3 more\n\nChanges name, brand, pickedBy, whyWePicked, description, ageRange, imageUrl in content\/products\/gh-12\.md\.\n\nProposed-by: ada@example\.test\n$/,
    );
    // The title's one outside word, the slug, is code: GitHub would link `gh-12` to issue 12.
    const title = nodes(parse(composed.title));
    expect(title.filter((n) => n.type === 'inlineCode').map((n) => n.value)).toEqual(['gh-12']);
    expect(title.some((n) => n.type === 'text' && /gh-\d/i.test(n.value))).toBe(false);
  });

  it('shows a new product’s values the same way', () => {
    const made = composeProposal({
      kind: 'new',
      slug: 'kite',
      path: 'content/products/kite.md',
      changes: changes().map((c) => ({ ...c, before: null })),
      email: EMAIL,
    });
    const code = nodes(parse(made.body)).filter((n) => n.type === 'code');
    expect(code.map((n) => n.type === 'code' && n.value)).toEqual(Object.values(HOSTILE));
    expect(made.message).toMatch(/^Add kite\n\nAdds content\/products\/kite\.md with name, brand, /);
  });
});

describe('code spans of our own texts', () => {
  it.each(['ada@example.test', '`tick', 'tick`', ' spaced ', 'a ``` b', 'gh-12'])('%j reads back exactly', (text) => {
    const found = nodes(parse(`x ${codeSpan(text)} y`)).filter((n) => n.type === 'inlineCode');
    expect(found.map((n) => n.value)).toEqual([text]);
  });
});
