// `npm run check:deploy` as a process: reads a .env file as Netlify imports it, exits 1 naming
// what the site would refuse, 0 for a complete file or a public-only first deploy.
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const KEY = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' });
const COMPLETE = {
  SITE_URL: 'https://catalog.example.org',
  OIDC_ISSUER: 'https://accounts.example.com',
  OIDC_CLIENT_ID: 'catalog',
  OIDC_CLIENT_SECRET: 's3cret-value',
  ADMIN_EMAILS: 'ada@example.org',
  AUTH_SECRET: 'k3Jq9-Zx8vB2mN7pQ4rT6wY1uI5oE0aS3dF',
  GITHUB_REPOSITORY: 'maya/catalog',
  GITHUB_APP_ID: '123456',
  GITHUB_APP_PRIVATE_KEY: String(KEY).trim().replace(/\n/g, '\\n'),
  GITHUB_APP_INSTALLATION_ID: '12345678',
  BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/abc',
};

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
      Object.entries(COMPLETE)
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
