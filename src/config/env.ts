// Every environment variable the service reads, in one zod schema, parsed once into typed settings
// grouped by who uses them: the site, the build, the admin side (sign-in, tokens, tools) and its
// shared store. Nothing else under src/ reads process.env: entry points (the functions, the Astro
// config, the scripts) call `settings()`, tests call `readSettings(env)`, and modules receive the
// part they need. A problem names the variable and what is wrong with it, all at once.
import { z } from 'zod';
import { emailKey, isPlainEmail, normalisedEmail } from './email.ts';

export type Env = Record<string, string | undefined>;

// Every variable, with what a person needs to know to set it (or to leave it alone): what it means,
// what reads it, who sets it and, for an operator's variable, its Netlify scopes and deploy contexts.
// The one table of variables (docs/reference.md, written by `npm run docs:sections`) comes from this
// list, and so is .env.example; `npm run check:deploy` names a variable with its example and where to get it.

/** Netlify's scopes: which of its processes see the variable. */
export type Scope = 'Builds' | 'Functions';

export interface VariableDoc {
  /**
   * Who sets it: an `operator` in Netlify's environment variables; `local`: `npm start` or a
   * developer on the local stack, never a site; `tests`: tests and the benchmark, never a site;
   * `platform`: Netlify or netlify-cli, never a person.
   */
  setBy: 'operator' | 'local' | 'tests' | 'platform';
  /** An operator's variable: the scopes that need it. */
  scopes?: readonly Scope[];
  /**
   * An operator's variable: its deploy contexts. `production` for what the admin side signs or
   * writes with: a deploy preview runs a pull request's code, functions included.
   */
  contexts?: 'all' | 'production';
  /** What reads it. */
  usedBy: string;
  /** What it means and what to write: Markdown, one paragraph, links relative to docs/. */
  about: string;
  /** Whether .env.example shows it (set or commented out). */
  envExample: boolean;
  /** An operator's variable: when the site refuses to run without it, in words (none: optional). */
  required?: string;
  /** An operator's variable: a value of the right form. */
  example?: string;
  /** An operator's variable: where she gets the value or how she makes it (Markdown, links relative to docs/). */
  obtain?: string;
}

const operator = (scopes: readonly Scope[], contexts: 'all' | 'production') => ({
  setBy: 'operator' as const,
  scopes,
  contexts,
});
const ADMIN = operator(['Functions'], 'production');

/** Every variable, in the order of the table: an operator's first, then local, tests, platform. */
export const VARIABLES = {
  NODE_VERSION: {
    ...operator(['Builds', 'Functions'], 'all'),
    usedBy: "Netlify's build image and function runtime",
    about:
      "Optional: the repository's `.nvmrc` (24) sets the build's Node, and Netlify runs the functions on it (`nodejs24.x`); set this only to override. The scripts run on the Node 24 pinned in `package.json`.",
    envExample: false,
    example: '24',
  },
  SITE_URL: {
    ...operator(['Builds', 'Functions'], 'all'),
    usedBy: 'build, functions',
    about:
      "The public address, no trailing slash: `SITE_URL`, else Netlify's `URL`, else `http://localhost:8888`. The OAuth issuer and the MCP resource are derived from it, so admins must use exactly this address; tokens are issued for the loopback default only on the local stack (`CONTEXT` exactly `dev`), otherwise the admin side answers 503 naming `SITE_URL`.",
    envExample: true,
    required: 'the admin side and the editor; https in production (plain http on loopback only)',
    example: 'https://catalog.example.org',
    obtain: "Netlify's *Domain management* page: the site's address (`https://<name>.netlify.app`) or your own domain.",
  },
  OIDC_ISSUER: {
    ...ADMIN,
    usedBy: '`/api/auth/*`',
    about:
      "The upstream OpenID Connect provider's issuer URL (its `/.well-known/openid-configuration` must exist); https, plain http only on loopback. Unset under `npm start`, which then runs a development provider.",
    envExample: true,
    required: 'the admin side and the editor (sign-in)',
    example: 'https://accounts.google.com',
    obtain:
      "Your sign-in provider's issuer address (Google: `https://accounts.google.com`; Microsoft Entra: `https://login.microsoftonline.com/<tenant>/v2.0`).",
  },
  OIDC_CLIENT_ID: {
    ...ADMIN,
    usedBy: '`/api/auth/*`',
    about:
      'The client id from registering the catalog with the provider ([DEPLOY.md, step 2](../DEPLOY.md#2-register-the-site-with-your-sign-in-provider)).',
    envExample: true,
    required: 'the admin side and the editor (sign-in)',
    example: '1234-abc.apps.googleusercontent.com',
    obtain:
      'Register a web application at the provider: redirect URI `<SITE_URL>/api/auth/callback`, scopes `openid email`; it shows the client id.',
  },
  OIDC_CLIENT_SECRET: {
    ...ADMIN,
    usedBy: '`/api/auth/*`',
    about: "Required for admin sign-in: that client's secret.",
    envExample: true,
    required: 'the admin side and the editor (sign-in)',
    example: 'GOCSPX-…',
    obtain: 'Shown beside the client id when you register the application.',
  },
  ADMIN_EMAILS: {
    ...ADMIN,
    usedBy: '`/api/auth/*`, `/api/mcp`',
    about:
      "Required for the admin side: the comma-separated allowlist of admin addresses (`maya@example.org,theo@example.org`), re-checked on every request. Addresses only: an admin's handle is her `CURATOR_EMAILS` entry. A malformed entry (`maya@example.org=maya`, an address listed twice in any spelling, one in characters that Unicode normalisation changes) is named with its fix and stops the admin side (503) ([auth.md](auth.md#who-may-edit)).",
    envExample: true,
    required: 'the admin side and the editor',
    example: 'maya@example.org,theo@example.org',
    obtain: 'The addresses the admins sign in with at the provider.',
  },
  CURATOR_EMAILS: {
    ...ADMIN,
    usedBy: "the editor's sign-in (`/api/auth/*`) and every editor request",
    about:
      "Optional: who may use the browser editor besides the admins, as `email=handle` pairs (`maya@school.example=maya,jo@home.example=jo`; commits and the editor show the handle, never the email), re-checked on every request. A malformed entry (an address listed twice in any spelling, or in characters that Unicode normalisation changes, among them) is named and stops the editor's sign-in (503) ([auth.md](auth.md#who-may-edit)).",
    envExample: true,
    example: 'maya@school.example=maya,jo@home.example=jo',
    obtain: "Each curator's sign-in address, `=`, and a short handle you choose for her.",
  },
  PUBLISH_OWN_SAVES: {
    ...ADMIN,
    usedBy: 'the browser editor',
    about:
      'Optional: `true` lets a curator publish what she saved herself (a one-curator site). Default `false`: someone else must publish it (four eyes). Admins may always publish.',
    envExample: true,
    example: 'false',
  },
  AUTH_SECRET: {
    ...ADMIN,
    usedBy: '`/api/auth/*`, `/api/mcp`',
    about:
      'At least 32 random bytes; signs tokens and seals codes and cookies. Weak values (short, a placeholder or a password, repetitive) are refused with a 503 naming `AUTH_SECRET (too weak: …)`. Changing it without signing everyone out: [operate.md](operate.md#rotating-the-signing-secret).',
    envExample: true,
    required: 'the admin side and the editor',
    example: '(48 random bytes in base64)',
    obtain: 'Make it: `openssl rand -base64 48`.',
  },
  AUTH_SECRET_PREVIOUS: {
    ...ADMIN,
    usedBy: '`/api/auth/*`, `/api/mcp`',
    about:
      'Only during a rotation: the previous `AUTH_SECRET`, still accepted for what it signed ([operate.md](operate.md#rotating-the-signing-secret)).',
    envExample: true,
    obtain: 'The `AUTH_SECRET` you are replacing.',
  },
  REDIS_URL: {
    ...ADMIN,
    usedBy: '`/api/auth/*`, `/api/mcp`',
    about:
      'Optional: `rediss://default:<password>@<host>:<port>` moves the shared store (single-use codes, refresh families, rate limits) from Netlify Blobs to Redis ([operate.md](operate.md#the-shared-store)).',
    envExample: true,
    example: 'rediss://default:<password>@<host>:6379',
    obtain: "Your Redis provider's connection string.",
  },
  BUILD_HOOK_URL: {
    ...ADMIN,
    usedBy: '`scheduled-rebuild`, the `trigger_rebuild` tool',
    about:
      'The Netlify build hook ([operate.md](operate.md#scheduled-products-and-the-build-hook)): the scheduled rebuild posts it when a scheduled product is due, and `trigger_rebuild` on demand.',
    envExample: true,
    example: 'https://api.netlify.com/build_hooks/<id>',
    obtain: 'Netlify: *Site configuration → Build & deploy → Build hooks → Add build hook*.',
  },
  GITHUB_TOKEN: {
    ...ADMIN,
    usedBy: 'git gateway, proposal tools, watchers',
    about:
      "Optional, when no GitHub App is set (`GITHUB_APP_ID`, preferred): a fine-grained token on this repository only, for the proposals and the watchers; with it the editor's Publish refuses every pull request (a token cannot read checks). Without either, the proposal tools answer `not_configured`. Mark it a secret.",
    envExample: true,
    example: 'github_pat_…',
    obtain:
      'GitHub: *Settings → Developer settings → Fine-grained tokens* ([operate.md](operate.md#a-token-instead-of-the-github-app)).',
  },
  GITHUB_REPOSITORY: {
    ...operator(['Functions'], 'all'),
    usedBy: 'git gateway, proposal tools, watchers',
    about: "`owner/name` of this repository, where proposals and the editor's saves go.",
    envExample: true,
    required: 'the editor and the proposals',
    example: 'maya/catalog',
    obtain: 'The repository Netlify builds from: `owner/name` in its address.',
  },
  GITHUB_APP_ID: {
    ...ADMIN,
    usedBy: 'git gateway, proposal tools, watchers',
    about:
      "Preferred to `GITHUB_TOKEN`: the site's GitHub App's ID. With its key and installation, the gateway, the proposals and the watchers use the App's installation token, renewed hourly.",
    envExample: true,
    required: 'the editor and the proposals (or `GITHUB_TOKEN`)',
    example: '123456',
    obtain: '`npm run setup:github-app` prints it.',
  },
  GITHUB_APP_PRIVATE_KEY: {
    ...ADMIN,
    usedBy: 'git gateway, proposal tools, watchers',
    about:
      "The App's private key: the whole `.pem` file, its `BEGIN` and `END` lines included (a one-line value may write its line breaks as `\\n`). Mark it a secret.",
    envExample: true,
    required: 'with `GITHUB_APP_ID`',
    example: '"-----BEGIN RSA PRIVATE KEY-----\\n…\\n-----END RSA PRIVATE KEY-----\\n"',
    obtain: '`npm run setup:github-app` prints it, its line breaks written as `\\n`.',
  },
  GITHUB_APP_INSTALLATION_ID: {
    ...ADMIN,
    usedBy: 'git gateway, proposal tools, watchers',
    about: "The App's installation on this repository: the number its settings address ends in.",
    envExample: true,
    required: 'with `GITHUB_APP_ID`',
    example: '12345678',
    obtain: '`npm run setup:github-app` prints it once you have installed the App on the repository.',
  },
  GITHUB_API_URL: {
    ...operator(['Functions'], 'all'),
    usedBy: 'git gateway, proposal tools, watchers',
    about:
      "GitHub's REST API, `https://api.github.com` by default; https, plain http on loopback only (`npm start` points it at its stand-in of GitHub).",
    envExample: true,
    example: 'https://api.github.com',
  },
  SITE_BRANCH: {
    ...operator(['Builds', 'Functions'], 'all'),
    usedBy: 'the browser editor (`/admin/config.yml`), the gateway',
    about:
      "Optional: the branch the site is built from, which the editor's saves are proposed against and published into (default `main`). `npm start` sets its own (`cms-base/<port>`), so a curator's Publish never moves your branch.",
    envExample: true,
    example: 'main',
  },
  CURATOR_REVIEWERS: {
    ...operator(['Functions'], 'all'),
    usedBy: 'watchers',
    about:
      'Optional: comma-separated GitHub logins (or `org/team`) asked to review every proposal a watcher opens, so GitHub notifies them ([operate.md](operate.md#the-watchers-shop-links-and-recalls)).',
    envExample: true,
    example: 'maya-curates,theo-picks',
    obtain: 'The reviewers’ GitHub logins, or `org/team`.',
  },
  RECALLS_API_URL: {
    ...operator(['Functions'], 'all'),
    usedBy: 'recall watcher',
    about:
      "Optional: the recall service, CPSC's keyless `https://www.saferproducts.gov/RestWebServices/Recall` by default (tests point it at a loopback server).",
    envExample: true,
    example: 'https://www.saferproducts.gov/RestWebServices/Recall',
  },
  HEALTH_CANADA_RECALLS_URL: {
    ...operator(['Functions'], 'all'),
    usedBy: 'recall watcher',
    about:
      "Optional: Health Canada's recalls and safety alerts, one keyless JSON file published daily (its open-data address by default; tests point it at a loopback server). Read once a day, consumer products only ([operate.md](operate.md#recalls)).",
    envExample: true,
  },
  SAFETY_GATE_REPORTS_URL: {
    ...operator(['Functions'], 'all'),
    usedBy: 'recall watcher',
    about:
      "Optional: the EU Safety Gate's list of weekly reports, keyless XML (its public address by default; tests point it at a loopback server). Only reports not read before are fetched ([operate.md](operate.md#recalls)).",
    envExample: true,
  },
  WATCHERS_PAUSED: {
    ...operator(['Functions'], 'all'),
    usedBy: 'watchers',
    about:
      'Optional: `true` pauses the link and recall watchers (each run logs that it is paused); takes effect at the next deploy ([operate.md](operate.md#pausing-the-watchers)).',
    envExample: true,
    example: 'true',
  },
  PORT: {
    setBy: 'local',
    usedBy: '`npm start`',
    about: 'The local port (default 8888).',
    envExample: false,
  },
  START_VERBOSE: {
    setBy: 'local',
    usedBy: '`npm start`, `npm run dev`',
    about:
      "Anything but empty or `0` prints the build's output and a line per request, as `npm start -- --verbose` does.",
    envExample: false,
  },
  HOST: {
    setBy: 'local',
    usedBy: '`npm start`',
    about:
      'Where the local site listens: loopback unless set; `0.0.0.0` or `::` opens it to the network (then set `SITE_URL` and a real `OIDC_ISSUER`). Any other value is refused.',
    envExample: false,
  },
  PROPOSALS_REPO_DIR: {
    setBy: 'local',
    usedBy: 'proposal tools, the browser editor',
    about:
      "The git repository that takes proposals and the editor's saves as branches: the checkout unless set (tests name scratch repositories).",
    envExample: false,
  },

  ASTRO_CACHE_DIR: {
    setBy: 'local',
    usedBy: 'build',
    about: "Astro's build cache in another folder (each local stack's own, tests, the benchmark).",
    envExample: false,
  },
  ADMIN_CATALOG_OUT: {
    setBy: 'local',
    usedBy: 'build',
    about: "Where the build writes the admin catalog (each local stack's own, tests, the benchmark).",
    envExample: false,
  },
  CATALOG_BUILD_TIME: {
    setBy: 'tests',
    usedBy: 'build',
    about:
      'Pretend the build runs at this ISO time (scheduling tests); never on a site, where scheduled products would never appear.',
    envExample: false,
  },
  CATALOG_CONTENT_DIR: {
    setBy: 'tests',
    usedBy: 'build, validator',
    about: 'Read products from another folder (benchmarks, tests).',
    envExample: false,
  },
  CATALOG_IMAGES_DIR: {
    setBy: 'tests',
    usedBy: 'build, validator',
    about: 'Read product pictures from another folder (default `content/images/products`; tests).',
    envExample: false,
  },

  ADMIN_CATALOG_PATH: {
    setBy: 'tests',
    usedBy: 'functions',
    about: 'Read the admin catalog from another place (tests, the benchmark).',
    envExample: false,
  },
  LINK_CHECK_DNS_SERVER: {
    setBy: 'tests',
    usedBy: '`check_links`',
    about:
      "A loopback DNS server (`127.0.0.1:port`) for `check_links`' attack tests; honoured only with `CONTEXT` exactly `dev` and a loopback value.",
    envExample: false,
  },
  LINK_CHECK_ALLOW_ADDRESSES: {
    setBy: 'tests',
    usedBy: '`check_links`',
    about: 'Loopback addresses to count as public, for the same tests and on the same terms.',
    envExample: false,
  },
  URL: {
    setBy: 'platform',
    usedBy: 'build, functions',
    about: "Netlify's primary address of the site: the address when `SITE_URL` is not set.",
    envExample: false,
  },
  CONTEXT: {
    setBy: 'platform',
    usedBy: 'build, functions',
    about:
      "The deploy context (`production`, `deploy-preview`, `branch-deploy`, `dev`), set by Netlify's builds and netlify-cli; functions on Netlify get none. The development identity provider never runs when it is `production`, when `SITE_URL` is not loopback, or when `HOST` opens the stack.",
    envExample: false,
  },

  NETLIFY_BLOBS_CONTEXT: {
    setBy: 'platform',
    usedBy: 'functions',
    about: "How a function reaches the site's Netlify Blobs (the shared store), handed over by the platform.",
    envExample: false,
  },
  LAMBDA_TASK_ROOT: {
    setBy: 'platform',
    usedBy: 'functions',
    about: "The function runtime's code folder, where the admin catalog ships.",
    envExample: false,
  },
} as const satisfies Record<string, VariableDoc>;

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
      /** SITE_BRANCH (default `main`): what the editor's saves are proposed against and published into. */
      branch: string;
    };
  };
  admin: {
    /** What tokens need: the issuer (the site), the secrets and the allowlist. */
    tokens: Checked<{ issuer: string; secrets: AuthSecrets; admins: ReadonlySet<string> }>;
    /** What sign-in needs besides the tokens' settings: the upstream OpenID provider. */
    oidc: Checked<{ issuer: URL; clientId: string; clientSecret: string }>;
    /** Who may use the browser editor besides the admins, and whether one may publish one's own saves. */
    editor: Checked<EditorSettings>;
    buildHookUrl: string | undefined;
    /** The site's GitHub repository and credentials (src/server/github/credentials.ts makes them usable). */
    github: GithubSettings;
    proposals: { github: GithubSettings; localRepoDir?: string };
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
/** Health Canada's recalls and safety alerts, the whole database as one daily JSON file (src/server/watch/health-canada.ts). */
export const HEALTH_CANADA_RECALLS_URL =
  'https://recalls-rappels.canada.ca/sites/default/files/opendata-donneesouvertes/HCRSAMOpenData.json';
/** The EU Safety Gate's list of weekly reports, as XML (src/server/watch/safety-gate.ts). */
export const SAFETY_GATE_REPORTS_URL = 'https://ec.europa.eu/safety-gate-alerts/api/download/weeklyReport/list/xml/en';

export interface WatchSettings {
  /** WATCHERS_PAUSED: the scheduled watchers log that they are paused and do nothing. */
  paused: boolean;
  /** RECALLS_API_URL (CPSC's service by default), or why it cannot be used. */
  recallsApiUrl: Checked<string>;
  /** HEALTH_CANADA_RECALLS_URL (Health Canada's daily file by default), or why it cannot be used. */
  healthCanadaUrl: Checked<string>;
  /** SAFETY_GATE_REPORTS_URL (the Safety Gate's list of weekly reports by default), or why it cannot be used. */
  safetyGateUrl: Checked<string>;
  /** CURATOR_REVIEWERS: GitHub logins (and `org/team` teams) asked to review the watchers' proposals. */
  reviewers: { users: string[]; teams: string[]; problems: string[] };
}

/** GitHub as the environment names it: an App (id, key, installation) or a token, the repository, the API. */
export interface GithubSettings {
  appId?: string;
  /** The App's private key as PEM (a value with `\n` escapes for its line breaks is read as such). */
  appPrivateKey?: string;
  appInstallationId?: string;
  token?: string;
  /** `owner/name`. */
  repository?: string;
  /** GITHUB_API_URL, no trailing slash (https://api.github.com by default). */
  apiUrl: string;
  /** What is wrong with the values that are set. */
  problems: string[];
}

export const GITHUB_API_URL = 'https://api.github.com';

function githubSettings(env: Env): GithubSettings {
  const problems: string[] = [];
  const apiUrl = (text(env, 'GITHUB_API_URL') ?? GITHUB_API_URL).replace(/\/+$/, '');
  const url = URL.canParse(apiUrl) ? new URL(apiUrl) : null;
  if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))))
    problems.push(`GITHUB_API_URL (must be https; plain http is accepted on loopback only: "${apiUrl}")`);
  const appId = text(env, 'GITHUB_APP_ID');
  if (appId && !/^\d{1,12}$/.test(appId))
    problems.push('GITHUB_APP_ID (the App ID: a number, on the App’s settings page)');
  const appInstallationId = text(env, 'GITHUB_APP_INSTALLATION_ID');
  if (appInstallationId && !/^\d{1,15}$/.test(appInstallationId))
    problems.push('GITHUB_APP_INSTALLATION_ID (a number: the end of the installation’s settings address)');
  const rawKey = text(env, 'GITHUB_APP_PRIVATE_KEY');
  const appPrivateKey = rawKey?.replace(/\\n/g, '\n');
  if (
    appPrivateKey &&
    !/^-----BEGIN (?:RSA )?PRIVATE KEY-----\n[\s\S]+\n-----END (?:RSA )?PRIVATE KEY-----$/.test(appPrivateKey)
  )
    problems.push(
      'GITHUB_APP_PRIVATE_KEY (not a PEM private key: paste the whole .pem file, its BEGIN and END lines included)',
    );
  const token = text(env, 'GITHUB_TOKEN');
  const repository = text(env, 'GITHUB_REPOSITORY');
  return {
    ...(appId ? { appId } : {}),
    ...(appPrivateKey ? { appPrivateKey } : {}),
    ...(appInstallationId ? { appInstallationId } : {}),
    ...(token ? { token } : {}),
    ...(repository ? { repository } : {}),
    apiUrl,
    problems,
  };
}

/** A GitHub login, or a team as `org/team-slug`. */
const GITHUB_LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
const GITHUB_TEAM = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}\/[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

function watchSettings(env: Env): WatchSettings {
  const paused = /^(?:1|true|yes|on)$/i.test(text(env, 'WATCHERS_PAUSED') ?? '');
  const recallsApiUrl = sourceUrl(env, 'RECALLS_API_URL', CPSC_RECALLS_URL, true);
  const healthCanadaUrl = sourceUrl(env, 'HEALTH_CANADA_RECALLS_URL', HEALTH_CANADA_RECALLS_URL, false);
  const safetyGateUrl = sourceUrl(env, 'SAFETY_GATE_REPORTS_URL', SAFETY_GATE_REPORTS_URL, false);
  const reviewers: WatchSettings['reviewers'] = { users: [], teams: [], problems: [] };
  for (const name of (text(env, 'CURATOR_REVIEWERS') ?? '').split(',').map((n) => n.trim().replace(/^@/, ''))) {
    if (!name) continue;
    if (GITHUB_LOGIN.test(name)) reviewers.users.push(name);
    else if (GITHUB_TEAM.test(name)) reviewers.teams.push(name.split('/')[1]!);
    else reviewers.problems.push(`CURATOR_REVIEWERS: "${name}" is neither a GitHub login nor org/team`);
  }
  return { paused, recallsApiUrl, healthCanadaUrl, safetyGateUrl, reviewers };
}

/** A recall source's address: the variable, else its public default; trailing slashes dropped where `trim`. */
function sourceUrl(env: Env, name: Variable, fallback: string, trim: boolean): Checked<string> {
  const raw = text(env, name) ?? fallback;
  return HttpsUrl.safeParse(raw).success
    ? { ok: true, value: trim ? raw.replace(/\/+$/, '') : raw }
    : { ok: false, missing: [`${name} (not an http(s) URL: "${raw}")`] };
}

export interface EditorSettings {
  /** CURATOR_EMAILS: email, as compared (`emailKey`) → public handle (attribution in commits; not `pickedBy`). */
  curators: ReadonlyMap<string, string>;
  /** PUBLISH_OWN_SAVES: a curator may publish what she saved herself (a one-curator site). */
  publishOwnSaves: boolean;
}

/** A curator's public handle: what commits and the editor show instead of her email. */
export const CURATOR_HANDLE = /^[a-z][a-z0-9-]{1,30}$/;
/** The handle of an admin who has no CURATOR_EMAILS entry: no curator may take it. */
export const ADMIN_HANDLE = 'admin';
const EMAIL = /^[^\s@,=]+@[^\s@,=]+$/;

/** What keeps an address of a list from being used, or null: not an address, or not in plain characters. */
function addressProblem(address: string): string | null {
  if (!EMAIL.test(address)) return 'is not an email address';
  if (!isPlainEmail(address))
    return `has characters that Unicode normalisation changes (it would read ${normalisedEmail(address)}); sign-in refuses such an address, so write the address in plain characters`;
  return null;
}

const spelledTwice = (first: string) => `the same address as "${first}", spelled another way; list each person once`;

/**
 * CURATOR_EMAILS (`maya@school.example=maya,jo@home.example=jo`) and PUBLISH_OWN_SAVES, checked:
 * every malformed entry is named with its fix, and any one refuses the whole list (no curator is
 * dropped silently, and nobody edits under a list that is half read).
 */
export function editorSettings(env: Env): Checked<EditorSettings> {
  const problems: string[] = [];
  const curators = new Map<string, string>();
  const owner = new Map<string, string>();
  // Each address under its normalised form, this list's and the admins' (an admin's curator entry is
  // her ADMIN_EMAILS address, up to the case of ASCII letters): one person is never two.
  const spellings = new Map<string, string>();
  const adminSpellings = new Map([...adminEmails(env.ADMIN_EMAILS).admins].map((a) => [normalisedEmail(a), a]));
  for (const raw of (env.CURATOR_EMAILS ?? '').split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const eq = entry.lastIndexOf('=');
    const address = (eq < 0 ? entry : entry.slice(0, eq)).trim();
    const email = emailKey(address);
    const normalised = normalisedEmail(address);
    const admin = adminSpellings.get(normalised);
    const handle = eq < 0 ? '' : entry.slice(eq + 1).trim();
    const named = `CURATOR_EMAILS: "${entry}"`;
    const wrong = addressProblem(address);
    if (eq < 0) problems.push(`${named} has no handle (write email=handle, e.g. maya@school.example=maya)`);
    else if (wrong) problems.push(`${named}: "${address}" ${wrong}`);
    else if (!CURATOR_HANDLE.test(handle))
      problems.push(
        `${named}: the handle "${handle}" must be 2 to 31 lower-case letters, digits or hyphens, starting with a letter`,
      );
    else if (handle === ADMIN_HANDLE)
      problems.push(
        `${named}: the handle "${ADMIN_HANDLE}" is kept for admins without a curator entry; choose another`,
      );
    else if (curators.has(email)) problems.push(`${named}: ${email} is listed twice`);
    else if (spellings.has(normalised)) problems.push(`${named}: ${spelledTwice(spellings.get(normalised)!)}`);
    else if (admin !== undefined && admin !== email)
      problems.push(
        `${named}: the same address as ADMIN_EMAILS' "${admin}", spelled another way; write it the same in both`,
      );
    else if (owner.has(handle))
      problems.push(`${named}: the handle "${handle}" is already ${owner.get(handle)}'s; give each curator her own`);
    else {
      curators.set(email, handle);
      owner.set(handle, email);
      spellings.set(normalised, address);
    }
  }
  const rawPublish = text(env, 'PUBLISH_OWN_SAVES');
  let publishOwnSaves = false;
  if (rawPublish !== undefined) {
    if (/^(?:1|true|yes|on)$/i.test(rawPublish)) publishOwnSaves = true;
    else if (!/^(?:0|false|no|off)$/i.test(rawPublish))
      problems.push(`PUBLISH_OWN_SAVES: "${rawPublish}" is neither true nor false`);
  }
  return problems.length ? { ok: false, missing: problems } : { ok: true, value: { curators, publishOwnSaves } };
}

/**
 * ADMIN_EMAILS (`ada@example.org,theo@example.org`), checked like CURATOR_EMAILS: each address as
 * compared (`emailKey`), and every malformed entry named with its fix. Addresses only: an admin's
 * handle is her CURATOR_EMAILS entry.
 */
export function adminEmails(raw: string | undefined): { admins: Set<string>; problems: string[] } {
  const admins = new Set<string>();
  const problems: string[] = [];
  const spellings = new Map<string, string>();
  for (const part of (raw ?? '').split(',')) {
    const entry = part.trim();
    if (!entry) continue;
    const named = `ADMIN_EMAILS: "${entry}"`;
    const eq = entry.lastIndexOf('=');
    const address = entry.slice(0, eq).trim();
    const email = emailKey(entry);
    const normalised = normalisedEmail(entry);
    const wrong = addressProblem(entry);
    if (eq >= 0 && !addressProblem(address))
      problems.push(
        `${named} has a handle, which ADMIN_EMAILS does not take (write ${address} here, and ${address}=${entry.slice(eq + 1).trim()} in CURATOR_EMAILS to give her that handle)`,
      );
    else if (wrong) problems.push(`${named} ${wrong}`);
    else if (admins.has(email)) problems.push(`${named}: ${email} is listed twice`);
    else if (spellings.has(normalised)) problems.push(`${named}: ${spelledTwice(spellings.get(normalised)!)}`);
    else {
      admins.add(email);
      spellings.set(normalised, entry);
    }
  }
  return { admins, problems };
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
  // A production deploy serves sign-in and tokens over the address it names: plain http would send
  // them in the clear. Loopback excepted: the local stack (`netlify serve`) runs as production.
  else if (
    named &&
    context === 'production' &&
    !named.startsWith('https://') &&
    !isLoopbackHost(new URL(named).hostname)
  )
    tokenProblems.push(`SITE_URL (must be https in production: "${named}")`);
  const current = env.AUTH_SECRET ?? '';
  if (!current) tokenProblems.push(`AUTH_SECRET (at least ${SECRET_MIN_BYTES} random bytes)`);
  else if (secretProblem(current)) tokenProblems.push(`AUTH_SECRET (too weak: ${secretProblem(current)})`);
  const previous = env.AUTH_SECRET_PREVIOUS?.length ? env.AUTH_SECRET_PREVIOUS : undefined;
  if (previous !== undefined && secretProblem(previous))
    tokenProblems.push(`AUTH_SECRET_PREVIOUS (too weak: ${secretProblem(previous)})`);
  const { admins, problems: adminListProblems } = adminEmails(env.ADMIN_EMAILS);
  if (adminListProblems.length) tokenProblems.push(...adminListProblems);
  else if (admins.size === 0) tokenProblems.push('ADMIN_EMAILS');

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

  const github = githubSettings(env);
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
      editor: { branch: siteBranch(env) },
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
      editor: editorSettings(env),
      buildHookUrl: text(env, 'BUILD_HOOK_URL'),
      github,
      proposals: {
        github,
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

/** A branch name git and GitHub both accept, without the tricks a ref name may hide (`..`, `@{`, a leading dash). */
const BRANCH_NAME = /^(?!-)(?!.*\.\.)(?!.*@\{)(?!.*\/\/)[A-Za-z0-9._/-]{1,200}(?<![./])$/;

/** SITE_BRANCH, checked: a name that is no branch stops the build, naming it. */
function siteBranch(env: Env): string {
  const raw = text(env, 'SITE_BRANCH') ?? 'main';
  if (!BRANCH_NAME.test(raw)) throw new Error(`SITE_BRANCH is not a branch name: "${raw}" (use e.g. main)`);
  return raw;
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

/** The environment a child process inherits (git for the local proposals, the build's outputs worker). */
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

/**
 * What keeps the browser editor's sign-in from running: the admin side's sign-in and the editor's
 * own settings (CURATOR_EMAILS, PUBLISH_OWN_SAVES), every one named. The editor's sign-in and its
 * tokens refuse to run (503 naming these) while any is left; nothing runs on part of the list.
 */
export function editorProblems(s: Settings): string[] {
  return [...adminProblems(s, { signIn: true }), ...(s.admin.editor.ok ? [] : s.admin.editor.missing)];
}
