// One at a time: a lock file a process holds while it uses something the processes of a checkout
// share. It is taken by linking a finished file into place, which fails while another holds it (a
// reader never sees a half-written holder); a holder that died without giving it back is replaced.
// Two users: the stacks' starts (scripts/lib/start-slot.ts) and the builds whose output is outside
// the checkout, which Astro renders in the checkout's own .astro/.prerender (./prerender-turn.ts).
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Who holds a turn: its process, what it does in words, since when (ISO). */
export interface Holder {
  pid: number;
  what: string;
  since: string;
}

const POLL_MS = 250;

/** Whether process `pid` is alive (signal 0: EPERM means it is, owned by another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): Holder | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Holder;
  } catch {
    return null;
  }
}

export interface TurnOptions {
  /** Told once, when another live process holds the turn. */
  waiting(holder: Holder): void;
  /** Told when the turn comes after a wait. */
  go?(): void;
  timeoutMs: number;
  /** The error's message when the wait is given up. */
  gaveUp(holder: Holder | null, file: string): string;
}

/** Takes the turn `file` for `what` (held by this process); resolves with the function that gives it back. */
export async function takeTurn(file: string, what: string, opts: TurnOptions): Promise<() => void> {
  mkdirSync(path.dirname(file), { recursive: true });
  const mine: Holder = { pid: process.pid, what, since: new Date().toISOString() };
  const isMine = (h: Holder | null) => h?.pid === mine.pid && h.what === what && h.since === mine.since;
  const draft = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(draft, JSON.stringify(mine));
  const deadline = Date.now() + opts.timeoutMs;
  let told = false;
  try {
    for (;;) {
      try {
        linkSync(draft, file);
        if (told) opts.go?.();
        return () => {
          if (isMine(readHolder(file))) unlinkSync(file);
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const holder = readHolder(file);
      if (holder && !isAlive(holder.pid)) {
        // Its holder died without giving it back (killed outright): the turn is free.
        if (readHolder(file)?.pid === holder.pid) unlinkSync(file);
        continue;
      }
      if (holder && !told) {
        opts.waiting(holder);
        told = true;
      }
      if (Date.now() > deadline) throw new Error(opts.gaveUp(holder, file));
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    unlinkSync(draft);
  }
}
