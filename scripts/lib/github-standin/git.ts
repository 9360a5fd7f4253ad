// The GitHub stand-in's git: plumbing commands on one repository's objects and refs, never its
// working tree, index or checked-out branch. Arguments go to git as given (never a shell); a
// name from a request is checked before it reaches git (no option-looking or malformed names).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { childEnv } from '../../../src/config/env.ts';
import { objectNames } from './cat-file.ts';
import { keptAnswers } from './kept.ts';

export const ZERO = '0'.repeat(40);
export const SHA = /^[0-9a-f]{40}$/;

export interface Person {
  name: string;
  email: string;
  /** ISO 8601; `now` when absent. */
  date?: string;
}

export interface CommitInfo {
  sha: string;
  tree: string;
  parents: string[];
  author: Required<Person>;
  committer: Required<Person>;
  message: string;
}

export interface TreeEntry {
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  sha: string;
  /** Bytes, for blobs. */
  size?: number;
  path: string;
}

export interface Change {
  status: 'added' | 'removed' | 'modified' | 'renamed' | 'changed';
  path: string;
  previousPath?: string;
  /** The new version's blob (null when removed). */
  sha: string | null;
  oldSha: string | null;
  additions: number;
  deletions: number;
  binary: boolean;
}

export class GitFailed extends Error {
  readonly code: number;
  constructor(args: string[], code: number, stderr: string) {
    super(`git ${args.join(' ')} exited with ${code}: ${stderr.trim()}`);
    this.code = code;
  }
}

interface RunOptions {
  input?: string | Buffer;
  env?: Record<string, string>;
  /** Exit codes that are answers, not failures (e.g. merge-tree's 1 for conflicts). */
  ok?: number[];
}

/** Git's date "<seconds> <+zone>" as GitHub writes dates: UTC, second precision. */
const isoOf = (seconds: string) => new Date(Number(seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** An ISO 8601 date (checked by the caller) in git's own "<seconds> <zone>", its offset kept. */
function gitDate(iso: string): string {
  const zone = /([+-])(\d{2}):?(\d{2})$/.exec(iso);
  return `${Math.floor(Date.parse(iso) / 1000)} ${zone ? `${zone[1]}${zone[2]}${zone[3]}` : '+0000'}`;
}

function person(line: string): Required<Person> {
  const m = /^(.*) <(.*)> (\d+) ([+-]\d{4})$/.exec(line);
  if (!m) return { name: line, email: '', date: isoOf('0') };
  return { name: m[1]!, email: m[2]!, date: isoOf(m[3]!) };
}

export interface Git {
  gitDir: string;
  /** The git folder every working tree of the repository shares (where the stand-in keeps its state). */
  commonDir: string;
  run(args: string[], opts?: RunOptions): Promise<{ out: Buffer; code: number }>;
  text(args: string[], opts?: RunOptions): Promise<string>;
  /** The object's type, or null when the repository has no such object. */
  typeOf(sha: string): Promise<string | null>;
  /** A ref's commit by its whole name (an annotated tag: the commit it names), or null. */
  refSha(ref: string): Promise<string | null>;
  /** Each ref's commit (or null): asked together, each by its whole name; a ref to a tag is none. */
  refShas(refs: string[]): Promise<Map<string, string | null>>;
  /** A branch name, a full commit sha (or `<either>:<path>` for a tree) to an object id, or null. */
  resolve(rev: string, want: 'commit' | 'tree'): Promise<string | null>;
  commit(sha: string): Promise<CommitInfo>;
  blob(sha: string): Promise<Buffer>;
  lsTree(tree: string, recursive: boolean): Promise<TreeEntry[]>;
  hashBlob(bytes: Buffer): Promise<string>;
  /** A tree made from `base` (or empty) with entries set (sha) or removed (null). */
  makeTree(base: string | null, edits: { path: string; mode: string; sha: string | null }[]): Promise<string>;
  commitTree(tree: string, parents: string[], message: string, author: Person, committer: Person): Promise<string>;
  /** Compare-and-swap: `old` null means the ref must not exist yet; `next` null deletes it. */
  updateRef(ref: string, next: string | null, old: string | null): Promise<boolean>;
  isAncestor(a: string, b: string): Promise<boolean>;
  mergeBase(a: string, b: string): Promise<string | null>;
  /** Commits reachable from `to` but not `from`, oldest first. */
  revList(from: string | null, to: string, max: number, paths?: string[]): Promise<string[]>;
  /** The tree of merging `theirs` into `ours`, or null when they conflict. */
  mergeTree(ours: string, theirs: string): Promise<string | null>;
  changes(from: string, to: string): Promise<Change[]>;
  /** The unified-diff hunks of one file between two commits (GitHub's `patch`). */
  patch(from: string, to: string, paths: string[]): Promise<string>;
  /** Branches checked out in any worktree of the repository (refs/heads/…). */
  checkedOut(): Promise<Set<string>>;
  refs(prefix: string): Promise<{ ref: string; sha: string }[]>;
  /** Ends the git process that stays to answer questions (./cat-file.ts). */
  close(): void;
}

export async function openGit(repoDir: string): Promise<Git> {
  const base = { ...childEnv(), GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', LC_ALL: 'C' };
  const raw = (args: string[], opts: RunOptions = {}, dir = repoDir) =>
    new Promise<{ out: Buffer; code: number }>((resolve, reject) => {
      const child = execFile(
        'git',
        ['-C', dir, '-c', 'core.quotePath=false', ...args],
        { env: { ...base, ...opts.env }, encoding: 'buffer', maxBuffer: 512 * 1024 * 1024 },
        (err, stdout, stderr) => {
          const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
          if (code !== 0 && !(opts.ok ?? []).includes(code))
            return reject(new GitFailed(args, code, stderr.toString('utf8')));
          resolve({ out: stdout, code });
        },
      );
      if (opts.input !== undefined) child.stdin!.end(opts.input);
    });
  const gitDir = (await raw(['rev-parse', '--absolute-git-dir'])).out.toString('utf8').trim();
  // Shared by every working tree of the repository (a linked worktree's own git folder is not).
  const commonDir = path.resolve(
    gitDir,
    (await raw(['rev-parse', '--git-common-dir'], {}, gitDir)).out.toString('utf8').trim(),
  );
  const run = (args: string[], opts: RunOptions = {}) =>
    raw(args, { ...opts, env: { GIT_DIR: gitDir, ...opts.env } }, gitDir);
  const text = async (args: string[], opts: RunOptions = {}) => (await run(args, opts)).out.toString('utf8');
  // Answers about objects are kept (./kept.ts); `about(…)` names one only when every revision in
  // it is a full sha, never a branch.
  const kept = keptAnswers();
  // Which object a name names: one git process for all such questions, each answered fresh.
  const names = objectNames(gitDir, base);
  const about = (what: string, ...revs: (string | null)[]) =>
    revs.every((r) => r === null || SHA.test(r)) ? `${what} ${JSON.stringify(revs)}` : null;

  async function typeOf(sha: string) {
    if (!SHA.test(sha)) return null;
    return kept.answer(
      about('type', sha),
      async () => (await names.find(sha))?.type ?? null,
      // An object missing now may be written later.
      (type) => type !== null,
    );
  }

  // A ref name only: never git's revision syntax (`~`, `^`, `@{…}`, `:`), which would name another
  // commit, nor a pattern's (`*`, `?`, `[`).
  const isRefName = (ref: string) => ref.startsWith('refs/') && !/[~^:?*[\\\s]|\.\.|@\{/.test(ref);

  // git reads a name it cannot find as another ref's: refs/<name>, refs/tags/<name>,
  // refs/heads/<name>, refs/remotes/<name>, refs/remotes/<name>/HEAD (GitHub reads only the name).
  // Those are asked beside it; while none exists, git's answer is the ref's own. Else the exact
  // command decides.
  const elsewhere = (ref: string) =>
    ['refs/', 'refs/tags/', 'refs/heads/', 'refs/remotes/'].map((p) => `${p}${ref}`).concat(`refs/remotes/${ref}/HEAD`);

  /**
   * The commit `ref` names by its whole name, or null. `peel`: an annotated tag counts as the
   * commit it names (else a ref to anything but a commit is none).
   */
  async function refCommit(ref: string, peel: boolean) {
    if (!isRefName(ref)) return null;
    const [own, ...others] = await Promise.all(
      [peel ? `${ref}^{commit}` : ref, ...elsewhere(ref)].map((n) => names.find(n)),
    );
    if (others.every((o) => o === null)) return own?.type === 'commit' ? own.sha : null;
    return exactRefCommit(ref, peel);
  }

  /** refCommit by for-each-ref, which matches whole names only. */
  async function exactRefCommit(ref: string, peel: boolean) {
    const format = '--format=%(refname) %(objectname) %(objecttype) %(*objectname) %(*objecttype)';
    // A name given whole matches that ref, and the refs under it were it a folder.
    for (const line of (await text(['for-each-ref', format, '--', ref])).split('\n')) {
      const [name, sha, type, peeled, peeledType] = line.split(' ');
      if (name !== ref) continue;
      if (type === 'commit') return sha!;
      return peel && type === 'tag' && peeledType === 'commit' ? peeled! : null;
    }
    return null;
  }

  const refSha = (ref: string) => refCommit(ref, true);

  // Every name once (pull requests share their base), all to the one process at once; a ref that is
  // not a commit counts as none.
  const refShas = async (refs: string[]) =>
    new Map(await Promise.all([...new Set(refs)].map(async (ref) => [ref, await refCommit(ref, false)] as const)));

  async function resolve(rev: string, want: 'commit' | 'tree') {
    const colon = rev.indexOf(':');
    const name = colon === -1 ? rev : rev.slice(0, colon);
    const sub = colon === -1 ? null : rev.slice(colon + 1).replace(/^\/+|\/+$/g, '');
    if (!name || name.startsWith('-') || /[\0\n]/.test(rev)) return null;
    let commit: string | null = null;
    if (SHA.test(name)) {
      const t = await typeOf(name);
      if (t === 'tree' && sub === null && want === 'tree') return name;
      if (t === 'commit') commit = name;
      else if (t === 'tree' && sub !== null) return subtree(name, sub);
    } else commit = (await refSha(`refs/heads/${name}`)) ?? (await refSha(`refs/tags/${name}`));
    if (!commit) return null;
    if (want === 'commit') return sub === null ? commit : null;
    return subtree(commit, sub ?? '');
  }

  /** The tree at `sub` (a folder path, '' for the top) of a commit or tree, or null. */
  async function subtree(of: string, sub: string) {
    // Only ever asked of an object that exists, so "no such folder" is as lasting as the folder.
    return kept.answer(about(`subtree ${JSON.stringify(sub)}`, of), async () => {
      // `<rev>:<path>` takes everything after the colon as the path; a file there is no folder.
      const found = await names.find(sub ? `${of}:${sub}` : `${of}^{tree}`);
      return found?.type === 'tree' ? found.sha : null;
    });
  }

  const commit = (sha: string) => kept.answer(about('commit', sha), () => readCommit(sha));

  async function readCommit(sha: string): Promise<CommitInfo> {
    const body = await text(['cat-file', 'commit', sha]);
    const split = body.indexOf('\n\n');
    const head = split === -1 ? body : body.slice(0, split);
    const message = split === -1 ? '' : body.slice(split + 2);
    const info: CommitInfo = { sha, tree: '', parents: [], author: person(''), committer: person(''), message };
    for (const line of head.split('\n')) {
      const space = line.indexOf(' ');
      const [key, value] = [line.slice(0, space), line.slice(space + 1)];
      if (key === 'tree') info.tree = value;
      else if (key === 'parent') info.parents.push(value);
      else if (key === 'author') info.author = person(value);
      else if (key === 'committer') info.committer = person(value);
    }
    return info;
  }

  const lsTree = (tree: string, recursive: boolean) =>
    kept.answer(about(`ls-tree ${recursive}`, tree), () => listTree(tree, recursive));

  async function listTree(tree: string, recursive: boolean): Promise<TreeEntry[]> {
    const out = await text(['ls-tree', '-z', '-l', ...(recursive ? ['-r', '-t'] : []), tree]);
    return out
      .split('\0')
      .filter(Boolean)
      .map((line) => {
        const tab = line.indexOf('\t');
        const [mode, type, sha, size] = line.slice(0, tab).split(/\s+/) as [string, TreeEntry['type'], string, string];
        return { mode, type, sha, path: line.slice(tab + 1), ...(type === 'blob' ? { size: Number(size) } : {}) };
      });
  }

  async function makeTree(baseTree: string | null, edits: { path: string; mode: string; sha: string | null }[]) {
    const dir = await mkdtemp(path.join(tmpdir(), 'github-standin-index-'));
    const env = { GIT_INDEX_FILE: path.join(dir, 'index') };
    try {
      await run(baseTree ? ['read-tree', baseTree] : ['read-tree', '--empty'], { env });
      const present = (await text(['ls-files', '-z', '--cached'], { env })).split('\0').filter(Boolean);
      for (const e of edits) {
        // A path set or removed replaces whatever was at it (a file, or the folder beneath it) and a
        // file where one of its folders goes.
        const gone = present.filter((p) => p === e.path || p.startsWith(`${e.path}/`) || e.path.startsWith(`${p}/`));
        const lines = gone.map((p) => `0 ${ZERO}\t${p}\n`);
        if (e.sha && e.mode !== '040000') lines.push(`${e.mode} ${e.sha}\t${e.path}\n`);
        if (lines.length)
          await run(['update-index', '-z', '--index-info'], { env, input: lines.join('').replaceAll('\n', '\0') });
        if (e.sha && e.mode === '040000') await run(['read-tree', `--prefix=${e.path}/`, e.sha], { env });
        present.splice(
          0,
          present.length,
          ...(await text(['ls-files', '-z', '--cached'], { env })).split('\0').filter(Boolean),
        );
      }
      return (await text(['write-tree'], { env })).trim();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async function commitTree(tree: string, parents: string[], message: string, author: Person, committer: Person) {
    const env: Record<string, string> = {
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_COMMITTER_NAME: committer.name,
      GIT_COMMITTER_EMAIL: committer.email,
      ...(author.date ? { GIT_AUTHOR_DATE: gitDate(author.date) } : {}),
      ...(committer.date ? { GIT_COMMITTER_DATE: gitDate(committer.date) } : {}),
    };
    const args = ['commit-tree', '--no-gpg-sign', tree, ...parents.flatMap((p) => ['-p', p]), '-F', '-'];
    return (await text(args, { env, input: message })).trim();
  }

  async function updateRef(ref: string, next: string | null, old: string | null) {
    const args =
      next === null ? ['update-ref', '-d', ref, ...(old ? [old] : [])] : ['update-ref', ref, next, old ?? ZERO];
    const r = await run(args, { ok: [128, 1] });
    return r.code === 0;
  }

  const isAncestor = (a: string, b: string) =>
    kept.answer(
      about('is-ancestor', a, b),
      async () => (await run(['merge-base', '--is-ancestor', a, b], { ok: [1] })).code === 0,
    );

  const mergeBase = (a: string, b: string) =>
    kept.answer(about('merge-base', a, b), async () => {
      const r = await run(['merge-base', a, b], { ok: [1] });
      return r.code === 0 ? r.out.toString('utf8').trim() : null;
    });

  const revList = (from: string | null, to: string, max: number, paths: string[] = []) =>
    kept.answer(about(`rev-list ${max} ${JSON.stringify(paths)}`, from, to), async () => {
      const range = from ? [`^${from}`, to] : [to];
      const args = ['rev-list', '--topo-order', `--max-count=${max}`, ...range, '--', ...paths];
      return (await text(args)).split('\n').filter(Boolean).reverse();
    });

  const mergeTree = (ours: string, theirs: string) =>
    kept.answer(about('merge-tree', ours, theirs), async () => {
      const r = await run(['merge-tree', '--write-tree', '--no-messages', ours, theirs], { ok: [1] });
      return r.code === 0 ? r.out.toString('utf8').split('\n')[0]!.trim() : null;
    });

  const changes = (from: string, to: string) => kept.answer(about('changes', from, to), () => listChanges(from, to));

  async function listChanges(from: string, to: string): Promise<Change[]> {
    const raw = (await text(['diff-tree', '-r', '-z', '-M', '--no-commit-id', '--raw', from, to])).split('\0');
    const nums = (await text(['diff-tree', '-r', '-z', '-M', '--no-commit-id', '--numstat', from, to])).split('\0');
    const counted = new Map<string, { add: number; del: number; binary: boolean }>();
    for (let i = 0; i < nums.length; i++) {
      const m = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(nums[i]!);
      if (!m) continue;
      // A rename's numstat names both paths in the next two fields.
      const file = m[3] ? m[3] : ((i += 2), nums[i]!);
      counted.set(file, { add: Number(m[1]) || 0, del: Number(m[2]) || 0, binary: m[1] === '-' });
    }
    const out: Change[] = [];
    for (let i = 0; i < raw.length; i++) {
      const m = /^:(\d+) (\d+) ([0-9a-f]+) ([0-9a-f]+) ([A-Z])\d*$/.exec(raw[i]!);
      if (!m) continue;
      const [, , newMode, oldSha, newSha, letter] = m as unknown as [string, string, string, string, string, string];
      const first = raw[++i]!;
      const renamed = letter === 'R' || letter === 'C';
      const second = renamed ? raw[++i]! : undefined;
      const file = second ?? first;
      const n = counted.get(file) ?? { add: 0, del: 0, binary: false };
      out.push({
        status:
          letter === 'A'
            ? 'added'
            : letter === 'D'
              ? 'removed'
              : renamed
                ? 'renamed'
                : letter === 'M'
                  ? 'modified'
                  : 'changed',
        path: file,
        ...(second ? { previousPath: first } : {}),
        sha: letter === 'D' || newMode === '000000' ? null : newSha,
        oldSha: letter === 'A' ? null : oldSha,
        additions: n.add,
        deletions: n.del,
        binary: n.binary,
      });
    }
    return out;
  }

  const patch = (from: string, to: string, paths: string[]) =>
    kept.answer(about(`patch ${JSON.stringify(paths)}`, from, to), async () => {
      const out = await text(['diff-tree', '-p', '-M', '--no-color', '--no-ext-diff', from, to, '--', ...paths]);
      const at = out.indexOf('\n@@');
      return at === -1 ? '' : out.slice(at + 1).replace(/\n$/, '');
    });

  async function checkedOut() {
    const out = await text(['worktree', 'list', '--porcelain']);
    return new Set(
      out
        .split('\n')
        .filter((l) => l.startsWith('branch '))
        .map((l) => l.slice('branch '.length)),
    );
  }

  async function refs(prefix: string) {
    const out = await text(['for-each-ref', '--format=%(objectname) %(refname)', prefix]);
    return out
      .split('\n')
      .filter(Boolean)
      .map((l) => ({ sha: l.slice(0, 40), ref: l.slice(41) }));
  }

  return {
    gitDir,
    commonDir,
    run,
    text,
    typeOf,
    refSha,
    refShas,
    resolve,
    commit,
    blob: (sha) => kept.answer(about('blob', sha), async () => (await run(['cat-file', 'blob', sha])).out),
    lsTree,
    hashBlob: async (bytes) => (await text(['hash-object', '-w', '--stdin'], { input: bytes })).trim(),
    makeTree,
    commitTree,
    updateRef,
    isAncestor,
    mergeBase,
    revList,
    mergeTree,
    changes,
    patch,
    checkedOut,
    refs,
    close: () => names.close(),
  };
}
