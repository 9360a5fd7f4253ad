// How `npm test`'s runner (scripts/lib/steps.ts) reads a step's CPU seconds from the shell's
// `times`; the runner itself, with real processes, is test/integration/steps.test.ts's.
import { describe, expect, it } from 'vitest';
import { cpuSeconds } from '../../scripts/lib/steps.ts';

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
