import { describe, expect, it } from 'vitest';
import { countResults, type VitestJsonReport } from '../../scripts/lib/vitest-report.ts';

const file = (name: string, status: string, assertions: string[], message?: string) => ({
  name,
  status,
  ...(message ? { message } : {}),
  assertionResults: assertions.map((s) => ({ status: s })),
});

describe('npm test counts', () => {
  it('a file that failed to start counts as a failed test', () => {
    const report: VitestJsonReport = {
      numPassedTests: 3,
      numFailedTests: 0,
      testResults: [
        file('/a.test.ts', 'passed', ['passed', 'passed', 'passed']),
        file('/redis.test.ts', 'failed', [], 'Error: /usr/bin/redis-server is missing\n    at startRedis'),
      ],
    };
    expect(countResults(report)).toEqual({
      passed: 3,
      failed: 1,
      brokenFiles: [{ name: '/redis.test.ts', message: 'Error: /usr/bin/redis-server is missing' }],
    });
  });

  it('failed tests inside a file are counted once, by vitest', () => {
    const report: VitestJsonReport = {
      numPassedTests: 1,
      numFailedTests: 2,
      testResults: [file('/b.test.ts', 'failed', ['passed', 'failed', 'failed'])],
    };
    expect(countResults(report)).toEqual({ passed: 1, failed: 2, brokenFiles: [] });
  });
});
