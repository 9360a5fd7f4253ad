// One `netlify serve` stack of a checkout starts (builds) at a time. Each stack builds into its own
// folder (./stack-folder.ts), but every build runs in the checkout, where Astro writes its
// generated modules and types (.astro/), and two builds on the same cores only slow each other
// down. A stack that finds another one starting waits for it, and says so in its log.
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface Holder {
  pid: number;
  port: number;
  since: string;
}

const POLL_MS = 250;

function alive(pid: number): boolean {
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

/**
 * Takes the start slot of the stacks in `dir` for the stack on `port` (held by this process);
 * waits while another live process holds it, telling `log` once whom it waits for. A slot whose
 * holder has died is taken over. Resolves with the function that gives the slot back.
 */
export async function takeStartSlot(
  dir: string,
  port: number,
  log: (line: string) => void,
  timeoutMs: number,
): Promise<() => void> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'start.lock');
  const mine: Holder = { pid: process.pid, port, since: new Date().toISOString() };
  // Written aside, then linked into place: the link fails when the slot is held, and a reader never
  // sees a half-written file.
  const draft = `${file}.${process.pid}.${port}`;
  writeFileSync(draft, JSON.stringify(mine));
  const deadline = Date.now() + timeoutMs;
  let told = false;
  try {
    for (;;) {
      try {
        linkSync(draft, file);
        if (told) log(`The stack on port ${port} may start now.`);
        return () => {
          if (readHolder(file)?.pid === process.pid && readHolder(file)?.port === port) unlinkSync(file);
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const holder = readHolder(file);
      if (holder && !alive(holder.pid)) {
        // Its holder died without giving it back (killed outright): the slot is free.
        if (readHolder(file)?.pid === holder.pid) unlinkSync(file);
        continue;
      }
      if (holder && !told) {
        log(
          `Waiting for the build of the stack on port ${holder.port} (pid ${holder.pid}, started ${holder.since}) ` +
            `to finish: the stacks of one checkout build one at a time (each into its own folder, ` +
            `but all in the checkout's .astro/, on the same cores).`,
        );
        told = true;
      }
      if (Date.now() > deadline)
        throw new Error(
          `Gave up waiting for the stack on port ${holder?.port} (pid ${holder?.pid}) to finish starting. ` +
            `If no stack is starting, delete ${file}.`,
        );
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    unlinkSync(draft);
  }
}
