// content/recall-watch.yml as the recall function finds it in its deploy (netlify.toml ships it with
// the function): its aliases and dismissals, nothing when there is no such file, or why it cannot
// be used (the watcher then applies none, and says so).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Settings } from '../../config/env.ts';
import {
  EMPTY_RECALL_WATCH,
  parseRecallWatch,
  RECALL_WATCH_FILE,
  type RecallWatch,
} from '../../catalog/recall-watch-file.ts';
import { formatProblem } from '../../catalog/problems.ts';

export type Curations = { ok: true; value: RecallWatch } | { ok: false; problem: string };

/** Reads the first of the candidate folders' copies (the working directory, the function's code folder). */
export async function readCurations(admin: Pick<Settings['admin'], 'taskRoot'>, roots?: string[]): Promise<Curations> {
  const folders = roots ?? [process.cwd(), admin.taskRoot].filter((r): r is string => Boolean(r));
  for (const root of new Set(folders)) {
    let text: string;
    try {
      text = await readFile(path.resolve(root, RECALL_WATCH_FILE), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      return { ok: false, problem: `it cannot be read: ${(err as Error).message}` };
    }
    const parsed = parseRecallWatch(text);
    return parsed.ok ? parsed : { ok: false, problem: parsed.problems.map(formatProblem).join('; ') };
  }
  return { ok: true, value: EMPTY_RECALL_WATCH };
}
