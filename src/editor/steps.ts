// What the editor says around Decap's own steps, read from what Decap shows (its events and its
// toolbar's texts, which come from the editor's glossary): the progress of a save, what a change of
// step means and what comes next, when a published product is live (with how long the site's last
// update took, when it says), and "See it on the site" only when that page exists.
import { BUILD_INFO_PATH, readBuildInfo } from '../contract/build-info.ts';
import { DECAP_PHRASES, MESSAGES } from '../outputs/editor-words.ts';
import type { Decap } from './decap.ts';
import { clearNotice, notice } from './notice.ts';

const T = DECAP_PHRASES.editor.editorToolbar;
const STEP_PREFIX = T.status.split('%{')[0]!;
/** What each step means, said once she has moved a product to it. */
const AFTER_STEP: Record<string, string> = {
  [T.inReview]: MESSAGES.sentForReview,
  [T.ready]: MESSAGES.markedReady,
  [T.draft]: MESSAGES.backToDraft,
};

/** The photo waiting to be sent with the next save, for the save's progress. */
let pendingPhoto: { name: string; bytes: number } | null = null;
export const photoPending = (name: string, bytes: number) => (pendingPhoto = { name, bytes });

let savingSince = 0;
let tick: ReturnType<typeof setInterval> | undefined;

function showSaving() {
  const seconds = Math.round((Date.now() - savingSince) / 1000);
  const photo = pendingPhoto ? MESSAGES.savingPhoto((pendingPhoto.bytes / 1024 / 1024).toFixed(1)) : '';
  notice(MESSAGES.saving(seconds, photo), { busy: true, ms: 0 });
}

function savingDone() {
  if (!tick) return;
  clearInterval(tick);
  tick = undefined;
  clearNotice();
}

let lastStep: { hash: string; step: string } | null = null;
let saveLabelBefore = '';
const checked = new Map<string, boolean>();

/** What Decap puts before a refused request's message (its APIError's name). */
const DECAP_ERROR_NAME = 'API_ERROR: ';

/** Reads the toolbar after each change of the page. */
function look() {
  const buttons = [...document.querySelectorAll('button, [role="button"]')] as HTMLElement[];
  const stepButton = buttons.find((b) => b.textContent?.startsWith(STEP_PREFIX));
  const step = stepButton?.textContent?.slice(STEP_PREFIX.length).trim() ?? '';
  if (step in AFTER_STEP) {
    if (lastStep && lastStep.hash === location.hash && lastStep.step !== step) notice(AFTER_STEP[step]!);
    lastStep = { hash: location.hash, step };
  }
  // A save has ended (saved or refused) when the Save button stops saying "Saving…".
  const save = buttons.find((b) => b.textContent === T.save || b.textContent === T.saving);
  const label = save?.textContent ?? '';
  if (saveLabelBefore === T.saving && label !== T.saving) savingDone();
  saveLabelBefore = label;
  // Decap writes a refused request as its error class's name and the gateway's sentence
  // ("Not published: API_ERROR: You saved changes…"): the curator reads the sentence alone.
  for (const toast of document.querySelectorAll('.Toastify__toast')) {
    const texts = document.createTreeWalker(toast, NodeFilter.SHOW_TEXT);
    for (let t = texts.nextNode(); t; t = texts.nextNode())
      if (t.nodeValue?.includes(DECAP_ERROR_NAME)) t.nodeValue = t.nodeValue.replaceAll(DECAP_ERROR_NAME, '');
  }
  // "See it on the site" only when the page is there.
  for (const a of document.querySelectorAll<HTMLAnchorElement>('a[target="_blank"][href]')) {
    if (a.textContent?.trim() !== T.deployButtonLabel && a.textContent?.trim() !== T.deployPreviewButtonLabel) continue;
    const known = checked.get(a.href);
    if (known === undefined) {
      checked.set(a.href, false);
      a.hidden = true;
      fetch(a.href, { method: 'HEAD' })
        .then((r) => checked.set(a.href, r.ok))
        .catch(() => checked.set(a.href, false))
        .finally(look);
    } else a.hidden = !known;
  }
}

/**
 * What to add once a product is published (Decap's notice says it is live after the site's next
 * update): how long the last update took, when the site says (its /admin/build.json); else nothing,
 * never a guess.
 */
export async function afterPublishing(read: () => Promise<unknown> = readLastUpdate): Promise<string | null> {
  const info = readBuildInfo(await read().catch(() => null));
  return info ? MESSAGES.lastUpdateTook(MESSAGES.about(info.buildSeconds)) : null;
}

/** The site's word on its last build, fresh (the file changes with each build), or nothing after 5 s. */
async function readLastUpdate(): Promise<unknown> {
  const res = await fetch(BUILD_INFO_PATH, { cache: 'no-store', signal: AbortSignal.timeout(5000) });
  return res.ok ? res.json() : null;
}

export function watchSteps(CMS: Decap): void {
  CMS.registerEventListener({
    name: 'preSave',
    handler: () => {
      savingSince = Date.now();
      clearInterval(tick);
      showSaving();
      tick = setInterval(showSaving, 1000);
      return undefined;
    },
  });
  CMS.registerEventListener({
    name: 'postSave',
    handler: () => {
      pendingPhoto = null;
      savingDone();
      return undefined;
    },
  });
  // Published: Decap's own notice says it is live after the site's next update; the one about the
  // step before it goes, and this one says how long the last update took, when the site knows.
  CMS.registerEventListener({
    name: 'postPublish',
    handler: () => {
      clearNotice();
      void afterPublishing().then((text) => text && notice(text, { ms: 15_000 }));
      return undefined;
    },
  });
  // A look four times a second: a mutation observer would run with each of the thousands of changes
  // Decap makes while it draws a list, on a phone's slow CPU.
  setInterval(look, 250);
}
