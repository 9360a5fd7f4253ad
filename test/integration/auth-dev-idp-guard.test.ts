// `npm start` never runs the development identity provider in production or off loopback (its
// address or its listening one), and listens only where HOST may say.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/stack.ts';

function start(env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(OIDC_|SITE_URL|CONTEXT|AUTH_SECRET|ADMIN_EMAILS|REDIS_URL|HOST$)/.test(k),
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
  it.each(['0.0.0.0', '::'])('refuses when HOST=%s opens the stack to the network', (host) => {
    const r = start({ HOST: host });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`HOST=${host} opens the stack to the network`));
  });
});

describe('npm start listens where HOST says', () => {
  it.each(['192.168.1.20', 'example.org'])('refuses HOST=%s, naming the values it takes', (host) => {
    const r = start({ HOST: host });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/use a loopback address \(the default, 127\.0\.0\.1\), or 0\.0\.0\.0 or ::/);
  });
});
