// Her own saved changes are published by someone else: on the screen of a product whose open saved
// changes the gateway names as hers (./waiting.ts, `mine`), Publish is not offered and the bar says
// whom they wait for. Publish is held back too while the answer is on its way; without an answer
// (the gateway unreachable) it is offered, and the gateway still refuses her own.
import { EDITOR_COLLECTION } from '../outputs/editor-names.ts';
import { MESSAGES } from '../outputs/editor-words.ts';
import type { Decap } from './decap.ts';
import { formNow } from './live-form.ts';
import { askWhatWaits, isHers } from './waiting.ts';

/** The body's classes src/editor/editor.css reads: her own saved changes, and an answer on its way. */
const OWN = 'editor-own-save';
const ASKING = 'editor-own-save-asking';
const NOTE_ID = 'editor-waits-for';

/**
 * The product whose form is on the screen (its collection and name): the screen's address names it,
 * and the form has drawn it (its slug field holds that name; a form still drawn for another product
 * counts as none). Null on any other screen.
 */
export function productOnScreen(hash = location.hash): { collection: string; slug: string } | null {
  const m = /^#\/collections\/([^/]+)\/entries\/([^/?#]+)/.exec(hash);
  if (!m) return null;
  const slug = decodeURIComponent(m[2]!);
  return formNow().slug === slug ? { collection: decodeURIComponent(m[1]!), slug } : null;
}

/** The product on the screen as one text (empty on any other screen). */
export const screenKey = () => {
  const on = productOnScreen();
  return on ? `${on.collection}/${on.slug}` : '';
};

/** The last answer: for which product on the screen, and whether its saved changes are hers. */
let answered = { key: '', hers: false };
let askedFor = '';

function ask(): void {
  const on = productOnScreen();
  const key = screenKey();
  askedFor = key;
  if (!on || on.collection !== EDITOR_COLLECTION) return;
  void askWhatWaits(true).then((answer) => {
    if (screenKey() !== key) return;
    answered = { key, hers: isHers(answer, on.collection, on.slug) };
    draw();
  });
}

/** The body's classes, and the sentence in the bar where Publish would be. */
function draw(): void {
  const key = screenKey();
  const known = key !== '' && answered.key === key;
  const hers = known && answered.hers;
  const aProduct = location.hash.startsWith(`#/collections/${EDITOR_COLLECTION}/entries/`);
  document.body.classList.toggle(OWN, hers);
  document.body.classList.toggle(ASKING, aProduct && !known);
  const bar = document.querySelector('[class*="-ToolbarSubSectionFirst"]');
  let note = document.getElementById(NOTE_ID);
  if (!hers || !bar) return void note?.remove();
  if (note?.parentElement === bar) return;
  note ??= Object.assign(document.createElement('p'), { id: NOTE_ID, className: 'editor-waits-for' });
  note.setAttribute('role', 'status');
  note.textContent = MESSAGES.waitsForAnother;
  bar.append(note);
}

export function offerPublishToOthersOnly(CMS: Decap): void {
  // A save may make saved changes hers (a new product's first save, or hers on someone else's).
  CMS.registerEventListener({
    name: 'postSave',
    handler: () => {
      answered = { key: '', hers: false };
      ask();
      return undefined;
    },
  });
  window.addEventListener('hashchange', draw);
  setInterval(() => {
    if (screenKey() !== askedFor) ask();
    draw();
  }, 250);
}
