// The curators' browser editor in real Chromium on the local stack, signed in through the site's
// own sign-in and writing through its git gateway into the tests' scratch repository (never the
// checkout; publishing by a second curator is test/e2e/editor-phone.test.ts's): a curator adds a product with a
// phone photo on a 360 px screen, edits a price, meets the schema's errors in the form, meets the
// check's safety suggestion beside its field (not a mistake: the save goes through), and
// withdraws a draft. Each result is read back from git. Screenshots at 1280 and 360 px join the
// suite's; a product's form at 1280 px is README's picture of the editor (docs/images/).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../scripts/lib/stack.ts';
import { decapNotice, launchBrowser, noticeShown } from '../support/browser.ts';
import { signInToEditor } from '../support/editor-sign-in.ts';
import { E2E_ACCOUNTS } from '../support/oidc.ts';
import { DOC_IMAGE_SIZE, writeDocImage } from '../support/doc-images.ts';
import { forbiddenIn } from '../support/forbidden-terms.ts';
import { until } from '../support/until.ts';
import { savedWhole } from '../support/standin-check.ts';
import { BUILD_INFO_PATH, readBuildInfo } from '../../src/contract/build-info.ts';
import { DECAP_PHRASES, MESSAGES } from '../../src/outputs/editor-words.ts';

const baseUrl = inject('baseUrl');
const repo = inject('proposalsRepo');
const base = inject('editorBranch');
const SCREENSHOTS = path.join(ROOT, 'screenshots');
const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' }).trim();
const branches = () => git('branch', '--list', '--format=%(refname:short)', 'cms/*').split('\n').filter(Boolean);

let browser: Browser;
/**
 * The curator's (kim's) one page, as she keeps hers: signed in once and Decap started once; each
 * test opens its screen by the address's hash, as a link inside the editor does.
 */
let editor: Page | undefined;
/** Every question the page asked (`window.confirm`), in order. */
const asked: string[] = [];
const QUESTIONS = DECAP_PHRASES.editor.editor;
let photo: string;
const scratch = mkdtempSync(path.join(tmpdir(), 'editor-e2e-'));

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
  // A phone's photo: 1600×1200 JPEG with the camera's make and GPS coordinates in its EXIF.
  photo = path.join(scratch, 'IMG_2041.jpg');
  await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 0/1',
      },
    })
    .toFile(photo);
});
afterAll(async () => {
  await browser?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The list of products, the screen every other one is opened from. */
const LIST = '#/collections/products';

/** The curator's page at `width`, on the screen `hash` names, drawn afresh from what git holds. */
async function openEditor(width: number, hash: string): Promise<Page> {
  if (!editor) {
    editor = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    editor.on('dialog', (d) => {
      asked.push(d.message());
      // Leaving a form an earlier test left unsaved (its mistakes, say): yes. What the browser kept
      // of that form: no, each test starts from what git holds. Anything else: yes, and recorded.
      void (d.message() === QUESTIONS.confirmLoadBackup ? d.dismiss() : d.accept());
    });
    await signInToEditor(editor, baseUrl, E2E_ACCOUNTS.editorCurator, { hash: LIST });
  }
  const page = editor;
  await page.setViewportSize({ width, height: width < 500 ? 740 : 900 });
  // Through the list: a screen that is open already (a form with mistakes) is drawn again.
  await page.evaluate((to) => (location.hash = to), LIST);
  // The list's own links to its products: no form is left on the screen.
  await page.locator('a[href*="#/collections/products/entries/"]').first().waitFor({ timeout: 120_000 });
  await expect.poll(() => page.locator('label', { hasText: /^Name/ }).count()).toBe(0);
  await page.evaluate((to) => (location.hash = to), hash);
  await page
    .getByText(/Products/)
    .first()
    .waitFor({ timeout: 60_000 });
  return page;
}

/** The input of the field labelled `label` in the form. */
async function input(page: Page, label: RegExp) {
  // The form opens once Decap has read the product through the gateway: slow on a busy machine.
  const id = await page.locator('label', { hasText: label }).first().getAttribute('for', { timeout: 90_000 });
  return page.locator(`[id="${id}"]`);
}

/** Picks `option` in the select labelled `label` (react-select: type, then Enter). */
async function choose(page: Page, label: RegExp, option: string) {
  await (await input(page, label)).click({ force: true });
  await page.keyboard.type(option);
  await page.keyboard.press('Enter');
}

const clickSave = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click();

/**
 * Saves, and waits for Decap to say so. The next screen opens only then: leaving sooner asks to
 * leave unsaved, and Decap goes back to the product when its save ends.
 */
async function save(page: Page) {
  const said = decapNotice(page, DECAP_PHRASES.ui.toast.entrySaved);
  await said.waitFor({ state: 'detached', timeout: 30_000 }); // an earlier save's, still on the screen
  await clickSave(page);
  await said.waitFor({ timeout: 120_000 });
}

// Each step waits on the local stack's functions and its required check, slow on a busy 2-core machine.
describe('the browser editor on the local stack', { timeout: 300_000 }, () => {
  // First, while the scratch repository is as the checkout made it: the same picture every run.
  it('shows a published product’s form beside its preview: README’s picture of the editor (docs/images/editor.png)', async () => {
    const page = await openEditor(1280, '#/collections/products/entries/azul-tile-game');
    const name = await input(page, /^Name/);
    await name.waitFor();
    expect(await name.inputValue()).toBe('Azul');
    // The preview shows the product (in whichever frame Decap renders it).
    const previewed = async () =>
      (await Promise.all(page.frames().map((f) => f.locator('h1', { hasText: 'Azul' }).count()))).some((n) => n > 0);
    await expect.poll(previewed).toBe(true);
    // Every picture loaded and the fonts ready (Decap keeps polling, so the network is never idle).
    const settled = async () =>
      (
        await Promise.all(
          page.frames().map((f) =>
            f.evaluate(async () => {
              await document.fonts.ready;
              return [...document.images].every((i) => i.complete);
            }),
          ),
        )
      ).every(Boolean);
    await expect.poll(settled).toBe(true);
    // The links to the site name the stack's port, which changes every run; Decap's loading bar (a
    // canvas fixed at the top of the body) fades in and out as it polls.
    const siteLink = `a[target="_blank"][href^="${baseUrl}"]`;
    expect(await page.locator(siteLink).count()).toBeGreaterThan(0);
    const loadingBar = 'body > canvas';
    expect(await writeDocImage(page, 'editor.png', { hide: [siteLink, loadingBar] })).toEqual(DOC_IMAGE_SIZE);
  });

  it('at 360 px, a curator adds a product with a photo: one branch with exactly the file and the picture, valid, the photo’s GPS not published', async () => {
    const page = await openEditor(360, '#/collections/products/new');
    await (await input(page, /^Name/)).fill('Magnetic Tiles Starter Set');
    await (await input(page, /^Brand/)).fill('Fixture Blocks');
    await choose(page, /^Categories/, 'Educational');
    await (await input(page, /^Price/)).fill('39.99');
    await choose(page, /^Currency/, 'USD');
    await (await input(page, /^Shop link/)).fill('https://shop.example.com/tiles?ref=littlehands');
    await (await input(page, /^Why we picked it/)).fill('Flat tiles become towers, boxes and rockets.');
    await (await input(page, /^Photo/)).setInputFiles(photo);
    await page.locator('.editor-picture img').waitFor();
    expect(await (await input(page, /^Web address/)).inputValue()).toBe(
      `${baseUrl}/products/magnetic-tiles-starter-set`,
    );
    // The form fits the phone: nothing runs off the side.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'editor-new-product-360.png') });
    await save(page);
    const branch = 'cms/products/magnetic-tiles-starter-set';
    await savedWhole(branch);

    expect(git('diff', '--name-only', `${base}...${branch}`).split('\n').sort()).toEqual([
      'content/images/products/magnetic-tiles-starter-set.jpg',
      'content/products/magnetic-tiles-starter-set.md',
    ]);
    expect(git('rev-list', '--count', `${base}..${branch}`)).toBe('1');
    // Her handle in the trailers, never her email: author and committer are the handle's no-reply address.
    expect(git('log', '-1', '--format=%B', branch)).toMatch(/^Saved-by: kim$/m);
    expect(git('log', '-1', '--format=%an <%ae> %cn <%ce>', branch)).toMatch(
      /^kim <kim@users\.noreply\.[^>]+> kim <kim@users\.noreply\.[^>]+>$/,
    );
    expect(git('log', '-1', '--format=%B%an%ae%cn%ce', branch)).not.toContain(E2E_ACCOUNTS.editorCurator.email);
    const file = git('show', `${branch}:content/products/magnetic-tiles-starter-set.md`);
    expect(file).toContain('price: 3999\n');
    expect(file).toContain('imageUrl: /images/products/magnetic-tiles-starter-set.jpg\n');

    // `npm run validate` on the branch's tree passes.
    const tree = path.join(scratch, 'tree');
    mkdirSync(tree);
    execFileSync('sh', ['-c', `git -C "${repo}" archive ${branch} content | tar -x -C "${tree}"`]);
    const validated = execFileSync(process.execPath, [path.join(ROOT, 'scripts/validate.ts'), 'content/products'], {
      cwd: tree,
      env: { ...process.env, CATALOG_IMAGES_DIR: path.join(tree, 'content/images/products') },
      encoding: 'utf8',
    });
    expect(validated).toMatch(/valid/);

    // The browser re-encodes the photo before sending it (src/editor/photo.ts): its EXIF, GPS
    // position included, never reaches the repository.
    const committed = execFileSync('git', [
      '-C',
      repo,
      'show',
      `${branch}:content/images/products/magnetic-tiles-starter-set.jpg`,
    ]);
    const meta = await sharp(committed).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([1600, 1200]);
  });

  it('a curator edits the price of an existing product: 24.99, 24 and 2499 are stored and shown as a shopper reads them; the diff is one line', async () => {
    const page = await openEditor(1280, '#/collections/products/entries/azul-tile-game');
    const price = await input(page, /^Price/);
    await expect.poll(() => price.inputValue()).toBe('39.99');
    // Its own price as a shopper reads it (the prices of its other markets have theirs).
    const shown = page.locator(`output.editor-price__shown[for="${await price.getAttribute('id')}"]`);
    for (const [typed, label] of [
      ['2499', '$2,499.00'],
      ['24', '$24.00'],
      ['24.99', '$24.99'],
    ] as const) {
      await price.fill(typed);
      await expect.poll(() => shown.textContent()).toBe(label);
    }
    await page.screenshot({ path: path.join(SCREENSHOTS, 'editor-edit-price.png') });
    await save(page);
    const branch = 'cms/products/azul-tile-game';
    await savedWhole(branch);
    const diff = git('diff', '--unified=0', `${base}...${branch}`, '--', 'content/products/azul-tile-game.md');
    expect(diff.split('\n').filter((l) => /^[-+](?![-+])/.test(l))).toEqual(['-price: 3999', '+price: 2499']);
    expect(git('diff', '--name-only', `${base}...${branch}`)).toBe('content/products/azul-tile-game.md');
  });

  it('renaming a product keeps its slug: the same file, the same branch, only the name line changes', async () => {
    const page = await openEditor(1280, '#/collections/products/entries/djeco-animal-memory');
    const slug = await input(page, /^Web address/);
    await expect.poll(() => slug.inputValue()).toBe(`${baseUrl}/products/djeco-animal-memory`);
    await (await input(page, /^Name/)).fill('Animal Memory: Forest Edition');
    expect(await slug.inputValue()).toBe(`${baseUrl}/products/djeco-animal-memory`);
    await save(page);
    const branch = 'cms/products/djeco-animal-memory';
    await savedWhole(branch);
    expect(git('diff', '--name-only', `${base}...${branch}`)).toBe('content/products/djeco-animal-memory.md');
    const changed = git('diff', '--unified=0', `${base}...${branch}`)
      .split('\n')
      .filter((l) => /^[-+](?![-+])/.test(l));
    expect(changed).toHaveLength(2);
    expect(changed[1]).toBe('+name: "Animal Memory: Forest Edition"');
  });

  // Decap checks each field on its own (the name, the price) before the rule across two fields (a
  // staff pick names its curator) is asked: the two kinds take a save each.
  it.each([
    [
      'an empty name and a price of -1',
      async (page: Page) => {
        await (await input(page, /^Name/)).fill('');
        await (await input(page, /^Price/)).fill('-1');
      },
      [/Write the product’s name/, /Write the price as the shop shows it/],
    ],
    [
      'a staff pick without a curator',
      async (page: Page) => (await input(page, /^Staff pick/)).click(),
      [/a staff pick names who picked it|turn off “Staff pick”/],
    ],
  ])('%s: each mistake shows its error in the form, and nothing is written', async (_, spoil, errors) => {
    const page = await openEditor(1280, '#/collections/products/entries/birdhouse-woodworking-kit');
    await (await input(page, /^Brand/)).waitFor();
    const before = git('for-each-ref', '--format=%(refname) %(objectname)');
    await spoil(page);
    await clickSave(page);
    for (const error of errors)
      await expect.poll(() => page.locator('body').innerText(), { timeout: 10_000 }).toMatch(error);
    // Time for a save that went out after all to reach git.
    await new Promise((r) => setTimeout(r, 1500));
    expect(git('for-each-ref', '--format=%(refname) %(objectname)')).toBe(before);
  });

  it('at 360 px, a toy for ages 3–6 in Puzzles: the check’s suggestion beside “Safety warnings”, marked and not red, said again on save, gone once answered', async () => {
    const page = await openEditor(360, '#/collections/products/new');
    await (await input(page, /^Name/)).fill('Forest Floor Puzzle');
    await (await input(page, /^Brand/)).fill('Fixture Blocks');
    await choose(page, /^Categories/, 'Puzzles');
    await (await input(page, /^Ages/)).fill('3–6 years');
    await choose(page, /^Currency/, 'USD');
    await (await input(page, /^Shop link/)).fill('https://shop.example.com/forest-floor');
    await (await input(page, /^Why we picked it/)).fill('Forty big pieces of a forest floor.');
    const hint = page.locator('.editor-hint');
    await hint.waitFor();
    const said = await hint.innerText();
    expect(said).toMatch(new RegExp(`^!?\\s*${MESSAGES.hintSign}:`));
    expect(said).toContain('Look on the box for a “Small parts” warning, because it is in Puzzles');
    expect(forbiddenIn(said)).toEqual([]);
    // Beside its field: below the warnings' choice, above the field that answers it. The three are
    // measured in one look at the page, so that the form scrolling or a field above growing between
    // two measurements cannot put them out of order (it did, at load 9).
    const placed = () =>
      page.evaluate(() => {
        const top = (el: Element | null | undefined) => el?.getBoundingClientRect().top ?? Number.NaN;
        const label = (start: string) =>
          [...document.querySelectorAll('label')].find((l) => l.textContent?.trim().startsWith(start));
        const box = document.querySelector('.editor-hint')!.getBoundingClientRect();
        return {
          belowWarnings: box.top > top(label('Safety warnings')),
          aboveAnswer: box.bottom <= top(label('Checked: no warning needed')),
          right: box.right,
        };
      });
    await expect.poll(placed).toEqual({ belowWarnings: true, aboveAnswer: true, right: expect.any(Number) });
    expect((await placed()).right).toBeLessThanOrEqual(360);
    // Not a mistake: not in the mistakes' red, and a sign beside the words.
    const colours = await hint.evaluate((el) => {
      const mistake = document.createElement('p');
      mistake.className = 'editor-error';
      document.body.append(mistake);
      const red = getComputedStyle(mistake).color;
      mistake.remove();
      const sign = el.querySelector('.editor-hint__sign');
      return { red, text: getComputedStyle(el).color, sign: sign ? getComputedStyle(sign).display : 'none' };
    });
    expect(colours.text).not.toBe(colours.red);
    expect(colours.sign).not.toBe('none');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'editor-hint-360.png') });
    // It never blocks: the save goes through, and says once more what is to check.
    await save(page);
    const branch = 'cms/products/forest-floor-puzzle';
    await savedWhole(branch);
    await page.locator('#editor-notice', { hasText: MESSAGES.savedWithHints(1, 'Safety warnings') }).waitFor();
    // Once saved, Decap opens the product at its own address and draws its form again from what was
    // saved: a choice made before that would be drawn away.
    await page.waitForURL(/\/entries\/forest-floor-puzzle$/);
    await expect.poll(async () => (await input(page, /^Name/)).inputValue()).toBe('Forest Floor Puzzle');
    await hint.waitFor();
    // Answered (the box has the warning): the suggestion goes.
    await choose(page, /^Safety warnings/, 'Small parts');
    await expect.poll(() => hint.count()).toBe(0);
    // Withdrawing with that change unsaved asks twice: leave the unsaved change, then withdraw.
    const before = asked.length;
    // Git is done before Decap hears back: the next screen opens once Decap has said so (editor-phone
    // lost a menu to the screen drawn after a withdraw).
    const withdrawn = noticeShown(page, DECAP_PHRASES.ui.toast.onDeleteUnpublishedChanges);
    await page.getByRole('button', { name: /withdraw this product/i }).click();
    await until(() => !branches().includes(branch));
    expect(asked.slice(before)).toEqual([
      QUESTIONS.onDeleteUnpublishedChangesWithUnsavedChanges,
      QUESTIONS.onDeleteUnpublishedChanges,
    ]);
    expect(await withdrawn, 'Decap says the change is withdrawn').toBe(true);
  });

  it('the site says how long its last update took, to anyone, revalidated on each read', async () => {
    const res = await fetch(`${baseUrl}${BUILD_INFO_PATH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/max-age=0/);
    const info = readBuildInfo(await res.json());
    expect(info).not.toBeNull();
    expect(info!.buildSeconds).toBeGreaterThan(0);
    expect(Date.parse(info!.builtAt)).toBeLessThanOrEqual(Date.now());
  });

  it('shows the board and the form at 1280 and 360 px (screenshots)', async () => {
    for (const width of [1280, 360]) {
      const page = await openEditor(width, '#/workflow');
      await page.waitForTimeout(500);
      await page.screenshot({ path: path.join(SCREENSHOTS, `editor-board${width === 360 ? '-360' : ''}.png`) });
      await openEditor(width, '#/collections/products/entries/azul-tile-game');
      await (await input(page, /^Name/)).waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, `editor-form${width === 360 ? '-360' : ''}.png`) });
    }
  });
});
