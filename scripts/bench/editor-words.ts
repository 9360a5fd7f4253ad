// How many of the terms a teacher stumbled on (test/support/forbidden-terms.ts) the curators' editor
// shows, screen by screen, at 360 px: sign-in, the list, the form empty and with mistakes, after a
// save, after sending for review and after publishing, counting its text, placeholders, aria-label,
// title, alt and notices. A measuring tool, not the phone test: it clicks where a thumb could not
// (an older editor's toolbar runs off a phone's screen), so that an older checkout can be counted.
//   node scripts/bench/editor-words.ts [checkout]   (default: this one; another worktree counts "before")
import { chromium, type Locator, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.ts';
import { FORBIDDEN_TERMS, forbiddenIn } from '../../test/support/forbidden-terms.ts';
import { startEditorStand } from './editor-stand.ts';

const checkout = process.argv[2] ?? process.cwd();

async function visibleWords(page: Page): Promise<string> {
  const words = [await page.locator('body').innerText()];
  for (const attribute of ['placeholder', 'aria-label', 'title', 'alt']) {
    const all = page.locator(`[${attribute}]`);
    for (let i = 0, n = await all.count(); i < n; i++)
      if (await all.nth(i).isVisible()) words.push((await all.nth(i).getAttribute(attribute)) ?? '');
  }
  return words.join('\n');
}

/** A click where the control is, even off the side of an older editor's screen (a measuring tool, not a thumb). */
const click = async (l: Locator) => {
  await l.first().waitFor({ state: 'attached', timeout: 60_000 });
  await l.first().dispatchEvent('click');
};

const stand = await startEditorStand(checkout);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
const page = await browser.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
page.on('dialog', (d) => void d.accept().catch(() => undefined));
const screens: [string, string[], number][] = [];
const read = async (name: string) => {
  const text = await visibleWords(page);
  screens.push([name, forbiddenIn(text), text.split(/\s+/).filter(Boolean).length]);
};
const field = async (label: RegExp) => {
  const id = await page.locator('label', { hasText: label }).first().getAttribute('for');
  return page.locator(`[id="${id}"]`);
};
try {
  await page.goto(`${stand.url}/admin/`);
  const signIn = page.getByRole('button', { name: /^(sign in|login)$/i });
  await signIn.waitFor({ timeout: 120_000 });
  await read('sign-in');
  await click(signIn);
  await page
    .getByRole('link', { name: /product/i })
    .first()
    .waitFor({ timeout: 120_000 });
  await page.waitForTimeout(1500);
  await read('list');
  await page.goto(`${stand.url}/admin/#/collections/products/new`);
  await (await field(/^Name/)).waitFor({ timeout: 120_000 });
  await read('form, empty');
  await (await field(/^Name/)).fill('Pocket Rain Gauge');
  await click(page.getByRole('button', { name: 'Save', exact: true }));
  await page.waitForTimeout(1500);
  await read('form, with mistakes');
  await page.goto(`${stand.url}/admin/#/collections/products/entries/azul-tile-game`);
  await page.reload();
  await (await field(/^Price/)).waitFor({ timeout: 120_000 });
  await (await field(/^Price/)).fill('24.99');
  await click(page.getByRole('button', { name: 'Save', exact: true }));
  await page.getByRole('button', { name: /^(Status|Step): / }).waitFor({ timeout: 120_000 });
  await page.waitForTimeout(300);
  await read('after save');
  await click(page.getByRole('button', { name: /^(Status|Step): / }));
  await click(page.getByRole('menuitem', { name: /^(In review|Sent for review)$/ }));
  await page.waitForTimeout(800);
  await read('after sending for review');
  await click(page.getByRole('button', { name: /^(Status|Step): / }));
  await click(page.getByRole('menuitem', { name: /^Ready/ }));
  await page.getByRole('button', { name: /^Publish$/ }).waitFor({ timeout: 60_000 });
  await click(page.getByRole('button', { name: /^Publish$/ }));
  await click(page.getByRole('menuitem', { name: /^Publish now$/ }));
  await page
    .getByText(/published/i)
    .first()
    .waitFor({ timeout: 120_000 });
  await read('after publishing');
} finally {
  await browser.close();
  await stand.stop();
}
console.log(`editor words at 360 px, ${checkout}`);
for (const [name, terms, words] of screens)
  console.log(`${name.padEnd(26)} ${String(words).padStart(4)} words, ${terms.length} forbidden: ${terms.join(', ')}`);
const distinct = [...new Set(screens.flatMap(([, t]) => t))];
console.log(
  `distinct forbidden terms: ${distinct.length} of the ${FORBIDDEN_TERMS.length} on the list (${distinct.join(', ') || 'none'})`,
);
