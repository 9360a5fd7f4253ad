// `npm test`: the preflight, then three lanes side by side on two cores: the e2e suite (one real
// local stack, Chromium); the integration files, one at a time; and the checks, unit tests, the
// production build with its post-build proof and the OpenAPI linter, one after the other. The two
// test lanes wait on servers, browsers and child processes for about half their time; the third
// fills that time (the times of each: docs/bench.md).
// `npm run test:content` (`content`): what a pull request that changes only content needs: the
// validator, the build with its proof, and the HTTP checks of what content becomes (no Chromium,
// no Redis: no preflight). Either stops at the first failing step (scripts/lib/steps.ts).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, netlifyEnv } from './lib/stack.ts';
import { ensurePrerequisites } from './lib/preflight.ts';
import { commitName, machineName, recordResults } from './lib/results-file.ts';
import { runLanes, type Step } from './lib/steps.ts';
import { buildSteps, npmStep as npm, validateStep } from './lib/content-steps.ts';

const REPORT = path.join(ROOT, 'test-results');

/**
 * The e2e files that check what content becomes over HTTP: pages and their lists, Markdown twins,
 * JSON outputs, headers, 404s, product paths. The content checks run these alone.
 */
const CONTENT_CHECKS = ['browse', 'cdn', 'outputs', 'not-found', 'product-paths'].map(
  (name) => `test/e2e/${name}.test.ts`,
);

const vitest = (name: string, project: string, more: string[] = []): Step => {
  const report = path.join(REPORT, `${name.replace(/\W+/g, '-')}.json`);
  return {
    name,
    cmd: 'vitest',
    args: [
      'run',
      '--project',
      project,
      ...more,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    report,
  };
};

/**
 * Beside the e2e suite, the integration tests run their files one at a time: two integration
 * workers ran two `npm start`s at once, each waiting on the other's start slot. The unit tests take
 * both cores (vitest.config.ts): on one worker their files waited for a core (docs/bench.md).
 */
const ONE_WORKER = ['--maxWorkers=1'];

const plan = process.argv[2] === 'content' ? 'content' : 'full';
rmSync(REPORT, { recursive: true, force: true });

let env = netlifyEnv();
if (plan === 'full') {
  console.log('▶ preflight: what the tests need from this machine');
  const pre = ensurePrerequisites(
    (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit' }).status === 0,
    (line) => console.log(`  ${line}`),
  );
  if (!pre.ok) {
    console.error(`\n${pre.report}`);
    console.log('\ntests: 0 passed, 0 failed');
    process.exit(1);
  }
  env = netlifyEnv(pre.env);
}

const build = buildSteps();

const lanes: Step[][] =
  plan === 'content'
    ? [[validateStep(), ...build, vitest('content checks', 'e2e', CONTENT_CHECKS)]]
    : [
        [
          validateStep(),
          npm('lint and format', 'lint'),
          vitest('unit', 'unit'),
          // After the first steps: by then the e2e stack beside them has built (its build and
          // the type check's sync both write .astro/ in the checkout).
          npm('type check', 'check:types'),
          ...build,
          npm('OpenAPI lint', 'lint:openapi'),
        ],
        [vitest('integration', 'integration', ONE_WORKER)],
        [vitest('e2e', 'e2e')],
      ];

// `npm test -- --record`: a passing full run's time and steps go into docs/results.json, which the documents quote.
const record = plan === 'full' && process.argv.includes('--record');
process.exit(
  await runLanes(lanes, {
    cwd: ROOT,
    env,
    logDir: REPORT,
    onDone: (run) => {
      if (!record || run.failed) return;
      recordResults('test', {
        date: new Date().toISOString().slice(0, 10),
        commit: commitName(),
        machine: machineName(),
        seconds: Math.round(run.ms / 1000),
        tests: run.passed,
        load: [Math.round(run.load[0] * 100) / 100, Math.round(run.load[1] * 100) / 100],
        steps: run.steps.map((s) => ({
          name: s.name,
          from: Math.round(s.start / 100) / 10,
          took: Math.round((s.end - s.start) / 100) / 10,
          cpu: s.cpu,
        })),
      });
    },
  }),
);
