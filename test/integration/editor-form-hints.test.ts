// HEAVY (bundles the editor's code, then real Chromium at 360 px): what the editor's own code says
// beyond mistakes, without the local stack. The built editor (src/build/editor-bundle.ts: Decap's
// script and ours) is served from a scratch folder with the generated configuration, its backend
// swapped for Decap's in-browser `test-repo` (the form, its widgets and its events are what is
// tested here; saving through the gateway is test/e2e/editor-browser.test.ts's). A toy for ages
// 3–6 in Puzzles gets the check's suggestion beside "Safety warnings", marked and not red; the
// save goes through and says it again; publishing says how long the site's last update took.
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeEditorBundle } from '../../src/build/editor-bundle.ts';
import { BUILD_INFO_PATH, buildInfoJson } from '../../src/contract/build-info.ts';
import { editorConfig } from '../../src/outputs/editor-config.ts';
import { editorPageHtml } from '../../src/outputs/editor-page.ts';
import { DECAP_PHRASES, MESSAGES } from '../../src/outputs/editor-words.ts';
import { launchBrowser } from '../support/browser.ts';
import { ROOT } from '../support/build-site.ts';
import { forbiddenIn } from '../support/forbidden-terms.ts';

const T = DECAP_PHRASES.editor.editorToolbar;
const out = mkdtempSync(path.join(tmpdir(), 'editor-form-hints-'));
let server: http.Server;
let base = '';
let browser: Browser;
let page: Page;

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css' };

beforeAll(async () => {
  const { scripts } = await writeEditorBundle(ROOT, out, 'editor-form-hints');
  server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    const send = (type: string, body: string | Buffer) => res.writeHead(200, { 'Content-Type': type }).end(body);
    if (pathname === '/admin/') return send('text/html', editorPageHtml(scripts));
    if (pathname === '/admin/config.yml')
      return send(
        'text/yaml',
        stringify({ ...editorConfig({ base, backend: { branch: 'main' } }), backend: { name: 'test-repo' } }),
      );
    if (pathname === BUILD_INFO_PATH)
      return send('application/json', buildInfoJson({ builtAt: new Date().toISOString(), buildSeconds: 184 }));
    try {
      const file = path.join(out, path.normalize(pathname));
      if (!file.startsWith(out)) throw new Error('outside');
      return send(TYPES[path.extname(file)] ?? 'application/octet-stream', readFileSync(file));
    } catch {
      return res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  await page.goto(`${base}/admin/#/collections/products/new`);
  await page.getByRole('button', { name: DECAP_PHRASES.auth.login }).click({ timeout: 60_000 });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  server?.close();
  rmSync(out, { recursive: true, force: true });
});

/** The input of the field labelled `label` in the form. */
async function input(label: RegExp) {
  const id = await page.locator('label', { hasText: label }).first().getAttribute('for', { timeout: 60_000 });
  return page.locator(`[id="${id}"]`);
}
/** Picks `option` in the choice labelled `label` (react-select: type, then Enter). */
async function choose(label: RegExp, option: string) {
  await (await input(label)).click({ force: true });
  await page.keyboard.type(option);
  await page.keyboard.press('Enter');
}
const y = async (label: RegExp) => (await page.locator('label', { hasText: label }).first().boundingBox())!.y;

describe('the editor’s form says what the check would suggest, and what publishing means', () => {
  const hint = () => page.locator('.editor-hint');

  it('a toy for ages 3–6 in Puzzles: the suggestion beside “Safety warnings”, marked “To check”, not red', async () => {
    await (await input(/^Name/)).fill('Forest Floor Puzzle');
    await (await input(/^Brand/)).fill('Fixture Blocks');
    expect(await hint().count()).toBe(0);
    await choose(/^Categories/, 'Puzzles');
    await (await input(/^Ages/)).fill('3–6 years');
    await hint().first().waitFor();
    const said = await hint().allInnerTexts();
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(new RegExp(`^!?\\s*${MESSAGES.hintSign}: Look on the box for a “Small parts” warning`));
    expect(forbiddenIn(said[0]!)).toEqual([]);
    const box = (await hint().boundingBox())!;
    expect(box.y).toBeGreaterThan(await y(/^Safety warnings/));
    expect(box.y + box.height).toBeLessThanOrEqual(await y(/^Checked: no warning needed/));
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    const look = await hint().evaluate((el) => {
      const mistake = document.createElement('p');
      mistake.className = 'editor-error';
      document.body.append(mistake);
      const red = getComputedStyle(mistake).color;
      mistake.remove();
      return {
        red,
        colour: getComputedStyle(el).color,
        sign: getComputedStyle(el.querySelector('.editor-hint__sign')!).display,
      };
    });
    expect(look.colour).not.toBe(look.red);
    expect(look.sign).not.toBe('none');
  }, 120_000);

  it('never blocks: the save goes through and says once more what is to check', async () => {
    await choose(/^Currency/, 'USD');
    await (await input(/^Shop link/)).fill('https://shop.example.com/forest-floor');
    await (await input(/^Why we picked it/)).fill('Forty big pieces of a forest floor.');
    await page.getByRole('button', { name: T.save, exact: true }).click();
    await page.locator('#editor-notice', { hasText: MESSAGES.savedWithHints(1, 'Safety warnings') }).waitFor();
    await page.getByText(DECAP_PHRASES.ui.toast.entrySaved).first().waitFor();
  }, 60_000);

  it('answered (the box has the warning), the suggestion goes', async () => {
    await choose(/^Safety warnings/, 'Small parts');
    await expect.poll(() => hint().count(), { timeout: 30_000 }).toBe(0);
    const save = page.getByRole('button', { name: T.save, exact: true });
    await save.click();
    // Saved: nothing left to save.
    await expect.poll(() => save.isDisabled(), { timeout: 30_000 }).toBe(true);
  }, 60_000);

  it('published: live after the site’s next update, and how long the last one took (the site’s /admin/build.json)', async () => {
    await page.getByRole('button', { name: new RegExp(`^${T.status.split('%{')[0]}`) }).click();
    await page.getByRole('menuitem', { name: T.ready }).click();
    page.on('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: T.publish, exact: true }).click({ timeout: 30_000 });
    await page.getByRole('menuitem', { name: T.publishNow }).click();
    await page.getByText(DECAP_PHRASES.ui.toast.entryPublished).waitFor({ timeout: 30_000 });
    await page.locator('#editor-notice', { hasText: 'The site’s last update took about 3 minutes.' }).waitFor();
  }, 90_000);
});
