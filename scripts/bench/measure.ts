// Runs a command and measures it: wall time, and the peak resident memory of its whole process
// tree (every descendant, summed), sampled from /proc every 100 ms. Keeps a timestamped log.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const PAGE = 4096;

/**
 * A process's name for the report: Node names its main thread "MainThread", so a node process is
 * named by its script instead ("node astro", "node outputs-worker.ts").
 */
function label(pid: string, comm: string): string {
  if (comm !== 'MainThread' && comm !== 'node') return comm;
  try {
    const script = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      .split('\0')
      .slice(1)
      .find((a) => a && !a.startsWith('-'));
    return script ? `node ${path.basename(script)}` : comm;
  } catch {
    return comm;
  }
}

/** pid → [ppid, pgid, rss bytes, command] for every process we can read. */
function processTable(): Map<number, [number, number, number, string]> {
  const table = new Map<number, [number, number, number, string]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start after the last ')'.
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const rssPages = Number(rest[21]);
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      table.set(Number(name), [Number(rest[1]), Number(rest[2]), rssPages * PAGE, label(name, comm)]);
    } catch {
      // The process ended between readdir and read.
    }
  }
  return table;
}

/** Sum of RSS over `root` and its descendants (by parent link or by process group). */
export function treeRss(root: number): {
  bytes: number;
  processes: number;
  byProcess: { pid: number; command: string; bytes: number }[];
} {
  const table = processTable();
  const children = new Map<number, number[]>();
  for (const [pid, [ppid]] of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const seen = new Set<number>();
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    if (seen.has(pid) || !table.has(pid)) continue;
    seen.add(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  for (const [pid, [, pgid]] of table) if (pgid === root) seen.add(pid);
  const byProcess = [...seen].map((pid) => ({ pid, command: table.get(pid)![3], bytes: table.get(pid)![2] }));
  return { bytes: byProcess.reduce((s, p) => s + p.bytes, 0), processes: seen.size, byProcess };
}

export interface RunResult {
  ok: boolean;
  exitCode: number | null;
  wallMs: number;
  peakRssBytes: number;
  /** The peak RSS of the largest single process of the tree, and which it was. */
  peakProcessBytes: number;
  peakProcessCommand: string;
  /** Milliseconds after the start at which the largest process peaked. */
  peakProcessAtMs: number;
  peakProcesses: number;
  /** The processes of the tree at the moment of the peak, largest first. */
  atPeak: { pid: number; command: string; bytes: number }[];
  /** Milliseconds after the start at which the peak was sampled. */
  peakAtMs: number;
  /** Output lines with the milliseconds since start at which they appeared. */
  log: { ms: number; line: string }[];
}

export interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Called with each output line as it arrives (progress output). */
  onLine?: (line: string, ms: number) => void;
}

/** Runs `command` through `sh -c` in its own process group and measures it. */
export function measure(command: string, opts: RunOptions): Promise<RunResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('sh', ['-c', command], {
      cwd: opts.cwd,
      env: opts.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const log: RunResult['log'] = [];
    let peak = 0;
    let peakProcess = { bytes: 0, command: '', atMs: 0 };
    let peakProcesses = 0;
    let atPeak: RunResult['atPeak'] = [];
    let peakAtMs = 0;
    const sample = () => {
      if (child.pid === undefined) return;
      const { bytes, processes, byProcess } = treeRss(child.pid);
      for (const p of byProcess)
        if (p.bytes > peakProcess.bytes)
          peakProcess = { bytes: p.bytes, command: p.command, atMs: performance.now() - started };
      if (bytes > peak) {
        peak = bytes;
        atPeak = byProcess.sort((a, b) => b.bytes - a.bytes);
        peakAtMs = performance.now() - started;
      }
      if (processes > peakProcesses) peakProcesses = processes;
    };
    const timer = setInterval(sample, 100);
    const partial = { out: '', err: '' };
    const onData = (key: 'out' | 'err') => (chunk: Buffer) => {
      const text = partial[key] + chunk.toString();
      const lines = text.split('\n');
      partial[key] = lines.pop() ?? '';
      const ms = performance.now() - started;
      for (const line of lines) {
        log.push({ ms, line });
        opts.onLine?.(line, ms);
      }
    };
    child.stdout!.on('data', onData('out'));
    child.stderr!.on('data', onData('err'));
    child.on('close', (code) => {
      clearInterval(timer);
      const wallMs = performance.now() - started;
      for (const rest of [partial.out, partial.err]) if (rest) log.push({ ms: wallMs, line: rest });
      resolve({
        ok: code === 0,
        exitCode: code,
        wallMs,
        peakRssBytes: peak,
        peakProcessBytes: peakProcess.bytes,
        peakProcessCommand: peakProcess.command,
        peakProcessAtMs: peakProcess.atMs,
        peakProcesses,
        atPeak,
        peakAtMs,
        log,
      });
    });
    sample();
  });
}
