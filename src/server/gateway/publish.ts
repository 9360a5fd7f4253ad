// What the gateway reads from GitHub before a call on a pull request, before a branch moves and
// before a publish. Everything judged is named by its sha, never by the pull request's number or a
// branch name, which can move between two reads: the pull request itself is read only to learn
// which head it has (a publish of another head is refused), then the comparison of the site's
// branch with that exact commit (its files and commits), each changed file's git mode at it and
// whether the required check passed on it. policy.ts judges; this only reads.
import { provenSavers, type AuthorshipSeal } from './authorship.ts';
import { type PublishFile, type PullFacts, MAX_PUBLISH_COMMITS, MAX_PUBLISH_FILES } from './policy.ts';
import type { RangeFile } from './scope.ts';
import { read, type Answer, type Upstream } from './upstream.ts';

/** The required check: the `checks` workflow's job `test`, passed on the exact head. */
export const REQUIRED_CHECK = 'test';

interface GithubPull {
  number: number;
  state: 'open' | 'closed';
  head: { ref: string; sha: string; repo: { full_name: string } | null };
  base: { ref: string };
  labels: { name: string }[];
}

/** A pull request as the policy reads it. */
export async function pullFacts(up: Upstream, number: number): Promise<Answer<PullFacts>> {
  const got = await read<GithubPull>(up, `pulls/${number}`);
  if (!got.ok) return got;
  const p = got.value;
  return {
    ok: true,
    headers: got.headers,
    value: {
      number: p.number,
      state: p.state,
      head: { ref: p.head.ref, sha: p.head.sha, repo: p.head.repo?.full_name ?? null },
      base: { ref: p.base.ref },
      labels: p.labels.map((l) => l.name),
    },
  };
}

interface GithubComparison {
  total_commits: number;
  commits: { sha: string; commit: { message: string } }[];
  files?: RangeFile[];
}

/** The most files GitHub lists in a comparison: a list that long may have been cut. */
const COMPARE_FILES_LISTED = 300;

/** The changes from the site's branch to one commit, as a publish judges them. */
export interface Range {
  files: RangeFile[];
  /** The commit messages of the range (its saves). */
  messages: string[];
  /** Whether every commit and file of the range was listed (GitHub lists 250 commits and COMPARE_FILES_LISTED files at most). */
  complete: boolean;
}

/** The comparison of the site's branch with `sha` (three dots: what merging `sha` would bring). */
export async function rangeOf(up: Upstream, siteBranch: string, sha: string): Promise<Answer<Range>> {
  const got = await read<GithubComparison>(up, `compare/${encodeURIComponent(siteBranch)}...${sha}`);
  if (!got.ok) return got;
  const c = got.value;
  const files = c.files ?? [];
  return {
    ok: true,
    headers: got.headers,
    value: {
      files: files.map((f) => ({
        filename: f.filename,
        status: f.status,
        ...(f.previous_filename ? { previous_filename: f.previous_filename } : {}),
      })),
      messages: c.commits.map((x) => x.commit.message),
      complete:
        c.commits.length === c.total_commits &&
        c.total_commits <= MAX_PUBLISH_COMMITS &&
        files.length < COMPARE_FILES_LISTED,
    },
  };
}

/** The modes of the entries of one folder at `sha` (a non-recursive tree), by file name. */
async function modesIn(up: Upstream, sha: string, folder: string): Promise<Answer<Map<string, string>>> {
  const got = await read<{ tree: { path: string; mode: string }[]; truncated?: boolean }>(
    up,
    `git/trees/${sha}:${encodeURIComponent(folder)}`,
  );
  if (!got.ok) return got;
  return { ok: true, headers: got.headers, value: new Map(got.value.tree.map((e) => [e.path, e.mode])) };
}

/** The range's files with their modes at `sha` (null for a deleted file, or a folder that could not be read). */
export async function withModes(up: Upstream, sha: string, files: readonly RangeFile[]): Promise<PublishFile[]> {
  const folders = new Set(
    files
      .filter((f) => f.status !== 'removed' && f.filename.includes('/'))
      .map((f) => f.filename.slice(0, f.filename.lastIndexOf('/'))),
  );
  const modes = new Map<string, string>();
  // Only folders that hold content are read: any other path is refused by its name alone.
  for (const folder of [...folders].filter((f) => f.startsWith('content')).slice(0, 4)) {
    const m = await modesIn(up, sha, folder);
    if (!m.ok) continue;
    for (const [name, mode] of m.value) modes.set(`${folder}/${name}`, mode);
  }
  return files
    .slice(0, MAX_PUBLISH_FILES + 1)
    .map((f) => ({ ...f, mode: f.status === 'removed' ? null : (modes.get(f.filename) ?? null) }));
}

/** The curator ids the range's commits prove saved it. */
export const saversIn = (messages: readonly string[], seal: AuthorshipSeal) =>
  new Set(messages.flatMap((m) => provenSavers(m, seal).map((s) => s.id)));

/** Whether the required check's latest run on `sha` completed with success. */
export async function checkPassed(up: Upstream, sha: string): Promise<Answer<boolean>> {
  const got = await read<{ check_runs: { name: string; status: string; conclusion: string | null }[] }>(
    up,
    `commits/${sha}/check-runs`,
    `?check_name=${REQUIRED_CHECK}&filter=latest`,
  );
  if (!got.ok) return got;
  const runs = got.value.check_runs.filter((r) => r.name === REQUIRED_CHECK);
  return {
    ok: true,
    headers: got.headers,
    value: runs.length > 0 && runs.every((r) => r.status === 'completed' && r.conclusion === 'success'),
  };
}
