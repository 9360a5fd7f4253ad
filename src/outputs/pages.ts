// The fixed page set as one list: every HTML page path with its Markdown twin path and title.
// The sitemap, the Markdown twins, the CDN rules and the post-build proof all read this list.
import { CATEGORIES, CATEGORY_SLUGS, SITE_NAME, type CategorySlug } from '../config/site.ts';
import { AGE_BANDS, type AgeBandSlug } from '../catalog/ages.ts';
import type { CatalogView } from '../catalog/catalog.ts';
import type { CatalogEntry } from '../catalog/schema.ts';
import { ABOUT_TITLE } from '../content/about.ts';
import { agePath, categoryPath, productPath, twinPath } from '../catalog/urls.ts';

export type Page =
  | { kind: 'home'; path: string; twin: string; title: string }
  | { kind: 'product'; path: string; twin: string; title: string; entry: CatalogEntry }
  | { kind: 'category'; path: string; twin: string; title: string; category: CategorySlug }
  | { kind: 'age'; path: string; twin: string; title: string; band: AgeBandSlug }
  | { kind: 'staff-picks'; path: string; twin: string; title: string }
  | { kind: 'about'; path: string; twin: string; title: string };

export const STAFF_PICKS_PATH = '/staff-picks';
export const ABOUT_PATH = '/about';

/** Every HTML page of the site, in a stable order: home, about, staff picks, categories, ages, products. */
export function pagesOf(view: CatalogView): Page[] {
  // Object literals below are checked against the Page union by the return type.
  const page = <const T extends { path: string }>(p: T) => ({ ...p, twin: twinPath(p.path) });
  return [
    page({ kind: 'home', path: '/', title: SITE_NAME }),
    page({ kind: 'about', path: ABOUT_PATH, title: ABOUT_TITLE }),
    page({ kind: 'staff-picks', path: STAFF_PICKS_PATH, title: 'Staff picks' }),
    ...CATEGORY_SLUGS.map((c) =>
      page({ kind: 'category', path: categoryPath(c), title: CATEGORIES[c].label, category: c }),
    ),
    ...AGE_BANDS.map((b) => page({ kind: 'age', path: agePath(b.slug), title: b.label, band: b.slug })),
    ...view.products.map((e) =>
      page({ kind: 'product', path: productPath(e.data.slug), title: e.data.name, entry: e }),
    ),
  ];
}

/** Where a page's HTML file lands in dist/ (build.format 'file'): "/" → "index.html", "/about" → "about.html". */
export function htmlFileOf(pagePath: string): string {
  return pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}.html`;
}

/** Where a twin path lands in dist/: "/products/x.md" → "products/x.md". */
export const distFileOf = (urlPath: string) => urlPath.replace(/^\/+/, '');
