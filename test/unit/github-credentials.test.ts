// The site's GitHub credentials (src/server/github/credentials.ts). Creating a real GitHub App
// cannot be tried from here (it needs a GitHub account and a browser), so the App's token minting
// is proved against a loopback stand-in for GitHub's `POST /app/installations/{id}/access_tokens`,
// with an RSA key generated in the test: the stand-in checks the App's JWT (RS256, signed with the
// App's key, `iss` the App ID, at most ten minutes long) as GitHub documents it, and answers in
// GitHub's shape. One token serves every caller within its hour, and a new one is minted before it
// runs out. A fine-grained token (GITHUB_TOKEN) is used as it is. What the settings refuse, too.
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings } from '../../src/config/env.ts';
import { githubAccess, RENEW_BEFORE_MS } from '../../src/server/github/credentials.ts';
import { chooseProposals } from '../../src/server/proposals/choose.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  // GitHub hands out PKCS#1 keys ("BEGIN RSA PRIVATE KEY").
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const APP_ID = '424242';
const INSTALLATION = '7777777';

let server: Server;
let api: string;
let minted = 0;
/** When the tokens the stand-in mints expire (ms). */
let expiresAt = Date.parse('2026-11-26T13:00:00Z');
const seen: { path: string; iss: unknown; lifetime: number; accept: string | undefined }[] = [];

async function answer(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
  const m = /^\/app\/installations\/(\d+)\/access_tokens$/.exec(req.url ?? '');
  if (req.method !== 'POST' || !m) return { status: 404, body: { message: 'Not Found' } };
  const jwt = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!jwt) return { status: 401, body: { message: 'A JSON web token could not be decoded' } };
  try {
    const { payload } = await jwtVerify(jwt, await importSPKI(publicKey, 'RS256'), { algorithms: ['RS256'] });
    seen.push({
      path: req.url!,
      iss: payload.iss,
      lifetime: payload.exp! - payload.iat!,
      accept: req.headers.accept,
    });
    if (String(payload.iss) !== APP_ID) return { status: 401, body: { message: 'Integration not found' } };
    if (m[1] !== INSTALLATION) return { status: 404, body: { message: 'Not Found' } };
  } catch (err) {
    return { status: 401, body: { message: `'Expiration time' claim ('exp') is invalid: ${String(err)}` } };
  }
  minted++;
  return {
    status: 201,
    body: {
      token: `ghs_minted${minted}`,
      expires_at: new Date(expiresAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      permissions: { contents: 'write', pull_requests: 'write', checks: 'read', metadata: 'read' },
      repository_selection: 'selected',
    },
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      void answer(req).then(({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const env = (over: Record<string, string>) =>
  readSettings({ GITHUB_REPOSITORY: 'little-hands/catalog', GITHUB_API_URL: api, ...over }).admin.github;

describe('a GitHub App installation token', () => {
  it('is minted with the App’s JWT, once for many callers, and renewed before its hour runs out', async () => {
    let now = expiresAt - 60 * 60_000;
    const access = githubAccess(
      env({ GITHUB_APP_ID: APP_ID, GITHUB_APP_PRIVATE_KEY: privateKey, GITHUB_APP_INSTALLATION_ID: INSTALLATION }),
      { now: () => now },
    );
    if (!access.ok) throw new Error(access.missing.join(', '));
    expect(access.value).toMatchObject({ apiUrl: api, owner: 'little-hands', repo: 'catalog', kind: 'app' });
    const first = await Promise.all([access.value.token(), access.value.token(), access.value.token()]);
    expect(first).toEqual(['ghs_minted1', 'ghs_minted1', 'ghs_minted1']);
    expect(minted).toBe(1);
    expect(seen[0]).toMatchObject({ path: `/app/installations/${INSTALLATION}/access_tokens`, iss: APP_ID });
    expect(seen[0]!.lifetime).toBeLessThanOrEqual(600);
    now = expiresAt - RENEW_BEFORE_MS - 1000;
    expect(await access.value.token()).toBe('ghs_minted1');
    expect(minted).toBe(1);
    // Near the end of its hour: a new one.
    expiresAt += 60 * 60_000;
    now = expiresAt - 60 * 60_000 - RENEW_BEFORE_MS + 1000;
    expect(await access.value.token()).toBe('ghs_minted2');
    expect(minted).toBe(2);
  });

  it('reads a key whose line breaks are written as \\n (as a one-line variable holds it)', async () => {
    const access = githubAccess(
      env({
        GITHUB_APP_ID: APP_ID,
        GITHUB_APP_PRIVATE_KEY: privateKey.trim().replace(/\n/g, '\\n'),
        GITHUB_APP_INSTALLATION_ID: INSTALLATION,
      }),
    );
    if (!access.ok) throw new Error(access.missing.join(', '));
    expect(await access.value.token()).toMatch(/^ghs_minted\d+$/);
  });

  it('fails with GitHub’s answer when the App is not the key’s', async () => {
    const access = githubAccess(
      env({ GITHUB_APP_ID: '1', GITHUB_APP_PRIVATE_KEY: privateKey, GITHUB_APP_INSTALLATION_ID: INSTALLATION }),
    );
    if (!access.ok) throw new Error(access.missing.join(', '));
    await expect(access.value.token()).rejects.toThrow(/Integration not found/);
  });

  it('makes the proposals GitHub’s', () => {
    const s = readSettings({
      GITHUB_REPOSITORY: 'little-hands/catalog',
      GITHUB_APP_ID: APP_ID,
      GITHUB_APP_PRIVATE_KEY: privateKey,
      GITHUB_APP_INSTALLATION_ID: INSTALLATION,
    });
    expect(chooseProposals(s.admin.proposals)).toMatchObject({
      ok: true,
      kind: 'github',
      where: 'pull requests on little-hands/catalog on GitHub',
    });
  });

  it('says which API the proposals go through when it is not GitHub’s own', () => {
    const s = readSettings({
      GITHUB_REPOSITORY: 'local/catalog',
      GITHUB_TOKEN: 'standin-token',
      GITHUB_API_URL: 'http://127.0.0.1:40121/',
    });
    expect(chooseProposals(s.admin.proposals)).toMatchObject({
      where: 'pull requests on local/catalog through the GitHub API at http://127.0.0.1:40121',
    });
  });
});

describe('a fine-grained token', () => {
  it('is used as it is, against api.github.com by default', async () => {
    const access = githubAccess(readSettings({ GITHUB_REPOSITORY: 'o/r', GITHUB_TOKEN: 'github_pat_x' }).admin.github);
    if (!access.ok) throw new Error(access.missing.join(', '));
    expect(access.value).toMatchObject({ apiUrl: 'https://api.github.com', owner: 'o', repo: 'r', kind: 'token' });
    expect(await access.value.token()).toBe('github_pat_x');
  });
});

describe('settings that cannot work are named, all at once', () => {
  it.each([
    ['nothing', {}, [/GITHUB_REPOSITORY/, /GitHub App .* or GITHUB_TOKEN/]],
    [
      'half an App',
      { GITHUB_REPOSITORY: 'o/r', GITHUB_APP_ID: APP_ID },
      [/GITHUB_APP_PRIVATE_KEY/, /GITHUB_APP_INSTALLATION_ID/],
    ],
    ['a repository without an owner', { GITHUB_REPOSITORY: 'catalog', GITHUB_TOKEN: 't' }, [/owner\/name/]],
    [
      'an App ID that is not a number',
      {
        GITHUB_REPOSITORY: 'o/r',
        GITHUB_APP_ID: 'my-app',
        GITHUB_APP_PRIVATE_KEY: privateKey,
        GITHUB_APP_INSTALLATION_ID: '1',
      },
      [/GITHUB_APP_ID \(the App ID/],
    ],
    [
      'a key that is not PEM',
      {
        GITHUB_REPOSITORY: 'o/r',
        GITHUB_APP_ID: '1',
        GITHUB_APP_PRIVATE_KEY: 'SHA256:abc',
        GITHUB_APP_INSTALLATION_ID: '1',
      },
      [/GITHUB_APP_PRIVATE_KEY \(not a PEM/],
    ],
    [
      'plain http off loopback',
      { GITHUB_REPOSITORY: 'o/r', GITHUB_TOKEN: 't', GITHUB_API_URL: 'http://github.example' },
      [/GITHUB_API_URL \(must be https/],
    ],
  ])('%s', (_what, vars, problems) => {
    const access = githubAccess(readSettings(vars as Record<string, string>).admin.github);
    expect(access.ok).toBe(false);
    if (access.ok) return;
    for (const p of problems) expect(access.missing.join('\n')).toMatch(p);
  });

  it('half a GitHub configuration makes the proposal tools name it, never write elsewhere', () => {
    const s = readSettings({ GITHUB_REPOSITORY: 'o/r', GITHUB_APP_ID: '1', PROPOSALS_REPO_DIR: '/tmp/repo' });
    expect(chooseProposals(s.admin.proposals)).toMatchObject({
      ok: false,
      missing: expect.stringMatching(/GITHUB_APP_PRIVATE_KEY/),
    });
  });
});
