// `npm test`: type check, validator, unit and integration tests, the production build with its post-build proof,
// the OpenAPI linters, then the e2e suite over real HTTP and Chromium. Stops at the first failure.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, netlifyEnv } from './lib/stack.ts';
import { countResults, type VitestJsonReport } from './lib/vitest-report.ts';
import { ensurePrerequisites } from './lib/preflight.ts';

const REPORT = path.join(ROOT, 'test-results');
rmSync(REPORT, { recursive: true, force: true });
let passed = 0;
let failed = 0;

console.log('▶ preflight: what the tests need from this machine');
const pre = ensurePrerequisites(
  (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit' }).status === 0,
  (line) => console.log(`  ${line}`),
);
if (!pre.ok) {
  console.error(`\n${pre.report}`);
  process.exit(1);
}
const env = netlifyEnv(pre.env);

function step(name: string, cmd: string, args: string[]) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env });
  if (res.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${res.status ?? res.signal}).`);
    summary();
    process.exit(1);
  }
}

function vitest(project: string) {
  const out = path.join(REPORT, `${project}.json`);
  console.log(`\n▶ vitest --project ${project}`);
  const res = spawnSync(
    'vitest',
    ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env,
    },
  );
  let counted = false;
  try {
    const counts = countResults(JSON.parse(readFileSync(out, 'utf8')) as VitestJsonReport);
    passed += counts.passed;
    failed += counts.failed;
    for (const f of counts.brokenFiles) console.error(`✖ ${path.relative(ROOT, f.name)} failed to run: ${f.message}`);
    counted = true;
  } catch {}
  // No readable report at all: vitest itself could not start, which counts as a failure too.
  if (!counted && res.status !== 0) failed += 1;
  if (res.status !== 0) {
    console.error(`\n✖ vitest ${project} failed.`);
    summary();
    process.exit(1);
  }
}

function summary() {
  console.log(`\ntests: ${passed} passed, ${failed} failed`);
}

step('type check', 'npm', ['run', '--silent', 'check:types']);
step('lint and format', 'npm', ['run', '--silent', 'lint']);
step('validate product files', 'npm', ['run', '--silent', 'validate']);
vitest('unit');
vitest('integration');
step('production build (with post-build proof)', 'npm', ['run', '--silent', 'build']);
step('post-build proof', 'npm', ['run', '--silent', 'check:dist']);
step('OpenAPI lint', 'npm', ['run', '--silent', 'lint:openapi']);
vitest('e2e');
summary();
