// The GitHub stand-in's real required check (scripts/lib/github-standin/content-check.ts): the
// content checks (validator, production build, post-build proof) on one commit's content of a
// scratch repository, never its working tree. A commit with a broken product file fails at the
// validator, naming the file; the fixture catalog passes the whole build.
import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contentCheck } from '../../scripts/lib/github-standin/content-check.ts';
import { startLocalGithub } from '../../scripts/lib/github-standin/local.ts';
import { scratchRepo } from '../support/scratch-repo.ts';

const repo = scratchRepo('github-standin-check-', { copy: { 'content/products': 'test/fixtures/catalog' } });
const folder = mkdtempSync(path.join(tmpdir(), 'github-standin-checks-'));
const reports: string[] = [];
const check = contentCheck({ repoDir: repo.dir, folder, report: (line) => reports.push(line) });
const good = repo.git('rev-parse', 'HEAD');
afterAll(() => {
  repo.remove();
  rmSync(folder, { recursive: true, force: true });
});

describe('the content check', () => {
  it('fails a commit whose product file is broken, at the validator, naming the file', async () => {
    const broken = readFileSync(path.resolve(import.meta.dirname, '../fixtures/broken/bad-currency.md'), 'utf8');
    // git's own plumbing, as the stand-in writes: a blob, a tree from main's, a commit on no branch.
    const base = repo.git('rev-parse', 'HEAD^{tree}');
    const sha = writeCommit(base, 'content/products/bad-currency.md', broken);
    expect(await check(sha)).toBe(false);
    const log = readFileSync(path.join(folder, 'logs', `${sha}.log`), 'utf8');
    expect(log).toMatch(/bad-currency\.md/);
    expect(log).toMatch(/◀ validate product files: exit 1/);
    expect(log).not.toMatch(/production build/);
    expect(repo.git('status', '--porcelain')).toBe('');
  }, 120_000);

  it('fails a commit without a content folder', async () => {
    const sha = writeCommit(null, 'README.md', 'no content here\n');
    expect(await check(sha)).toBe(false);
  }, 60_000);

  it('passes the fixture catalog: validator, production build, post-build proof', async () => {
    expect(await check(good)).toBe(true);
    const log = readFileSync(path.join(folder, 'logs', `${good}.log`), 'utf8');
    expect(log).toMatch(/◀ validate product files: exit 0/);
    expect(log).toMatch(/◀ production build \(with post-build proof\): exit 0/);
    expect(log).toMatch(/◀ post-build proof: exit 0/);
    expect(log).toMatch(/Post-build proof passed for .*: 5 product files/);
    expect(reports.at(-1)).toMatch(new RegExp(`content checks of ${good.slice(0, 12)}: passed in [\\d.]+ s`));
    // The build cache is kept for the next check; the temporary checkout is gone.
    expect(existsSync(path.join(folder, 'build-cache'))).toBe(true);
  }, 600_000);
});

/** A commit (parent: main) whose tree is `base` (or empty) with `file` set to `text`. */
function writeCommit(base: string | null, file: string, text: string): string {
  const index = path.join(folder, `index-${Math.random().toString(36).slice(2)}`);
  const withIndex = { ...process.env, GIT_INDEX_FILE: index };
  const who = {
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@t.invalid',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@t.invalid',
  };
  const git = (args: string[], input?: string) =>
    execFileSync('git', ['-C', repo.dir, ...args], {
      encoding: 'utf8',
      env: { ...withIndex, ...who },
      ...(input !== undefined ? { input } : {}),
    }).trim();
  git(base ? ['read-tree', base] : ['read-tree', '--empty']);
  const blob = git(['hash-object', '-w', '--stdin'], text);
  git(['update-index', '--add', '--cacheinfo', `100644,${blob},${file}`]);
  const tree = git(['write-tree']);
  rmSync(index, { force: true });
  return git(['commit-tree', tree, '-p', good, '-m', `add ${file}`]);
}

describe('the local stack GitHub (startLocalGithub)', () => {
  it('makes the site branch from the checked-out commit, points the site at itself, and refuses to publish a head whose content checks failed', async () => {
    const gh = await startLocalGithub({
      repoDir: repo.dir,
      siteBranch: 'catalog-site',
      report: (l) => reports.push(l),
    });
    try {
      expect(repo.git('rev-parse', 'refs/heads/catalog-site')).toBe(good);
      expect(gh.env).toMatchObject({ GITHUB_API_URL: gh.url, GITHUB_REPOSITORY: 'local/catalog' });
      const api = (method: string, where: string, body?: unknown) =>
        fetch(`${gh.url}/repos/local/catalog${where}`, {
          method,
          headers: { authorization: `Bearer ${gh.env.GITHUB_TOKEN}` },
          ...(body ? { body: JSON.stringify(body) } : {}),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
      const broken = readFileSync(path.resolve(import.meta.dirname, '../fixtures/broken/empty-name.md'), 'utf8');
      const head = writeCommit(repo.git('rev-parse', 'HEAD^{tree}'), 'content/products/empty-name.md', broken);
      expect((await api('POST', '/git/refs', { ref: 'refs/heads/cms/products/empty-name', sha: head })).status).toBe(
        201,
      );
      const pr = await api('POST', '/pulls', {
        title: 'Create empty-name',
        head: 'cms/products/empty-name',
        base: 'catalog-site',
      });
      expect(pr.status).toBe(201);
      await gh.checksIdle();
      const runs = await api('GET', `/commits/${head}/check-runs`);
      expect(runs.body).toMatchObject({
        total_count: 1,
        check_runs: [{ name: 'test', status: 'completed', conclusion: 'failure' }],
      });
      const merge = await api('PUT', `/pulls/${pr.body.number}/merge`, { sha: head });
      expect(merge.status).toBe(405);
      expect(merge.body.message).toMatch(/Required status check "test" has failed/);
      expect(repo.git('rev-parse', 'refs/heads/catalog-site')).toBe(good);
    } finally {
      await gh.stop();
    }
  }, 120_000);
});
