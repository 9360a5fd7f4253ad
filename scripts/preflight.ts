// `npm run preflight`: checks (and on Debian as root, installs) what `npm test` needs from the
// machine. `npm test` runs the same check first; this script is for finding out without testing.
import { spawnSync } from 'node:child_process';
import { ensurePrerequisites } from './lib/preflight.ts';

const result = ensurePrerequisites(
  (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit' }).status === 0,
  (line) => console.log(line),
);
if (!result.ok) {
  console.error(result.report);
  process.exit(1);
}
