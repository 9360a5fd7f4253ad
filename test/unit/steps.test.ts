// How `npm test`'s runner (scripts/lib/steps.ts) reads a step's CPU seconds from the shell's
// `times` and prints its times; the runner itself, with real processes, is test/integration/steps.test.ts's.
import { describe, expect, it } from 'vitest';
import { cpuSeconds } from '../../scripts/lib/steps.ts';
import { duration } from '../../src/outputs/results-docs.ts';

describe('cpuSeconds', () => {
  it.each([
    ['0m0.000000s 0m0.000000s\n0m1.900000s 0m0.040000s\n', 1.9],
    ['0m0.00s 0m0.00s\n2m3.50s 0m1.00s\n', 124.5],
    ['garbage', null],
    ['', null],
  ])('%j → %s', (times, cpu) => {
    expect(cpuSeconds(times)).toBe(cpu);
  });
});

describe('duration', () => {
  // A run's report once said 'from 3 min 60 s': the seconds were rounded after the minutes were taken.
  it.each([
    [12.345, '12.3 s'],
    [59.94, '59.9 s'],
    [59.96, '1 min 00 s'],
    [239.6, '4 min 00 s'],
    [934, '15 min 34 s'],
  ])('%d s → %s', (s, text) => {
    expect(duration(s)).toBe(text);
  });
});
