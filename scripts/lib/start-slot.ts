// One `netlify serve` stack of a checkout starts (builds) at a time. Each stack builds into its own
// folder (./stack-folder.ts), but every build runs in the checkout, where Astro writes its
// generated modules and types (.astro/), and two builds on the same cores only slow each other
// down. A stack that finds another one starting waits for it, and says so in its log.
import path from 'node:path';
import { takeTurn } from '../../src/build/turns.ts';

/**
 * Takes the start slot of the stacks in `dir` for the stack on `port` (held by this process);
 * waits while another live process holds it, telling `log` once whom it waits for. A slot whose
 * holder has died is taken over. Resolves with the function that gives the slot back.
 */
export function takeStartSlot(
  dir: string,
  port: number,
  log: (line: string) => void,
  timeoutMs: number,
): Promise<() => void> {
  return takeTurn(path.join(dir, 'start.lock'), `the stack on port ${port}`, {
    timeoutMs,
    waiting: (holder) =>
      log(
        `Waiting for the build of ${holder.what} (pid ${holder.pid}, started ${holder.since}) ` +
          `to finish: the stacks of one checkout build one at a time (each into its own folder, ` +
          `but all in the checkout's .astro/, on the same cores).`,
      ),
    go: () => log(`The stack on port ${port} may start now.`),
    gaveUp: (holder, file) =>
      `Gave up waiting for ${holder?.what ?? 'another stack'} (pid ${holder?.pid}) to finish starting. ` +
      `If no stack is starting, delete ${file}.`,
  });
}
