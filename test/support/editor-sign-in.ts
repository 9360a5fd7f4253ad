// Signs a person in to the browser editor in Chromium as a curator does: open /admin, the one
// button, the site's identity provider's form (the development provider on the e2e stack), back to
// the editor. `by: 'tap'` for the phone tests, which never use a mouse.
import type { Page } from 'playwright-core';
import type { Credentials } from './oidc.ts';

export async function signInToEditor(
  page: Page,
  baseUrl: string,
  who: Credentials,
  { by = 'click', hash = '' }: { by?: 'click' | 'tap'; hash?: string } = {},
): Promise<void> {
  await page.goto(`${baseUrl}/admin/${hash}`);
  const button = page.getByRole('button');
  await button.first().waitFor({ timeout: 60_000 });
  await (by === 'tap' ? button.first().tap() : button.first().click());
  await page.locator('input[name="email"]').waitFor({ timeout: 30_000 });
  await page.fill('input[name="email"]', who.email);
  await page.fill('input[name="password"]', who.password);
  const submit = page.locator('button[type="submit"]');
  await (by === 'tap' ? submit.tap() : submit.click());
  await page.waitForURL((url) => url.origin === new URL(baseUrl).origin, { timeout: 60_000 });
}
