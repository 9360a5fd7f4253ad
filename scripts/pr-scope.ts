// `npm run pr-scope [-- <base>]`: which checks this branch needs against its pull request's base
// (GitHub's GITHUB_BASE_REF, as origin/<base>, unless a base is given): `content` when every changed
// file is content (scripts/lib/pr-scope.ts: regular files in the content places), else `full`. Prints the scope and why; inside GitHub
// Actions it also writes `scope=<scope>` to the step's outputs, for the job's next steps.
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { changedFiles, scopeOf, type Scope } from './lib/pr-scope.ts';

const base = process.argv[2] ?? (process.env.GITHUB_BASE_REF ? `origin/${process.env.GITHUB_BASE_REF}` : undefined);

function decide(): { scope: Scope; reason: string } {
  if (!base) return { scope: 'full', reason: 'not a pull request (no base to compare with)' };
  // Without rename detection a moved file is its old path deleted and its new one added: both count.
  // --raw names each side's mode, so a symlink or a submodule is never taken for a file.
  const diff = spawnSync('git', ['diff', '--raw', '-z', '--no-renames', '--no-abbrev', `${base}...HEAD`], {
    encoding: 'utf8',
  });
  if (diff.status !== 0)
    return {
      scope: 'full',
      reason: `git diff against ${base} failed: ${(diff.stderr || diff.error?.message || '').trim()}`,
    };
  try {
    return scopeOf(changedFiles(diff.stdout));
  } catch (err) {
    return { scope: 'full', reason: (err as Error).message };
  }
}

const { scope, reason } = decide();
console.log(`scope: ${scope} (${reason})`);
if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `scope=${scope}\n`);
