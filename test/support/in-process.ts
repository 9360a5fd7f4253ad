// The unit project's setup: a unit test runs in process, so starting a child process (git, a build,
// one of the project's scripts, a server) fails it, naming the command and where such a test goes.
// That keeps the unit tests quick; the integration project (test/integration/) is for the rest.
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';

const PATCHED = Symbol.for('little-hands-catalog.in-process');
const patched = globalThis as { [PATCHED]?: true };

function refuse(command: unknown, args: unknown): never {
  const line = [command, ...(Array.isArray(args) ? args : [])].map(String).join(' ').slice(0, 200);
  throw new Error(
    `A unit test started a child process (${line}). Unit tests run in process; a test that needs git, ` +
      'a build, a script or a server belongs in test/integration/ (docs/develop.md, "Tests").',
  );
}

if (!patched[PATCHED]) {
  patched[PATCHED] = true;
  // Every asynchronous way (spawn, exec, execFile, fork) goes through ChildProcess#spawn.
  const proto = childProcess.ChildProcess.prototype as unknown as {
    spawn(options: { file?: string; args?: string[] }): void;
  };
  proto.spawn = (options) => refuse(options.file, options.args?.slice(1));
  // The synchronous ones do not; each is replaced where modules find it (the ESM bindings included).
  const sync = childProcess as unknown as Record<string, unknown>;
  for (const name of ['spawnSync', 'execSync', 'execFileSync'])
    sync[name] = (command: unknown, args: unknown) => refuse(command, args);
  syncBuiltinESMExports();
}
