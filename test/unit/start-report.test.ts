// npm start's report (scripts/lib/start-report.ts), fed netlify-cli's output as it prints it: one
// progress line per build step, the whole output in the log file, nothing after the stack is up,
// and for a failed build the build's own error, not netlify-cli's dump of its configuration.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startReport, verboseAsked } from '../../scripts/lib/start-report.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'start-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const RULE = '\u001b[2m─────────────────────────────────────────────\u001b[22m\ufffd\n';
/** netlify-cli's output for a build, up to its build command's output. */
const HEAD =
  '⬥ Building project for production\n\u200b\nNetlify Build\n' +
  RULE +
  '\u200b\n❯ Version\n  @netlify/build 37.3.3\n\u200b\nbuild.command from netlify.toml\n' +
  RULE +
  "$ cd '/repo' && npm run build\n12:04:41 [build] Collecting build info...\n";

function report(verbose = false) {
  let clock = 0;
  let written = '';
  const out = { isTTY: false, columns: 80, write: (s: string) => ((written += s), true) };
  const logFile = path.join(dir, `${Math.random().toString(36).slice(2)}.log`);
  const r = startReport({ logFile, verbose, out: out as unknown as NodeJS.WriteStream, now: () => clock });
  return { r, logFile, printed: () => written, tick: (s: number) => (clock += s * 1000) };
}

describe('npm start’s report', () => {
  it('prints one line per build step with the time, and writes everything to the log', () => {
    const { r, logFile, printed, tick } = report();
    tick(3);
    r.output(HEAD.slice(0, 40));
    r.output(HEAD.slice(40));
    tick(60);
    r.output('12:05:04 [build] Complete!\n\u200b\nFunctions bundling\n' + RULE + ' - mcp.mts\n');
    tick(20);
    r.output('Netlify Build Complete\n' + RULE + '⬥ Loaded function mcp\n');
    r.ready();
    r.output('Request from 127.0.0.1: GET /api/health\nResponse with status 200 in 3 ms.\n');
    expect(printed()).toBe(
      [
        '  [0:00] Starting netlify-cli…',
        '  [0:03] Netlify Build…',
        '  [0:03] build.command from netlify.toml…',
        '  [1:03] Functions bundling…',
        '  [1:23] Starting the server…',
        '',
      ].join('\n'),
    );
    const log = readFileSync(logFile, 'utf8');
    expect(log).toContain('[build] Collecting build info...');
    expect(log).toContain('npm start: ready after 1:23');
    expect(log).toContain('GET /api/health');
    // Without a terminal's colours: the rule's dim escape codes are not in the log.
    expect(log).toContain('\nbuild.command from netlify.toml\n─────');
    expect(log).not.toContain('\u001b[');
  });

  it('shows the build’s error and the log’s path when the build fails, not the configuration netlify dumps', () => {
    const { r, logFile, printed } = report();
    r.output(
      HEAD +
        '12:09:41 [ERROR] [catalog-outputs] An unhandled error occurred while running the "astro:config:done" hook\n' +
        'Invalid product files.\n' +
        'broken-kit.md:7  price: Too small\n' +
        '  Stack trace:\n    at readProductFiles (read-catalog.ts:43:30)\n\u200b\n' +
        '"build.command" failed\n' +
        RULE +
        '  Error message\n  Command failed with exit code 1\n  Resolved config\n  build:\n    command: npm run build\n',
    );
    r.failed('netlify serve exited with 1');
    const text = printed();
    expect(text).toContain(
      '✖ npm start failed after 0:00, in "build.command from netlify.toml": netlify serve exited with 1.',
    );
    expect(text).toContain('[ERROR] [catalog-outputs] An unhandled error');
    expect(text).toContain('broken-kit.md:7  price: Too small');
    expect(text).toContain(`The whole log: ${logFile}`);
    expect(text).not.toMatch(/Stack trace|Resolved config|Command failed/);
    expect(readFileSync(logFile, 'utf8')).toContain('Resolved config');
  });

  it('echoes everything when verbose, requests included', () => {
    const { r, printed } = report(true);
    r.output(HEAD);
    r.ready();
    r.output('Request from 127.0.0.1: GET /api/health\n');
    expect(printed()).toBe(`${HEAD}Request from 127.0.0.1: GET /api/health\n`);
  });

  it('is verbose on --verbose or START_VERBOSE, not on an empty or 0 value', () => {
    expect(verboseAsked(['node', 'start.ts', '--verbose'], {})).toBe(true);
    expect(verboseAsked([], { START_VERBOSE: '1' })).toBe(true);
    expect(verboseAsked([], { START_VERBOSE: '' })).toBe(false);
    expect(verboseAsked([], { START_VERBOSE: '0' })).toBe(false);
    expect(verboseAsked([], {})).toBe(false);
  });
});
