// `npm run check:deploy [-- --env-file <file>] [--public-only]`: before a deploy, names every
// variable the site would refuse or miss, with what to put there; exits 1 when it would refuse to run.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkDeploy, readEnvFile, report } from './lib/deploy-check.ts';

const { values } = parseArgs({
  options: { 'env-file': { type: 'string' }, 'public-only': { type: 'boolean', default: false } },
});
const file = values['env-file'];
// A file stands for Netlify's environment on its own; only the deploy context may come from here.
const env = file ? { ...readEnvFile(readFileSync(file, 'utf8')), CONTEXT: process.env.CONTEXT } : process.env;
const result = checkDeploy(env, { publicOnly: values['public-only'] });
console.log(`${file ? `Read ${file}.` : 'Read the environment.'}\n${report(result)}`);
process.exitCode = result.ok ? 0 : 1;
