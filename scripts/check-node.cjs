// Guards every npm script: explains an unsupported Node instead of failing with a stack trace.
// Node 24 is a pinned devDependency, so after `npm install` every `npm run …` uses it.
'use strict';
const major = Number(process.versions.node.split('.')[0]);
const installing = process.argv.includes('--install');
const needed = installing ? 20 : 22;
if (major < needed) {
  const lines = installing
    ? [`This project needs Node 20 or newer to install (found ${process.version}).`]
    : [
        `This project runs on Node 24, found ${process.version}.`,
        'Node 24 is a pinned devDependency: run `npm install` first, then use the npm scripts',
        '(`npm start`, `npm test`), which put node_modules/.bin/node first on PATH.',
      ];
  console.error(lines.join('\n'));
  process.exit(1);
}
