// `npm start` never runs the development identity provider in production or off loopback.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/stack.ts';

function start(env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(OIDC_|SITE_URL|CONTEXT|AUTH_SECRET|ADMIN_EMAILS|REDIS_URL)/.test(k),
    ),
  );
  return spawnSync(process.execPath, ['scripts/start.ts'], {
    cwd: ROOT,
    env: { ...clean, PORT: '1', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('npm start guards the embedded identity provider', () => {
  it('refuses when CONTEXT=production', () => {
    const r = start({ CONTEXT: 'production' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/Refusing to start the development identity provider: CONTEXT=production/);
  });
  it.each(['https://catalog.example.org', 'http://192.168.1.20:8888'])('refuses when SITE_URL is %s', (url) => {
    const r = start({ SITE_URL: url });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/not a loopback address/);
  });
});
