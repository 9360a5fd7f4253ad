// Reads vitest's JSON report into the counts `npm test` prints. A test file that failed to run
// (an import error, a failed beforeAll, a missing server) has no failed assertions of its own, so
// it is counted here as one failed test: a run with such a file never reads "0 failed".

export interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; status: string; message?: string; assertionResults: { status: string }[] }[];
}

export interface Counts {
  passed: number;
  failed: number;
  /** Files that failed without a failing test, with vitest's message. */
  brokenFiles: { name: string; message: string }[];
}

export function countResults(report: VitestJsonReport): Counts {
  const brokenFiles = report.testResults
    .filter((f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'))
    .map((f) => ({ name: f.name, message: (f.message ?? '').split('\n')[0] ?? '' }));
  return { passed: report.numPassedTests, failed: report.numFailedTests + brokenFiles.length, brokenFiles };
}
