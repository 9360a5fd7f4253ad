// What the gateway reads from GitHub before a call on a pull request, and before a publish: the
// pull request itself; for a publish also its complete file list (one page: the policy refuses
// more), each changed file's git mode in the head, the messages of its commits (for four eyes) and
// whether the required check passed on the exact head. policy.ts judges; this only reads.
import { type PublishFile, type PullFacts, MAX_PUBLISH_COMMITS, MAX_PUBLISH_FILES } from './policy.ts';
import { read, type Answer, type Upstream } from './upstream.ts';

/** The required check (PLAN, issue #36): the `checks` workflow's job `test`, passed on the head. */
export const REQUIRED_CHECK = 'test';

interface GithubPull {
  number: number;
  state: 'open' | 'closed';
  head: { ref: string; sha: string; repo: { full_name: string } | null };
  base: { ref: string };
  labels: { name: string }[];
  changed_files?: number;
  commits?: number;
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
      changedFiles: p.changed_files ?? Number.NaN,
      commits: p.commits ?? Number.NaN,
    },
  };
}

interface GithubFile {
  filename: string;
  status: string;
  previous_filename?: string;
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

/** The changed files with their modes at the head (null for a deleted file, or a folder that could not be read). */
export async function publishFiles(up: Upstream, pull: PullFacts): Promise<Answer<PublishFile[]>> {
  const got = await read<GithubFile[]>(up, `pulls/${pull.number}/files`, `?per_page=${MAX_PUBLISH_FILES}`);
  if (!got.ok) return got;
  const folders = new Set(
    got.value
      .filter((f) => f.status !== 'removed' && f.filename.includes('/'))
      .map((f) => f.filename.slice(0, f.filename.lastIndexOf('/'))),
  );
  const modes = new Map<string, string>();
  // Only folders that hold content are read: any other path is refused by its name alone.
  for (const folder of [...folders].filter((f) => f.startsWith('content')).slice(0, 4)) {
    const m = await modesIn(up, pull.head.sha, folder);
    if (!m.ok) continue;
    for (const [name, mode] of m.value) modes.set(`${folder}/${name}`, mode);
  }
  return {
    ok: true,
    headers: got.headers,
    value: got.value.map((f) => ({
      filename: f.filename,
      status: f.status,
      ...(f.previous_filename ? { previous_filename: f.previous_filename } : {}),
      mode: f.status === 'removed' ? null : (modes.get(f.filename) ?? null),
    })),
  };
}

/** The messages of the pull request's commits (GitHub lists at most 250, 100 a page). */
export async function commitMessages(up: Upstream, pull: PullFacts): Promise<Answer<string[]>> {
  const messages: string[] = [];
  const pages = Math.min(Math.ceil(pull.commits / 100), Math.ceil(MAX_PUBLISH_COMMITS / 100));
  let headers = new Headers();
  for (let page = 1; page <= Math.max(1, pages); page++) {
    const got = await read<{ commit: { message: string } }[]>(
      up,
      `pulls/${pull.number}/commits`,
      `?per_page=100&page=${page}`,
    );
    if (!got.ok) return got;
    headers = got.headers;
    messages.push(...got.value.map((c) => c.commit.message));
  }
  return { ok: true, headers, value: messages };
}

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
