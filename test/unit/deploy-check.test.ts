// `npm run check:deploy` before a deploy: every variable the site would refuse is named in the
// site's own words with an example and where to get it; a complete environment, or a public-only
// first deploy, passes and says what it checked.
import { describe, expect, it } from 'vitest';
import { checkDeploy, readEnvFile, report } from '../../scripts/lib/deploy-check.ts';
import { editorProblems, readSettings } from '../../src/config/env.ts';
import { COMPLETE_ENV } from '../support/deploy-env.ts';

const COMPLETE = { ...COMPLETE_ENV, CURATOR_EMAILS: 'maya@school.example=maya,jo@home.example=jo' };

const REQUIRED = [
  'SITE_URL',
  'AUTH_SECRET',
  'ADMIN_EMAILS',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'GITHUB_REPOSITORY',
  'GITHUB_APP_ID',
  'GITHUB_APP_PRIVATE_KEY',
  'GITHUB_APP_INSTALLATION_ID',
];

describe('checkDeploy', () => {
  it('with nothing set in production, refuses and names every required variable, each with an example and where to get it', () => {
    const r = checkDeploy({ CONTEXT: 'production' });
    expect(r.ok).toBe(false);
    const refused = r.findings.filter((f) => f.refuses).map((f) => f.variable);
    expect(refused).toEqual(REQUIRED);
    const text = report(r);
    for (const name of REQUIRED) {
      expect(text).toContain(`example: ${name}=`);
      expect(text).toContain(`see: docs/reference.md#${name.toLowerCase()}`);
    }
    expect(text).toMatch(/where: Make it: `openssl rand -base64 48`/);
  });

  it('names a CURATOR_EMAILS entry without a handle in the words the editor’s refusal uses', () => {
    const env = { ...COMPLETE, CURATOR_EMAILS: 'maya@school.example=maya,jo@home.example' };
    const r = checkDeploy(env);
    expect(r.ok).toBe(false);
    const said = r.findings.filter((f) => f.refuses).map((f) => f.problem);
    expect(said).toEqual(editorProblems(readSettings({ ...env, CONTEXT: 'production' })));
    expect(said).toEqual([
      'CURATOR_EMAILS: "jo@home.example" has no handle (write email=handle, e.g. maya@school.example=maya)',
    ]);
  });

  it.each([{}, { publicOnly: true }])('names a production SITE_URL that is not https (%j)', (opts) => {
    const r = checkDeploy({ ...COMPLETE, SITE_URL: 'http://catalog.example.org', CONTEXT: 'production' }, opts);
    expect(r.ok).toBe(false);
    expect(r.findings.map((f) => f.problem)).toContain(
      'SITE_URL (must be https in production: "http://catalog.example.org")',
    );
  });

  it('the local stack (netlify serve runs as production) may name a plain-http loopback address', () => {
    for (const SITE_URL of ['http://localhost:8888', 'http://127.0.0.1:8888'])
      expect(checkDeploy({ ...COMPLETE, SITE_URL, CONTEXT: 'production' }).findings).toEqual([]);
  });

  it('a deploy preview may name a plain-http address (only production must be https)', () => {
    expect(checkDeploy({ ...COMPLETE, SITE_URL: 'http://catalog.example.org', CONTEXT: 'deploy-preview' }).ok).toBe(
      true,
    );
  });

  it('passes a complete environment with no finding, and says what it checked', () => {
    const r = checkDeploy(COMPLETE);
    expect(r.findings).toEqual([]);
    expect(r.ok).toBe(true);
    expect(report(r)).toMatch(/Checked \(deploy context production\): the public site.*the admin side.*the editor/);
    expect(report(r)).toMatch(/ready to deploy/);
  });

  it('passes a public-only first deploy with only the public variables', () => {
    const r = checkDeploy({ SITE_URL: 'https://catalog.example.org' }, { publicOnly: true });
    expect(r).toMatchObject({ ok: true, findings: [] });
    expect(report(r)).toMatch(/Checked \(deploy context production\): the public site: what the build reads/);
    expect(checkDeploy({}, { publicOnly: true }).ok).toBe(true);
  });

  it('refuses what the build refuses (a SITE_BRANCH that is no branch), naming it', () => {
    const r = checkDeploy({ SITE_URL: 'https://catalog.example.org', SITE_BRANCH: '-x' }, { publicOnly: true });
    expect(r.ok).toBe(false);
    expect(r.findings[0]).toMatchObject({ variable: 'SITE_BRANCH', refuses: true });
  });

  it('reads a .env file as Netlify imports it: a quoted key keeps its line breaks', () => {
    const env = readEnvFile(`A=1\n# note\nGITHUB_APP_PRIVATE_KEY="${COMPLETE.GITHUB_APP_PRIVATE_KEY}"\n`);
    expect(env.A).toBe('1');
    expect(checkDeploy({ ...COMPLETE, ...env }).ok).toBe(true);
  });
});
