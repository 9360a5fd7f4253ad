// `npm run check:types`: `astro check` (it syncs Astro's types, then type-checks every .astro and
// .ts file of tsconfig.json), failing unless it really checked. When `@astrojs/check` cannot be
// loaded (a missing dependency of its own), `astro check` asks in the terminal to install it and,
// with no terminal to answer, exits 0 having checked nothing: so its summary line must be there.
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

const SUMMARY = /^Result \(\d+ files?\):/m;

const child = spawn('astro', ['check', '--minimumSeverity', 'error', ...process.argv.slice(2)], {
  stdio: ['ignore', 'pipe', 'pipe'],
});
let out = '';
child.stdout.on('data', (chunk: Buffer) => {
  out += chunk.toString();
  process.stdout.write(chunk);
});
child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
child.on('exit', (code, signal) => {
  if (code !== 0) process.exit(code ?? 1);
  if (signal) process.exit(1);
  if (!SUMMARY.test(stripVTControlCharacters(out))) {
    console.error(
      '\n✖ astro check ended without checking anything (no "Result (N files)" line): is @astrojs/check installed and loadable? Run `npm install`.',
    );
    process.exit(1);
  }
});
