// The local proposal backend: the checkout's own git repository, for the zero-configuration stack
// (`npm start`). A proposal is a branch `catalog/<slug>-<id>` whose one commit, on top of the
// checked-out commit, writes one product file. It is made with git's plumbing (a blob, a tree
// built in a temporary index, a commit, a ref created only if it does not exist), so the working
// tree, the index and the checked-out branch are never touched. There are no pull requests, so no
// editor's board to put a proposal on (the board lists pull requests): proposals stay on
// `catalog/…` here, and a curator reviews and merges the branch with git. The editor's branches
// (`cms/products/<slug>`) are listed beside them, named by the `Saved-by` trailer of their head.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  assertProposalBranch,
  assertWritable,
  BRANCH_PREFIX,
  EDITOR_BRANCH_PREFIX,
  assertWithdrawable,
  isEditorBranch,
  ProposalError,
  proposedBy,
  savedBy,
  type BaseFile,
  type NewProposal,
  type Proposal,
  type ProposalBackend,
} from './backend.ts';
import { childEnv } from '../../config/env.ts';

const NO_REF = '0'.repeat(40);

interface Run {
  stdout: string;
  code: number;
  stderr: string;
}

export interface GitBackendOptions {
  /** The repository's working folder (its top level). */
  repoDir: string;
  /** Who commits: proposals record the admin in their `Proposed-by` trailer. */
  committer?: { name: string; email: string };
}

export function gitBackend({
  repoDir,
  committer = { name: 'Little Hands Catalog proposals', email: 'proposals@catalog.invalid' },
}: GitBackendOptions): ProposalBackend {
  /** One git command, arguments as given (never a shell), in the repository. */
  const git = (args: string[], opts: { input?: string; env?: Record<string, string> } = {}) =>
    new Promise<Run>((resolve, reject) => {
      const child = execFile(
        'git',
        ['-C', repoDir, '-c', 'core.quotePath=false', ...args],
        {
          env: {
            ...childEnv(),
            GIT_TERMINAL_PROMPT: '0',
            GIT_AUTHOR_NAME: committer.name,
            GIT_AUTHOR_EMAIL: committer.email,
            GIT_COMMITTER_NAME: committer.name,
            GIT_COMMITTER_EMAIL: committer.email,
            ...opts.env,
          },
          maxBuffer: 16 * 1024 * 1024,
        },
        (err, stdout, stderr) => {
          const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
          if (code === -1) reject(new ProposalError('unavailable', `git could not run in ${repoDir}: ${err!.message}`));
          else resolve({ stdout, stderr, code });
        },
      );
      if (opts.input !== undefined) child.stdin!.end(opts.input);
    });
  const must = async (args: string[], opts?: Parameters<typeof git>[1]) => {
    const r = await git(args, opts);
    if (r.code !== 0)
      throw new ProposalError(
        'unavailable',
        `git ${args[0]} failed in ${repoDir}: ${r.stderr.trim() || r.stdout.trim()}`,
      );
    return r.stdout.trim();
  };

  /** The checked-out commit: every proposal starts from it. */
  const baseCommit = () => must(['rev-parse', '--verify', 'HEAD^{commit}']);

  /**
   * The file at `commit`, its blob's id and its text, in one git process: `cat-file --batch` answers
   * "<id> blob <size>", a line break, the bytes and a line break (or "<name> missing"). The name is
   * a product file's path (assertWritable), so it holds no line break.
   */
  async function fileAt(commit: string, file: string): Promise<BaseFile | null> {
    const r = await git(['cat-file', '--batch'], { input: `${commit}:${file}\n` });
    const eol = r.stdout.indexOf('\n');
    const head = r.stdout.slice(0, Math.max(0, eol)).split(' ');
    if (r.code === 0 && head[1] === 'missing') return null;
    if (r.code !== 0 || head[1] !== 'blob')
      throw new ProposalError(
        'unavailable',
        `git cat-file could not read ${file} at ${commit}: ${r.stderr.trim() || head.join(' ')}`,
      );
    // The text as git's own `cat-file blob` gave it: everything between the header and the last line break.
    return { sha: head[0]!, text: r.stdout.slice(eol + 1, -1) };
  }

  /**
   * The branches checked out in any worktree of the repository (the main one included), each with
   * its worktree's folder. NUL-separated, so a folder name with a line break reads as it is.
   */
  async function checkedOut(): Promise<Map<string, string>> {
    const out = await must(['worktree', 'list', '--porcelain', '-z']);
    const branches = new Map<string, string>();
    let folder = '';
    for (const line of out.split('\0')) {
      if (line.startsWith('worktree ')) folder = line.slice('worktree '.length);
      else if (line.startsWith('branch ')) branches.set(line.slice('branch '.length), folder);
    }
    return branches;
  }

  function proposalOf(ref: string, created: string, message: string): Proposal {
    // An editor save names its curator in the trailer the git gateway writes (none: null).
    const editor = isEditorBranch(ref);
    return {
      branch: ref,
      title: message.split('\n')[0] ?? '',
      url: null,
      number: null,
      via: editor ? 'editor' : 'mcp',
      proposedBy: editor ? savedBy(message) : proposedBy(message),
      checks: 'none',
      createdAt: new Date(created).toISOString(),
    };
  }

  return {
    kind: 'git',
    describe: `the git repository at ${repoDir}`,

    async readBase(file) {
      assertWritable(file);
      return fileAt(await baseCommit(), file);
    },

    async create(p: NewProposal) {
      assertWritable(p.path);
      assertProposalBranch(p.branch);
      const base = await baseCommit();
      const current = await fileAt(base, p.path);
      if ((current?.sha ?? null) !== p.expectBase)
        throw new ProposalError(
          'conflict',
          current === null
            ? `${p.path} no longer exists on the checked-out commit ${base.slice(0, 12)}.`
            : p.expectBase === null
              ? `${p.path} already exists on the checked-out commit ${base.slice(0, 12)}.`
              : `${p.path} changed on the checked-out commit ${base.slice(0, 12)} since it was read.`,
        );
      const blob = await must(['hash-object', '-w', '--stdin'], { input: p.text });
      // A tree that is the base's with one file replaced, built in an index of its own.
      const scratch = await mkdtemp(path.join(tmpdir(), 'catalog-proposal-'));
      let tree: string;
      try {
        const env = { GIT_INDEX_FILE: path.join(scratch, 'index') };
        await must(['read-tree', base], { env });
        await must(['update-index', '--add', '--cacheinfo', `100644,${blob},${p.path}`], { env });
        tree = await must(['write-tree'], { env });
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
      const commit = await must(['commit-tree', tree, '-p', base, '-F', '-'], { input: p.message });
      // Created only if the branch does not exist yet (the zero id as its expected old value).
      const ref = await git(['update-ref', `refs/heads/${p.branch}`, commit, NO_REF]);
      if (ref.code !== 0) throw new ProposalError('branch_exists', `The branch ${p.branch} already exists.`);
      return proposalOf(p.branch, new Date().toISOString(), p.message);
    },

    async list() {
      // Every field ends with a NUL, which none can hold: ref names and dates cannot, and git
      // refuses a NUL in a commit message (for-each-ref would end the message there anyway).
      const out = await must([
        'for-each-ref',
        '--sort=-creatordate',
        '--format=%(refname:short)%00%(creatordate:iso-strict)%00%(contents)%00',
        `refs/heads/${BRANCH_PREFIX}`,
        `refs/heads/${EDITOR_BRANCH_PREFIX}`,
      ]);
      const fields = out.split('\0');
      const proposals: Proposal[] = [];
      // for-each-ref ends each record with a line break, so every ref but the first starts with one.
      for (let i = 0; i + 2 < fields.length; i += 3) {
        const [ref, created, message] = [fields[i]!.replace(/^\n/, ''), fields[i + 1]!, fields[i + 2]!];
        if (ref && created) proposals.push(proposalOf(ref, created, message));
      }
      return proposals;
    },

    async withdraw(branch) {
      assertWithdrawable(branch);
      const where = (await checkedOut()).get(`refs/heads/${branch}`);
      if (where !== undefined)
        throw new ProposalError(
          'refused',
          `${branch} is checked out in the worktree at ${where}; switch it to another branch before withdrawing it.`,
        );
      const sha = await git(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`]);
      if (sha.code !== 0) throw new ProposalError('not_found', `There is no proposal on branch ${branch}.`);
      // Deleted only if it still points where it pointed a moment ago.
      await must(['update-ref', '-d', `refs/heads/${branch}`, sha.stdout.trim()]);
    },
  };
}
