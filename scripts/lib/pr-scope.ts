// Which checks a pull request needs. One that changes only content (src/catalog/content-paths.ts:
// product files and their pictures as regular files, the recall watcher's curations) gets the
// content checks (`npm run test:content`); any other change, and a change nothing shows to be
// content only, gets the whole suite (`npm test`).
import { CONTENT_IN_WORDS, notContentBecause } from '../../src/catalog/content-paths.ts';

export type Scope = 'content' | 'full';

/** A path a change touches, with git's modes of the sides that exist (one for an added or deleted file). */
export interface ChangedFile {
  path: string;
  modes: string[];
}

/**
 * Every path `git diff --raw -z` names, with its modes: both sides of a rename or a copy (a
 * product file moved out of content/ is a change outside it), the path of anything added, changed
 * or deleted. Each record is `:<old mode> <new mode> <old id> <new id> <status>`, then its paths.
 */
export function changedFiles(rawZ: string): ChangedFile[] {
  const fields = rawZ.split('\0');
  const files: ChangedFile[] = [];
  for (let i = 0; i < fields.length;) {
    const record = fields[i++];
    if (!record) continue;
    const m = /^:(\d{6}) (\d{6}) [0-9a-f]+ [0-9a-f]+ ([A-Z]\d*)$/.exec(record);
    if (!m) throw new Error(`git diff --raw: cannot read "${record.slice(0, 80)}"`);
    const status = m[3]!;
    const modes = [...new Set([m[1]!, m[2]!].filter((mode) => !/^0+$/.test(mode)))];
    const count = /^[RC]/.test(status) ? 2 : 1;
    for (let k = 0; k < count; k++) {
      const file = fields[i++];
      if (file === undefined || file === '') throw new Error(`git diff --raw: no path after "${status}"`);
      files.push({ path: file, modes });
    }
  }
  return files;
}

/** The scope of a change that touches `files`, with the reason in a line. */
export function scopeOf(files: readonly ChangedFile[]): { scope: Scope; reason: string } {
  if (files.length === 0)
    return { scope: 'full', reason: 'no changed file is known, so nothing shows the change is content only' };
  const other = files.flatMap((f) => {
    const why = notContentBecause(f.path, f.modes);
    return why === null ? [] : [why === 'outside the content' ? f.path : `${f.path} (${why})`];
  });
  if (other.length === 0)
    return {
      scope: 'content',
      reason: `${files.length} changed file${files.length === 1 ? '' : 's'}, all content (${CONTENT_IN_WORDS})`,
    };
  const named = other.slice(0, 5).join(', ') + (other.length > 5 ? `, and ${other.length - 5} more` : '');
  return { scope: 'full', reason: `changes outside the content: ${named}` };
}
