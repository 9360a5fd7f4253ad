// How fast this machine runs one core of plain JavaScript right now, and its load: printed beside
// every figure of the benchmark so that times measured on two machines (or at two loads) compare.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * The loop of the team's `machine-speed` tool; the reference machine (the one that measured the
 * issue's figures on two idle cores) runs it in 314 ms.
 */
const LOOP =
  'let t=process.hrtime.bigint(),x=0;for(let i=0;i<3e8;i++)x+=i%7;console.log(Number(process.hrtime.bigint()-t)/1e6|0)';
export const REFERENCE_LOOP_MS = 314;

export interface MachineSpeed {
  /** Each of three runs of the loop, in a fresh Node process (ms). */
  runsMs: number[];
  medianMs: number;
  /** The median ÷ the reference's: 1.5 means a second here is worth 1 / 1.5 of one there. */
  timesReference: number;
  /** The 1-, 5- and 15-minute load averages when the loop ended. */
  load: [number, number, number];
  cores: number;
}

export const loadAverage = (): [number, number, number] => {
  const [a, b, c] = readFileSync('/proc/loadavg', 'utf8').split(' ').map(Number);
  return [a!, b!, c!];
};

export function machineSpeed(): MachineSpeed {
  const runsMs = [0, 1, 2].map(() => Number(execFileSync(process.execPath, ['-e', LOOP], { encoding: 'utf8' })));
  const medianMs = [...runsMs].sort((a, b) => a - b)[1]!;
  return {
    runsMs,
    medianMs,
    timesReference: medianMs / REFERENCE_LOOP_MS,
    load: loadAverage(),
    cores: os.availableParallelism(),
  };
}

export const describeSpeed = (s: MachineSpeed) =>
  `machine speed ${s.runsMs.join(' ')} ms (median ${s.medianMs} ms: ${s.timesReference.toFixed(2)}× the reference's ${REFERENCE_LOOP_MS} ms per core), load ${s.load.join(' ')} on ${s.cores} cores`;
