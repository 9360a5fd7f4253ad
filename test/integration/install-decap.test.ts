// The postinstall's Decap step (scripts/install-decap.cjs) in a scratch copy, with the npm it calls
// (npm_execpath, as during `npm install`) replaced by a stand-in whose `npm pack` writes a real
// tarball of a tiny package, as npm's `pack --json` does: so no registry is involved. It installs
// the package the lock pins into the lock's folder, refuses a tarball whose integrity is not the
// lock's and then leaves nothing behind, does nothing once installed, and `--pin` rewrites the lock.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
let dir: string;
let tarball: Buffer;
const integrityOf = (b: Buffer) => `sha512-${createHash('sha512').update(b).digest('base64')}`;

/** A stand-in for npm: `pack <spec> --pack-destination <dir> --json` copies the tiny tarball there. */
const FAKE_NPM = `
const fs = require('node:fs');
const path = require('node:path');
const args = process.argv.slice(2);
fs.appendFileSync(path.join(__dirname, 'calls.log'), args.join(' ') + '\\n');
const dest = args[args.indexOf('--pack-destination') + 1];
fs.copyFileSync(path.join(__dirname, 'decap-cms-9.9.9.tgz'), path.join(dest, 'decap-cms-9.9.9.tgz'));
console.log(JSON.stringify([{ id: args[1], filename: 'decap-cms-9.9.9.tgz' }]));
`;

function run(...args: string[]) {
  return spawnSync(process.execPath, [path.join(dir, 'scripts/install-decap.cjs'), ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, npm_execpath: path.join(dir, 'fake-npm.cjs') },
  });
}
const writeLock = (over: Record<string, string>) =>
  writeFileSync(
    path.join(dir, 'decap-cms.lock.json'),
    JSON.stringify({ package: 'decap-cms', version: '9.9.9', folder: 'node_modules/.decap-cms', ...over }),
  );
const calls = () => (existsSync(path.join(dir, 'calls.log')) ? readFileSync(path.join(dir, 'calls.log'), 'utf8') : '');

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'install-decap-'));
  mkdirSync(path.join(dir, 'scripts'));
  cpSync(path.join(ROOT, 'scripts/install-decap.cjs'), path.join(dir, 'scripts/install-decap.cjs'));
  const pkg = path.join(dir, 'src/package');
  mkdirSync(path.join(pkg, 'dist'), { recursive: true });
  writeFileSync(path.join(pkg, 'package.json'), '{"name":"decap-cms","version":"9.9.9"}\n');
  writeFileSync(path.join(pkg, 'dist/decap-cms.js'), 'window.CMS = {};\n');
  execFileSync('tar', ['-czf', path.join(dir, 'decap-cms-9.9.9.tgz'), '-C', path.join(dir, 'src'), 'package']);
  tarball = readFileSync(path.join(dir, 'decap-cms-9.9.9.tgz'));
  writeFileSync(path.join(dir, 'fake-npm.cjs'), FAKE_NPM);
  mkdirSync(path.join(dir, 'node_modules'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('scripts/install-decap.cjs', () => {
  it('refuses a tarball whose integrity is not the lock’s, and leaves nothing behind', () => {
    writeLock({ integrity: 'sha512-bm90IHRoaXMgb25l' });
    const r = run();
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /integrity sha512-\S+ is not the one decap-cms\.lock\.json pins \(sha512-bm90IHRoaXMgb25l\)/,
    );
    expect(readdirSync(path.join(dir, 'node_modules'))).toEqual([]);
  });

  it('installs the pinned package into the lock’s folder, with npm pack of exactly that version', () => {
    writeLock({ integrity: integrityOf(tarball) });
    const r = run();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Decap CMS 9\.9\.9's prebuilt bundle: node_modules\/\.decap-cms/);
    expect(readFileSync(path.join(dir, 'node_modules/.decap-cms/dist/decap-cms.js'), 'utf8')).toContain('CMS');
    expect(readdirSync(path.join(dir, 'node_modules'))).toEqual(['.decap-cms']);
    expect(calls()).toMatch(/^pack decap-cms@9\.9\.9 --pack-destination \S+ --json$/m);
  });

  it('does nothing (and asks npm nothing) when that version is installed', () => {
    const before = calls();
    const r = run();
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    expect(calls()).toBe(before);
  });

  it('--pin writes the version and the tarball’s integrity into the lock', () => {
    writeLock({ version: '1.0.0', integrity: 'sha512-b2xk' });
    const r = run('--pin', '9.9.9');
    expect(r.status, r.stderr).toBe(0);
    const lock = JSON.parse(readFileSync(path.join(dir, 'decap-cms.lock.json'), 'utf8')) as Record<string, string>;
    expect(lock).toMatchObject({ version: '9.9.9', integrity: integrityOf(tarball) });
  });
});
