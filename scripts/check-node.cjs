// Guards every npm script: explains an unsupported Node instead of failing with a stack trace.
// Node 24 is a pinned devDependency, so after `npm install` every `npm run …` uses it.
// `--installed` (the postinstall) ends `npm install` with one line saying so, and counts npm's
// EBADENGINE warnings that this explains: npm checks every package's `engines` against the Node
// that runs npm itself (npm 11 has no setting to check them against another version: its
// `nodeVersion` is always process.version, `loglevel` filters whole levels, `engine-strict` turns
// the warnings into errors, and `devEngines` replaces only the root package's own check), so on an
// older system Node it warns about packages that run fine on the pinned Node 24.
'use strict';
const major = Number(process.versions.node.split('.')[0]);

if (process.argv.includes('--installed')) {
  const path = require('node:path');
  const root = path.join(__dirname, '..');
  const pinned = require(path.join(root, 'package.json')).devDependencies.node;
  // The scripts run on the pinned Node already; npm itself ran on the Node it names in its user agent.
  const npmNode = /\bnode\/(v[\d.]+)/.exec(process.env.npm_config_user_agent ?? '')?.[1] ?? process.version;
  let note = '';
  try {
    const semver = require(require.resolve('semver', { paths: [root] }));
    const { packages } = require(path.join(root, 'package-lock.json'));
    // The packages npm checked and warned about: installed (not optional), with an `engines.node`
    // this Node does not satisfy (npm-install-checks' own test).
    const warned = Object.entries(packages).filter(
      ([where, p]) =>
        where &&
        !p.optional &&
        typeof p.engines?.node === 'string' &&
        !semver.satisfies(npmNode, p.engines.node, { includePrerelease: true }),
    );
    const unsupported = warned.filter(
      ([, p]) => !semver.satisfies(pinned, p.engines.node, { includePrerelease: true }),
    );
    if (warned.length)
      note =
        ` The ${warned.length} EBADENGINE warnings above come from npm checking engines against the Node it ran on, ${npmNode}` +
        (unsupported.length
          ? `; ${unsupported.length} of these packages do not support Node ${pinned} either: ${unsupported.map(([w]) => w.replace(/^.*node_modules\//, '')).join(', ')}.`
          : `: all ${warned.length} packages support Node ${pinned}.`);
  } catch {
    // No lock file or semver to count with: the line below still holds.
  }
  console.log(`Installed. Every npm script runs on the pinned Node ${pinned} (node_modules/.bin/node).${note}`);
  process.exit(0);
}

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
