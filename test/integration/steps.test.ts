// The runner of `npm test`'s lanes (scripts/lib/steps.ts): each step's CPU seconds come from the
// shell's `times` (its processes and those they waited for), beside the load average, so that two
// machines' runs can be compared; a failing step stops the run with exit 1.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runLanes } from '../../scripts/lib/steps.ts';

const logDir = mkdtempSync(path.join(tmpdir(), 'steps-'));
afterAll(() => rmSync(logDir, { recursive: true, force: true }));
// The runner prints its report (and a `tests: 0 passed, 0 failed` line) as npm test's would: kept
// out of this file's output, where it would read as the suite's own summary.
beforeEach(() => {
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  vi.spyOn(console, 'log').mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

describe('runLanes', () => {
  it('counts the CPU of a step’s child processes, and the load at both ends', async () => {
    let done: Parameters<NonNullable<Parameters<typeof runLanes>[1]['onDone']>>[0] | undefined;
    // The step itself only waits; its child spins until it has used 0.3 CPU seconds (its own
    // count, not the clock's: on a busy machine 400 ms of wall time were 0.1 s of CPU), which
    // count for the step.
    const spin = 'let x = 0; while (process.cpuUsage().user < 300_000) x++;';
    const code = await runLanes(
      [
        [
          {
            name: 'spins',
            cmd: process.execPath,
            args: [
              '-e',
              `require('node:child_process').execFileSync(process.execPath, ['-e', ${JSON.stringify(spin)}])`,
            ],
          },
        ],
      ],
      { cwd: process.cwd(), env: process.env, logDir, onDone: (run) => (done = run) },
    );
    expect(code).toBe(0);
    expect(done!.steps[0]!.cpu).toBeGreaterThanOrEqual(0.3);
    expect(done!.load.every((l) => l >= 0)).toBe(true);
  });

  it('a failing step fails the run', async () => {
    const code = await runLanes([[{ name: 'fails', cmd: process.execPath, args: ['-e', 'process.exit(3)'] }]], {
      cwd: process.cwd(),
      env: process.env,
      logDir,
    });
    expect(code).toBe(1);
  });
});
