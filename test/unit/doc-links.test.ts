// Every relative link of the documents people read (README, CONTRIBUTING, DEPLOY, docs/, the READMEs
// under src/) reaches a file of the repository, and a link with a #fragment a heading of its
// document, as GitHub names headings: moving a section out of one document cannot leave a dead link.
import { existsSync, readFileSync } from 'node:fs';
import { globSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCUMENTS = globSync(['*.md', 'docs/**/*.md', 'src/**/*.md'], { cwd: ROOT }).sort();

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a document's headings, a repeated one numbered as GitHub does (`-1`, `-2`). */
function anchors(doc: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, text] of withoutFences(doc).matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const base = anchor(text!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
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
