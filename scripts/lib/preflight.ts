// What `npm test` needs from the machine besides node_modules: a Chromium-family browser (browser
// suite, Lighthouse) and redis-server (the Redis backend's own tests). Finds them, installs them on
// Debian as root (as `playwright install --with-deps` would), and otherwise names each missing piece
// with its install command before any test runs.
import { accessSync, constants, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The parts of the machine preflight looks at, injectable so the rules can be tested. */
export interface Machine {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  home: string;
  /** Parsed /etc/os-release (ID and ID_LIKE), or null off Linux. */
  osRelease: { id: string; idLike: string[] } | null;
  isRoot: boolean;
  isExecutable(file: string): boolean;
  /** Entries of a folder, or [] when it does not exist. */
  list(dir: string): string[];
}

export interface Requirement {
  name: 'browser' | 'redis-server';
  /** Why the test suite needs it. */
  why: string;
  /** Environment variable the tests read its path from; when set, it is the only place looked at. */
  envVar: string;
  /** Where it usually is, when the environment variable is not set. */
  search(m: Machine): string | null;
  /** Debian package names. */
  debianPackages: string[];
  /** Human-readable install commands per platform family. */
  howTo: { debian: string; ubuntu: string; macos: string };
}

function onPath(m: Machine, names: string[]): string | null {
  const dirs = (m.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const name of names)
    for (const dir of dirs) if (m.isExecutable(path.join(dir, name))) return path.join(dir, name);
  return null;
}

const firstExecutable = (m: Machine, files: string[]) => files.find((f) => m.isExecutable(f)) ?? null;

/** Browsers Playwright downloaded earlier (`npx playwright install chromium`), newest revision first. */
function playwrightBrowsers(m: Machine): string[] {
  const macCache = path.join(m.home, 'Library/Caches/ms-playwright');
  const root =
    m.env.PLAYWRIGHT_BROWSERS_PATH || (m.platform === 'darwin' ? macCache : path.join(m.home, '.cache/ms-playwright'));
  const revisions = m
    .list(root)
    .filter((d) => /^chromium-\d+$/.test(d))
    .sort((a, b) => Number(b.split('-')[1]) - Number(a.split('-')[1]));
  return revisions.flatMap((d) =>
    m.platform === 'darwin'
      ? [path.join(root, d, 'chrome-mac/Chromium.app/Contents/MacOS/Chromium')]
      : [path.join(root, d, 'chrome-linux/chrome'), path.join(root, d, 'chrome-linux64/chrome')],
  );
}

export const BROWSER: Requirement = {
  name: 'browser',
  why: 'the browser suite (pages in Chromium with axe-core) and Lighthouse',
  envVar: 'CHROME_PATH',
  search(m) {
    return (
      firstExecutable(m, playwrightBrowsers(m)) ??
      onPath(m, ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome']) ??
      firstExecutable(m, [
        '/usr/bin/chromium',
        '/opt/google/chrome/chrome',
        '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
        '/Applications/Chromium.app/Contents/MacOS/Chromium',
      ])
    );
  },
  debianPackages: ['chromium'],
  howTo: {
    debian: 'sudo apt-get install -y chromium',
    // Ubuntu's `chromium` package is a snap, which does not run in containers; Chrome's .deb does.
    ubuntu:
      'install Google Chrome: curl -fLO https://dl.google.com/linux/direct/google-chrome-stable_current_amd64.deb && sudo apt-get install -y ./google-chrome-stable_current_amd64.deb',
    macos: 'brew install --cask google-chrome   (or set CHROME_PATH to any Chromium-family browser)',
  },
};

export const REDIS: Requirement = {
  name: 'redis-server',
  why: 'the tests of the optional Redis backend (REDIS_URL)',
  envVar: 'REDIS_SERVER_BIN',
  search(m) {
    return (
      onPath(m, ['redis-server']) ?? firstExecutable(m, ['/usr/bin/redis-server', '/opt/homebrew/bin/redis-server'])
    );
  },
  debianPackages: ['redis-server'],
  howTo: {
    debian: 'sudo apt-get install -y redis-server',
    ubuntu: 'sudo apt-get install -y redis-server',
    macos: 'brew install redis',
  },
};

export const REQUIREMENTS = [BROWSER, REDIS] as const;

export type Family = 'debian' | 'ubuntu' | 'macos' | 'other';

export function familyOf(m: Machine): Family {
  if (m.platform === 'darwin') return 'macos';
  const ids = m.osRelease ? [m.osRelease.id, ...m.osRelease.idLike] : [];
  if (ids[0] === 'ubuntu' || (ids.includes('ubuntu') && ids[0] !== 'debian')) return 'ubuntu';
  if (ids.includes('debian')) return 'debian';
  return 'other';
}

export interface Check {
  found: Map<Requirement['name'], string>;
  missing: Requirement[];
}

/** The requirement's path: the one its environment variable names (if executable), else the first found. */
export function locate(r: Requirement, m: Machine): string | null {
  const chosen = m.env[r.envVar];
  if (chosen) return m.isExecutable(chosen) ? chosen : null;
  return r.search(m);
}

export function check(m: Machine, requirements: readonly Requirement[] = REQUIREMENTS): Check {
  const found = new Map<Requirement['name'], string>();
  const missing: Requirement[] = [];
  for (const r of requirements) {
    const at = locate(r, m);
    if (at) found.set(r.name, at);
    else missing.push(r);
  }
  return { found, missing };
}

/** Debian packages to install for `missing`, when this machine may install them itself (Debian, root, apt). */
export function selfInstallPlan(m: Machine, missing: readonly Requirement[]): string[] | null {
  if (missing.length === 0 || familyOf(m) !== 'debian' || !m.isRoot || !m.isExecutable('/usr/bin/apt-get')) return null;
  return missing.flatMap((r) => r.debianPackages);
}

/** The message naming each missing piece with its install commands. */
export function missingReport(m: Machine, missing: readonly Requirement[]): string {
  const family = familyOf(m);
  const lines = ['npm test cannot run yet: this machine lacks'];
  for (const r of missing) {
    lines.push(``, `  ${r.name}, needed by ${r.why}`);
    if (family === 'debian' || family === 'ubuntu' || family === 'macos')
      lines.push(`    ${family}: ${r.howTo[family]}`);
    else lines.push(`    Debian: ${r.howTo.debian}`, `    macOS:  ${r.howTo.macos}`);
    lines.push(`    or set ${r.envVar} to its path.`);
  }
  lines.push('', 'On Debian, running npm test as root installs them itself.');
  return lines.join('\n');
}

function readOsRelease(): Machine['osRelease'] {
  try {
    const text = readFileSync('/etc/os-release', 'utf8');
    const get = (k: string) => new RegExp(`^${k}=("?)([^"\\n]*)\\1$`, 'm').exec(text)?.[2] ?? '';
    return { id: get('ID'), idLike: get('ID_LIKE').split(/\s+/).filter(Boolean) };
  } catch {
    return null;
  }
}

/** The real machine. */
export function thisMachine(env: Record<string, string | undefined> = process.env): Machine {
  return {
    env,
    platform: process.platform,
    home: os.homedir(),
    osRelease: process.platform === 'linux' ? readOsRelease() : null,
    isRoot: process.getuid?.() === 0,
    isExecutable(file) {
      try {
        accessSync(file, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
    list(dir) {
      try {
        return readdirSync(dir);
      } catch {
        return [];
      }
    },
  };
}

/**
 * Finds every requirement, installing the missing ones itself where it may (Debian as root); returns
 * the environment the tests read the paths from, or the report of what is still missing.
 */
export function ensurePrerequisites(
  run: (cmd: string, args: string[]) => boolean,
  log: (line: string) => void,
  m: Machine = thisMachine(),
): { ok: true; env: Record<string, string> } | { ok: false; report: string } {
  let result = check(m);
  const plan = selfInstallPlan(m, result.missing);
  if (plan) {
    log(`Installing Debian packages: ${plan.join(' ')}`);
    const env = ['DEBIAN_FRONTEND=noninteractive'];
    const ok =
      run('env', [...env, 'apt-get', 'update', '-qq']) &&
      run('env', [...env, 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...plan]);
    if (!ok) log('apt-get failed; see its output above.');
    result = check(m);
  }
  if (result.missing.length) return { ok: false, report: missingReport(m, result.missing) };
  const env: Record<string, string> = {};
  for (const r of REQUIREMENTS) {
    const at = result.found.get(r.name)!;
    env[r.envVar] = at;
    log(`${r.name}: ${at}`);
  }
  return { ok: true, env };
}
