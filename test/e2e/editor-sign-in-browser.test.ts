// The editor's sign-in on the local stack, in real Chromium at 360 px, through the site's own
// /api/auth and the development identity provider: a curator gets an editor token that the git
// gateway alone accepts (never /api/mcp), an admin's MCP token is refused by the gateway, signing
// out ends the token on the server, and a person on no list is refused with a page saying whom to ask.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { signInToEditor } from '../support/editor-sign-in.ts';
import { E2E_ACCOUNTS } from '../support/oidc.ts';
import { postMcp, stackToken } from '../support/stack-admin.ts';

const baseUrl = inject('baseUrl');
const env = inject('stackEnv');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function phonePage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  return context.newPage();
}

/** The token Decap keeps for the signed-in curator (its user record in localStorage). */
async function editorToken(page: Page): Promise<string> {
  await page.waitForFunction(() => localStorage.getItem('decap-cms-user'), null, { timeout: 60_000 });
  const user = JSON.parse((await page.evaluate(() => localStorage.getItem('decap-cms-user')))!) as { token: string };
  return user.token;
}

const gatewaySettings = (token: string) =>
  fetch(`${baseUrl}/api/git/settings`, { headers: { authorization: `Bearer ${token}` } });

describe('signing in to the editor', () => {
  it('refuses a person on no list at sign-in: the editor says who she signed in as and whom to ask', async () => {
    const page = await phonePage();
    await signInToEditor(page, baseUrl, E2E_ACCOUNTS.outsider, { by: 'tap' });
    const said = page.locator('#editor-notice', { hasText: /Ask the person who looks after this catalog’s website/ });
    await said.waitFor({ timeout: 60_000 });
    expect(await said.textContent()).toContain(E2E_ACCOUNTS.outsider.email);
    const text = await page.locator('body').innerText();
    // In plain words: no OAuth error code on the screen, and the one button to sign in again.
    expect(text).not.toMatch(/access_denied|Error:/);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // Nobody else's address is shown, and no token was handed over.
    expect(text).not.toContain(E2E_ACCOUNTS.curator.email);
    expect(await page.evaluate(() => localStorage.getItem('decap-cms-user'))).toBeNull();
    await page.context().close();
  });

  it('gives a curator a token for the gateway alone; an MCP token is refused there; signing out ends it on the server', async () => {
    const page = await phonePage();
    await signInToEditor(page, baseUrl, E2E_ACCOUNTS.signOutCurator, { by: 'tap' });
    const token = await editorToken(page);
    const settings = await gatewaySettings(token);
    expect(settings.status).toBe(200);
    expect(await settings.json()).toMatchObject({ github_enabled: true, roles: [] });

    // A refusal is the gateway's own, once: the local stack does not ask again for the path plus
    // `.html` or `/index.htm` (netlify-cli's static fallbacks after a 403), whose refusal would be sent instead.
    const refused = await fetch(`${baseUrl}/api/git/github/git/refs/heads/main`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBe(403);
    const { message } = (await refused.json()) as { message: string };
    expect(message).toContain('heads/main');
    expect(message).not.toMatch(/\.html?\b|index\.htm/);

    // The editor's token at /api/mcp: the contract's 401 ApiError.
    const mcp = await postMcp(`${baseUrl}/api/mcp`, token, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(mcp.status).toBe(401);
    expect(((await mcp.json()) as { error: { code: string } }).error.code).toEqual(expect.any(String));

    // An admin's MCP token at the gateway: refused.
    const admin = await stackToken(env, { sub: 'e2e-admin' }, 'e2e-client');
    expect((await gatewaySettings(admin)).status).toBe(401);

    // Sign-out on the server: the same token is refused from then on.
    const out = await fetch(`${baseUrl}/api/auth/signout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(204);
    expect((await gatewaySettings(token)).status).toBe(401);
    await page.context().close();
  });
});
