// The editor's first screen says what waits for the signed-in curator: the products (and a change
// to the recall watch list) in review or ready that someone else saved (another curator, or the
// catalog's own watchers), urgent ones first, each a link to its form. The site's gateway knows whose save is whose
// (GET /api/git/waiting); this asks it when the list of products is shown, and shows the answer
// above Decap's screen. Nothing is shown before she has signed in. The same answer names her own
// open saved changes (`mine`, proven by the gateway), on which ./own-save.ts offers no Publish.
import type { SavedChanges } from '../contract/editor.ts';
import { MESSAGES } from '../outputs/editor-words.ts';
import { storedToken } from './session.ts';

const PANEL_ID = 'editor-waiting';

interface WaitingItem {
  collection: string;
  slug: string;
  title: string;
  reason: keyof typeof MESSAGES.waitingWhy | null;
  savedBy: string | null;
  urgent: boolean;
}

export interface WhatWaits {
  items: WaitingItem[];
  /** Her own open saved changes (an answer without them names none). */
  mine: SavedChanges[];
}

const isSaved = (x: unknown): x is SavedChanges =>
  typeof x === 'object' &&
  x !== null &&
  typeof (x as SavedChanges).collection === 'string' &&
  typeof (x as SavedChanges).slug === 'string';

/** The gateway's answer, or null when it is not one. */
export function readWhatWaits(body: unknown): WhatWaits | null {
  const { items, mine = [] } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (!Array.isArray(items) || !Array.isArray(mine) || !mine.every(isSaved)) return null;
  return { items: items as WaitingItem[], mine };
}

/** Whether the saved changes of `slug` in `collection` are hers, by the answer (none is known without one). */
export const isHers = (answer: WhatWaits | null, collection: string, slug: string): boolean =>
  Boolean(answer?.mine.some((m) => m.collection === collection && m.slug === slug));

let last: { at: number; answer: Promise<WhatWaits | null> } | null = null;

/**
 * What waits, asked of the gateway at most once every 30 s (the list changes when someone saves or
 * publishes), or now when `fresh`; null when she is not signed in or the gateway did not answer.
 */
export function askWhatWaits(fresh = false): Promise<WhatWaits | null> {
  if (last && !fresh && Date.now() - last.at < 30_000) return last.answer;
  const t = storedToken();
  if (!t) return Promise.resolve(null);
  const answer = fetch('/api/git/waiting', { headers: { authorization: `Bearer ${t}` } })
    .then((res) => (res.ok ? res.json() : null))
    .then(readWhatWaits)
    // The list is a help, not a step: without it the board still shows everything.
    .catch(() => null);
  last = { at: Date.now(), answer };
  return answer;
}

/** Whether Decap shows the list of products (its first screen after signing in). */
const onTheList = () => /^#\/?(collections\/products\/?)?$/.test(location.hash || '#/');

function panel(): HTMLElement {
  let el = document.getElementById(PANEL_ID);
  if (!el) {
    el = document.createElement('aside');
    el.id = PANEL_ID;
    el.className = 'editor-waiting';
    el.setAttribute('aria-live', 'polite');
    const root = document.getElementById('nc-root');
    if (root) root.before(el);
    else document.body.prepend(el);
  }
  return el;
}

function show(items: WaitingItem[]): void {
  const el = panel();
  el.replaceChildren();
  const heading = document.createElement('p');
  heading.textContent = items.length ? MESSAGES.waitingHeading(items.length) : MESSAGES.waitingNone;
  el.append(heading);
  if (!items.length) return;
  const list = document.createElement('ul');
  for (const item of items) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `#/collections/${encodeURIComponent(item.collection)}/entries/${encodeURIComponent(item.slug)}`;
    const why = item.reason ? ` — ${MESSAGES.waitingWhy[item.reason]}` : '';
    a.textContent = `${item.urgent ? `${MESSAGES.waitingUrgent}: ` : ''}${item.title}${why} (${MESSAGES.waitingBy(item.savedBy, item.reason !== null)})`;
    li.append(a);
    list.append(li);
  }
  el.append(list);
}

let shown: Promise<WhatWaits | null> | null = null;
async function refresh(): Promise<void> {
  const el = document.getElementById(PANEL_ID);
  if (!storedToken() || !onTheList()) {
    if (el) el.hidden = true;
    return;
  }
  const answer = askWhatWaits();
  if (answer === shown) {
    if (el) el.hidden = false;
    return;
  }
  shown = answer;
  const got = await answer;
  if (!got) return;
  show(got.items);
  panel().hidden = !onTheList();
}

/** Keeps the panel in step with the screen: shown on the list, hidden elsewhere and before sign-in. */
export function showWhatWaits(): void {
  window.addEventListener('hashchange', () => void refresh());
  setInterval(() => void refresh(), 2000);
}
