// The search page's script: queries the Pagefind index under /pagefind/ as the reader types or
// changes a filter, and renders the results with DOM methods (no HTML strings, no inline styles:
// the CSP allows neither). The search lives in the address (src/catalog/search-address.ts): it can
// be shared, and each search is a step of the history. A child's age in the words ("blocks for a
// 2 year old", "toddler") keeps the products whose ages include it; the page says so with a button
// that searches the other words at every age; products that state no age come after the others.
// Where she lives (`where`) keeps the products sold there, priced in that market's money, with that
// market's form of the warnings; it is remembered on her device (localStorage), never sent away.
import { ageInQuery, spanInWords, type AgeInQuery } from '../catalog/age-query.ts';
import { ageFiltersFor, NO_AGE_FILTER } from '../catalog/age-filter.ts';
import type { AgeSpan } from '../catalog/ages.ts';
import { market, type MarketId } from '../catalog/markets.ts';
import { ageOfParam, readSearchAddress, searchAddress, type SearchState } from '../catalog/search-address.ts';
import { SEARCH_INDEX_PATH } from '../catalog/urls.ts';

/** The parts of pagefind.js used here (its module is fetched at run time, not bundled). */
interface PagefindResultData {
  url: string;
  meta: Record<string, string | undefined>;
}
interface PagefindResult {
  data(): Promise<PagefindResultData>;
}
type Filters = Record<string, string | { any: string[] }>;
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  filters(): Promise<Record<string, Record<string, number>>>;
  search(term: string | null, options?: { filters?: Filters }): Promise<{ results: PagefindResult[] } | null>;
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
const queryInput = form?.elements.namedItem('q') as HTMLInputElement | null;
const categorySelect = form?.elements.namedItem('category') as HTMLSelectElement | null;
const ageSelect = form?.elements.namedItem('age') as HTMLSelectElement | null;
const whereSelect = form?.elements.namedItem('where') as HTMLSelectElement | null;
/** Where the reader's choice of market is kept on her device. */
const WHERE_KEY = 'search-where';

/** The age the words set, while they do. */
let typedAge: AgeInQuery | null = null;

function showAgeNote(): void {
  ageNote!.hidden = !typedAge;
  ageNoteText!.textContent = typedAge
    ? `Ages that include ${spanInWords(typedAge.span)}, from “${typedAge.said}”` +
      (typedAge.rest ? `, searching for “${typedAge.rest}”.` : '.')
    : '';
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
let knownFilters: ReturnType<Pagefind['filters']> | undefined;

const plural = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

const SVG = 'http://www.w3.org/2000/svg';
/** The product page's warning sign: a triangle with an exclamation mark. */
function warningSign(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  for (const d of ['M12 3 2 21h20L12 3Z', 'M12 10v5', 'M12 18v.01']) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  return svg;
}

function resultItem(data: PagefindResultData, where: string): HTMLLIElement {
  const m = data.meta;
  const li = document.createElement('li');
  li.className = 'result';
  const a = document.createElement('a');
  a.className = 'result__title';
  a.href = data.url;
  a.textContent = m.title ?? data.url;
  const facts = document.createElement('p');
  facts.className = 'result__meta';
  const price = where ? m[`price_${where}`] : m.price;
  facts.textContent = [m.brand, m.ages, price].filter(Boolean).join(' · ');
  li.append(a, facts);
  // The warnings in the page's words, in the chosen market's form where it has its own.
  const warning = (where ? m[where === 'eu' ? 'warning_eu' : 'warning_other'] : undefined) ?? m.warning;
  if (warning) {
    const p = document.createElement('p');
    p.className = 'card__warning';
    const word = document.createElement('strong');
    word.textContent = 'Warning:';
    p.append(warningSign(), word, ` ${warning}`);
    li.append(p);
  }
  return li;
}

/** The line before the products that state no age. */
function noAgeItem(n: number): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'result result--note';
  li.textContent = `${n === 1 ? 'This product does' : `These ${n} products do`} not say what ages ${n === 1 ? 'it is' : 'they are'} for:`;
  return li;
}

type Pending = { result: PagefindResult } | { noAge: number };
let latest = 0;
let pending: Pending[] = [];

async function showMore(run: number, count = BATCH): Promise<void> {
  const batch: Pending[] = [];
  for (let n = 0; pending.length && n < count;) {
    const p = pending.shift()!;
    batch.push(p);
    if ('result' in p) n++;
  }
  const items = await Promise.all(
    batch.map(async (p) =>
      'result' in p ? resultItem(await p.result.data(), whereSelect!.value) : noAgeItem(p.noAge),
    ),
  );
  if (run !== latest) return;
  list!.append(...items);
  more!.hidden = pending.length === 0;
}

/** The search the form holds now. */
const formState = (): SearchState => ({
  q: queryInput!.value.trim(),
  category: categorySelect!.value,
  age: ageSelect!.value,
  where: whereSelect!.value,
});

/** Puts a search into the form; an age the age list lacks (a child's, `2` or `18m`) is added to it. */
function fillForm(state: SearchState): void {
  queryInput!.value = state.q;
  categorySelect!.value = state.category;
  if (state.age && ![...ageSelect!.options].some((o) => o.value === state.age)) {
    const span = ageOfParam(state.age)!;
    ageSelect!.add(new Option(`${spanInWords({ ...span, maxMonths: span.maxMonths! })} old`, state.age));
  }
  ageSelect!.value = state.age;
  // An address without a market: the one she chose last time, on this device.
  whereSelect!.value = state.where || (new URLSearchParams(location.search).has('where') ? '' : storedWhere());
}

function storedWhere(): string {
  try {
    const v = localStorage.getItem(WHERE_KEY) ?? '';
    return [...whereSelect!.options].some((o) => o.value === v) ? v : '';
  } catch {
    return ''; // storage switched off
  }
}

/** How a search enters the history: a step of its own, in place of the current one, or not at all. */
type Step = 'push' | 'replace' | 'none';

function record(state: SearchState, step: Step): void {
  const address = searchAddress(state) || location.pathname;
  if (step === 'none' || address === `${location.search || location.pathname}`) return;
  if (step === 'push') history.pushState(null, '', address);
  else history.replaceState(null, '', address);
}

async function run(step: Step): Promise<void> {
  const state = formState();
  record(state, step);
  typedAge = ageInQuery(state.q);
  showAgeNote();
  const words = typedAge ? typedAge.rest : state.q;
  const span: AgeSpan | null = typedAge?.span ?? ageOfParam(state.age);
  const filters: Filters = {
    ...(state.category ? { category: state.category } : {}),
    ...(state.where ? { market: state.where } : {}),
  };

  const mine = ++latest;
  if (!words && !state.category && !span && !state.where) {
    delete form!.parentElement!.dataset.searched;
    list!.replaceChildren();
    more!.hidden = true;
    statusLine!.textContent = '';
    return;
  }
  // A page that shows results drops its lead on a phone (src/styles/site.css): they start higher.
  form!.parentElement!.dataset.searched = '';
  statusLine!.textContent = 'Searching…';
  try {
    const pf = await loadPagefind();
    const term = words || null;
    let ages: Filters = {};
    if (span) {
      knownFilters ??= pf.filters();
      ages = ageFiltersFor(span, await knownFilters);
    }
    const found = await pf.search(term, { filters: { ...filters, ...ages } });
    if (mine !== latest || !found) return;
    pending = found.results.map((result) => ({ result }));
    list!.replaceChildren();
    // The products whose ages include hers show first; those that state none are looked for after.
    await showMore(mine);
    const noAge = span ? await pf.search(term, { filters: { ...filters, ...NO_AGE_FILTER } }) : null;
    if (mine !== latest) return;
    const m = noAge?.results.length ?? 0;
    if (m) {
      pending.push({ noAge: m }, ...noAge!.results.map((result) => ({ result })));
      // A first batch the products with ages did not fill is filled up with these.
      const shown = list!.querySelectorAll('.result__title').length;
      if (shown < BATCH) await showMore(mine, BATCH - shown);
      more!.hidden = pending.length === 0;
    }
    const n = found.results.length;
    const after = m ? `, then ${plural(m)} that do not say their ages.` : '.';
    const sold = state.where ? ` sold in ${market(state.where as MarketId).name}` : '';
    statusLine!.textContent =
      n + m === 0
        ? `No products${sold} found. Try fewer words or another filter.`
        : `${plural(n)}${sold} found${after}`;
  } catch {
    if (mine === latest) statusLine!.textContent = 'Search could not load. Browse by category or age below instead.';
  }
}

if (
  form &&
  statusLine &&
  list &&
  more &&
  queryInput &&
  categorySelect &&
  ageSelect &&
  whereSelect &&
  ageNote &&
  ageNoteText &&
  ageUndo
) {
  fillForm(readSearchAddress(location.search));
  /** Whether the current history step is finished: the next typing begins a new one. */
  let finished = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The step the waiting search takes: a new step asked for stays one while typing goes on. */
  let waiting: Step = 'none';
  const later = (step: Step) => {
    clearTimeout(timer);
    if (waiting !== 'push') waiting = step;
    timer = setTimeout(() => {
      const s = waiting;
      waiting = 'none';
      void run(s);
    }, 150);
  };
  form.addEventListener('input', (event) => {
    if (event.target === whereSelect)
      try {
        localStorage.setItem(WHERE_KEY, whereSelect!.value);
      } catch {
        // storage switched off: the choice lasts as long as the page
      }
    // Choosing an age by hand wins over the words': they leave the box, the other words stay.
    if (event.target === ageSelect && typedAge) queryInput.value = typedAge.rest;
    if (event.target === queryInput) {
      later(finished ? 'push' : 'replace');
      finished = false;
    } else {
      later('push');
      finished = true;
    }
  });
  const now = () => {
    clearTimeout(timer);
    waiting = 'none';
  };
  ageUndo.addEventListener('click', () => {
    if (!typedAge) return;
    queryInput.value = typedAge.rest;
    now();
    finished = true;
    void run('push');
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const step = waiting === 'push' || finished ? 'push' : 'replace';
    now();
    void run(step);
    finished = true;
  });
  window.addEventListener('popstate', () => {
    now();
    fillForm(readSearchAddress(location.search));
    finished = true;
    void run('none');
  });
  more.addEventListener('click', () => void showMore(latest));
  if (location.search) void run('none');
}
