// The curators' editor on a teacher's phone (360 × 740, touch), in real Chromium on the local
// stack: every step by taps (save, send for review, mark ready, publish, withdraw, open what waits
// for review, sign out), each control inside the screen when tapped and the page never wider than
// it; the bar of Save, step and Publish at the bottom of the screen while she swipes down a long
// form; each mistake said once, at its field, in a plain sentence; her own saved changes offer no
// Publish and say who publishes them; the second curator sees what publishing changes, field by
// field, then publishes; and the visible words of each screen (text, placeholders, aria-label,
// title, alt, notices) free of the forbidden terms. The test holds itself to a phone: taps, swipes
// and typing only, never a mouse, drag, hover, force, script in the page or a wider screen. Its
// screenshots join the suite's.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../scripts/lib/stack.ts';
import { SITE_NAME } from '../../src/config/site.ts';
import { DECAP_PHRASES, MESSAGES } from '../../src/outputs/editor-words.ts';
import { launchBrowser, noticeShown } from '../support/browser.ts';
import { forbiddenIn } from '../support/forbidden-terms.ts';
import { checkOf, savedWhole } from '../support/standin-check.ts';
import { signInToEditor } from '../support/editor-sign-in.ts';
import { E2E_ACCOUNTS, type Credentials } from '../support/oidc.ts';
import { until } from '../support/until.ts';

const baseUrl = inject('baseUrl');
const repo = inject('proposalsRepo');
/** The editor's base branch: saves branch from it and publishing merges into it (other files publish too). */
const base = inject('editorBranch');
const SCREENSHOTS = path.join(ROOT, 'screenshots');
const PHONE = { width: 360, height: 740 };
const T = DECAP_PHRASES.editor.editorToolbar;
const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' }).trim();
const branches = () => git('branch', '--list', '--format=%(refname:short)', 'cms/*').split('\n').filter(Boolean);

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** The second curator's phone (Jo), signed in once to publish, then to look at another change. */
let jo: BrowserContext | undefined;
let other: Page;
let photo: string;
const scratch = mkdtempSync(path.join(tmpdir(), 'editor-phone-'));
/** The forbidden terms found on each screen, for the report. */
const found = new Map<string, string[]>();

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  context.setDefaultTimeout(60_000);
  page = await context.newPage();
  mkdirSync(SCREENSHOTS, { recursive: true });
  // A phone's photo: 3000 × 2000, taken sideways (EXIF orientation 6) with its GPS position.
  photo = path.join(scratch, 'IMG_4032.jpg');
  await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100' } })
    .toFile(photo);
});
afterAll(async () => {
  const terms = [...new Set([...found.values()].flat())];
  console.log(`forbidden terms on the phone's screens: ${terms.length} distinct (${terms.join(', ') || 'none'})`);
  await jo?.close();
  await browser?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The page's layout as the browser knows it (no script in the page): its width and scroll. */
async function layout() {
  const cdp = await context.newCDPSession(page);
  const m = (await cdp.send('Page.getLayoutMetrics')) as {
    cssContentSize: { width: number; height: number };
    cssVisualViewport: { pageX: number; pageY: number };
  };
  await cdp.detach();
  return {
    width: m.cssContentSize.width,
    height: m.cssContentSize.height,
    scrolledX: m.cssVisualViewport.pageX,
    scrolledY: m.cssVisualViewport.pageY,
  };
}

/**
 * A finger's swipes over the middle of the screen, as its touch screen sends them (touch points
 * moving `step` px at a time: 10 for a slow finger): up the screen 400 px a swipe, `times` times
 * (the page scrolls down), or down the screen when `times` is negative.
 */
async function swipe(times: number, step = 10) {
  const cdp = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y = 0) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: PHONE.width / 2, y }] });
  const [from, to] = times > 0 ? [500, 100] : [100, 500];
  for (let n = 0; n < Math.abs(times); n++) {
    await touch('touchStart', from);
    for (let y = from; y !== to; y += Math.sign(to - from) * step) await touch('touchMove', y);
    await touch('touchMove', to);
    await touch('touchEnd');
  }
  await cdp.detach();
}

/** The bar of Save, the step and Publish (Decap's toolbar's main part). */
const bar = (on: Page) => on.locator('[class*="-ToolbarSectionMain"]');

/** The bar lies whole on the screen, along its bottom edge. */
async function barAtTheBottom(on: Page, name: string) {
  const box = await until(() => bar(on).boundingBox(), 30_000, 'the bar to be laid out', 100);
  expect(box.y, `${name}: the bar starts above the screen`).toBeGreaterThanOrEqual(PHONE.height / 2);
  expect(box.y + box.height, `${name}: the bar ends below the screen`).toBeLessThanOrEqual(PHONE.height + 0.5);
  expect(box.y + box.height, `${name}: the bar is not at the bottom`).toBeGreaterThanOrEqual(PHONE.height - 0.5);
  return box;
}

/**
 * Where the control lies once it is shown (Decap draws a screen again as it settles: its box, once
 * it has one), held to the phone: inside the screen's width and fingertip-sized.
 */
async function thumbBox(target: Locator, name: string) {
  await target.waitFor({ state: 'visible', timeout: 30_000 });
  const box = await until(() => target.boundingBox(), 30_000, `${name} to be laid out`, 100);
  expect(box.x, `${name}: starts left of the screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name}: ends right of the screen`).toBeLessThanOrEqual(PHONE.width);
  expect(Math.min(box.width, box.height), `${name}: smaller than a fingertip`).toBeGreaterThanOrEqual(44);
  return box;
}

/** A thumb's tap: the control must already lie inside the screen's width, tap-sized, the page no wider. */
async function tap(target: Locator, name: string) {
  await thumbBox(target, name);
  const before = await layout();
  expect(before.scrolledX, `${name}: the page is scrolled sideways`).toBe(0);
  expect(before.width, `${name}: the page is wider than the phone`).toBeLessThanOrEqual(PHONE.width);
  await target.tap();
  expect((await layout()).width, `after ${name}: the page is wider than the phone`).toBeLessThanOrEqual(PHONE.width);
}

/**
 * A tap that leaves the site, to its identity provider's sign-in page (the development provider
 * here, a real one when deployed): the control is held to the phone as every other is; the page
 * it opens is the provider's, so its width is not this site's to check.
 */
async function tapAway(target: Locator, name: string) {
  await thumbBox(target, name);
  await target.tap();
}

/** Everything a curator can read on the screen now: text, placeholders, labels for screen readers, titles, alt texts. */
async function visibleWords(on: Page = page): Promise<string> {
  const words = [await on.locator('body').innerText()];
  for (const attribute of ['placeholder', 'aria-label', 'title', 'alt']) {
    const all = on.locator(`[${attribute}]`);
    for (let i = 0, n = await all.count(); i < n; i++) {
      const el = all.nth(i);
      if (await el.isVisible()) words.push((await el.getAttribute(attribute)) ?? '');
    }
  }
  return words.join('\n');
}

/** Reads the screen (hers, or `on`), keeps its forbidden terms for the report, and takes its screenshot. */
async function screen(name: string, on: Page = page) {
  const words = await visibleWords(on);
  found.set(name, forbiddenIn(words));
  await on.screenshot({ path: path.join(SCREENSHOTS, `editor-phone-${name}.png`) });
  expect(found.get(name), `${name}: forbidden terms in “${words}”`).toEqual([]);
  return words;
}

/** The form's input labelled `label` (its label's `for`). */
async function field(label: RegExp) {
  const id = await page.locator('label', { hasText: label }).first().getAttribute('for');
  return page.locator(`[id="${id}"]`);
}

/** Picks `option` in the choice labelled `label`, by taps (react-select opens on a tap). */
async function pick(label: RegExp, option: string) {
  await tap((await field(label)).locator('xpath=ancestor::div[contains(@class,"-control")][1]'), `${label} choice`);
  await tap(page.getByRole('option', { name: option, exact: true }), option);
}

/** The site's identity provider's form (the development provider on the e2e stack), by taps. */
async function signInUpstream(on: Page, who: Credentials) {
  await on.locator('input[name="email"]').waitFor({ timeout: 30_000 });
  await on.fill('input[name="email"]', who.email);
  await on.fill('input[name="password"]', who.password);
  await on.locator('button[type="submit"]').tap();
  await on.waitForURL((url) => url.origin === new URL(baseUrl).origin, { timeout: 60_000 });
}

const toolbarButton = (name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });

/** Her own saved changes: the bar says another curator publishes them, and offers no Publish. */
async function ownSaveSaysWhoPublishes(name: string) {
  const says = bar(page).getByText(MESSAGES.waitsForAnother, { exact: true });
  await says.waitFor({ timeout: 60_000 }); // once the site has said whose saved changes these are
  expect(await toolbarButton(T.publish).filter({ visible: true }).count(), `${name}: Publish offered`).toBe(0);
  await barAtTheBottom(page, name);
  const box = (await says.boundingBox())!;
  expect(box.y + box.height, `${name}: the sentence is off the screen`).toBeLessThanOrEqual(PHONE.height);
  return screen(name);
}
const step = () => page.getByRole('button', { name: new RegExp(`^${T.status.split('%{')[0]}`) });

// Each step waits on the local stack's functions and its required check, slow on a busy 2-core machine.
describe('the editor on a phone, by taps', { timeout: 300_000 }, () => {
  const slug = 'pocket-rain-gauge';
  const branch = `cms/products/${slug}`;

  it('sign-in: the site’s name and one button', async () => {
    await page.goto(`${baseUrl}/admin/`);
    const signIn = page.getByRole('button', { name: DECAP_PHRASES.auth.login });
    await signIn.waitFor();
    const words = await screen('sign-in');
    expect(words).toContain(SITE_NAME);
    expect(await page.getByRole('button').count()).toBe(1);
    expect(await page.getByRole('link').count()).toBe(0);
    await tapAway(signIn, 'Sign in');
    await signInUpstream(page, E2E_ACCOUNTS.curator);
  });

  it('the list: the products and the button to add one', async () => {
    const add = page.getByRole('link', { name: /^Add a product$/ });
    await add.waitFor();
    // The list itself, not its loading notice (which Decap draws over the collection's description).
    await page.locator('a[href*="/collections/products/entries/"]').filter({ hasText: ' · ' }).first().waitFor();
    await screen('list');
    await tap(add, 'Add a product');
  });

  it('the form, empty: every field in plain words', async () => {
    await (await field(/^Name/)).waitFor();
    await screen('form');
  });

  it('the bar of Save, the step and Publish stays at the bottom of the screen while she swipes down the long form', async () => {
    await barAtTheBottom(page, 'the form opened');
    const before = await layout();
    expect(before.height, 'the form is longer than three screens').toBeGreaterThan(3 * PHONE.height);
    await swipe(4);
    const after = await until(
      async () => ((await layout()).scrolledY > PHONE.height ? layout() : null),
      10_000,
      'the page to scroll',
      100,
    );
    expect(after.scrolledY, 'the page scrolled down').toBeGreaterThan(PHONE.height);
    await barAtTheBottom(page, 'after a swipe down');
    await thumbBox(toolbarButton(T.save), 'Save in the bar'); // Save itself is on the screen and tap-sized
    const save = (await toolbarButton(T.save).boundingBox())!;
    expect(save.y, 'Save is on the screen').toBeGreaterThan(PHONE.height / 2);
    expect(save.y + save.height).toBeLessThanOrEqual(PHONE.height);
    await screen('form-scrolled');
    await swipe(-12, 50); // back to the top of the form, quick flicks (96 touch events, not 480)
  });

  it('a save with mistakes keeps the form and shows the first; each mistake is one sentence at its field, and nothing else', async () => {
    const before = git('for-each-ref', '--format=%(refname) %(objectname)');
    await (await field(/^Name/)).fill('Pocket Rain Gauge');
    await (await field(/^Price/)).fill('-1');
    await tap(await field(/^Staff pick/), 'Staff pick');
    await tap(toolbarButton(T.save), 'Save');
    // Brand, categories, currency, shop link are empty; the price is not a price; a staff pick names nobody.
    const sentences = [
      'Write the brand or maker.',
      'Write the price as the shop shows it, such as 24.99, or leave it empty.',
      'Choose at least one category, each only once.',
    ];
    for (const sentence of sentences) {
      const said = page.getByText(sentence, { exact: true }).filter({ visible: true });
      await expect.poll(() => said.count(), { message: `“${sentence}” said once` }).toBe(1);
    }
    // No second message: neither the editor's notice nor Decap's own, over the form.
    expect(await page.locator('#editor-notice').filter({ visible: true }).count(), 'a notice').toBe(0);
    expect(await page.locator('.Toastify__toast').filter({ visible: true }).count(), 'Decap’s notice').toBe(0);
    await until(
      async () => {
        const box = await (await field(/^Brand/)).boundingBox();
        return box && box.y >= 0 && box.y + box.height <= PHONE.height - (await bar(page).boundingBox())!.height;
      },
      10_000,
      'the first mistake to be shown above the bar',
    );
    await barAtTheBottom(page, 'a save with mistakes');
    const words = await screen('form-mistakes');
    expect(words).not.toContain(DECAP_PHRASES.ui.toast.missingRequiredField);
    expect(words).not.toMatch(/NULL|Fix:|`/);
    await new Promise((r) => setTimeout(r, 1500));
    expect(git('for-each-ref', '--format=%(refname) %(objectname)')).toBe(before);
  });

  it('after save: her photo shown at once, shrunk and upright without its EXIF, one branch, and what comes next', async () => {
    await (await field(/^Brand/)).fill('Cloudwatch');
    await pick(/^Categories/, 'Outdoor play');
    await (await field(/^Price/)).fill('12.50');
    await pick(/^Currency/, 'EUR');
    await (await field(/^Shop link/)).fill('https://shop.example.com/rain-gauge');
    // Her handle is a curator code: marking the staff pick filled "Picked by" with her name.
    const pickedBy = (await field(/^Picked by/)).locator('xpath=ancestor::div[contains(@class,"-control")][1]');
    expect(await pickedBy.innerText()).toContain('Maya');
    await (await field(/^Why we picked it/)).fill('Children read the rain themselves, every morning.');
    await (await field(/^Photo/)).setInputFiles(photo);
    const shown = page.locator('.editor-picture__img');
    await shown.waitFor();
    expect(await shown.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(async () => (await shown.boundingBox())?.height ?? 0).toBeGreaterThan(20); // not a broken image
    await tap(toolbarButton(T.save), 'Save');
    // The save says how far it is (the notice keeps its last words once it is taken down).
    await page
      .locator('#editor-notice', { hasText: /^Saving and sending your photo \(\d+\.\d MB\)… \d+ s so far\.$/ })
      .waitFor({ state: 'attached' });
    await savedWhole(branch);
    await page.getByText(DECAP_PHRASES.ui.toast.entrySaved).waitFor({ timeout: 120_000 });
    await ownSaveSaysWhoPublishes('saved');
    expect(git('diff', '--name-only', `${base}...${branch}`).split('\n').sort()).toEqual([
      `content/images/products/${slug}.jpg`,
      `content/products/${slug}.md`,
    ]);
    const picture = execFileSync('git', ['-C', repo, 'show', `${branch}:content/images/products/${slug}.jpg`]);
    const meta = await sharp(picture).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 2400]); // turned upright, 2400 px on the long side
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('send for review, then mark ready: each says what happened and what comes next; still no Publish for her', async () => {
    const site = git('rev-parse', base);
    await tap(step(), 'Step');
    await tap(page.getByRole('menuitem', { name: T.inReview }), T.inReview);
    await page.locator('#editor-notice', { hasText: MESSAGES.sentForReview }).waitFor();
    await screen('sent-for-review');
    await tap(step(), 'Step');
    await tap(page.getByRole('menuitem', { name: T.ready }), T.ready);
    await page.locator('#editor-notice', { hasText: MESSAGES.markedReady }).waitFor();
    await ownSaveSaysWhoPublishes('own-ready');
    expect(git('rev-parse', base)).toBe(site);
    expect(branches()).toContain(branch);
  });

  it('publish: a second curator publishes it; the site branch holds exactly that merge, and the stack serves the page', async () => {
    const head = git('rev-parse', 'main');
    const site = git('rev-parse', base);
    const savedSha = git('rev-parse', branch);
    expect(await checkOf(savedSha)).toBe('success');
    jo = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    jo.setDefaultTimeout(60_000);
    other = await jo.newPage();
    await signInToEditor(other, baseUrl, E2E_ACCOUNTS.otherCurator, {
      by: 'tap',
      hash: `#/collections/products/entries/${slug}`,
    });
    // Before Publish, what publishing changes: a new product, each field it has, its photo.
    const changes = other.locator('#editor-changes');
    await changes.getByText(MESSAGES.changesNew).waitFor({ timeout: 120_000 });
    const row = (label: string) => changes.locator('li').filter({ has: other.getByText(label, { exact: true }) });
    expect(await row('Name').innerText()).toContain('Pocket Rain Gauge');
    expect(await row('Price').innerText()).toContain('€12.50');
    expect(await row('Categories').innerText()).toContain('Outdoor play');
    expect(await row('Staff pick').innerText()).toContain(MESSAGES.changeYes);
    const picture = row('Photo').locator('img');
    await expect.poll(async () => (await picture.boundingBox())?.height ?? 0).toBeGreaterThan(20); // drawn, not broken
    await screen('review-new-product', other);
    const publish = other.getByRole('button', { name: T.publish, exact: true });
    await publish.waitFor({ timeout: 120_000 });
    await barAtTheBottom(other, 'the reviewer’s bar');
    await publish.tap();
    other.once('dialog', (d) => d.accept());
    await other.getByRole('menuitem', { name: T.publishNow }).tap();
    await other.getByText(DECAP_PHRASES.ui.toast.entryPublished).waitFor({ timeout: 120_000 });
    // Live after the site's next update (the notice above), and how long the last one took: the
    // stack's own build wrote /admin/build.json.
    const took = other.locator('#editor-notice', {
      hasText: /^The site’s last update took about \d+ (seconds|minutes)\.$/,
    });
    await took.waitFor({ timeout: 30_000 });
    expect(forbiddenIn((await took.textContent()) ?? '')).toEqual([]);
    await other.screenshot({ path: path.join(SCREENSHOTS, 'editor-phone-published.png') });
    await until(() => !branches().includes(branch));
    // Exactly one merge on the site branch: the old tip and her save, naming the publisher.
    expect(git('rev-list', '--parents', '-n', '1', base).split(' ').slice(1)).toEqual([site, savedSha]);
    expect(git('log', '-1', '--format=%B', base)).toMatch(/^Published-by: jo$/m);
    expect(git('log', '-1', '--format=%B', savedSha)).toMatch(/^Saved-by: maya$/m);
    expect(git('log', '-1', '--format=%ae %ce', savedSha)).not.toMatch(new RegExp(E2E_ACCOUNTS.curator.email));
    expect(git('rev-parse', 'main')).toBe(head); // the checkout's own branch never moves
    // The running stack rebuilds and serves the new page.
    const end = Date.now() + 180_000;
    let status = 0;
    while (Date.now() < end && status !== 200) {
      status = (await fetch(`${baseUrl}/products/${slug}`)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 2000));
    }
    expect(status).toBe(200);
  });

  it('open what waits for review: the board’s card opens with a tap', async () => {
    // A second product, found in the list, changed, saved and sent for review.
    await tap(page.getByRole('link', { name: /All Products/ }), 'back to the list');
    // The list's card (its brand beside the name), not the same product in what waits for her.
    const inList = page.locator('a[href*="/entries/codenames"]').filter({ hasText: 'Czech Games' });
    await tap(inList, 'Codenames in the list');
    await expect.poll(async () => (await field(/^Name/)).inputValue(), { timeout: 30_000 }).toBe('Codenames');
    await (await field(/^Ages/)).fill('9 years and up');
    await tap(toolbarButton(T.save), 'Save');
    await savedWhole('cms/products/codenames');
    await tap(step(), 'Step');
    await tap(page.getByRole('menuitem', { name: T.inReview }), T.inReview);
    await page.locator('#editor-notice', { hasText: MESSAGES.sentForReview }).waitFor();
    await tap(page.getByRole('link', { name: /All Products/ }), 'back to the list');
    await tap(page.getByRole('link', { name: DECAP_PHRASES.app.header.workflow, exact: true }), 'For review');
    const card = page.locator('a[href*="/entries/codenames"]', { hasText: 'Codenames' });
    await card.waitFor({ timeout: 150_000 }); // the board reads every product waiting, slow on a busy machine
    await screen('waiting-for-review');
    await tap(card, 'the waiting product');
    await expect.poll(async () => (await field(/^Ages/)).inputValue(), { timeout: 30_000 }).toBe('9 years and up');
  });

  it('the second curator opens it from what waits for her and sees the change, field by field: the ages on the site, then the new ones', async () => {
    await other.getByRole('link', { name: /All Products/ }).tap();
    // What waits for her names it (the list asks the site again within 30 s).
    const waiting = other.locator('#editor-waiting a', { hasText: 'Codenames' });
    await waiting.waitFor({ timeout: 90_000 });
    await waiting.tap();
    const changes = other.locator('#editor-changes');
    const ages = changes.locator('li').filter({ has: other.getByText('Ages', { exact: true }) });
    await ages.waitFor({ timeout: 120_000 });
    expect((await ages.innerText()).replace(/\n+/g, '\n')).toBe(
      `Ages\n${MESSAGES.changeBefore}: 14+ years\n${MESSAGES.changeAfter}: 9 years and up`,
    );
    expect(await changes.locator('li').count(), 'only the ages changed').toBe(1);
    await screen('review-change', other);
    await other.getByRole('button', { name: T.publish, exact: true }).waitFor();
  });

  it('withdraw: the saved change goes, the site stays as it is', async () => {
    page.once('dialog', (d) => d.accept());
    // What she sees: Decap says so, then draws the product again as the site has it, with nothing
    // left to withdraw. Git is done before Decap hears back, and a menu opened in between would close
    // under her thumb (a run beside a 10,000-product build did).
    const withdrawn = noticeShown(page, DECAP_PHRASES.ui.toast.onDeleteUnpublishedChanges);
    await tap(page.getByRole('button', { name: T.deleteUnpublishedChanges }), T.deleteUnpublishedChanges);
    await until(() => !branches().includes('cms/products/codenames'));
    expect(await withdrawn, 'Decap says the change is withdrawn').toBe(true);
    await barAtTheBottom(page, 'after withdrawing');
    await page.getByRole('button', { name: T.deleteUnpublishedChanges }).waitFor({ state: 'detached' });
  });

  it('sign out: one tap on her account, one on “Sign out”', async () => {
    await tap(page.getByRole('button', { name: DECAP_PHRASES.ui.settingsDropdown.account }).first(), 'account');
    await tap(page.getByRole('menuitem', { name: DECAP_PHRASES.ui.settingsDropdown.logOut }), 'Sign out');
    await page.getByRole('button', { name: DECAP_PHRASES.auth.login }).waitFor();
  });
});
