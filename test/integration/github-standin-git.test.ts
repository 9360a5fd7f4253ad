// The GitHub stand-in's git (scripts/lib/github-standin/git.ts) on a real repository: what it says
// about an object (named by its sha) is asked of git once; what a branch points at is asked every
// time, of the one git process that stays to answer such questions (./cat-file.ts), so a branch
// moved, packed or deleted by another process is seen at once: a publish is judged on the exact
// sha. git's own trace (GIT_TRACE) counts the commands it ran.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { objectNames } from '../../scripts/lib/github-standin/cat-file.ts';
import { openGit } from '../../scripts/lib/github-standin/git.ts';
import { scratchRepo } from '../support/scratch-repo.ts';

const repo = scratchRepo('standin-git-', { products: { 'a.md': 'a\n', 'b.md': 'b\n' } });
const trace = path.join(tmpdir(), `standin-git-trace-${process.pid}.log`);
afterAll(() => {
  repo.remove();
  rmSync(trace, { force: true });
});

/** The git commands the stand-in ran since the trace began, as "cat-file blob", "rev-parse -q", … */
const ran = () =>
  (existsSync(trace) ? readFileSync(trace, 'utf8') : '')
    .split('\n')
    .flatMap((l) => /trace: built-in: git (?:-C \S+ )?(?:-c \S+ )?(\S+ \S+)/.exec(l)?.[1] ?? []);

/** openGit with git's trace on: the stand-in's git inherits the environment it is opened in. */
async function tracedGit() {
  process.env.GIT_TRACE = trace;
  try {
    return await openGit(repo.dir);
  } finally {
    delete process.env.GIT_TRACE;
  }
}

describe('the stand-in’s git', () => {
  it('asks git once about an object, every time about a branch', async () => {
    const git = await tracedGit();
    rmSync(trace, { force: true });
    const head = repo.git('rev-parse', 'HEAD');
    const blob = repo.git('rev-parse', 'HEAD:content/products/a.md');
    for (let i = 0; i < 3; i++) {
      expect((await git.blob(blob)).toString()).toBe('a\n');
      expect(await git.typeOf(blob)).toBe('blob');
      expect((await git.commit(head)).message).toBe('Catalog\n');
      expect((await git.lsTree((await git.commit(head)).tree, true)).map((e) => e.path)).toContain(
        'content/products/b.md',
      );
      expect(await git.revList(null, head, 10, ['content/products/a.md'])).toEqual([head]);
      expect(await git.refSha('refs/heads/main')).toBe(head);
    }
    const counts = Object.groupBy(ran(), (c) => c);
    expect(counts['cat-file blob']).toHaveLength(1);
    expect(counts['cat-file commit']).toHaveLength(1);
    expect(counts['ls-tree -z']).toHaveLength(1);
    expect(counts['rev-list --topo-order']).toHaveLength(1);
    // The object's type and the branch, each time: one process answers them all.
    expect(ran().filter((c) => c.startsWith('cat-file') && c.includes('--batch-check'))).toHaveLength(1);
    expect(counts['rev-parse -q']).toBeUndefined();
    expect(counts['cat-file -t']).toBeUndefined();
    git.close();
  });

  it('sees a branch another process moved, and the new commit’s answers', async () => {
    const git = await tracedGit();
    const before = repo.git('rev-parse', 'HEAD');
    expect(await git.resolve('main', 'commit')).toBe(before);
    expect(await git.revList(null, before, 10)).toEqual([before]);
    repo.git('commit', '-q', '--allow-empty', '-m', 'Moved by someone else');
    const after = repo.git('rev-parse', 'HEAD');
    expect(await git.resolve('main', 'commit')).toBe(after);
    expect(await git.refSha('refs/heads/main')).toBe(after);
    expect(await git.revList(null, after, 10)).toEqual([before, after]);
    expect(await git.isAncestor(before, after)).toBe(true);
    // Several branches asked together, of the process that is already running: exact names only,
    // a missing one null.
    repo.git('branch', 'cms/products/a');
    repo.git('branch', 'cms/products/a-b/c');
    rmSync(trace, { force: true });
    const shas = await git.refShas([
      'refs/heads/main',
      'refs/heads/cms/products/a',
      'refs/heads/cms/products/a-b',
      'refs/heads/cms/*',
      'refs/heads/gone',
    ]);
    expect(Object.fromEntries(shas)).toEqual({
      'refs/heads/main': after,
      'refs/heads/cms/products/a': after,
      'refs/heads/cms/products/a-b': null,
      'refs/heads/cms/*': null,
      'refs/heads/gone': null,
    });
    expect(ran()).toEqual([]);
    // An object not yet written is not remembered as missing.
    const hash = (...flags: string[]) =>
      execFileSync('git', ['-C', repo.dir, 'hash-object', ...flags, '--stdin'], { input: 'written later\n' })
        .toString()
        .trim();
    const later = hash();
    expect(await git.typeOf(later)).toBeNull();
    expect(hash('-w')).toBe(later);
    expect(await git.typeOf(later)).toBe('blob');
    // Refs packed, then moved and deleted by other processes: each answer as it is now.
    repo.git('pack-refs', '--all');
    expect(await git.refSha('refs/heads/cms/products/a')).toBe(after);
    repo.git('update-ref', 'refs/heads/cms/products/a', before);
    expect(await git.refSha('refs/heads/cms/products/a')).toBe(before);
    repo.git('pack-refs', '--all');
    repo.git('update-ref', '-d', 'refs/heads/cms/products/a');
    expect(await git.refSha('refs/heads/cms/products/a')).toBeNull();
    expect(await git.refSha('refs/heads/main')).toBe(after);
    git.close();
  });

  it('reads a ref by its whole name alone, as GitHub does: a ref git would read in place of a missing one is not it', async () => {
    const git = await openGit(repo.dir);
    const site = repo.git('rev-parse', 'HEAD');
    repo.git('commit', '-q', '--allow-empty', '-m', 'Another');
    const other = repo.git('rev-parse', 'HEAD');
    const ghost = 'refs/heads/cms/products/ghost';
    // git's own reading of a missing name would take each of these in its place.
    for (const stand of [`refs/tags/${ghost}`, `refs/heads/${ghost}`, `refs/${ghost}`, `refs/remotes/${ghost}`]) {
      repo.git('update-ref', stand, other);
      expect(repo.git('rev-parse', '-q', '--verify', `${ghost}^{commit}`), stand).toBe(other);
      expect(await git.refSha(ghost), stand).toBeNull();
      expect((await git.refShas([ghost])).get(ghost), stand).toBeNull();
      expect(await git.resolve('cms/products/ghost', 'commit'), stand).toBeNull();
      // The ref itself, beside one: the ref, read by its whole name.
      repo.git('update-ref', ghost, site);
      expect(await git.refSha(ghost), stand).toBe(site);
      expect((await git.refShas([ghost])).get(ghost), stand).toBe(site);
      repo.git('update-ref', '-d', ghost);
      repo.git('update-ref', '-d', stand);
    }
    // An annotated tag: the commit it names, with or without a ref named like it elsewhere.
    repo.git('tag', '-a', '-m', 'A release', 'v1', site);
    // Among branches (refShas, for pull requests), a ref to a tag is none.
    expect(await git.refSha('refs/tags/v1')).toBe(site);
    expect((await git.refShas(['refs/tags/v1'])).get('refs/tags/v1')).toBeNull();
    repo.git('update-ref', 'refs/heads/refs/tags/v1', other);
    expect(await git.refSha('refs/tags/v1')).toBe(site);
    expect((await git.refShas(['refs/tags/v1'])).get('refs/tags/v1')).toBeNull();
    repo.git('update-ref', '-d', 'refs/heads/refs/tags/v1');
    repo.git('tag', '-d', 'v1');
    git.close();
  });

  it('answers each question with its own answer: a name that would be two questions is none', async () => {
    const git = await openGit(repo.dir);
    const head = repo.git('rev-parse', 'HEAD');
    const tree = repo.git('rev-parse', 'HEAD^{tree}');
    // A line break would ask git two questions and shift every later answer by one.
    expect(await git.resolve(`${head}:content\n${head}`, 'tree')).toBeNull();
    expect(await git.refSha('refs/heads/main\nrefs/heads/main')).toBeNull();
    const names = objectNames(git.gitDir, process.env);
    expect(await names.find(`${tree}\nrefs/heads/main`)).toBeNull();
    expect(await names.find('refs/heads/main')).toEqual({ sha: head, type: 'commit' });
    names.close();
    const asked = await Promise.all([
      git.refSha('refs/heads/main'),
      git.resolve(`${head}:content`, 'tree'),
      git.resolve(head, 'tree'),
      git.refSha('refs/heads/no-such-branch'),
      git.resolve(`${head}:content/products/a.md`, 'tree'),
    ]);
    expect(asked).toEqual([head, repo.git('rev-parse', 'HEAD:content'), tree, null, null]);
    // Ended (as the stand-in's stop ends it), a later question starts git again.
    git.close();
    expect(await git.refSha('refs/heads/main')).toBe(head);
    git.close();
  });
});
