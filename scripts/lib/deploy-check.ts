// What `npm run check:deploy` decides: the refusals the running site makes (src/config/env.ts's
// settings, the GitHub credentials' check), each named with what to put there, an example and where to get it.
import { parseEnv } from 'node:util';
import { editorProblems, readSettings, VARIABLES, type Env, type Variable } from '../../src/config/env.ts';
import { GITHUB_NOT_CONFIGURED, githubAccess } from '../../src/server/github/credentials.ts';

export interface Finding {
  /** The variable, as the site's refusal names it. */
  variable: string;
  /** The site's own words for what is wrong. */
  problem: string;
  /** Whether the site refuses to run with it (otherwise only one feature is missing). */
  refuses: boolean;
}

export interface DeployCheck {
  /** False when the public site, the admin side or the editor would refuse to run. */
  ok: boolean;
  findings: Finding[];
  /** What was checked, in words. */
  checked: string[];
  context: string;
}

const NAME = /^([A-Z][A-Z0-9_]+)/;
const APP = ['GITHUB_APP_ID', 'GITHUB_APP_PRIVATE_KEY', 'GITHUB_APP_INSTALLATION_ID'] as const;

/** One problem text of the site as findings: a named variable each (GitHub's "nothing set" names the App's three). */
function findings(problems: string[], refuses: boolean): Finding[] {
  return problems.flatMap((problem) => {
    if (problem === GITHUB_NOT_CONFIGURED)
      return APP.map((variable) => ({
        variable,
        problem: `${variable} (missing; or GITHUB_TOKEN instead of the App)`,
        refuses,
      }));
    const variable = NAME.exec(problem)?.[1] ?? problem;
    return [{ variable, problem: problem === variable ? `${variable} (missing)` : problem, refuses }];
  });
}

/**
 * Checks `env` as a deploy of `env.CONTEXT` (production unless set) would see it. `publicOnly`:
 * a first deploy without the admin side and the editor, where only what the build reads is checked.
 */
export function checkDeploy(input: Env, { publicOnly = false } = {}): DeployCheck {
  const env: Env = { ...input, CONTEXT: input.CONTEXT || 'production' };
  const context = env.CONTEXT!;
  const out: Finding[] = [];
  let s;
  try {
    s = readSettings(env);
  } catch (err) {
    // The build's own refusals (SITE_BRANCH, CATALOG_BUILD_TIME) throw with the variable's name first.
    const problem = (err as Error).message;
    return { ok: false, findings: findings([problem], true), checked: ['what the build reads'], context };
  }
  const siteUrl = env.SITE_URL?.trim();
  if (env.CATALOG_BUILD_TIME)
    out.push({
      variable: 'CATALOG_BUILD_TIME',
      problem: 'CATALOG_BUILD_TIME (for tests only: a site built with it never shows scheduled products)',
      refuses: true,
    });
  const checked = ['the public site: what the build reads (SITE_URL, SITE_BRANCH)'];
  if (publicOnly) {
    // Only the address's form: the admin side's refusals (which also name a missing one) are not asked for.
    const tokens = s.admin.tokens.ok ? [] : s.admin.tokens.missing;
    if (siteUrl)
      out.push(
        ...findings(
          tokens.filter((p) => p.startsWith('SITE_URL')),
          true,
        ),
      );
  } else {
    checked.push(
      'the admin side: sign-in and tokens',
      "the editor: its curators' list",
      "the editor's saves and the proposals: GitHub's repository and credentials",
      'the watchers: sources and reviewers, the build hook',
    );
    out.push(...findings(editorProblems(s), true));
    const github = githubAccess(s.admin.github);
    if (!github.ok) out.push(...findings(github.missing, true));
    const w = s.admin.watch;
    for (const c of [w.recallsApiUrl, w.healthCanadaUrl, w.safetyGateUrl])
      if (!c.ok) out.push(...findings(c.missing, false));
    out.push(...findings(w.reviewers.problems, false));
    if (!s.admin.buildHookUrl)
      out.push({
        variable: 'BUILD_HOOK_URL',
        problem:
          'BUILD_HOOK_URL (missing: scheduled products wait for the next deploy, and trigger_rebuild cannot run)',
        refuses: false,
      });
  }
  return { ok: !out.some((f) => f.refuses), findings: out, checked, context };
}

/** A `.env` file's variables (the format Netlify's "Import from .env" takes). */
export const readEnvFile = (text: string): Env => parseEnv(text);

/** What she is told: each finding with what to put there, an example and where to get it, then what was checked. */
export function report(r: DeployCheck): string {
  const lines: string[] = [];
  for (const f of r.findings) {
    const doc = (VARIABLES as Record<string, (typeof VARIABLES)[Variable]>)[f.variable] as
      { example?: string; obtain?: string; required?: string } | undefined;
    lines.push(`${f.refuses ? '✗' : '!'} ${f.problem}`);
    if (doc?.required) lines.push(`    required for: ${doc.required}`);
    if (doc?.example) lines.push(`    example: ${f.variable}=${doc.example}`);
    if (doc?.obtain) lines.push(`    where: ${doc.obtain}`);
    if (doc) lines.push(`    see: docs/reference.md#${f.variable.toLowerCase()}`);
  }
  lines.push(
    '',
    `Checked (deploy context ${r.context}): ${r.checked.join('; ')}.`,
    r.ok
      ? `Nothing the site refuses${r.findings.length ? ` (${r.findings.length} warning${r.findings.length > 1 ? 's' : ''} above)` : ''}: ready to deploy.`
      : `${r.findings.filter((f) => f.refuses).length} refused: the site would not run as set.`,
  );
  return lines.join('\n');
}
