// `npm run check:deploy` as a process: reads a .env file as Netlify imports it, exits 1 naming
// what the site would refuse, 0 for a complete file or a public-only first deploy.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPLETE_ENV } from '../support/deploy-env.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('npm run check:deploy, as a process', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'check-deploy-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (args: string[]) =>
    spawnSync(process.execPath, ['scripts/check-deploy.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH },
      encoding: 'utf8',
    });

  it('exits 1 naming the missing variables of a file, and 0 for a complete one', () => {
    const file = path.join(dir, 'partial.env');
    writeFileSync(file, 'SITE_URL=https://catalog.example.org\n');
    const partial = run(['--env-file', file]);
    expect(partial.status).toBe(1);
    expect(partial.stdout).toMatch(/✗ AUTH_SECRET/);
    expect(partial.stdout).not.toMatch(/✗ SITE_URL/);
    const whole = path.join(dir, 'whole.env');
    writeFileSync(
      whole,
      Object.entries(COMPLETE_ENV)
        .map(([k, v]) => `${k}="${v}"`)
        .join('\n'),
    );
    const ok = run(['--env-file', whole]);
    expect(ok.stdout).toMatch(/ready to deploy/);
    expect(ok.status).toBe(0);
    expect(run(['--env-file', file, '--public-only']).status).toBe(0);
  });

  it('is the package script check:deploy', () => {
    const scripts = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.scripts['check:deploy'] ?? '').toMatch(/scripts\/check-deploy\.ts/);
  });
});
