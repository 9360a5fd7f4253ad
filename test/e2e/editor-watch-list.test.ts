// The recall watch list in the browser editor, in real Chromium on the local stack, signed in
// through the site's own sign-in and saved through its git gateway into the tests' scratch
// repository: a curator opens "Recall watch list", adds a dismissal (the source from the choice,
// the product by its address), is stopped by a reason shorter than a sentence, then saves. git
// then holds one branch, cms/recalls/recall-watch, changing exactly content/recall-watch.yml, which
// opens with its header comment and holds her dismissal. The save is withdrawn at the end.
import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseRecallWatch, RECALL_WATCH_FILE, RECALL_WATCH_HEADER } from '../../src/catalog/recall-watch-file.ts';
import { WATCH_WORDS } from '../../src/outputs/editor-words.ts';
import { WATCH_LIST_BRANCH } from '../../src/server/proposals/backend.ts';
import { launchBrowser } from '../support/browser.ts';
import { signInToEditor } from '../support/editor-sign-in.ts';
import { E2E_ACCOUNTS } from '../support/oidc.ts';
import { until } from '../support/until.ts';

const baseUrl = inject('baseUrl');
const repo = inject('proposalsRepo');
const base = inject('editorBranch');
const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' }).trim();
const hasBranch = () => git('branch', '--list', WATCH_LIST_BRANCH) !== '';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The last input of the field labelled `label` (a new item's is the last). */
async function input(page: Page, label: RegExp) {
  const id = await page.locator('label', { hasText: label }).last().getAttribute('for');
  return page.locator(`[id="${id}"]`);
}

describe('the recall watch list in the browser editor', () => {
  it('a curator adds a dismissal: one branch with exactly the file, its header kept, her dismissal in it', async () => {
    expect(hasBranch()).toBe(false);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInToEditor(page, baseUrl, E2E_ACCOUNTS.editorCurator, {
      hash: '#/collections/recalls/entries/recall-watch',
    });
    // The sign-in returns to the watch list's form (the address is kept across it); the form opens
    // once Decap has read the products too: slow on a busy stack.
    await page.getByText(WATCH_WORDS.labels.dismissals).first().waitFor({ timeout: 150_000 });
    // The second list's “add” button: the dismissals'.
    await page.getByRole('button', { name: /Add/ }).last().click();
    await (await input(page, /^Who published the recall/)).click({ force: true });
    await page.keyboard.type('Health Canada');
    await page.keyboard.press('Enter');
    await (await input(page, /^Recall number/)).fill('2024-0042');
    await (await input(page, /^Our product/)).fill('azul-tile-game');
    // A reason shorter than a sentence: nothing is saved.
    await (await input(page, new RegExp(`^${WATCH_WORDS.labels.why}`))).fill('not it');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(WATCH_WORDS.whyTooShort).first().waitFor();
    expect(hasBranch()).toBe(false);
    await (
      await input(page, new RegExp(`^${WATCH_WORDS.labels.why}`))
    ).fill('Health Canada’s recall is of another maker’s tiles.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await until(() => hasBranch() && Number(git('rev-list', '--count', `${base}..${WATCH_LIST_BRANCH}`)) > 0);
    expect(git('diff', '--name-only', `${base}...${WATCH_LIST_BRANCH}`)).toBe(RECALL_WATCH_FILE);
    const text = `${git('show', `${WATCH_LIST_BRANCH}:${RECALL_WATCH_FILE}`)}\n`;
    expect(text.startsWith(RECALL_WATCH_HEADER)).toBe(true);
    const parsed = parseRecallWatch(text);
    expect(parsed.ok && parsed.value.dismissals).toEqual([
      expect.objectContaining({ source: 'health-canada', recall: '2024-0042', product: 'azul-tile-game' }),
    ]);
    // Her save is hers: withdrawn, nothing of it stays.
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: /withdraw these changes/i }).click();
    await until(() => !hasBranch());
    await context.close();
  }, 330_000);
});
