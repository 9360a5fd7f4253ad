// The pull request's scope (scripts/lib/pr-scope.ts): only content gets the content checks; any
// other path, a rename out of content/, a deleted code file, or no list at all gets the whole suite.
// What git prints is written here as `git diff --name-status -z` prints it. The script against a
// real git repository: test/integration/pr-scope.test.ts.
import { describe, expect, it } from 'vitest';
import { changedPaths, isContent, scopeOf } from '../../scripts/lib/pr-scope.ts';

/** `git diff --name-status -z` output: each status, then its one path (two for a rename or copy). */
const z = (...rows: string[][]) => rows.map((r) => `${r.join('\0')}\0`).join('');
const scope = (...rows: string[][]) => scopeOf(changedPaths(z(...rows))).scope;

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
    expect(scopeOf(['content/products/a.md', 'content/products/b.md']).reason).toBe(
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
  ])('%s', (_what, rows) => {
    expect(scope(...rows)).toBe('full');
  });

  it('an empty list: nothing shows the change is content only', () => {
    expect(changedPaths('')).toEqual([]);
    expect(scopeOf([])).toEqual({ scope: 'full', reason: expect.stringMatching(/no changed file/) });
  });

  it('names the files outside the content, five at most', () => {
    const files = ['README.md', 'a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts', 'f.ts'];
    expect(scopeOf(['content/products/a.md', ...files]).reason).toBe(
      'changes outside the content: README.md, a.ts, b.ts, c.ts, d.ts, and 2 more',
    );
  });
});

describe('reading git', () => {
  it('takes both paths of a rename or copy and one of anything else, names with spaces and tabs intact', () => {
    expect(
      changedPaths(z(['M', 'a b.md'], ['R100', 'old\tname.md', 'new name.md'], ['C075', 'x.md', 'y.md'], ['D', 'z'])),
    ).toEqual(['a b.md', 'old\tname.md', 'new name.md', 'x.md', 'y.md', 'z']);
  });

  it('refuses output it cannot read rather than guess', () => {
    expect(() => changedPaths('R100\0only-one.md\0')).toThrow(/no path after "R100"/);
  });

  it('counts a file inside the content folders, never the folders themselves', () => {
    expect(isContent('content/products/a.md')).toBe(true);
    expect(isContent('content/images/products/a.avif')).toBe(true);
    expect(isContent('content/products/')).toBe(false);
    expect(isContent('content/productsx/a.md')).toBe(false);
  });
});
