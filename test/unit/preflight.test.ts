// npm test's preflight: where it finds a browser and redis-server, when it installs them itself,
// and what it tells a newcomer whose machine lacks them.
import { describe, expect, it } from 'vitest';
import {
  BROWSER,
  REDIS,
  check,
  ensurePrerequisites,
  familyOf,
  locate,
  missingReport,
  selfInstallPlan,
  type Machine,
} from '../../scripts/lib/preflight.ts';

const DEBIAN = { id: 'debian', idLike: [] };
const UBUNTU = { id: 'ubuntu', idLike: ['debian'] };

function machine(files: string[], over: Partial<Machine> = {}): Machine {
  const set = new Set(files);
  return {
    env: { PATH: '/usr/local/bin:/usr/bin:/bin' },
    platform: 'linux',
    home: '/home/ada',
    osRelease: DEBIAN,
    isRoot: false,
    isExecutable: (f) => set.has(f),
    list: (dir) => [
      ...new Set(files.filter((f) => f.startsWith(`${dir}/`)).map((f) => f.slice(dir.length + 1).split('/')[0]!)),
    ],
    ...over,
  };
}

describe.each([
  [
    'CHROME_PATH wins',
    machine(['/opt/x/chrome', '/usr/bin/chromium'], { env: { CHROME_PATH: '/opt/x/chrome', PATH: '/usr/bin' } }),
    '/opt/x/chrome',
  ],
  [
    'CHROME_PATH to nothing is missing, not a fallback',
    machine(['/usr/bin/chromium'], { env: { CHROME_PATH: '/nope', PATH: '/usr/bin' } }),
    null,
  ],
  [
    "Playwright's newest download",
    machine([
      '/home/ada/.cache/ms-playwright/chromium-1100/chrome-linux/chrome',
      '/home/ada/.cache/ms-playwright/chromium-1200/chrome-linux64/chrome',
      '/usr/bin/chromium',
    ]),
    '/home/ada/.cache/ms-playwright/chromium-1200/chrome-linux64/chrome',
  ],
  ["Debian's chromium on PATH", machine(['/usr/bin/chromium']), '/usr/bin/chromium'],
  ['Google Chrome on PATH', machine(['/usr/bin/google-chrome-stable']), '/usr/bin/google-chrome-stable'],
  [
    'Google Chrome on macOS',
    machine(['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'], { platform: 'darwin', osRelease: null }),
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  ],
  ['nothing', machine([]), null],
])('browser: %s', (_name, m, expected) => {
  it(`finds ${expected}`, () => expect(locate(BROWSER, m)).toBe(expected));
});

describe('redis-server', () => {
  it('is found on PATH or in Homebrew', () => {
    expect(locate(REDIS, machine(['/usr/bin/redis-server']))).toBe('/usr/bin/redis-server');
    expect(locate(REDIS, machine(['/opt/homebrew/bin/redis-server'], { platform: 'darwin' }))).toBe(
      '/opt/homebrew/bin/redis-server',
    );
    expect(locate(REDIS, machine([]))).toBeNull();
  });
});

describe('installing', () => {
  it('installs the Debian packages itself only on Debian, as root, with apt-get', () => {
    const missing = check(machine(['/usr/bin/apt-get'], { isRoot: true })).missing;
    expect(selfInstallPlan(machine(['/usr/bin/apt-get'], { isRoot: true }), missing)).toEqual([
      'chromium',
      'redis-server',
    ]);
    expect(selfInstallPlan(machine(['/usr/bin/apt-get'], { isRoot: false }), missing)).toBeNull();
    expect(selfInstallPlan(machine(['/usr/bin/apt-get'], { isRoot: true, osRelease: UBUNTU }), missing)).toBeNull();
    expect(selfInstallPlan(machine([], { isRoot: true }), missing)).toBeNull();
  });

  it('runs apt-get, then finds what it installed and hands the paths to the tests', () => {
    const files = ['/usr/bin/apt-get'];
    const m = machine(files, { isRoot: true, isExecutable: (f) => files.includes(f) });
    const ran: string[] = [];
    const result = ensurePrerequisites(
      (cmd, args) => {
        ran.push([cmd, ...args].join(' '));
        if (args.includes('install')) files.push('/usr/bin/chromium', '/usr/bin/redis-server');
        return true;
      },
      () => {},
      m,
    );
    expect(ran).toEqual([
      'env DEBIAN_FRONTEND=noninteractive apt-get update -qq',
      'env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium redis-server',
    ]);
    expect(result).toEqual({
      ok: true,
      env: { CHROME_PATH: '/usr/bin/chromium', REDIS_SERVER_BIN: '/usr/bin/redis-server' },
    });
  });

  it('elsewhere it names each missing piece with its install command, and runs nothing', () => {
    const ran: string[] = [];
    const mac = machine([], { platform: 'darwin', osRelease: null });
    const result = ensurePrerequisites(
      (cmd) => (ran.push(cmd), true),
      () => {},
      mac,
    );
    expect(ran).toEqual([]);
    expect(result.ok).toBe(false);
    const report = result.ok ? '' : result.report;
    expect(report).toContain('brew install --cask google-chrome');
    expect(report).toContain('brew install redis');
    expect(report).toContain('CHROME_PATH');
  });

  it('names Debian and macOS commands when the system is unknown, Chrome for Ubuntu', () => {
    const other = missingReport(machine([], { osRelease: { id: 'arch', idLike: [] } }), [BROWSER]);
    expect(other).toContain('sudo apt-get install -y chromium');
    expect(other).toContain('brew install --cask google-chrome');
    const ubuntu = missingReport(machine([], { osRelease: UBUNTU }), [BROWSER]);
    expect(ubuntu).toContain('google-chrome-stable_current_amd64.deb');
  });

  it.each([
    [{ id: 'debian', idLike: [] }, 'debian'],
    [{ id: 'ubuntu', idLike: ['debian'] }, 'ubuntu'],
    [{ id: 'linuxmint', idLike: ['ubuntu', 'debian'] }, 'ubuntu'],
    [{ id: 'raspbian', idLike: ['debian'] }, 'debian'],
    [{ id: 'fedora', idLike: [] }, 'other'],
  ])('%o is %s', (osRelease, family) => expect(familyOf(machine([], { osRelease }))).toBe(family));
});
