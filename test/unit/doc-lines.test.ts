// The documents people read (README, CONTRIBUTING, DEPLOY, docs/, the READMEs under src/) stay
// readable in any editor and diff: no prose line longer than 400 characters (tables and URLs
// exempt), no paragraph over 150 words. README.md stays at most 8 KB, DEPLOY.md at most 10 KB, and
// all of them together at most 150 KB: a thing is said once, and linked from elsewhere.
import { readFileSync } from 'node:fs';
import { globSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCUMENTS = globSync(['*.md', 'docs/**/*.md', 'src/**/*.md'], { cwd: ROOT }).sort();
const MAX = 400;
/** Words in a paragraph or a list item. */
const MAX_WORDS = 150;
/** All the documents together, in bytes (KB as `wc -c` counts them: 1,000 bytes). */
const BUDGET = 150_000;

/**
 * The paragraphs of a document over MAX_WORDS, as `words: first words…`. A paragraph is a block
 * between blank lines, each list item its own; fenced code, tables, HTML comments and generated
 * sections are not prose, and a link counts as its text.
 */
function longParagraphs(doc: string): string[] {
  const prose = doc
    .replace(/^```[\s\S]*?^```/gm, '')
    .replace(/<!-- section:([\w-]+) -->[\s\S]*?<!-- \/section:\1 -->/g, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  return prose
    .split(/\n\s*\n/)
    .flatMap((block) => block.split(/^(?=\s*(?:[-*]|\d+\.) )/m))
    .filter((p) => !p.trimStart().startsWith('|'))
    .map((p) => ({
      p,
      words: p
        .replace(/\]\([^)]*\)/g, ']')
        .split(/\s+/)
        .filter(Boolean).length,
    }))
    .filter(({ words }) => words > MAX_WORDS)
    .map(({ p, words }) => `${words}: ${p.trim().slice(0, 60)}…`);
}

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

describe('the documents, said once', () => {
  it.each(DOCUMENTS)(`%s has no paragraph over ${MAX_WORDS} words`, (file) => {
    expect(
      longParagraphs(readFileSync(path.join(ROOT, file), 'utf8')),
      `${file}: split these paragraphs, or say less and link to where it is said`,
    ).toEqual([]);
  });

  it(`are at most ${BUDGET.toLocaleString('en-US')} bytes together`, () => {
    const sizes = DOCUMENTS.map((f) => [f, readFileSync(path.join(ROOT, f)).length] as const);
    const total = sizes.reduce((n, [, b]) => n + b, 0);
    expect(
      total,
      `the documents: ${sizes.map(([f, b]) => `${f} ${b}`).join(', ')}; say each thing once and link to it`,
    ).toBeLessThanOrEqual(BUDGET);
  });

  it('DEPLOY.md is at most 10 KB, in at most seven numbered steps', () => {
    const deploy = readFileSync(path.join(ROOT, 'DEPLOY.md'), 'utf8');
    expect(deploy.length).toBeLessThanOrEqual(10_000);
    expect(deploy.match(/^## \d+\. /gm)?.length).toBeLessThanOrEqual(7);
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

  it('counts a paragraph’s words, each list item apart, leaving out code, tables and generated sections', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    expect(longParagraphs(`${words(151)}\n\n${words(150)}\n`)).toEqual([`151: ${words(151).slice(0, 60)}…`]);
    expect(longParagraphs(`- ${words(100)}\n- ${words(100)}\n`)).toEqual([]);
    expect(longParagraphs(`\`\`\`\n${words(200)}\n\`\`\`\n| ${words(200)} |\n`)).toEqual([]);
    expect(longParagraphs(`<!-- section:x -->\n${words(200)}\n<!-- /section:x -->\n`)).toEqual([]);
    expect(longParagraphs(`[${words(140)}](${words(40).replace(/ /g, '/')}) ${words(5)}`)).toEqual([]);
  });
});
