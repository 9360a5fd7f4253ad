// The stand-in's required check: one check run named `test` per pull request head, computed by
// the injected `check(sha)` one at a time (the content checks keep a core busy), newest first, queued, then
// in progress, then completed with success or failure; cancelled when its commit is no longer the
// head of an open pull request, before it starts or while it runs, as the workflow's
// `concurrency: cancel-in-progress` does (.github/workflows/pr.yml). A run left unfinished by a
// stopped stand-in is queued again when the next one starts.
import type { CheckRecord, StateStore, StandinState } from './state.ts';

/** The required check's name (the workflow `checks`, job `test`: .github/workflows/). */
export const CHECK_NAME = 'test';
/** The workflow the check belongs to, as the workflow runs list names it. */
export const WORKFLOW = { id: 1, name: 'checks', path: '.github/workflows/checks.yml' };

export interface Checks {
  /** Within a state change: a queued run for `sha` unless it has one. */
  queue(s: StandinState, sha: string): void;
  /**
   * Starts working through the queued runs (after the change that queued them is written), and
   * cancels the run in progress if its commit is no longer wanted.
   */
  kick(): void;
  /** Resolves when no run is queued or in progress (tests, and stop()). */
  idle(): Promise<void>;
  stop(): void;
}

/** A check of one commit; `signal` aborts when its run is cancelled (it may then answer anything). */
export type CheckRun = (sha: string, signal: AbortSignal) => Promise<boolean>;

export const CANCELLED = 'Cancelled: a newer commit is the head of its pull request, or it was closed.';

export function startChecks(
  state: StateStore,
  check: CheckRun,
  onError: (err: unknown) => void,
  wanted: (sha: string) => boolean = () => true,
): Checks {
  let running: Promise<void> | null = null;
  /** The run in progress: its commit, and how to cancel it. */
  let current: { sha: string; cancel: AbortController } | null = null;
  let stopped = false;
  const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

  async function work() {
    for (;;) {
      if (stopped) return;
      const queued = Object.values(state.read().checks).filter((c) => c.status === 'queued');
      const unwanted = queued.filter((c) => !wanted(c.sha));
      if (unwanted.length) {
        await state.change((s) => {
          for (const c of unwanted)
            s.checks[c.sha] = {
              ...s.checks[c.sha]!,
              status: 'completed',
              conclusion: 'cancelled',
              completedAt: now(),
              summary: CANCELLED,
            };
        });
        continue;
      }
      // The newest queued run first: on GitHub each push's check starts at once on a runner of its
      // own; here they take turns, and the one somebody is waiting for is the latest save's.
      const next = queued.reduce<CheckRecord | undefined>(
        (newest, c) => (newest && newest.id > c.id ? newest : c),
        undefined,
      );
      if (!next) return;
      await state.change((s) => {
        s.checks[next.sha] = { ...s.checks[next.sha]!, status: 'in_progress', startedAt: now() };
      });
      let passed = false;
      let summary: string;
      const cancel = new AbortController();
      current = { sha: next.sha, cancel };
      try {
        passed = await check(next.sha, cancel.signal);
        summary = passed ? 'The content checks passed on this commit.' : 'The content checks failed on this commit.';
      } catch (err) {
        summary = `The content checks could not run: ${(err as Error).message}`;
      } finally {
        current = null;
      }
      if (stopped) return;
      const cancelled = cancel.signal.aborted;
      await state.change((s) => {
        s.checks[next.sha] = {
          ...s.checks[next.sha]!,
          status: 'completed',
          conclusion: cancelled ? 'cancelled' : passed ? 'success' : 'failure',
          completedAt: now(),
          summary: cancelled ? CANCELLED : summary,
        };
      });
    }
  }

  const kick = () => {
    // Called after every change to the pull requests: the run in progress goes if its commit did.
    if (current && !wanted(current.sha)) current.cancel.abort();
    if (running || stopped) return;
    running = work()
      .catch(onError)
      .finally(() => {
        running = null;
        // A run queued while the last one was finishing.
        if (Object.values(state.read().checks).some((c) => c.status === 'queued')) kick();
      });
  };

  // Runs a stopped stand-in left in progress are queued again.
  const unfinished = Object.values(state.read().checks).filter((c) => c.status === 'in_progress');
  if (unfinished.length)
    void state
      .change((s) => {
        for (const c of unfinished) s.checks[c.sha] = { ...c, status: 'queued', startedAt: null };
      })
      .then(kick, onError);
  else kick();

  return {
    queue(s, sha) {
      // A commit's check runs once; a cancelled one runs when the commit is a head again.
      if (s.checks[sha] && s.checks[sha].conclusion !== 'cancelled') return;
      s.checks[sha] = {
        id: s.nextId++,
        sha,
        status: 'queued',
        conclusion: null,
        createdAt: now(),
        startedAt: null,
        completedAt: null,
        summary: null,
      };
    },
    kick,
    async idle() {
      while (running) await running;
    },
    stop() {
      stopped = true;
    },
  };
}
