// The Markdown twin of every HTML page, built as mdast from the same data the page uses.
// Each twin opens with a pointer to the HTML page and to /llms.txt.
import type { PhrasingContent, RootContent } from 'mdast';
import { CATEGORIES, CATEGORY_SLUGS, SITE_NAME, SITE_TAGLINE, siteUrl } from '../config/site.ts';
import { AGE_BANDS } from '../catalog/ages.ts';
import { absoluteUrl, type CatalogView } from '../catalog/catalog.ts';
import type { CatalogEntry } from '../catalog/schema.ts';
import { agePath, CATALOG_JSON_PATH, categoryPath, twinPath } from '../catalog/urls.ts';
import { ABOUT_INTRO, ABOUT_SECTIONS, ABOUT_TITLE, type Inline } from '../content/about.ts';
import {
  code,
  curatorLabel,
  heading,
  link,
  list,
  paragraph,
  plural,
  productBlocks,
  productMarkdown,
  stringify,
  strong,
  text,
  twinPreamble,
  type ProductMarkdown,
} from './markdown.ts';
import { ABOUT_PATH, STAFF_PICKS_PATH, type Page } from './pages.ts';

/** How many staff picks the home page (and its twin) shows before linking to the full list. */
export const HOME_PICKS = 12;

const count = (n: number) => plural(n, 'product');

function productList(entries: readonly CatalogEntry[], md: ProductMarkdown): RootContent[] {
  if (entries.length === 0) return [paragraph(text('No products here yet.'))];
  return [paragraph(text(`${count(entries.length)}, ordered by slug.`)), list(entries.map((e) => md.line(e)))];
}

function browseLinks(view: CatalogView, base: string): RootContent[] {
  return [
    heading(2, 'Browse by category'),
    list(
      CATEGORY_SLUGS.map((c) => [
        link(`${base}${twinPath(categoryPath(c))}`, CATEGORIES[c].label),
        text(` (${count(view.byCategory.get(c)!.length)})`),
      ]),
    ),
    heading(2, 'Browse by age'),
    list(
      AGE_BANDS.map((b) => [
        link(`${base}${twinPath(agePath(b.slug))}`, b.label),
        text(` (${count(view.byAgeBand.get(b.slug)!.length)})`),
      ]),
    ),
  ];
}

function home(view: CatalogView, md: ProductMarkdown): RootContent[] {
  const base = md.base;
  const picks = view.staffPicks.slice(0, HOME_PICKS);
  return [
    heading(1, SITE_NAME),
    paragraph(text(SITE_TAGLINE)),
    paragraph(text(ABOUT_INTRO)),
    paragraph(
      text(`${count(view.products.length)} in the catalog. `),
      link(`${base}${twinPath(ABOUT_PATH)}`, 'About the catalog'),
    ),
    heading(2, 'Staff picks'),
    ...(picks.length ? [list(picks.map((e) => md.line(e)))] : [paragraph(text('No staff picks yet.'))]),
    paragraph(link(`${base}${twinPath(STAFF_PICKS_PATH)}`, `All ${view.staffPicks.length} staff picks`)),
    ...browseLinks(view, base),
    heading(2, 'For agents and developers'),
    list([
      [link(`${base}/llms.txt`, 'Agent index (llms.txt)')],
      [link(`${base}${CATALOG_JSON_PATH}`, 'The whole catalog as JSON'), text(' (no key needed)')],
      [link(`${base}/openapi.json`, 'OpenAPI 3.1 description')],
    ]),
  ];
}

function staffPicks(view: CatalogView, md: ProductMarkdown): RootContent[] {
  const out: RootContent[] = [
    heading(1, 'Staff picks'),
    paragraph(
      text(`The products our curators would hand to a child first: ${count(view.staffPicks.length)}, ordered by slug.`),
    ),
  ];
  for (const e of view.staffPicks) {
    const d = e.data;
    out.push(heading(2, d.name), md.line(e));
    const note: PhrasingContent[] = [];
    if (d.whyWePicked) note.push(strong('Why we picked it:'), text(` ${d.whyWePicked}`));
    if (d.pickedBy) note.push(text(`${note.length ? ' ' : ''}Picked by ${curatorLabel(d.pickedBy)}.`));
    if (note.length) out.push(paragraph(...note));
  }
  return out;
}

function inline(parts: Inline[], base: string): PhrasingContent[] {
  return parts.map((p): PhrasingContent => {
    if (typeof p === 'string') return text(p);
    if ('code' in p) return code(p.code);
    if ('em' in p) return { type: 'emphasis', children: [text(p.em)] };
    if ('strong' in p) return strong(p.strong);
    return link(absoluteUrl(p.href, base), p.label);
  });
}

function about(base: string): RootContent[] {
  return [
    heading(1, ABOUT_TITLE),
    paragraph(text(ABOUT_INTRO)),
    ...ABOUT_SECTIONS.flatMap((s) => [
      heading(2, s.heading),
      ...s.blocks.map((b) =>
        'p' in b ? paragraph(...inline(b.p, base)) : list(b.ul.map((item) => inline(item, base))),
      ),
    ]),
  ];
}

/** The body blocks of a page's twin (without the preamble). */
function twinBlocks(page: Page, view: CatalogView, md: ProductMarkdown): RootContent[] {
  switch (page.kind) {
    case 'home':
      return home(view, md);
    case 'about':
      return about(md.base);
    case 'staff-picks':
      return staffPicks(view, md);
    case 'category':
      return [
        heading(1, page.title),
        paragraph(text(CATEGORIES[page.category].blurb)),
        ...productList(view.byCategory.get(page.category)!, md),
      ];
    case 'age':
      return [heading(1, page.title), ...productList(view.byAgeBand.get(page.band)!, md)];
    case 'product':
      return productBlocks(page.entry, 1, md);
  }
}

/** The Markdown twin of one page of `pagesOf(view)`. Pass one `md` for a whole build to reuse product fragments. */
export function twinMarkdown(page: Page, view: CatalogView, md: ProductMarkdown = productMarkdown(siteUrl())): string {
  return stringify([twinPreamble(page.path, md.base), ...twinBlocks(page, view, md)]);
}
