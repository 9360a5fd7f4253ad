// What the GitHub stand-in keeps of git's answers: answers about objects named by their full sha
// (a blob's bytes, a tree's listing, a commit, the merge base or the diff of two commits). An
// object never changes, so neither does what git says about it. Refs are never kept: a branch is
// resolved afresh on every request, since a publish is judged on the exact sha it points at now.
// Why: Decap's first screen and each save ask about the same objects again and again, one git
// process an answer, and a process costs 7–20 ms here (git processes in a whole `npm test`: 8,779
// before, 5,276 after, with ../../../src/server/proposals/git.ts's share: docs/bench.md).
// Bounded by weight (bytes, roughly); the oldest answer goes first. A failure is never kept.

/** Weight a kept answer counts against the bound: its bytes, roughly. */
function weightOf(value: unknown): number {
  if (Buffer.isBuffer(value)) return value.byteLength;
  if (typeof value === 'string') return value.length;
  if (value === null || typeof value !== 'object') return 16;
  return JSON.stringify(value).length;
}

/** A copy the caller may change (sort, reverse) without changing what is kept. */
function copyOf<T>(value: T): T {
  if (Buffer.isBuffer(value)) return Buffer.from(value) as T;
  if (value === null || typeof value !== 'object') return value;
  return structuredClone(value);
}

export interface Kept {
  /**
   * `ask()`'s answer under `key`, asked once while kept; null `key` asks every time (an answer about
   * something that may move). An answer `keep` refuses (e.g. "no such object yet") is not kept.
   */
  answer<T>(key: string | null, ask: () => Promise<T>, keep?: (value: T) => boolean): Promise<T>;
  /** How many answers are kept, and their weight. */
  readonly size: number;
  readonly weight: number;
}

export function keptAnswers({ maxWeight = 64 * 1024 * 1024 } = {}): Kept {
  const answers = new Map<string, { value: unknown; weight: number }>();
  /** Asked and not yet answered: callers asking the same meanwhile share the one question. */
  const asking = new Map<string, Promise<unknown>>();
  let weight = 0;

  function keep(key: string, value: unknown) {
    const w = weightOf(value);
    if (w > maxWeight / 4) return;
    answers.set(key, { value, weight: w });
    weight += w;
    for (const [oldest, kept] of answers) {
      if (weight <= maxWeight) break;
      answers.delete(oldest);
      weight -= kept.weight;
    }
  }

  return {
    async answer<T>(key: string | null, ask: () => Promise<T>, shouldKeep: (value: T) => boolean = () => true) {
      if (key === null) return ask();
      const kept = answers.get(key);
      if (kept) return copyOf(kept.value as T);
      let pending = asking.get(key) as Promise<T> | undefined;
      if (!pending) {
        pending = ask().then((value) => {
          if (shouldKeep(value)) keep(key, value);
          return value;
        });
        asking.set(key, pending);
        void pending.then(
          () => asking.delete(key),
          () => asking.delete(key),
        );
      }
      return copyOf(await pending);
    },
    get size() {
      return answers.size;
    },
    get weight() {
      return weight;
    },
  };
}
