// The search page's script: queries the Pagefind index under /pagefind/ as the reader types or
// changes a filter, and renders the results with DOM methods (no HTML strings, no inline styles:
// the CSP allows neither). The query lives in the address (?q=&category=&age=) so it can be shared.
// An age in the query ("blocks for a 2 year old", "toddler") sets the age filter, the page says so
// with a button to undo it, and the other words are searched (src/catalog/age-query.ts).
import { ageInQuery, type AgeInQuery } from '../catalog/age-query.ts';
import { AGE_BANDS } from '../catalog/ages.ts';
import { SEARCH_INDEX_PATH } from '../catalog/urls.ts';

/** The parts of pagefind.js used here (its module is fetched at run time, not bundled). */
interface PagefindResultData {
  url: string;
  meta: Record<string, string | undefined>;
}
interface PagefindResult {
  data(): Promise<PagefindResultData>;
}
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  search(
    term: string | null,
    options?: { filters?: Record<string, string> },
  ): Promise<{ results: PagefindResult[] } | null>;
}

/** Results rendered at a time; each needs one small fragment request. */
const BATCH = 20;
const PAGEFIND_URL = `${SEARCH_INDEX_PATH}/pagefind.js`;

const form = document.querySelector<HTMLFormElement>('form[data-search]');
const statusLine = document.getElementById('search-status');
const list = document.getElementById('search-results');
const more = document.getElementById('search-more');
const ageNote = document.getElementById('search-typed-age');
const ageNoteText = document.getElementById('search-typed-age-text');
const ageUndo = document.getElementById('search-typed-age-undo');
const ageSelect = form?.elements.namedItem('age') as HTMLSelectElement | null;

/** The age the query's words set, while they do. */
let typedAge: AgeInQuery | null = null;
/** The age choice before the words set one: what undo puts back. */
let ageBefore = '';
/** Words whose age the reader undid: not applied again while they stay. */
let undone: string | null = null;

/** Reads an age from the typed words into the age filter, or takes back one the words no longer say. */
function applyTypedAge(typed: string): string {
  const age = ageInQuery(typed);
  if (age && age.said !== undone) {
    if (!typedAge) ageBefore = ageSelect!.value;
    ageSelect!.value = age.band;
    typedAge = age;
  } else if (typedAge) {
    ageSelect!.value = ageBefore;
    typedAge = null;
  }
  if (undone !== null && age?.said !== undone) undone = null;
  showAgeNote();
  return typedAge ? typedAge.rest : typed;
}

function showAgeNote(): void {
  if (!typedAge) {
    ageNote!.hidden = true;
    ageNoteText!.textContent = '';
    return;
  }
  const band = AGE_BANDS.find((b) => b.slug === typedAge!.band)!;
  const words = typedAge.rest ? `, searching for “${typedAge.rest}”` : '';
  ageNoteText!.textContent = `Age set to ${band.label} from “${typedAge.said}”${words}.`;
  ageNote!.hidden = false;
}

let pagefind: Promise<Pagefind> | undefined;
function loadPagefind(): Promise<Pagefind> {
  pagefind ??= (import(/* @vite-ignore */ PAGEFIND_URL) as Promise<Pagefind>).then(async (pf) => {
    // On the main thread: one request fewer than its worker, and the index is small enough.
    await pf.options({ noWorker: true });
    return pf;
  });
  return pagefind;
}

const plural = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

function resultItem(data: PagefindResultData): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'result';
  const a = document.createElement('a');
  a.className = 'result__title';
  a.href = data.url;
  a.textContent = data.meta.title ?? data.url;
  const facts = document.createElement('p');
  facts.className = 'result__meta';
  facts.textContent = [data.meta.brand, data.meta.ages, data.meta.price].filter(Boolean).join(' · ');
  li.append(a, facts);
  return li;
}

let latest = 0;
let pending: PagefindResult[] = [];

async function showMore(run: number): Promise<void> {
  const batch = pending.splice(0, BATCH);
  const data = await Promise.all(batch.map((r) => r.data()));
  if (run !== latest) return;
  list!.append(...data.map(resultItem));
  more!.hidden = pending.length === 0;
}

async function run(): Promise<void> {
  const typed = String(new FormData(form!).get('q') ?? '').trim();
  const q = applyTypedAge(typed);
  const params = new FormData(form!);
  const filters: Record<string, string> = {};
  for (const key of ['category', 'age']) {
    const v = String(params.get(key) ?? '');
    if (v) filters[key] = v;
  }
  const address = new URLSearchParams();
  if (typed) address.set('q', typed);
  for (const [k, v] of Object.entries(filters)) address.set(k, v);
  history.replaceState(null, '', address.size ? `?${address}` : location.pathname);

  const mine = ++latest;
  if (!q && !Object.keys(filters).length) {
    list!.replaceChildren();
    more!.hidden = true;
    statusLine!.textContent = '';
    return;
  }
  statusLine!.textContent = 'Searching…';
  try {
    const pf = await loadPagefind();
    const found = await pf.search(q || null, { filters });
    if (mine !== latest || !found) return;
    pending = [...found.results];
    list!.replaceChildren();
    const n = found.results.length;
    statusLine!.textContent = n === 0 ? 'No products found. Try fewer words or another filter.' : `${plural(n)} found.`;
    await showMore(mine);
  } catch {
    if (mine === latest) statusLine!.textContent = 'Search could not load. Browse by category or age below instead.';
  }
}

if (form && statusLine && list && more && ageSelect && ageNote && ageNoteText && ageUndo) {
  const fields = form.elements;
  const address = new URLSearchParams(location.search);
  for (const key of ['q', 'category', 'age']) {
    const field = fields.namedItem(key) as HTMLInputElement | HTMLSelectElement | null;
    const v = address.get(key);
    if (field && v) field.value = v;
  }
  // A shared address holds the age its words set: undo then goes back to any age.
  if (ageInQuery(address.get('q') ?? '')?.band === address.get('age')) ageSelect.value = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  form.addEventListener('input', (event) => {
    // Choosing an age by hand overrides the one the words set.
    if (event.target === ageSelect && typedAge) {
      undone = typedAge.said;
      typedAge = null;
    }
    clearTimeout(timer);
    timer = setTimeout(() => void run(), 150);
  });
  ageUndo.addEventListener('click', () => {
    if (!typedAge) return;
    undone = typedAge.said;
    ageSelect.value = ageBefore;
    typedAge = null;
    clearTimeout(timer);
    void run();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    void run();
  });
  more.addEventListener('click', () => void showMore(latest));
  if (address.size) void run();
}
