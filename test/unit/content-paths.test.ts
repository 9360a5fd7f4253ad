// What counts as content (src/catalog/content-paths.ts), the one rule pr-scope, the validator and
// the editor's git gateway share: regular files directly in the product and picture folders with the
// kinds the validator reads, and the recall watcher's file; nothing else, however it is named. And
// the validator's report of what else sits in the content folders, on a real folder with a symlink.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentFolderProblems, isContentFile, isContentPath } from '../../src/catalog/content-paths.ts';

describe('a content path', () => {
  it.each([
    'content/products/kite.md',
    'content/images/products/kite.jpg',
    'content/images/products/kite.JPEG',
    'content/images/products/kite.avif',
    'content/images/products/kite.svg',
    'content/recall-watch.yml',
  ])('%s is content', (file) => {
    expect(isContentPath(file)).toBe(true);
    expect(isContentFile(file, ['100644'])).toBe(true);
  });

  it.each([
    ['the product folder itself', 'content/products'],
    ['the folder with a slash', 'content/products/'],
    ['a nested hidden file', 'content/products/.hidden/x.md'],
    ['a hidden product file', 'content/products/.x.md'],
    ['a hidden picture', 'content/images/products/.x.jpg'],
    ['a sub-folder', 'content/products/drafts/a.md'],
    ['another kind in the product folder', 'content/products/a.txt'],
    ['a picture of another kind', 'content/images/products/a.gif'],
    ['a product file among the pictures', 'content/images/products/a.md'],
    ['a climb out', 'content/products/../../netlify.toml'],
    ['a dot segment', 'content/products/./a.md'],
    ['an absolute path', '/content/products/a.md'],
    ['a backslash', 'content/products/a\\..\\b.md'],
    ['a control character', 'content/products/a\n.md'],
    ['a look-alike folder', 'content/productsx/a.md'],
    ['the recall file elsewhere', 'recall-watch.yml'],
    ['the site configuration', 'netlify.toml'],
    ['an empty path', ''],
  ])('%s (%j) is not', (_what, file) => {
    expect(isContentPath(file)).toBe(false);
  });

  it.each([
    ['a symlink', ['120000']],
    ['a submodule', ['160000']],
    ['an executable', ['100755']],
    ['a file turned into a symlink', ['100644', '120000']],
    ['no side at all', ['000000']],
    ['no mode', []],
  ])('at a content path, %s is not content', (_what, modes) => {
    expect(isContentFile('content/products/kite.md', modes)).toBe(false);
  });
});

describe('the validator on the content folders', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'content-paths-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('names a symlink, a folder and a stray file as problems, a hidden file as a note', () => {
    mkdirSync(path.join(root, 'content/products/drafts'), { recursive: true });
    mkdirSync(path.join(root, 'content/images/products'), { recursive: true });
    writeFileSync(path.join(root, 'content/products/kite.md'), 'kite\n');
    writeFileSync(path.join(root, 'content/products/notes.txt'), 'notes\n');
    writeFileSync(path.join(root, 'content/products/.DS_Store'), '\0');
    writeFileSync(path.join(root, 'netlify.toml'), '[build]\n');
    symlinkSync('../../netlify.toml', path.join(root, 'content/products/evil.md'));
    symlinkSync('../../../netlify.toml', path.join(root, 'content/images/products/evil.jpg'));
    const { problems, notes } = contentFolderProblems(root);
    expect(problems.map((p) => `${p.file}: ${p.message}`)).toEqual([
      expect.stringMatching(/^content\/products\/drafts: is a folder: only regular files are content/),
      expect.stringMatching(/^content\/products\/evil\.md: is a symlink/),
      expect.stringMatching(/^content\/products\/notes\.txt: is not a product file/),
      expect.stringMatching(/^content\/images\/products\/evil\.jpg: is a symlink/),
    ]);
    expect(problems.every((p) => p.fix.length > 0)).toBe(true);
    expect(notes.map((n) => n.file)).toEqual(['content/products/.DS_Store']);
  });
});
