// The pull request's scope (scripts/lib/pr-scope.ts): only content (src/catalog/content-paths.ts)
// gets the content checks; any other path, a symlink, a submodule or a hidden file under content/,
// a rename out of content/, a deleted code file, or no list at all gets the whole suite. What git
// prints is written here as `git diff --raw -z` prints it. The script against a real git
// repository: test/integration/pr-scope.test.ts.
import { describe, expect, it } from 'vitest';
import { changedFiles, scopeOf, type ChangedFile } from '../../scripts/lib/pr-scope.ts';

const ZERO = '0'.repeat(40);
/**
 * `git diff --raw -z` output. A row is a status and its one path (two for a rename or copy), with
 * optional modes first (`['120000', 'A', path]`: one mode is the new side's; the old side is then
 * none for A, the same for others); without modes every side is a regular file (100644).
 */
function z(...rows: string[][]): string {
  return rows
    .map((r) => {
      const modes = r.filter((f) => /^\d{6}$/.test(f));
      const [status, ...paths] = r.filter((f) => !/^\d{6}$/.test(f));
      const next = modes.at(-1) ?? '100644';
      const before = status === 'A' ? '000000' : modes.length === 2 ? modes[0]! : next;
      const after = status === 'D' ? '000000' : next;
      return `:${before} ${after} ${ZERO} ${ZERO} ${status}\0${paths.join('\0')}\0`;
    })
    .join('');
}
const scope = (...rows: string[][]) => scopeOf(changedFiles(z(...rows))).scope;
const regular = (...paths: string[]): ChangedFile[] => paths.map((path) => ({ path, modes: ['100644'] }));

describe('a content-only change', () => {
  it.each([
    [[['M', 'content/products/codenames.md']]],
    [
      [
        ['A', 'content/products/new-kite.md'],
        ['A', 'content/images/products/new-kite.jpg'],
      ],
    ],
    [
      [
        ['D', 'content/products/old-kite.md'],
        ['D', 'content/images/products/old-kite.svg'],
      ],
    ],
    [[['M', 'content/recall-watch.yml']]],
    [[['R100', 'content/images/products/kite.jpeg', 'content/images/products/kite.jpg']]],
  ])('%j is content', (rows) => {
    expect(scope(...rows)).toBe('content');
  });

  it('says how many files and which places count as content', () => {
    expect(scopeOf(regular('content/products/a.md', 'content/products/b.md')).reason).toBe(
      '2 changed files, all content (content/products, content/images/products, content/recall-watch.yml)',
    );
  });
});

describe('anything else runs the whole suite', () => {
  it.each([
    [
      'a code file beside a product file',
      [
        ['M', 'content/products/a.md'],
        ['M', 'src/catalog/schema.ts'],
      ],
    ],
    ['a deleted code file', [['D', 'scripts/validate.ts']]],
    ['a product file renamed out of content/ (rename detection on)', [['R100', 'content/products/a.md', 'a.md']]],
    [
      'the same rename as --no-renames prints it',
      [
        ['D', 'content/products/a.md'],
        ['A', 'docs/a.md'],
      ],
    ],
    ['a file renamed into content/', [['R090', 'scripts/a.ts', 'content/products/a.md']]],
    ['the workflow', [['M', '.github/workflows/pr.yml']]],
    ['the editorial pages (MDX)', [['M', 'src/content/about.mdx']]],
    ['another file in content/', [['A', 'content/notes.md']]],
    ['a picture outside the product pictures', [['A', 'content/images/logo.png']]],
    ['the product folder itself', [['T', 'content/products']]],
    ['a path that climbs out', [['M', 'content/products/../../package.json']]],
    ['a symlink named like a product file', [['120000', 'A', 'content/products/evil.md']]],
    ['a product file turned into a symlink', [['100644', '120000', 'T', 'content/products/kite.md']]],
    ['a submodule in the pictures folder', [['160000', 'A', 'content/images/products/kite.jpg']]],
    ['an executable picture', [['100755', 'A', 'content/images/products/kite.jpg']]],
    ['a nested hidden folder under content/products/', [['A', 'content/products/.hidden/x.md']]],
    ['a hidden product file', [['A', 'content/products/.x.md']]],
    ['a hidden picture', [['A', 'content/images/products/.x.jpg']]],
    ['a folder inside the product folder', [['A', 'content/products/drafts/a.md']]],
    ['a product folder file of another kind', [['A', 'content/products/notes.txt']]],
    ['a picture of a kind the validator refuses', [['A', 'content/images/products/kite.gif']]],
    ['an absolute path', [['A', '/content/products/a.md']]],
  ])('%s', (_what, rows) => {
    expect(scope(...rows)).toBe('full');
  });

  it('an empty list: nothing shows the change is content only', () => {
    expect(changedFiles('')).toEqual([]);
    expect(scopeOf([])).toEqual({ scope: 'full', reason: expect.stringMatching(/no changed file/) });
  });

  it('names the files outside the content, five at most', () => {
    const files = ['README.md', 'a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts', 'f.ts'];
    expect(scopeOf(regular('content/products/a.md', ...files)).reason).toBe(
      'changes outside the content: README.md, a.ts, b.ts, c.ts, d.ts, and 2 more',
    );
  });
});

describe('reading git', () => {
  it('takes both paths of a rename or copy and one of anything else, names with spaces and tabs intact', () => {
    expect(
      changedFiles(
        z(['M', 'a b.md'], ['R100', 'old\tname.md', 'new name.md'], ['C075', 'x.md', 'y.md'], ['D', 'z']),
      ).map((f) => f.path),
    ).toEqual(['a b.md', 'old\tname.md', 'new name.md', 'x.md', 'y.md', 'z']);
  });

  it('keeps the modes of both sides (none for a side that does not exist)', () => {
    expect(changedFiles(z(['100644', '120000', 'T', 'content/products/a.md']))).toEqual([
      { path: 'content/products/a.md', modes: ['100644', '120000'] },
    ]);
    expect(changedFiles(z(['D', 'content/products/a.md']))).toEqual([
      { path: 'content/products/a.md', modes: ['100644'] },
    ]);
  });

  it('refuses output it cannot read rather than guess', () => {
    expect(() => changedFiles(`:100644 100644 ${ZERO} ${ZERO} R100\0only-one.md\0`)).toThrow(/no path after "R100"/);
    expect(() => changedFiles('M\0a.md\0')).toThrow(/cannot read/);
  });
});
