// The editor's first screen says what waits for the signed-in curator: the products (and a change
// to the recall watch list) in review or ready that someone else saved (another curator, or the
// catalog's own watchers), urgent ones first, each a link to its form. The site's gateway knows whose save is whose
// (GET /api/git/waiting); this asks it when the list of products is shown, and shows the answer
// above Decap's screen. Nothing is shown before she has signed in.
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

let asked = 0;
async function refresh(): Promise<void> {
  const el = document.getElementById(PANEL_ID);
  const t = storedToken();
  if (!t || !onTheList()) {
    if (el) el.hidden = true;
    return;
  }
  // At most once every 30 s: the list changes when someone saves or publishes.
  if (Date.now() - asked < 30_000) {
    if (el) el.hidden = false;
    return;
  }
  asked = Date.now();
  try {
    const res = await fetch('/api/git/waiting', { headers: { authorization: `Bearer ${t}` } });
    if (!res.ok) return;
    const { items } = (await res.json()) as { items: WaitingItem[] };
    show(items);
    panel().hidden = !onTheList();
  } catch {
    // The list is a help, not a step: without it the board still shows everything.
  }
}

/** Keeps the panel in step with the screen: shown on the list, hidden elsewhere and before sign-in. */
export function showWhatWaits(): void {
  window.addEventListener('hashchange', () => void refresh());
  setInterval(() => void refresh(), 2000);
}
