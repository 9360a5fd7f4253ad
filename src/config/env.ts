// Every environment variable the service reads, in one zod schema, parsed once into typed settings
// grouped by who uses them: the site, the build, the admin side (sign-in, tokens, tools) and its
// shared store. Nothing else under src/ reads process.env: entry points (the functions, the Astro
// config, the scripts) call `settings()`, tests call `readSettings(env)`, and modules receive the
// part they need. A problem names the variable and what is wrong with it, all at once.
import { z } from 'zod';

export type Env = Record<string, string | undefined>;

/** Where a variable is documented for people (README's configuration table, .env.example). */
interface Doc {
  readme: boolean;
  envExample: boolean;
}

/** Every variable, with where it is documented. A unit test keeps README and .env.example in step. */
export const VARIABLES = {
  SITE_URL: { readme: true, envExample: true },
  URL: { readme: false, envExample: false }, // Netlify's own primary address
  CONTEXT: { readme: false, envExample: false }, // set by Netlify and netlify-cli
  OIDC_ISSUER: { readme: true, envExample: true },
  OIDC_CLIENT_ID: { readme: true, envExample: true },
  OIDC_CLIENT_SECRET: { readme: true, envExample: true },
  ADMIN_EMAILS: { readme: true, envExample: true },
  AUTH_SECRET: { readme: true, envExample: true },
  AUTH_SECRET_PREVIOUS: { readme: true, envExample: true },
  REDIS_URL: { readme: true, envExample: true },
  NETLIFY_BLOBS_CONTEXT: { readme: false, envExample: false }, // handed to functions by the platform
  BUILD_HOOK_URL: { readme: true, envExample: true },
  GITHUB_TOKEN: { readme: true, envExample: true },
  GITHUB_REPOSITORY: { readme: true, envExample: true },
  PROPOSALS_REPO_DIR: { readme: true, envExample: false },
  CURATOR_REVIEWERS: { readme: true, envExample: true },
  RECALLS_API_URL: { readme: true, envExample: true },
  WATCHERS_PAUSED: { readme: true, envExample: true },
  CATALOG_BUILD_TIME: { readme: true, envExample: false },
  CATALOG_CONTENT_DIR: { readme: true, envExample: false },
  CATALOG_IMAGES_DIR: { readme: true, envExample: false },
  ADMIN_CATALOG_PATH: { readme: false, envExample: false }, // tests and the benchmark
  ADMIN_CATALOG_OUT: { readme: false, envExample: false }, // tests and the benchmark
  ASTRO_CACHE_DIR: { readme: false, envExample: false }, // tests and the benchmark
  LAMBDA_TASK_ROOT: { readme: false, envExample: false }, // set by the function runtime
  LINK_CHECK_DNS_SERVER: { readme: true, envExample: false },
  LINK_CHECK_ALLOW_ADDRESSES: { readme: true, envExample: false },
  PORT: { readme: true, envExample: false },
  REPOSITORY_URL: { readme: false, envExample: false }, // Netlify's, at build time: the editor's repository
  NETLIFY: { readme: false, envExample: false }, // 'true' in builds on Netlify (never names the editor's local proxy)
  EDITOR_PROXY_URL: { readme: true, envExample: false }, // set by npm start: the editor's local proxy
  HOST: { readme: true, envExample: false },
  START_VERBOSE: { readme: true, envExample: false }, // read by npm start's report (scripts/lib/start-report.ts)
} as const satisfies Record<string, Doc>;

export type Variable = keyof typeof VARIABLES;

/** The loopback default of the site's address, for the local stack and tests only. */
export const DEFAULT_SITE_URL = 'http://localhost:8888';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** True for localhost, 127.0.0.0/8 and ::1. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname.endsWith('.localhost');
}

/** Typical placeholders people paste instead of a random value. */
const PLACEHOLDER = /password|passwd|changeme|change-me|replace-?me|your-?secret|example|qwerty|letmein/i;
export const SECRET_MIN_BYTES = 32;
/** Length × per-character Shannon entropy: crude, but 32 × `a` scores 0 and random base64 ~200. */
const MIN_ESTIMATED_BITS = 96;

function estimatedBits(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const n = [...s].length;
  let perChar = 0;
  for (const c of counts.values()) perChar -= (c / n) * Math.log2(c / n);
  return perChar * n;
}

/** Why a secret must not be used, or null. It cannot prove randomness; it stops obvious mistakes. */
export function secretProblem(secret: string): string | null {
  if (Buffer.byteLength(secret) < SECRET_MIN_BYTES) return `shorter than ${SECRET_MIN_BYTES} bytes`;
  if (PLACEHOLDER.test(secret)) return 'looks like a placeholder or a password';
  if (new Set(secret).size < 8) return 'too few distinct characters';
  if (estimatedBits(secret) < MIN_ESTIMATED_BITS) return 'too repetitive to be random';
  return null;
}

/** Settings that may be incomplete: the value, or every missing or invalid variable, each with why. */
export type Checked<T> = { ok: true; value: T } | { ok: false; missing: string[] };

export interface AuthSecrets {
  current: string;
  previous?: string;
}

export interface Settings {
  site: {
    /** The public base URL, no trailing slash: SITE_URL, else Netlify's URL, else the loopback default. */
    url: string;
    /** Whether `url` is the loopback default (nothing named an address). */
    urlIsDefault: boolean;
    /** Netlify's deploy context (`production`, `deploy-preview`, `dev`, …) exactly as set (never trimmed), when one is set. */
    context: string | undefined;
  };
  build: {
    /** Pretend the build runs at this time (tests, previews of scheduled products). */
    time: Date | undefined;
    contentDir: string | undefined;
    imagesDir: string | undefined;
    cacheDir: string | undefined;
    adminCatalogOut: string | undefined;
    /** The browser editor's backend (src/outputs/editor-config.ts). */
    editor: {
      /** GITHUB_REPOSITORY, else the owner/name of Netlify's REPOSITORY_URL on github.com. */
      repository: string | null;
      /** EDITOR_PROXY_URL, honoured only on loopback and never in a build on Netlify. */
      localProxyUrl: string | null;
    };
  };
  admin: {
    /** What tokens need: the issuer (the site), the secrets and the allowlist. */
    tokens: Checked<{ issuer: string; secrets: AuthSecrets; admins: ReadonlySet<string> }>;
    /** What sign-in needs besides the tokens' settings: the upstream OpenID provider. */
    oidc: Checked<{ issuer: URL; clientId: string; clientSecret: string }>;
    buildHookUrl: string | undefined;
    proposals: { githubToken?: string; githubRepository?: string; localRepoDir?: string };
    /** Where the admin catalog is, when not the default place. */
    catalogPath: string | undefined;
    /** The function runtime's code folder (the admin catalog ships there). */
    taskRoot: string | undefined;
    /** check_links' test network (attack tests on the local stack): honoured with CONTEXT=dev only. */
    linkCheck: { dnsServer?: string; allowAddresses?: string[] };
    /** The link and recall watchers (src/server/watch/). */
    watch: WatchSettings;
  };
  store: {
    redisUrl: string | undefined;
    /** The Netlify Blobs context the platform hands the function, when there is one. */
    blobsContext(): string | undefined;
  };
  port: number | undefined;
}

const text = (env: Env, name: Variable) => env[name]?.trim() || undefined;

/** CPSC's recall service (SaferProducts.gov), keyless: the recall watcher's default source. */
export const CPSC_RECALLS_URL = 'https://www.saferproducts.gov/RestWebServices/Recall';

export interface WatchSettings {
  /** WATCHERS_PAUSED: the scheduled watchers log that they are paused and do nothing. */
  paused: boolean;
  /** RECALLS_API_URL (CPSC's service by default), or why it cannot be used. */
  recallsApiUrl: Checked<string>;
  /** CURATOR_REVIEWERS: GitHub logins (and `org/team` teams) asked to review the watchers' proposals. */
  reviewers: { users: string[]; teams: string[]; problems: string[] };
}

/** A GitHub login, or a team as `org/team-slug`. */
const GITHUB_LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
const GITHUB_TEAM = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}\/[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

function watchSettings(env: Env): WatchSettings {
  const paused = /^(?:1|true|yes|on)$/i.test(text(env, 'WATCHERS_PAUSED') ?? '');
  const rawUrl = text(env, 'RECALLS_API_URL') ?? CPSC_RECALLS_URL;
  const recallsApiUrl: Checked<string> = HttpsUrl.safeParse(rawUrl).success
    ? { ok: true, value: rawUrl.replace(/\/+$/, '') }
    : { ok: false, missing: [`RECALLS_API_URL (not an http(s) URL: "${rawUrl}")`] };
  const reviewers: WatchSettings['reviewers'] = { users: [], teams: [], problems: [] };
  for (const name of (text(env, 'CURATOR_REVIEWERS') ?? '').split(',').map((n) => n.trim().replace(/^@/, ''))) {
    if (!name) continue;
    if (GITHUB_LOGIN.test(name)) reviewers.users.push(name);
    else if (GITHUB_TEAM.test(name)) reviewers.teams.push(name.split('/')[1]!);
    else reviewers.problems.push(`CURATOR_REVIEWERS: "${name}" is neither a GitHub login nor org/team`);
  }
  return { paused, recallsApiUrl, reviewers };
}

/** Comma-separated admin emails, lower-cased and trimmed. */
export function parseAdminEmails(raw: string | undefined): Set<string> {
  return new Set(
    (raw ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
}

const HttpsUrl = z.url({ protocol: /^https?$/ });

/** Reads the settings from `env`, checking each variable; never throws for the admin side. */
export function readSettings(env: Env): Settings {
  // Exactly as set, not trimmed: `dev` turns on development-only behaviour (the loopback default
  // address for tokens, check_links' test network), which no near miss such as " dev" may do.
  const context = env.CONTEXT || undefined;
  const named = (text(env, 'SITE_URL') ?? text(env, 'URL'))?.replace(/\/+$/, '');
  const siteUrl = named ?? DEFAULT_SITE_URL;

  const tokenProblems: string[] = [];
  // Tokens name the site as their issuer: outside the local stack, the address must be named.
  if (!named && context !== 'dev') tokenProblems.push('SITE_URL (the public address)');
  else if (named && !HttpsUrl.safeParse(named).success) tokenProblems.push(`SITE_URL (not an http(s) URL: "${named}")`);
  const current = env.AUTH_SECRET ?? '';
  if (!current) tokenProblems.push(`AUTH_SECRET (at least ${SECRET_MIN_BYTES} random bytes)`);
  else if (secretProblem(current)) tokenProblems.push(`AUTH_SECRET (too weak: ${secretProblem(current)})`);
  const previous = env.AUTH_SECRET_PREVIOUS?.length ? env.AUTH_SECRET_PREVIOUS : undefined;
  if (previous !== undefined && secretProblem(previous))
    tokenProblems.push(`AUTH_SECRET_PREVIOUS (too weak: ${secretProblem(previous)})`);
  const admins = parseAdminEmails(env.ADMIN_EMAILS);
  if (admins.size === 0) tokenProblems.push('ADMIN_EMAILS');

  const oidcProblems: string[] = [];
  const rawIssuer = text(env, 'OIDC_ISSUER');
  let issuer: URL | undefined;
  if (!rawIssuer) oidcProblems.push('OIDC_ISSUER');
  else if (!URL.canParse(rawIssuer)) oidcProblems.push('OIDC_ISSUER (not a URL)');
  else {
    issuer = new URL(rawIssuer);
    if (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname)))
      oidcProblems.push('OIDC_ISSUER (must be https; plain http is accepted on loopback only)');
  }
  const clientId = text(env, 'OIDC_CLIENT_ID');
  const clientSecret = text(env, 'OIDC_CLIENT_SECRET');
  if (!clientId) oidcProblems.push('OIDC_CLIENT_ID');
  if (!clientSecret) oidcProblems.push('OIDC_CLIENT_SECRET');

  const dnsServer = text(env, 'LINK_CHECK_DNS_SERVER');
  const allow = text(env, 'LINK_CHECK_ALLOW_ADDRESSES');
  const port = text(env, 'PORT');

  return {
    site: { url: siteUrl, urlIsDefault: named === undefined, context },
    build: {
      time: buildTime(env),
      contentDir: text(env, 'CATALOG_CONTENT_DIR'),
      imagesDir: text(env, 'CATALOG_IMAGES_DIR'),
      cacheDir: text(env, 'ASTRO_CACHE_DIR'),
      adminCatalogOut: text(env, 'ADMIN_CATALOG_OUT'),
      editor: { repository: editorRepository(env), localProxyUrl: editorProxyUrl(env) },
    },
    admin: {
      tokens: tokenProblems.length
        ? { ok: false, missing: tokenProblems }
        : {
            ok: true,
            value: { issuer: siteUrl, secrets: { current, ...(previous ? { previous } : {}) }, admins },
          },
      oidc:
        oidcProblems.length || !issuer
          ? { ok: false, missing: oidcProblems }
          : { ok: true, value: { issuer, clientId: clientId!, clientSecret: clientSecret! } },
      buildHookUrl: text(env, 'BUILD_HOOK_URL'),
      proposals: {
        ...(text(env, 'GITHUB_TOKEN') ? { githubToken: text(env, 'GITHUB_TOKEN') } : {}),
        ...(text(env, 'GITHUB_REPOSITORY') ? { githubRepository: text(env, 'GITHUB_REPOSITORY') } : {}),
        ...(text(env, 'PROPOSALS_REPO_DIR') ? { localRepoDir: text(env, 'PROPOSALS_REPO_DIR') } : {}),
      },
      catalogPath: text(env, 'ADMIN_CATALOG_PATH'),
      taskRoot: text(env, 'LAMBDA_TASK_ROOT'),
      linkCheck: {
        ...(dnsServer ? { dnsServer } : {}),
        ...(allow ? { allowAddresses: allow.split(',').map((s) => s.trim()) } : {}),
      },
      watch: watchSettings(env),
    },
    store: {
      redisUrl: text(env, 'REDIS_URL'),
      blobsContext: () => {
        const fromRuntime = (globalThis as { netlifyBlobsContext?: unknown }).netlifyBlobsContext;
        return (typeof fromRuntime === 'string' && fromRuntime) || text(env, 'NETLIFY_BLOBS_CONTEXT');
      },
    },
    port: port === undefined ? undefined : Number(port),
  };
}

/** The GitHub repository the deployed editor writes to: GITHUB_REPOSITORY, else Netlify's REPOSITORY_URL. */
function editorRepository(env: Env): string | null {
  const named = text(env, 'GITHUB_REPOSITORY');
  if (named) return named;
  const m = /^https:\/\/github\.com\/([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(text(env, 'REPOSITORY_URL') ?? '');
  return m ? m[1]! : null;
}

/**
 * The editor's local proxy (`npm start` sets it): only a loopback address, and never in a build on
 * Netlify (which sets NETLIFY=true; netlify-cli's local builds set NETLIFY_LOCAL instead), so no
 * deployed configuration ever names it.
 */
function editorProxyUrl(env: Env): string | null {
  const raw = text(env, 'EDITOR_PROXY_URL');
  if (!raw || !URL.canParse(raw) || env.NETLIFY === 'true') return null;
  return isLoopbackHost(new URL(raw).hostname) ? raw : null;
}

/** CATALOG_BUILD_TIME, checked: a build told a time it cannot read stops, naming it. */
function buildTime(env: Env): Date | undefined {
  const raw = text(env, 'CATALOG_BUILD_TIME');
  if (!raw) return undefined;
  const at = new Date(raw);
  if (Number.isNaN(at.getTime()))
    throw new Error(`CATALOG_BUILD_TIME is not a date-time: "${raw}" (use e.g. 2026-12-01T09:00:00Z)`);
  return at;
}

/** The environment a child process inherits (git, for the local proposals). */
export const childEnv = (): Env => ({ ...process.env });

let parsed: Settings | undefined;

/** The settings of this process's environment, read on first use. */
export function settings(): Settings {
  return (parsed ??= readSettings(process.env));
}

/** The admin side's problems in one message, or null when it may run (tokens and sign-in). */
export function adminProblems(s: Settings, { signIn }: { signIn: boolean }): string[] {
  return [
    ...(s.admin.tokens.ok ? [] : s.admin.tokens.missing),
    ...(signIn && !s.admin.oidc.ok ? s.admin.oidc.missing : []),
  ];
}
