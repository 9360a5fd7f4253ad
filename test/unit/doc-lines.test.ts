// The documents people read (README, CONTRIBUTING, DEPLOY, docs/, the READMEs under src/) stay
// readable in any editor and diff: no prose line longer than 400 characters. Tables and URLs are
// exempt (a table row is one line in Markdown, and a link's address cannot be broken). README.md,
// the front door, stays short: at most 8 KB, generated sections included.
import { readFileSync } from 'node:fs';
import { globSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCUMENTS = globSync(['*.md', 'docs/**/*.md', 'src/**/*.md'], { cwd: ROOT }).sort();
const MAX = 400;

/** A line's length as a reader counts it: characters, not bytes, without the addresses of its links. */
function proseLength(line: string): number {
  const text = line
    .replace(/\]\([^)\s]*\)/g, ']')
    .replace(/<https?:\/\/[^>\s]*>/g, '')
    .replace(/https?:\/\/\S+/g, '');
  return [...text].length;
}

/** The lines of `doc` over the limit, as `line: length`; table rows are exempt. */
function longLines(doc: string): string[] {
  return doc
    .split('\n')
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => !line.trimStart().startsWith('|') && proseLength(line) > MAX)
    .map(({ line, n }) => `${n}: ${proseLength(line)} characters`);
}

describe('the documents', () => {
  it('are found', () => {
    expect(DOCUMENTS).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'DEPLOY.md']));
    expect(DOCUMENTS.some((f) => f.startsWith(`docs${path.sep}`))).toBe(true);
  });

  it.each(DOCUMENTS)(`%s has no prose line over ${MAX} characters`, (file) => {
    expect(
      longLines(readFileSync(path.join(ROOT, file), 'utf8')),
      `${file}: reflow these lines (about 100 characters a line, as the rest of the file)`,
    ).toEqual([]);
  });
});

describe('README.md', () => {
  it('is at most 8 KB (8,192 bytes): what the service is, how to run it, and a link for each reader', () => {
    const bytes = readFileSync(path.join(ROOT, 'README.md')).length;
    expect(
      bytes,
      'README.md: move the detail to the guide of its readers (docs/, CONTRIBUTING, DEPLOY)',
    ).toBeLessThanOrEqual(8 * 1024);
  });
});

describe('the rule', () => {
  it('counts characters, leaves out link addresses, and exempts table rows', () => {
    const long = 'word '.repeat(81); // 405 characters
    expect(longLines(`short\n${long}\n`)).toEqual(['2: 405 characters']);
    expect(longLines(`| ${long} |`)).toEqual([]);
    expect(longLines(`${'é'.repeat(300)} [x](${'a'.repeat(200)}) https://example.com/${'b'.repeat(200)}`)).toEqual([]);
    expect(proseLength('See [the guide](docs/develop.md#tests).')).toBe('See [the guide].'.length);
  });
});
