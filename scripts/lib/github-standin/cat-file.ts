// One long-running `git cat-file --batch-check` answers the stand-in's most frequent question, "which
// object does this name, and of what type" (a branch on nearly every request, an object's type),
// without a process per question. A process start cost the stand-in 5–10 ms of its own CPU, its
// host being the e2e suite's runner with a large heap: 20 s over five e2e files (docs/bench.md).
// git reads the refs and objects anew for each line it is given, so an answer is as fresh as a new
// process's: a branch moved or deleted by another process, refs packed, an object written later
// (test/integration/github-standin-git.test.ts).
import { spawn } from 'node:child_process';

export interface ObjectNames {
  /** The object `name` names now (any revision git reads), or null when there is none. */
  find(name: string): Promise<{ sha: string; type: string } | null>;
  /** Ends the git process; a later question starts another. */
  close(): void;
}

interface Asker {
  ask(name: string): Promise<string>;
  end(why: string): void;
}

export function objectNames(gitDir: string, env: Record<string, string | undefined>): ObjectNames {
  let current: Asker | undefined;

  /** A git process, and the questions it was asked and has not answered yet, in order. */
  function start(): Asker {
    const git = spawn('git', ['-C', gitDir, 'cat-file', '--batch-check=%(objecttype) %(objectname)'], {
      env: { ...env, GIT_DIR: gitDir },
    });
    const waiting: { resolve: (line: string) => void; reject: (err: Error) => void }[] = [];
    let unread = '';
    let stderr = '';
    let ended: string | null = null;
    git.stdout.setEncoding('utf8');
    git.stderr.setEncoding('utf8');
    git.stderr.on('data', (s: string) => (stderr = (stderr + s).slice(-2000)));
    // git answers one line per question, in the order asked.
    git.stdout.on('data', (chunk: string) => {
      unread += chunk;
      for (let nl = unread.indexOf('\n'); nl !== -1; nl = unread.indexOf('\n')) {
        waiting.shift()?.resolve(unread.slice(0, nl));
        unread = unread.slice(nl + 1);
      }
    });
    // A write after git ended: 'close' below answers the question.
    git.stdin.on('error', () => {});
    const asker: Asker = {
      ask: (name) =>
        new Promise<string>((resolve, reject) => {
          if (ended) return reject(new Error(`git cat-file --batch-check ${ended}`));
          waiting.push({ resolve, reject });
          git.stdin.write(`${name}\n`);
        }),
      end(why) {
        if (ended) return;
        ended = why;
        if (current === asker) current = undefined;
        const error = new Error(`git cat-file --batch-check ${why}${stderr ? `: ${stderr.trim()}` : ''}`);
        for (const w of waiting.splice(0)) w.reject(error);
        git.stdin.end();
        git.kill();
      },
    };
    git.on('error', (err) => asker.end(`failed to start (${err.message})`));
    git.on('close', (code, signal) => asker.end(`ended (${signal ?? code})`));
    return asker;
  }

  return {
    async find(name) {
      // One line is one question: a name with a line break in it would be two, and shift every
      // later answer by one.
      if (!name || /[\n\r\0]/.test(name)) return null;
      const line = await (current ??= start()).ask(name);
      // Found: `<type> <sha>`. Not: `<name> missing` (or `ambiguous`), never ending in a sha.
      const m = /^([a-z]+) ([0-9a-f]{40})$/.exec(line);
      return m ? { sha: m[2]!, type: m[1]! } : null;
    },
    close() {
      current?.end('closed');
    },
  };
}
