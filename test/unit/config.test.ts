// The environment is read in one place (src/config/env.ts): one schema of every variable, parsed
// into settings that name every missing or invalid variable at once; one rule for the site's
// address; every variable documented once (VARIABLES, the table of docs/reference.md),
// .env.example in step with it; and no other module under src/ reading process.env.
import { readFileSync } from 'node:fs';
import { globSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  adminProblems,
  DEFAULT_SITE_URL,
  editorProblems,
  readSettings,
  VARIABLES,
  type VariableDoc,
} from '../../src/config/env.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SECRET = 'k3Jq9-Zx8vB2mN7pQ4rT6wY1uI5oE0aS3dF';

describe('readSettings', () => {
  it('names every missing and invalid variable of the admin side in one list', () => {
    const s = readSettings({ OIDC_ISSUER: 'http://id.example.com', AUTH_SECRET: 'password'.repeat(5) });
    expect(adminProblems(s, { signIn: true })).toEqual([
      'SITE_URL (the public address)',
      'AUTH_SECRET (too weak: looks like a placeholder or a password)',
      'ADMIN_EMAILS',
      'OIDC_ISSUER (must be https; plain http is accepted on loopback only)',
      'OIDC_CLIENT_ID',
      'OIDC_CLIENT_SECRET',
    ]);
    expect(adminProblems(s, { signIn: false })).toHaveLength(3);
  });

  it('accepts a complete admin configuration', () => {
    const s = readSettings({
      SITE_URL: 'https://catalog.example.org/',
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'c',
      OIDC_CLIENT_SECRET: 's',
      ADMIN_EMAILS: ' Maya@Example.org , theo@example.org',
      AUTH_SECRET: SECRET,
    });
    expect(adminProblems(s, { signIn: true })).toEqual([]);
    expect(s.site.url).toBe('https://catalog.example.org');
    expect(s.admin.tokens.ok && [...s.admin.tokens.value.admins]).toEqual(['maya@example.org', 'theo@example.org']);
  });

  it.each([
    [{ SITE_URL: 'https://a.example', URL: 'https://b.example' }, 'https://a.example', false],
    [{ URL: 'https://b.example/' }, 'https://b.example', false],
    [{}, DEFAULT_SITE_URL, true],
  ])('one rule for the site’s address: %j → %s', (env, url, isDefault) => {
    const s = readSettings(env);
    expect(s.site).toMatchObject({ url, urlIsDefault: isDefault });
  });

  it('issues tokens for the loopback default only on the local stack (CONTEXT=dev)', () => {
    const base = { AUTH_SECRET: SECRET, ADMIN_EMAILS: 'a@example.org' };
    expect(readSettings(base).admin.tokens).toEqual({ ok: false, missing: ['SITE_URL (the public address)'] });
    expect(readSettings({ ...base, CONTEXT: 'dev' }).admin.tokens.ok).toBe(true);
    for (const near of [' dev', 'dev ', '\tdev\n', 'DEV'])
      expect(readSettings({ ...base, CONTEXT: near }).admin.tokens, JSON.stringify(near)).toEqual({
        ok: false,
        missing: ['SITE_URL (the public address)'],
      });
  });

  it('keeps CONTEXT exactly as set: a development switch is never turned on by a near miss', () => {
    expect(readSettings({ CONTEXT: 'dev' }).site.context).toBe('dev');
    expect(readSettings({ CONTEXT: ' dev ' }).site.context).toBe(' dev ');
    expect(readSettings({ CONTEXT: '' }).site.context).toBeUndefined();
  });

  it('stops a build told a time it cannot read, naming the variable', () => {
    expect(() => readSettings({ CATALOG_BUILD_TIME: 'next tuesday' })).toThrow(/CATALOG_BUILD_TIME is not a date-time/);
    expect(readSettings({ CATALOG_BUILD_TIME: '2026-12-01T09:00:00Z' }).build.time?.toISOString()).toBe(
      '2026-12-01T09:00:00.000Z',
    );
  });

  it('reads the watchers’ settings: paused, the recall sources (their public addresses by default), the curators to ask', () => {
    const none = readSettings({}).admin.watch;
    expect(none).toEqual({
      paused: false,
      recallsApiUrl: { ok: true, value: 'https://www.saferproducts.gov/RestWebServices/Recall' },
      healthCanadaUrl: {
        ok: true,
        value: 'https://recalls-rappels.canada.ca/sites/default/files/opendata-donneesouvertes/HCRSAMOpenData.json',
      },
      safetyGateUrl: {
        ok: true,
        value: 'https://ec.europa.eu/safety-gate-alerts/api/download/weeklyReport/list/xml/en',
      },
      reviewers: { users: [], teams: [], problems: [] },
    });
    const set = readSettings({
      WATCHERS_PAUSED: 'true',
      RECALLS_API_URL: 'http://127.0.0.1:9000/RestWebServices/Recall/',
      CURATOR_REVIEWERS: ' maya-curates, @theo-picks, littlehands/curators, not a login, -bad',
    }).admin.watch;
    expect(set.paused).toBe(true);
    expect(set.recallsApiUrl).toEqual({ ok: true, value: 'http://127.0.0.1:9000/RestWebServices/Recall' });
    expect(set.reviewers).toEqual({
      users: ['maya-curates', 'theo-picks'],
      teams: ['curators'],
      problems: [
        'CURATOR_REVIEWERS: "not a login" is neither a GitHub login nor org/team',
        'CURATOR_REVIEWERS: "-bad" is neither a GitHub login nor org/team',
      ],
    });
    expect(readSettings({ RECALLS_API_URL: 'ftp://x' }).admin.watch.recallsApiUrl).toEqual({
      ok: false,
      missing: ['RECALLS_API_URL (not an http(s) URL: "ftp://x")'],
    });
    expect(readSettings({ HEALTH_CANADA_RECALLS_URL: 'file:///etc/passwd' }).admin.watch.healthCanadaUrl).toEqual({
      ok: false,
      missing: ['HEALTH_CANADA_RECALLS_URL (not an http(s) URL: "file:///etc/passwd")'],
    });
    expect(
      readSettings({ SAFETY_GATE_REPORTS_URL: 'http://127.0.0.1:9001/list/xml/en' }).admin.watch.safetyGateUrl,
    ).toEqual({ ok: true, value: 'http://127.0.0.1:9001/list/xml/en' });
    expect(readSettings({ WATCHERS_PAUSED: 'no' }).admin.watch.paused).toBe(false);
  });

  it('takes the Netlify Blobs context the runtime hands over before the variable', () => {
    const s = readSettings({ NETLIFY_BLOBS_CONTEXT: 'from-env' });
    expect(s.store.blobsContext()).toBe('from-env');
    (globalThis as { netlifyBlobsContext?: string }).netlifyBlobsContext = 'from-runtime';
    try {
      expect(s.store.blobsContext()).toBe('from-runtime');
    } finally {
      delete (globalThis as { netlifyBlobsContext?: string }).netlifyBlobsContext;
    }
  });
});

describe('the editor’s settings: CURATOR_EMAILS and PUBLISH_OWN_SAVES', () => {
  it('reads email=handle pairs (emails lower-cased, spaces and empty entries ignored); none by default', () => {
    const e = readSettings({ CURATOR_EMAILS: ' Maya@School.example = maya ,, jo@home.example=jo-2,' }).admin.editor;
    expect(e.ok && [...e.value.curators]).toEqual([
      ['maya@school.example', 'maya'],
      ['jo@home.example', 'jo-2'],
    ]);
    expect(readSettings({}).admin.editor).toEqual({ ok: true, value: { curators: new Map(), publishOwnSaves: false } });
  });

  it('names every malformed entry with its fix, and then refuses the whole list', () => {
    const e = readSettings({
      CURATOR_EMAILS: [
        'maya@school.example',
        'not-an-email=pat',
        'jo@home.example=Jo',
        'x@y.example=a',
        'r@y.example=admin',
        'ok@y.example=okay',
        'OK@y.example=other',
        'z@y.example=okay',
        'w@y.example=1abc',
        `v@y.example=${'a'.repeat(32)}`,
      ].join(','),
      PUBLISH_OWN_SAVES: 'sometimes',
    }).admin.editor;
    expect(e).toEqual({
      ok: false,
      missing: [
        'CURATOR_EMAILS: "maya@school.example" has no handle (write email=handle, e.g. maya@school.example=maya)',
        'CURATOR_EMAILS: "not-an-email=pat": "not-an-email" is not an email address',
        'CURATOR_EMAILS: "jo@home.example=Jo": the handle "Jo" must be 2 to 31 lower-case letters, digits or hyphens, starting with a letter',
        'CURATOR_EMAILS: "x@y.example=a": the handle "a" must be 2 to 31 lower-case letters, digits or hyphens, starting with a letter',
        'CURATOR_EMAILS: "r@y.example=admin": the handle "admin" is kept for admins without a curator entry; choose another',
        'CURATOR_EMAILS: "OK@y.example=other": ok@y.example is listed twice',
        'CURATOR_EMAILS: "z@y.example=okay": the handle "okay" is already ok@y.example\'s; give each curator her own',
        'CURATOR_EMAILS: "w@y.example=1abc": the handle "1abc" must be 2 to 31 lower-case letters, digits or hyphens, starting with a letter',
        `CURATOR_EMAILS: "v@y.example=${'a'.repeat(32)}": the handle "${'a'.repeat(32)}" must be 2 to 31 lower-case letters, digits or hyphens, starting with a letter`,
        'PUBLISH_OWN_SAVES: "sometimes" is neither true nor false',
      ],
    });
  });

  it.each([
    ['true', true],
    ['TRUE', true],
    ['1', true],
    ['yes', true],
    ['false', false],
    ['0', false],
    ['off', false],
    ['', false],
  ])('PUBLISH_OWN_SAVES=%j → %s', (raw, value) => {
    const e = readSettings({ PUBLISH_OWN_SAVES: raw }).admin.editor;
    expect(e.ok && e.value.publishOwnSaves).toBe(value);
  });

  it('refuses an address in a form sign-in never accepts, and one address spelled two ways, naming each entry', () => {
    const e = readSettings({
      CURATOR_EMAILS: [
        'kate@school.example=kate',
        '\u212Aate@school.example=kate-k',
        'ｍaya@school.example=maya',
        'jo@bücher.example=jo',
        'jo@xn--bcher-kva.example=jo-2',
      ].join(','),
    }).admin.editor;
    expect(e).toEqual({
      ok: false,
      missing: [
        'CURATOR_EMAILS: "\u212Aate@school.example=kate-k": "\u212Aate@school.example" has characters that Unicode normalisation changes (it would read kate@school.example); sign-in refuses such an address, so write the address in plain characters',
        'CURATOR_EMAILS: "ｍaya@school.example=maya": "ｍaya@school.example" has characters that Unicode normalisation changes (it would read maya@school.example); sign-in refuses such an address, so write the address in plain characters',
        'CURATOR_EMAILS: "jo@xn--bcher-kva.example=jo-2": the same address as "jo@bücher.example", spelled another way; list each person once',
      ],
    });
  });

  it('refuses a curator entry that is an admin’s address spelled another way (one person, two identities)', () => {
    const e = readSettings({
      ADMIN_EMAILS: 'ada@bücher.example',
      CURATOR_EMAILS: 'ada@xn--bcher-kva.example=ada',
    }).admin.editor;
    expect(e).toEqual({
      ok: false,
      missing: [
        'CURATOR_EMAILS: "ada@xn--bcher-kva.example=ada": the same address as ADMIN_EMAILS\' "ada@bücher.example", spelled another way; write it the same in both',
      ],
    });
    // ASCII capitals are no other spelling: the admin with a curator handle, as before.
    const same = readSettings({ ADMIN_EMAILS: 'ada@bücher.example', CURATOR_EMAILS: 'Ada@Bücher.example=ada' }).admin
      .editor;
    expect(same.ok && [...same.value.curators]).toEqual([['ada@bücher.example', 'ada']]);
  });

  it('editorProblems adds the editor’s own problems to the admin sign-in’s, in one list', () => {
    const complete = {
      SITE_URL: 'https://catalog.example.org',
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'c',
      OIDC_CLIENT_SECRET: 's',
      ADMIN_EMAILS: 'ada@example.org',
      AUTH_SECRET: SECRET,
      CONTEXT: 'production',
    };
    expect(editorProblems(readSettings({ ...complete, CURATOR_EMAILS: 'maya@school.example=maya' }))).toEqual([]);
    expect(editorProblems(readSettings({ ...complete, CURATOR_EMAILS: 'maya@school.example' }))).toEqual([
      'CURATOR_EMAILS: "maya@school.example" has no handle (write email=handle, e.g. maya@school.example=maya)',
    ]);
    expect(editorProblems(readSettings({ CURATOR_EMAILS: 'x=y' }))).toEqual([
      ...adminProblems(readSettings({}), { signIn: true }),
      'CURATOR_EMAILS: "x=y": "x" is not an email address',
    ]);
  });
});

describe('the admins’ list: ADMIN_EMAILS, checked like CURATOR_EMAILS', () => {
  const complete = {
    SITE_URL: 'https://catalog.example.org',
    AUTH_SECRET: SECRET,
  };

  it('reads addresses (ASCII letters lower-cased, spaces and empty entries ignored)', () => {
    const s = readSettings({ ...complete, ADMIN_EMAILS: ' Ada@Example.org ,, josé@example.org,' });
    expect(s.admin.tokens.ok && [...s.admin.tokens.value.admins]).toEqual(['ada@example.org', 'josé@example.org']);
  });

  it('names every malformed entry with its fix, and then refuses the admin side', () => {
    const s = readSettings({
      ...complete,
      ADMIN_EMAILS: [
        'ada@example.org',
        'maya@school.example=maya',
        'not-an-email',
        'ADA@example.org',
        '\u212Aate@school.example',
        'theo@bücher.example',
        'theo@xn--bcher-kva.example',
      ].join(','),
    });
    expect(s.admin.tokens).toEqual({
      ok: false,
      missing: [
        'ADMIN_EMAILS: "maya@school.example=maya" has a handle, which ADMIN_EMAILS does not take (write maya@school.example here, and maya@school.example=maya in CURATOR_EMAILS to give her that handle)',
        'ADMIN_EMAILS: "not-an-email" is not an email address',
        'ADMIN_EMAILS: "ADA@example.org": ada@example.org is listed twice',
        'ADMIN_EMAILS: "\u212Aate@school.example" has characters that Unicode normalisation changes (it would read kate@school.example); sign-in refuses such an address, so write the address in plain characters',
        'ADMIN_EMAILS: "theo@xn--bcher-kva.example": the same address as "theo@bücher.example", spelled another way; list each person once',
      ],
    });
    expect(adminProblems(s, { signIn: false })).toContain(
      'ADMIN_EMAILS: "maya@school.example=maya" has a handle, which ADMIN_EMAILS does not take (write maya@school.example here, and maya@school.example=maya in CURATOR_EMAILS to give her that handle)',
    );
  });
});

describe('the documentation of the variables', () => {
  const example = readFileSync(path.join(ROOT, '.env.example'), 'utf8');
  const inExample = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!));
  const entries = Object.entries(VARIABLES) as [string, VariableDoc][];

  it.each(entries)('%s is in .env.example exactly when its entry says so', (name, doc) => {
    expect(inExample.has(name), `.env.example: ${name}`).toBe(doc.envExample);
  });

  it('.env.example names no variable the service does not read', () => {
    expect([...inExample].filter((v) => !(v in VARIABLES))).toEqual([]);
  });

  it.each(entries)('%s says where it is set: scopes and contexts for an operator’s variable only', (name, doc) => {
    if (doc.setBy === 'operator') {
      expect(doc.scopes?.length, `${name}: its Netlify scopes`).toBeGreaterThan(0);
      expect(doc.contexts, `${name}: its deploy contexts`).toBeDefined();
    } else {
      expect(doc.scopes, name).toBeUndefined();
      expect(doc.contexts, name).toBeUndefined();
      // .env.example is the operator's: nothing only tests, the local stack or the platform set.
      expect(doc.envExample, name).toBe(false);
    }
  });

  it('DEPLOY.md keeps no copy of the table: it links to the one in docs/reference.md', () => {
    const deploy = readFileSync(path.join(ROOT, 'DEPLOY.md'), 'utf8');
    expect(deploy).toContain('(docs/reference.md#configuration)');
    const rows = [...deploy.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]!).filter((v) => v in VARIABLES);
    expect(rows, 'DEPLOY.md: table rows naming variables').toEqual([]);
  });
});

describe('who reads the environment', () => {
  it('no module under src/ but src/config/ reads process.env', () => {
    const readers = globSync('src/**/*.{ts,mts,astro}', { cwd: ROOT })
      .filter((f) => !f.startsWith(`src${path.sep}config${path.sep}`))
      .filter((f) => /process\.env/.test(readFileSync(path.join(ROOT, f), 'utf8')));
    expect(readers).toEqual([]);
  });

  it('names every variable any module of src/config reads', () => {
    const source = readFileSync(path.join(ROOT, 'src/config/env.ts'), 'utf8');
    const read = new Set([...source.matchAll(/text\(env, '([A-Z_]+)'\)|env\.([A-Z_]+)/g)].map((m) => m[1] ?? m[2]!));
    expect([...read].filter((v) => !(v in VARIABLES))).toEqual([]);
  });
});
