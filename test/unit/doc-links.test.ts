// Every relative link of the documents people read (README, CONTRIBUTING, DEPLOY, docs/, the READMEs
// under src/) reaches a file of the repository, and a link with a #fragment a heading of its
// document, as GitHub names headings: moving a section out of one document cannot leave a dead link.
import { existsSync, readFileSync } from 'node:fs';
import { globSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VARIABLES } from '../../src/config/env.ts';
import { VARIABLE_TABLE_FILE, variableAnchor } from '../../src/outputs/variable-docs.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCUMENTS = globSync(['*.md', 'docs/**/*.md', 'src/**/*.md'], { cwd: ROOT }).sort();

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a document: its headings, a repeated one numbered as GitHub does (`-1`, `-2`), and `<a id>`s. */
function anchors(doc: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, text] of withoutFences(doc).matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const base = anchor(text!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  for (const [, id] of doc.matchAll(/<a id="([^"]+)"><\/a>/g)) out.add(id!);
  return out;
}

/** The document without its fenced blocks, where a `#` starts no heading. */
function withoutFences(doc: string): string {
  return doc.replace(/^```[\s\S]*?^```/gm, '');
}

/** The document without fenced blocks and inline code, where brackets are not links. */
function withoutCode(doc: string): string {
  return withoutFences(doc).replace(/`[^`\n]*`/g, '');
}

/** The relative links of a document: `[text](target)` and `![alt](target)`, addresses left out. */
function relativeLinks(doc: string): string[] {
  return [...withoutCode(doc).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** What is wrong with `target` written in `file`, or null. */
function deadLink(file: string, target: string): string | null {
  const [where, fragment] = target.split('#') as [string, string | undefined];
  const to = where ? path.join(path.dirname(file), decodeURIComponent(where)) : file;
  if (!existsSync(path.join(ROOT, to))) return `${target}: no file ${to}`;
  if (fragment === undefined || !to.endsWith('.md')) return null;
  return anchors(readFileSync(path.join(ROOT, to), 'utf8')).has(fragment)
    ? null
    : `${target}: no heading #${fragment} in ${to}`;
}

describe('the links of the documents', () => {
  it.each(DOCUMENTS)('%s links only to files and headings that exist', (file) => {
    const dead = relativeLinks(readFileSync(path.join(ROOT, file), 'utf8'))
      .map((target) => deadLink(file, target))
      .filter((problem) => problem !== null);
    expect(dead, `${file}: fix or remove these links`).toEqual([]);
  });
});

/** A document without its fenced blocks and its generated sections (`<!-- section:… -->`). */
const ownText = (doc: string) =>
  withoutFences(doc).replace(/<!-- section:([\w-]+) -->[\s\S]*?<!-- \/section:\1 -->/g, '');

/**
 * Where `doc` names a variable other than as a link to its row of the one table: `NAME` in code,
 * or a bare NAME with an underscore (bare PORT, URL, HOST and CONTEXT are words too).
 */
function unlinkedVariables(file: string, doc: string): string[] {
  const table = path.relative(path.dirname(file), VARIABLE_TABLE_FILE);
  const link = (name: string) =>
    new RegExp(`\\[\`${name}\`\\]\\((?:${table.replace(/[.]/g, '\\.')})?#${variableAnchor(name)}\\)`, 'g');
  let text = ownText(doc);
  for (const name of Object.keys(VARIABLES)) text = text.replace(link(name), '');
  // Headings' anchors and other links' addresses may spell a name; their words may not.
  text = text.replace(/\]\([^)\s]*\)/g, ']');
  const found: string[] = [];
  for (const name of Object.keys(VARIABLES)) {
    const re = name.includes('_') ? new RegExp(`\\b${name}\\b`, 'g') : new RegExp(`\`${name}(?:=[^\`]*)?\``, 'g');
    for (const m of text.matchAll(re))
      found.push(`${name}: …${text.slice(Math.max(0, m.index - 30), m.index + name.length + 10).replace(/\n/g, ' ')}…`);
  }
  return found;
}

describe('the variables, explained once', () => {
  it.each(DOCUMENTS)('%s names a variable only as a link to its row of the table', (file) => {
    expect(
      unlinkedVariables(file, readFileSync(path.join(ROOT, file), 'utf8')),
      `${file}: write each as [\`NAME\`](${VARIABLE_TABLE_FILE}#name), relative to the document, and leave its explanation to the table`,
    ).toEqual([]);
  });

  it('finds a name in code or prose, not in a link to its row or a generated section', () => {
    const f = 'docs/x.md';
    expect(unlinkedVariables(f, 'Set `SITE_URL` and AUTH_SECRET, and `PORT`.')).toHaveLength(3);
    expect(unlinkedVariables(f, 'Set [`SITE_URL`](reference.md#site_url); a URL; the port.')).toEqual([]);
    expect(unlinkedVariables('README.md', 'Set [`SITE_URL`](docs/reference.md#site_url).')).toEqual([]);
    expect(unlinkedVariables(f, '<!-- section:v -->\n`SITE_URL`\n<!-- /section:v -->\n```\nSITE_URL=x\n```\n')).toEqual(
      [],
    );
  });
});

describe('the rule', () => {
  it('names headings as GitHub does and finds links outside code only', () => {
    expect(anchor("8. The curators' browser editor (/admin)")).toBe('8-the-curators-browser-editor-admin');
    expect(anchor('Rotating AUTH_SECRET')).toBe('rotating-auth_secret');
    expect(anchor('`npm test`, step by step')).toBe('npm-test-step-by-step');
    expect([...anchors('# A\n## A\n```\n# B\n```\n## `npm test`, step by step\n')]).toEqual([
      'a',
      'a-1',
      'npm-test-step-by-step',
    ]);
    expect(relativeLinks('[a](x.md) [b](https://e.org) `[c](y.md)` ![d](i.png)\n```\n[e](z.md)\n```\n')).toEqual([
      'x.md',
      'i.png',
    ]);
  });
});
