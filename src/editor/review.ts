// Before anyone publishes saved changes, the form shows what publishing would change on the site:
// above the fields of a product that has saved changes, every field that differs from the product
// on the site (./changes.ts), old and new, and the photo before and after. Both versions are read
// through the gateway as Decap reads files (./gateway-read.ts): the site's at the site's version
// (the configuration's branch), the saved changes at theirs; read again after each save.
import { parse } from 'yaml';
import { readFrontMatter } from '../catalog/front-matter.ts';
import { FIELDS } from '../catalog/schema.ts';
import { EDITOR_CONFIG_PATH, localImageName } from '../catalog/urls.ts';
import { EDITOR_COLLECTION } from '../outputs/editor-names.ts';
import { MESSAGES } from '../outputs/editor-words.ts';
import { productChanges, type FieldChange, type ProductVersion } from './changes.ts';
import type { Decap } from './decap.ts';
import { fileValues, formValues } from './form-data.ts';
import { readBytes, readFileAt } from './gateway-read.ts';
import { productOnScreen, screenKey } from './own-save.ts';
import { storedToken } from './session.ts';

const PANEL_ID = 'editor-changes';
const PICTURE = FIELDS.find((f) => f.meta.input === 'picture')?.key;

/** Where the configuration keeps products and their photos, and the site's version (its branch). */
interface Places {
  site: string;
  products: string;
  pictures: string;
}
let places: Promise<Places> | null = null;
const placesOf = (): Promise<Places> =>
  (places ??= fetch(EDITOR_CONFIG_PATH)
    .then((r) => r.text())
    .then((text) => {
      const config = parse(text) as {
        backend: { branch: string };
        media_folder: string;
        collections: { name: string; folder?: string }[];
      };
      const products = config.collections.find((c) => c.name === EDITOR_COLLECTION)?.folder ?? '';
      return { site: config.backend.branch, products, pictures: config.media_folder };
    })
    .catch((err: unknown) => {
      places = null; // asked again next time
      throw err;
    }));

/** Decap keeps each product's saved changes on a version of their own, named after it. */
const savedVersion = (slug: string) => `cms/${EDITOR_COLLECTION}/${slug}`;

/** One version of the product: its values and its photo's file (null when it has none there). */
async function versionAt(where: Places, slug: string, ref: string) {
  const file = await readFileAt(`${where.products}/${slug}.md`, ref);
  if (!file) return null;
  const read = readFrontMatter(file.text ?? '');
  if (!read.ok) throw new Error(read.problem.message);
  const values = fileValues(formValues(read.data, read.body));
  const name = PICTURE ? localImageName((values[PICTURE] as string | undefined) ?? null) : null;
  const photo = name ? await readFileAt(`${where.pictures}/${name}`, ref) : null;
  return { values, picture: photo?.sha ?? null } satisfies ProductVersion;
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) => {
  const e = document.createElement(tag);
  e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
};

const TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** A photo of one version, drawn once its bytes have come. */
function photo(sha: string | null, path: string | null, caption: string): HTMLElement {
  const figure = el('figure', 'editor-change__photo');
  const img = el('img', 'editor-change__img');
  img.alt = `${caption}: ${path ? MESSAGES.changePhoto : MESSAGES.changeNoPhoto}`;
  if (sha && path) {
    const type = TYPES[path.split('.').pop()!.toLowerCase()] ?? 'image/svg+xml';
    void readBytes(sha)
      .then((bytes) => (img.src = URL.createObjectURL(new Blob([bytes], { type }))))
      .catch(() => undefined);
    figure.append(img);
  } else figure.append(el('p', 'editor-change__value', MESSAGES.changeNoPhoto));
  figure.append(el('figcaption', 'editor-change__side', caption));
  return figure;
}

function row(change: FieldChange, shas: { before: string | null; after: string | null }): HTMLElement {
  const li = el('li', 'editor-change');
  li.append(el('p', 'editor-change__label', change.label));
  if (change.picture) {
    const both = el('div', 'editor-change__photos');
    if (change.before !== null) both.append(photo(shas.before, change.picture.before, MESSAGES.changeBefore));
    both.append(photo(shas.after, change.picture.after, MESSAGES.changeAfter));
    li.append(both);
    return li;
  }
  for (const [side, value, kind] of [
    [MESSAGES.changeBefore, change.before, 'before'],
    [MESSAGES.changeAfter, change.after, 'after'],
  ] as const) {
    if (value === null) continue;
    const p = el('p', `editor-change__value editor-change__value--${kind}`);
    p.append(el('span', 'editor-change__side', `${side}: `), value);
    li.append(p);
  }
  return li;
}

function panel(): HTMLElement {
  const section = el('section', 'editor-changes');
  section.id = PANEL_ID;
  section.setAttribute('aria-live', 'polite');
  section.append(el('h2', 'editor-changes__heading', MESSAGES.changesHeading));
  return section;
}

/** What publishing the saved changes of `slug` would change, as a panel; null when it has none saved. */
async function changesPanel(slug: string): Promise<HTMLElement | null> {
  if (!storedToken()) return null; // Decap's in-browser test backend: no gateway to ask
  const where = await placesOf();
  const saved = await versionAt(where, slug, savedVersion(slug));
  if (!saved) return null;
  const live = await versionAt(where, slug, where.site);
  const changes = productChanges(live, saved);
  const section = panel();
  if (!live) section.append(el('p', 'editor-changes__note', MESSAGES.changesNew));
  else if (!changes.length) section.append(el('p', 'editor-changes__note', MESSAGES.changesNone));
  const list = el('ul', 'editor-changes__list');
  for (const change of changes) list.append(row(change, { before: live?.picture ?? null, after: saved.picture }));
  if (changes.length) section.append(list);
  return section;
}

let shownFor = '';
let saves = 0;
let current: HTMLElement | null = null;

/** Reads the changes again when the screen or the saved changes change, and keeps the panel above the form. */
function keep(): void {
  const on = productOnScreen();
  const key = `${screenKey()}|${saves}`;
  if (key !== shownFor) {
    shownFor = key;
    current?.remove();
    current = null;
    if (!on || on.collection !== EDITOR_COLLECTION) return;
    changesPanel(on.slug)
      .catch(() => {
        const section = panel();
        section.append(el('p', 'editor-changes__note', MESSAGES.changesUnreadable));
        return section;
      })
      .then((section) => {
        if (shownFor === key) current = section;
      });
  }
  const form = document.querySelector('[class*="-ControlPaneContainer"]');
  if (current && form && form.firstElementChild !== current) form.prepend(current);
}

export function showWhatPublishingChanges(CMS: Decap): void {
  CMS.registerEventListener({ name: 'postSave', handler: () => void saves++ });
  setInterval(keep, 250);
}
