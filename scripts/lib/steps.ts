// Runs the steps of `npm test` and `npm run test:content` (scripts/test.ts): lanes side by side,
// the steps of a lane one after the other. The first lane prints as it goes; a step of another lane
// prints its output whole when it ends (between two steps of the first lane, so lines never mix).
// Every step's output is also kept in test-results/<step>.log. The first step that fails stops the
// others; the run ends with each step's time and CPU seconds (its process and every process it
// waited for, as the shell's `times` counts them) beside the load average, so two machines' runs
// can be compared, the tests counted in every vitest report, and the line `tests: N passed, N failed`.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { duration as secondsText } from '../../src/outputs/results-docs.ts';
import { countResults, type VitestJsonReport } from './vitest-report.ts';

export interface Step {
  name: string;
  cmd: string;
  args: string[];
  /** A vitest run's JSON report: its tests are counted. */
  report?: string;
}

export interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Where each step's output is kept. */
  logDir: string;
  /** Tests counted before the steps (none unless a caller counted some). */
  counts?: { passed: number; failed: number };
  /** Told the run's time, each step's start and end (ms from the start), CPU seconds and the tests counted, at the end. */
  onDone?(run: {
    ms: number;
    /** The load average (one minute) at the start and at the end. */
    load: [number, number];
    steps: { name: string; start: number; end: number; cpu: number | null }[];
    passed: number;
    failed: number;
  }): void;
}

interface Timing {
  name: string;
  start: number;
  end?: number;
  /** CPU seconds of the step's processes (user and system), or null when the shell could not say. */
  cpu?: number | null;
  result?: 'passed' | 'failed' | 'stopped';
}

/** The CPU seconds in `times`' second line (`0m1.90s 0m0.04s`: the children's user and system time). */
export function cpuSeconds(times: string): number | null {
  const line = times.trim().split('\n')[1] ?? '';
  const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return parts.length === 2 ? Math.round((parts[0]! + parts[1]!) * 10) / 10 : null;
}

/** A step's time from milliseconds. */
const duration = (ms: number) => secondsText(ms / 1000);
const fileName = (name: string) =>
  name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/** Runs `lanes`; resolves to the exit code (0 when every step passed). */
export function runLanes(lanes: Step[][], opts: RunOptions): Promise<number> {
  const t0 = Date.now();
  const loadAtStart = loadavg()[0]!;
  const counts = { passed: opts.counts?.passed ?? 0, failed: opts.counts?.failed ?? 0 };
  const timings: Timing[] = [];
  const running = new Map<string, ChildProcess>();
  const waiting: string[] = []; // blocks of other lanes, printed when the first lane is between steps
  let liveStepRunning = false;
  let failure: { name: string; why: string } | undefined;
  mkdirSync(opts.logDir, { recursive: true });

  const print = (block: string) => {
    if (liveStepRunning) waiting.push(block);
    else process.stdout.write(block);
  };
  const flush = () => {
    for (const block of waiting.splice(0)) process.stdout.write(block);
  };

  function stopOthers() {
    for (const [name, child] of running) {
      const t = timings.find((x) => x.name === name && !x.end);
      if (t) t.result = 'stopped';
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {}
      const kill = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {}
      }, 10_000);
      kill.unref();
    }
  }

  function count(step: Step, exitCode: number | null) {
    if (!step.report) return;
    try {
      const c = countResults(JSON.parse(readFileSync(step.report, 'utf8')) as VitestJsonReport);
      counts.passed += c.passed;
      counts.failed += c.failed;
      return c.brokenFiles.map((f) => `✖ ${path.relative(opts.cwd, f.name)} failed to run: ${f.message}\n`).join('');
    } catch {
      // No readable report: vitest itself could not start, which counts as a failure too.
      if (exitCode !== 0) counts.failed += 1;
    }
    return '';
  }

  function runStep(step: Step, live: boolean): Promise<boolean> {
    const header = `\n▶ ${step.name}: ${step.cmd} ${step.args.join(' ')}\n`;
    const timing: Timing = { name: step.name, start: Date.now() - t0 };
    timings.push(timing);
    if (live) {
      flush();
      liveStepRunning = true;
      process.stdout.write(header);
    }
    const timesFile = path.join(opts.logDir, `${fileName(step.name)}.times`);
    const child = spawn('sh', ['-c', '"$0" "$@"; s=$?; times >"$STEP_TIMES_FILE"; exit $s', step.cmd, ...step.args], {
      cwd: opts.cwd,
      env: { ...opts.env, STEP_TIMES_FILE: timesFile },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // a process group of its own, stopped whole
    });
    running.set(step.name, child);
    const chunks: Buffer[] = [];
    const keep = (chunk: Buffer) => {
      chunks.push(chunk);
      if (live) process.stdout.write(chunk);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    return new Promise((resolve) => {
      child.once('error', (err) => keep(Buffer.from(`${err.message}\n`)));
      child.once('close', (code, signal) => {
        running.delete(step.name);
        timing.end = Date.now() - t0;
        try {
          timing.cpu = cpuSeconds(readFileSync(timesFile, 'utf8'));
          rmSync(timesFile);
        } catch {
          timing.cpu = null; // stopped before the shell could say
        }
        const output = Buffer.concat(chunks).toString();
        writeFileSync(path.join(opts.logDir, `${fileName(step.name)}.log`), output);
        const stoppedByUs = timing.result === 'stopped';
        const broken = stoppedByUs ? '' : (count(step, code) ?? '');
        const ok = code === 0;
        if (!stoppedByUs) timing.result = ok ? 'passed' : 'failed';
        const took = duration(timing.end - timing.start);
        const verdict = stoppedByUs
          ? `■ ${step.name} stopped after ${took}.\n`
          : ok
            ? `✓ ${step.name} (${took})\n`
            : `${broken}\n✖ ${step.name} failed (exit ${code ?? signal}) after ${took}.\n`;
        if (live) {
          process.stdout.write(verdict);
          liveStepRunning = false;
          if (!ok) flush();
        } else
          print(stoppedByUs ? verdict : `${header.replace(/\n$/, ' (beside the steps above)\n')}${output}${verdict}`);
        if (!ok && !stoppedByUs && !failure) {
          failure = { name: step.name, why: `exit ${code ?? signal}` };
          stopOthers();
        }
        resolve(ok);
      });
    });
  }

  const stopOnSignal = (signal: NodeJS.Signals) => {
    failure ??= { name: 'npm test', why: `stopped by ${signal}` };
    stopOthers();
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);

  const runLane = async (steps: Step[], live: boolean) => {
    for (const step of steps) {
      if (failure) return;
      if (!(await runStep(step, live))) return;
    }
  };

  return Promise.all(lanes.map((steps, i) => runLane(steps, i === 0))).then(() => {
    liveStepRunning = false;
    flush();
    const end = Date.now() - t0;
    const width = Math.max(...timings.map((t) => t.name.length));
    const lines = timings.map(
      (t) =>
        `  ${t.name.padEnd(width)}  from ${duration(t.start).padStart(12)}  ${duration((t.end ?? end) - t.start).padStart(12)}` +
        `  ${t.cpu == null ? '   ? CPU s' : `${t.cpu.toFixed(0).padStart(4)} CPU s`}` +
        `${t.result === 'passed' ? '' : `  ${t.result ?? 'not finished'}`}`,
    );
    const loadAtEnd = loadavg()[0]!;
    const cpu = timings.reduce((sum, t) => sum + (t.cpu ?? 0), 0);
    console.log(
      `\nStep times (${availableParallelism()} cores; load average ${loadAtStart.toFixed(2)} at the start, ` +
        `${loadAtEnd.toFixed(2)} at the end):\n${lines.join('\n')}\n  total ${duration(end)}, ${cpu.toFixed(0)} CPU s`,
    );
    if (failure) console.log(`\n✖ ${failure.name} failed (${failure.why}); the steps beside it were stopped.`);
    console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed`);
    opts.onDone?.({
      ms: end,
      load: [loadAtStart, loadAtEnd],
      steps: timings.map((t) => ({ name: t.name, start: t.start, end: t.end ?? end, cpu: t.cpu ?? null })),
      ...counts,
    });
    return failure ? 1 : 0;
  });
}
