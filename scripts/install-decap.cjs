// Installs the one file set of Decap CMS the site serves, its prebuilt bundle (dist/), as the
// package alone: `npm pack` fetches the version decap-cms.lock.json pins from the npm registry,
// this checks the tarball against the lock's integrity and unpacks it into the lock's folder.
// Run by the postinstall, so `npm install` and `npm ci` install it. Installed through npm as a
// dependency, decap-cms brought its 630 source packages, whose peer ranges (React 16–18) conflict
// with its own React 19 and printed 16 ERESOLVE warnings; none of them is ever loaded (docs/bench.md).
// `node scripts/install-decap.cjs --pin <version>` pins another version (writes the lock) and installs it.
'use strict';
const { spawnSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const lockFile = path.join(root, 'decap-cms.lock.json');
let lock;
try {
  lock = JSON.parse(fs.readFileSync(lockFile, 'utf8'));
} catch (err) {
  console.error(`Cannot read ${lockFile} (${err.message}): it pins Decap CMS's version; restore it from git.`);
  process.exit(1);
}
const folder = path.join(root, lock.folder);
const pinAt = process.argv.indexOf('--pin');
const version = pinAt === -1 ? lock.version : process.argv[pinAt + 1];
if (!version) {
  console.error('Usage: node scripts/install-decap.cjs [--pin <version>]');
  process.exit(1);
}

const installed = () => {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(folder, '.installed.json'), 'utf8'));
    return stamp.version === lock.version && stamp.integrity === lock.integrity;
  } catch {
    return false;
  }
};
if (pinAt === -1 && installed()) process.exit(0);

const fail = (why) => {
  throw new Error(`Installing ${lock.package}@${version} into ${lock.folder} failed: ${why}`);
};
// npm itself, as the running install found it (npm_execpath), so the same npm and its cache serve.
const npm = process.env.npm_execpath
  ? [process.execPath, [process.env.npm_execpath]]
  : [process.platform === 'win32' ? 'npm.cmd' : 'npm', []];
fs.mkdirSync(path.dirname(folder), { recursive: true });
const work = fs.mkdtempSync(`${folder}-`);
try {
  const pack = spawnSync(
    npm[0],
    [...npm[1], 'pack', `${lock.package}@${version}`, '--pack-destination', work, '--json'],
    { cwd: work, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (pack.status !== 0) fail(`npm pack exited with ${pack.status ?? pack.signal}:\n${pack.stderr}`);
  const [{ filename }] = JSON.parse(pack.stdout);
  const tarball = path.join(work, filename);
  const integrity = `sha512-${createHash('sha512').update(fs.readFileSync(tarball)).digest('base64')}`;
  if (pinAt !== -1) {
    Object.assign(lock, { version, integrity });
    fs.writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);
  } else if (integrity !== lock.integrity)
    fail(`the tarball's integrity ${integrity} is not the one decap-cms.lock.json pins (${lock.integrity}).`);
  const tar = spawnSync('tar', ['-xzf', filename], { cwd: work, encoding: 'utf8' });
  if (tar.status !== 0) fail(`tar exited with ${tar.status ?? tar.signal}: ${tar.stderr || tar.error?.message}`);
  fs.writeFileSync(path.join(work, 'package', '.installed.json'), `${JSON.stringify({ version, integrity })}\n`);
  fs.rmSync(folder, { recursive: true, force: true });
  fs.renameSync(path.join(work, 'package'), folder);
  console.log(
    `Decap CMS ${version}'s prebuilt bundle: ${lock.folder} (one package from the npm registry, integrity checked).`,
  );
} catch (err) {
  console.error(err.message);
  process.exitCode = 1;
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
