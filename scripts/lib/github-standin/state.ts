// What the GitHub stand-in knows beyond git: pull requests, labels, check runs and the numbers
// GitHub would give them. One JSON file in the repository's git folder (never the working tree),
// rewritten whole through a temporary file and a rename, so a crash leaves the old or the new
// file, never half of one. Every change runs in one queue (`change`), one at a time.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface PullRecord {
  number: number;
  id: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  draft: boolean;
  /** The head branch's name (without refs/heads/). */
  head: string;
  /** The head's commit when last seen (kept when the branch goes). */
  headSha: string;
  base: string;
  /** The base's commit when the pull request was last updated or closed. */
  baseSha: string;
  user: string;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  mergedAt: string | null;
  mergeCommitSha: string | null;
  mergedBy: string | null;
  labels: string[];
  reviewers: string[];
}

export interface LabelRecord {
  id: number;
  name: string;
  color: string;
  description: string;
}

export interface CheckRecord {
  id: number;
  sha: string;
  status: 'queued' | 'in_progress' | 'completed';
  conclusion: 'success' | 'failure' | 'cancelled' | null;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  summary: string | null;
}

export interface StandinState {
  /** Pull requests and issues share one sequence of numbers, as on GitHub. */
  nextNumber: number;
  /** Ids of pull requests, labels and check runs. */
  nextId: number;
  pulls: PullRecord[];
  labels: LabelRecord[];
  checks: Record<string, CheckRecord>;
}

export const STATE_FILE = 'github-standin.json';

export interface StateStore {
  file: string;
  /** The current state (read it, never change it outside `change`). */
  read(): StandinState;
  /** Runs `fn` alone (after every earlier change has ended); the state it leaves is written. */
  change<T>(fn: (s: StandinState) => Promise<T> | T): Promise<T>;
  /** Runs `fn` alone (ref updates and state changes that must not interleave with another). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Within `exclusive` only: applies `fn` to a copy of the state and writes it. */
  save<T>(fn: (s: StandinState) => Promise<T> | T): Promise<T>;
  newId(s: StandinState): number;
}

function load(file: string): StandinState {
  try {
    const s = JSON.parse(readFileSync(file, 'utf8')) as StandinState;
    if (typeof s.nextNumber === 'number' && Array.isArray(s.pulls)) return { ...s, checks: s.checks ?? {} };
    throw new Error('not a stand-in state file');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      return { nextNumber: 1, nextId: 1000, pulls: [], labels: [], checks: {} };
    throw new Error(
      `${file} cannot be read (${(err as Error).message}): move it away to start with no pull requests.`,
      {
        cause: err,
      },
    );
  }
}

export function openState(gitDir: string): StateStore {
  const file = path.join(gitDir, STATE_FILE);
  let state = load(file);
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };
  const save = async <T>(fn: (s: StandinState) => Promise<T> | T): Promise<T> => {
    const draft = structuredClone(state);
    const result = await fn(draft);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(draft, null, 2)}\n`);
    renameSync(tmp, file);
    state = draft;
    return result;
  };
  return {
    file,
    read: () => state,
    exclusive,
    save,
    change: (fn) => exclusive(() => save(fn)),
    newId: (s) => s.nextId++,
  };
}
