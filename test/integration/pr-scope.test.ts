// `npm run pr-scope` in a real git repository, as the pull request's job runs it: a branch that
// changes only product files and pictures is `content`; one that moves a product file out of
// content/, adds a symlink or a hidden file under content/, deletes a code file or changes nothing
// is `full`; so is a base that does not exist. The
// scope reaches the job's next steps through GITHUB_OUTPUT. (The rules alone: test/unit/pr-scope.test.ts.)
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchRepo } from '../support/scratch-repo.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const {
  dir: repo,
  git,
  remove,
} = scratchRepo('pr-scope-', {
  files: {
    'content/products/kite.md': 'kite\n',
    'content/images/products/kite.svg': '<svg/>\n',
    'scripts/validate.ts': '// code\n',
  },
  message: 'base',
});
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  writeFileSync(path.join(repo, file), text);
};

/** A branch from main with `change` applied and committed. */
function branch(name: string, change: () => void) {
  git('checkout', '-q', '-b', name, 'main');
  change();
  git('add', '-A');
  git('commit', '-q', '--allow-empty', '-m', name);
}

/** The script on the checked-out `name`, as the job runs it (GITHUB_BASE_REF names the base). */
function scopeOn(name: string, env: Record<string, string> = { GITHUB_BASE_REF: 'main' }) {
  git('checkout', '-q', name);
  const output = path.join(repo, '..', `${path.basename(repo)}-${name}.out`);
  const { GITHUB_BASE_REF: _drop, ...base } = process.env;
  const res = spawnSync(process.execPath, [path.join(ROOT, 'scripts/pr-scope.ts')], {
    cwd: repo,
    encoding: 'utf8',
    env: { ...base, GITHUB_OUTPUT: output, ...env },
  });
  const written = readFileSync(output, 'utf8');
  rmSync(output);
  return { code: res.status, out: res.stdout + res.stderr, written };
}

beforeAll(() => {
  // The job compares with origin/<base>: a remote-tracking name for main, as a checkout has.
  git('update-ref', 'refs/remotes/origin/main', 'main');
  branch('new-product', () => {
    write('content/products/drum.md', 'drum\n');
    write('content/images/products/drum.jpg', 'jpeg\n');
    write('content/products/kite.md', 'kite, repriced\n');
  });
  branch('move-out', () => git('mv', 'content/products/kite.md', 'kite.md'));
  branch('delete-code', () => git('rm', '-q', 'scripts/validate.ts'));
  branch('nothing', () => {});
  // The outside review's trick: a "product file" that is a symlink to the site's configuration.
  branch('symlink', () => symlinkSync('../../netlify.toml', path.join(repo, 'content/products/evil.md')));
  branch('hidden', () => write('content/products/.hidden/x.md', 'x\n'));
});
afterAll(() => remove());

describe('npm run pr-scope against the base branch', () => {
  it('product files and pictures only: content', () => {
    const r = scopeOn('new-product');
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/^scope: content \(3 changed files, all content/);
    expect(r.written).toBe('scope=content\n');
  });

  it('a product file moved out of content/: full, naming where it went', () => {
    const r = scopeOn('move-out');
    expect(r.out).toMatch(/^scope: full \(changes outside the content: kite\.md\)/);
    expect(r.written).toBe('scope=full\n');
  });

  it('a deleted code file: full', () => {
    expect(scopeOn('delete-code').out).toMatch(/^scope: full \(changes outside the content: scripts\/validate\.ts\)/);
  });

  it('a symlink named like a product file: full, naming it', () => {
    expect(scopeOn('symlink').out).toMatch(
      /^scope: full \(changes outside the content: content\/products\/evil\.md \(a symlink\)\)/,
    );
  });

  it('a hidden folder under content/products/: full', () => {
    expect(scopeOn('hidden').out).toMatch(
      /^scope: full \(changes outside the content: content\/products\/\.hidden\/x\.md\)/,
    );
  });

  it('no changed file: full', () => {
    expect(scopeOn('nothing').out).toMatch(/^scope: full \(no changed file/);
  });

  it('a base that does not exist, or no pull request at all: full', () => {
    expect(scopeOn('new-product', { GITHUB_BASE_REF: 'gone' }).out).toMatch(
      /^scope: full \(git diff against origin\/gone failed/,
    );
    const none = scopeOn('new-product', {});
    expect(none.out).toMatch(/^scope: full \(not a pull request/);
    expect(none.written).toBe('scope=full\n');
  });
});
