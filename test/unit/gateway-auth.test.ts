// Who may use the git gateway: the real editor-token check (src/server/auth/editor-token.ts, h-auth)
// behind the gateway's authenticator. An editor token of a listed curator is her (handle, role,
// stable id); an admin's MCP access token, a forged or no token is refused with 401 before the
// gateway reads anything else, and a sign-in that is not configured says what is missing (503).
import { describe, expect, it } from 'vitest';
import { readSettings } from '../../src/config/env.ts';
import { curatorId, issueEditorToken } from '../../src/server/auth/editor-token.ts';
import { tokenSettings } from '../../src/server/auth/settings.ts';
import { issueAccessToken } from '../../src/server/auth/tokens.ts';
import { editorAuthenticator } from '../../src/server/gateway/authenticate.ts';
import { createGatewayHandler } from '../../src/server/gateway/handler.ts';
import { memoryStore } from '../../src/server/store/memory.ts';
import { BASE, cfg, CURATOR_EMAILS, makeContext, testEnv } from '../support/auth-harness.ts';
import { memoryPictures, testSeal } from '../support/gateway-deps.ts';

const env = testEnv('https://idp.example', { CURATOR_EMAILS });
const { ctx } = makeContext(env);
const authenticate = editorAuthenticator(() => ctx);
const at = (token?: string) =>
  new Request(`${BASE}/api/git/github/branches/main`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

async function editorToken(email: string, handle: string) {
  const c = cfg(ctx);
  if (!c.editor.ok) throw new Error(c.editor.missing.join(', '));
  return issueEditorToken(
    { sub: `idp|${handle}`, email, handle, role: 'curator' },
    { issuer: c.base, editor: c.editor.value },
    ctx.now(),
  );
}

describe('the gateway’s authenticator', () => {
  it('an editor token of a listed curator is her: handle, role and stable id, no email', async () => {
    const who = await authenticate(at(await editorToken('maya@school.example', 'maya')));
    expect(who).toEqual({ handle: 'maya', role: 'curator', id: curatorId('maya@school.example', cfg(ctx).secrets) });
  });

  it.each([
    ['no token', undefined],
    ['a forged token', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'],
  ])('%s: 401 in words, with a challenge', async (_what, token) => {
    const res = (await authenticate(at(token))) as Response;
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Sign in to the editor again/);
  });

  it('an admin’s MCP access token is refused by the gateway, before any GitHub call', async () => {
    const s = tokenSettings(readSettings(env));
    if (!s.ok) throw new Error(s.missing.join(', '));
    const mcp = await issueAccessToken({ sub: 'idp|ada', email: 'ada@example.test' }, s.value, {
      clientId: 'some-client',
    });
    let calls = 0;
    const handler = createGatewayHandler({
      authenticate,
      github: () => ({
        ok: true,
        value: { apiUrl: 'http://127.0.0.1:9', owner: 'o', repo: 'r', kind: 'token', token: async () => 't' },
      }),
      siteBranch: 'main',
      noReplyEmail: (handle) => `${handle}@users.noreply.localhost`,
      publishOwnSaves: () => false,
      limiter: memoryStore().limiter({ name: 'git-auth-test', points: 10, durationSeconds: 60 }),
      authorship: testSeal,
      pictures: memoryPictures(),
      fetch: async () => {
        calls++;
        return new Response('{}');
      },
    });
    const res = await handler(at(mcp));
    expect(res.status).toBe(401);
    expect(calls).toBe(0);
  });

  it('a sign-in that is not configured: 503 naming what is missing', async () => {
    const { ctx: bare } = makeContext({ ...env, CURATOR_EMAILS: 'not an entry' });
    const res = (await editorAuthenticator(() => bare)(at('x'))) as Response;
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toMatch(/not configured: missing .*CURATOR_EMAILS/);
  });
});
