// The Markdown twin of every HTML page, built as mdast from the same data the page uses.
// Each twin opens with a pointer to the HTML page and to /llms.txt.
import type { PhrasingContent, RootContent } from 'mdast';
import { CATEGORIES, CATEGORY_SLUGS, SITE_NAME, SITE_TAGLINE } from '../config/site.ts';
import { AGE_BANDS } from '../catalog/ages.ts';
import type { CatalogView } from '../catalog/catalog.ts';
import type { CatalogEntry } from '../catalog/schema.ts';
import {
  categoriesInBand,
  homePicks,
  listLead,
  relatedLists,
  type ListPage,
  type ProductList,
} from '../catalog/lists.ts';
import {
  ABOUT_PATH,
  agePath,
  ageCategoryPath,
  AGES_PATH,
  CATALOG_JSON_PATH,
  categoryPath,
  listPagePath,
  PRODUCTS_PATH,
  STAFF_PICKS_PATH,
  twinPath,
} from '../catalog/urls.ts';
import {
  curatorLabel,
  heading,
  link,
  list,
  paragraph,
  plural,
  productBlocks,
  stringify,
  strong,
  text,
  twinPreamble,
  type ProductMarkdown,
} from './markdown.ts';
import { aboutPage, developersPage, withBase } from './editorial.ts';
import { LLMS_FULL_PATH } from './llms.ts';
import { AGES_TITLE, CATEGORIES_TITLE, EDITOR_TITLE, listPageTitle, SEARCH_TITLE, type Page } from './pages.ts';

const count = (n: number) => plural(n, 'product');
const twinLink = (base: string, pagePath: string, label: string) => link(`${base}${twinPath(pagePath)}`, label);

function browseLinks(view: CatalogView, base: string): RootContent[] {
  return [
    heading(2, 'Browse by category'),
    list(
      CATEGORY_SLUGS.map((c) => [
        twinLink(base, categoryPath(c), CATEGORIES[c].label),
        text(` (${count(view.byCategory.get(c)!.length)})`),
      ]),
    ),
    heading(2, 'Browse by age'),
    list(
      AGE_BANDS.map((b) => [
        twinLink(base, agePath(b.slug), b.label),
        text(` (${count(view.byAgeBand.get(b.slug)!.length)})`),
      ]),
    ),
    paragraph(
      twinLink(base, PRODUCTS_PATH, `All ${count(view.products.length)}`),
      text(' · '),
      twinLink(base, AGES_PATH, 'Every age band by category'),
    ),
  ];
}

function home(view: CatalogView, md: ProductMarkdown): RootContent[] {
  const base = md.base;
  const picks = homePicks(view);
  return [
    heading(1, SITE_NAME),
    paragraph(text(SITE_TAGLINE)),
    ...withBase(aboutPage().children.slice(0, 1), base),
    paragraph(text(`${count(view.products.length)} in the catalog. `), twinLink(base, ABOUT_PATH, 'About the catalog')),
    heading(2, 'Staff picks'),
    ...(picks.length ? [list(picks.map((e) => md.line(e)))] : [paragraph(text('No staff picks yet.'))]),
    paragraph(twinLink(base, STAFF_PICKS_PATH, `All ${view.staffPicks.length} staff picks`)),
    ...browseLinks(view, base),
    heading(2, 'For agents and developers'),
    list([
      [link(`${base}/llms.txt`, 'Agent index (llms.txt)')],
      [link(`${base}${CATALOG_JSON_PATH}`, 'The whole catalog as JSON'), text(' (no key needed)')],
      [link(`${base}/openapi.json`, 'OpenAPI 3.1 description')],
    ]),
  ];
}

/** A staff pick with its note, as the staff-picks pages show it. */
function pickBlocks(e: CatalogEntry, md: ProductMarkdown): RootContent[] {
  const d = e.data;
  const out: RootContent[] = [heading(2, d.name), md.line(e)];
  const note: PhrasingContent[] = [];
  if (d.whyWePicked) note.push(strong('Why we picked it:'), text(` ${d.whyWePicked}`));
  if (d.pickedBy) note.push(text(`${note.length ? ' ' : ''}Picked by ${curatorLabel(d.pickedBy)}.`));
  if (note.length) out.push(paragraph(...note));
  return out;
}

/** The lists around a list (src/catalog/lists.ts relatedLists), as a section of links to their twins. */
function related(pl: ProductList, view: CatalogView, base: string): RootContent[] {
  const r = relatedLists(pl, view);
  if (!r) return [];
  return [
    heading(2, r.heading),
    list(
      r.links.map((l) => [
        twinLink(base, l.path, l.label),
        ...(l.count === undefined ? [] : [text(` (${count(l.count)})`)]),
      ]),
    ),
  ];
}

/** One page of a product list: its products, where it sits in the list, the other pages. */
function listPageBlocks(pl: ProductList, page: ListPage, view: CatalogView, md: ProductMarkdown): RootContent[] {
  const base = md.base;
  const total = pl.entries.length;
  const out: RootContent[] = [heading(1, listPageTitle(pl, page)), paragraph(text(listLead(pl)))];
  if (total === 0) out.push(paragraph(text('No products here yet.')));
  else {
    const range = `${page.start + 1}–${page.start + page.entries.length}`;
    out.push(
      paragraph(
        text(
          `${count(total)}, ordered by ` +
            `slug.${page.count > 1 ? ` Page ${page.number} of ${page.count}: products ${range}.` : ''}`,
        ),
      ),
    );
    if (pl.kind === 'staff-picks') out.push(...page.entries.flatMap((e) => pickBlocks(e, md)));
    else out.push(list(page.entries.map((e) => md.line(e))));
  }
  const nav: PhrasingContent[] = [];
  const add = (p: string | null, label: string) => {
    if (!p) return;
    if (nav.length) nav.push(text(' · '));
    nav.push(twinLink(base, p, label));
  };
  add(page.prev, 'Previous page');
  add(page.next, 'Next page');
  if (page.count > 2) {
    if (page.number !== 1) add(pl.path, 'First page');
    if (page.number !== page.count) add(listPagePath(pl.path, page.count), `Last page (${page.count})`);
  }
  if (nav.length) out.push(paragraph(...nav));
  return [...out, ...related(pl, view, base)];
}

function categoriesIndex(view: CatalogView, base: string): RootContent[] {
  return [
    heading(1, CATEGORIES_TITLE),
    paragraph(text(`${CATEGORY_SLUGS.length} categories; a product can be in more than one.`)),
    list(
      CATEGORY_SLUGS.map((c) => [
        twinLink(base, categoryPath(c), CATEGORIES[c].label),
        text(` (${count(view.byCategory.get(c)!.length)}): ${CATEGORIES[c].blurb}`),
      ]),
    ),
  ];
}

function agesIndex(view: CatalogView, base: string): RootContent[] {
  return [
    heading(1, AGES_TITLE),
    paragraph(
      text(
        'A product is listed in every age band its stated age range ' +
          'overlaps; products without a stated age are not listed by age.',
      ),
    ),
    ...AGE_BANDS.flatMap((b) => {
      const cats = categoriesInBand(view, b.slug);
      return [
        heading(2, b.label),
        paragraph(twinLink(base, agePath(b.slug), `All ${count(view.byAgeBand.get(b.slug)!.length)}`)),
        ...(cats.length
          ? [
              list(
                cats.map(([c, es]) => [
                  twinLink(base, ageCategoryPath(b.slug, c), CATEGORIES[c].label),
                  text(` (${count(es.length)})`),
                ]),
              ),
            ]
          : []),
      ];
    }),
  ];
}

function search(view: CatalogView, base: string): RootContent[] {
  return [
    heading(1, SEARCH_TITLE),
    paragraph(
      text(
        `The search page finds products by name, brand and description in the browser ` +
          `(it needs JavaScript). Agents can read every product at once instead: `,
      ),
      link(`${base}${CATALOG_JSON_PATH}`, 'the catalog as JSON'),
      text(' or '),
      link(`${base}${LLMS_FULL_PATH}`, 'the full text'),
      text('.'),
    ),
    ...browseLinks(view, base),
  ];
}

/** The editor's twin: what the page is, and where curators and agents go instead. */
function editor(base: string): RootContent[] {
  return [
    heading(1, EDITOR_TITLE),
    paragraph(
      text(
        "This page is the browser editor in which the catalog's curators add and edit products; it is not part " +
          'of the public catalog and needs JavaScript and a sign-in. Every save there is a proposal that another ' +
          'curator reviews before it is published. Curators who work with files instead: see CONTRIBUTING.md in ' +
          "the catalog's repository.",
      ),
    ),
    paragraph(
      text('Agents read the catalog instead: '),
      link(`${base}/llms.txt`, 'the agent index'),
      text(' and '),
      link(`${base}${CATALOG_JSON_PATH}`, 'the catalog as JSON'),
      text('.'),
    ),
  ];
}

/** An editorial page's twin: its title and its text. */
function editorial(page: ReturnType<typeof aboutPage>, base: string): RootContent[] {
  return [heading(1, page.title), ...withBase(page.children, base)];
}

/** The body blocks of a page's twin (without the preamble). */
function twinBlocks(page: Page, view: CatalogView, md: ProductMarkdown): RootContent[] {
  switch (page.kind) {
    case 'home':
      return home(view, md);
    case 'about':
      return editorial(aboutPage(), md.base);
    case 'developers':
      return editorial(developersPage(), md.base);
    case 'search':
      return search(view, md.base);
    case 'categories':
      return categoriesIndex(view, md.base);
    case 'ages':
      return agesIndex(view, md.base);
    case 'list':
      return listPageBlocks(page.list, page.page, view, md);
    case 'product':
      return productBlocks(page.entry, 1, md);
    case 'editor':
      return editor(md.base);
  }
}

/** The Markdown twin of one page of `pagesOf(view)`. Pass one `md` for a whole build to reuse product fragments. */
export function twinMarkdown(page: Page, view: CatalogView, md: ProductMarkdown): string {
  return stringify([twinPreamble(page.path, md.base), ...twinBlocks(page, view, md)]);
}
