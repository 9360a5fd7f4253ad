// The content checks' steps, said once: `npm run test:content` and `npm test` (scripts/test.ts)
// run them on the checkout; the GitHub stand-in's required check (scripts/lib/github-standin/
// content-check.ts) runs them on a pull request's head.
import type { Step } from './steps.ts';

/** `npm run --silent <script> [-- more]`. */
export const npmStep = (name: string, script: string, more: string[] = []): Step => ({
  name,
  cmd: 'npm',
  args: ['run', '--silent', script, ...(more.length ? ['--', ...more] : [])],
});

/** The validator over the product files, their pictures and content/recall-watch.yml. */
export const validateStep = (): Step => npmStep('validate product files', 'validate');

/** The production build and its post-build proof, into `outDir` (the checkout's dist/ unless given). */
export const buildSteps = (outDir?: string): Step[] => [
  npmStep('production build (with post-build proof)', 'build', outDir ? ['--outDir', outDir] : []),
  npmStep('post-build proof', 'check:dist', outDir ? [outDir] : []),
];
