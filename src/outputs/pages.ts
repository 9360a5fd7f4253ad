// The page set as one list: every HTML page path with its Markdown twin path and title.
// The sitemap, the Markdown twins, the CDN rules and the post-build proof all read this list.
import { SITE_NAME } from '../config/site.ts';
import type { CatalogView } from '../catalog/catalog.ts';
import { listPages, productLists, type ListPage, type ProductList } from '../catalog/lists.ts';
import type { CatalogEntry } from '../catalog/schema.ts';
import {
  ABOUT_PATH,
  DEVELOPERS_PATH,
  AGES_PATH,
  CATEGORIES_PATH,
  EDITOR_PATH,
  productPath,
  SEARCH_PATH,
  twinPath,
} from '../catalog/urls.ts';
import { aboutPage, developersPage } from './editorial.ts';

interface Common {
  path: string;
  twin: string;
  title: string;
  /**
   * Part of the public site: listed in the sitemap. Only the curators' editor (/admin) is not; it
   * still has a twin, as every HTML page does.
   */
  listed: boolean;
}
export type Page =
  | (Common & { kind: 'home' })
  | (Common & { kind: 'about' })
  | (Common & { kind: 'developers' })
  | (Common & { kind: 'search' })
  | (Common & { kind: 'categories' })
  | (Common & { kind: 'ages' })
  | (Common & { kind: 'list'; list: ProductList; page: ListPage })
  | (Common & { kind: 'product'; entry: CatalogEntry })
  | (Common & { kind: 'editor' });

export const SEARCH_TITLE = 'Search the catalog';
export const CATEGORIES_TITLE = 'Categories';
export const AGES_TITLE = 'Ages';
export const EDITOR_TITLE = `The curators' editor`;

/** A list page's title: the list's own on page 1, with "page n of m" after it. */
export const listPageTitle = (list: ProductList, page: Pick<ListPage, 'number' | 'count'>) =>
  page.number === 1 ? list.title : `${list.title}, page ${page.number} of ${page.count}`;

/**
 * Every HTML page of the site, in a stable order: home, about, search, the category and age
 * indexes, every page of every product list (src/catalog/lists.ts), the products, then the
 * curators' editor (not listed).
 */
export function pagesOf(view: CatalogView): Page[] {
  const page = <T extends Omit<Page, 'twin' | 'listed'>>(p: T) =>
    ({ ...p, twin: twinPath(p.path), listed: p.kind !== 'editor' }) as T & { twin: string; listed: boolean };
  return [
    page({ kind: 'home', path: '/', title: SITE_NAME }),
    page({ kind: 'about', path: ABOUT_PATH, title: aboutPage().title }),
    page({ kind: 'developers', path: DEVELOPERS_PATH, title: developersPage().title }),
    page({ kind: 'search', path: SEARCH_PATH, title: SEARCH_TITLE }),
    page({ kind: 'categories', path: CATEGORIES_PATH, title: CATEGORIES_TITLE }),
    page({ kind: 'ages', path: AGES_PATH, title: AGES_TITLE }),
    ...productLists(view).flatMap((list) =>
      listPages(list).map((p) =>
        page({ kind: 'list', path: p.path, title: listPageTitle(list, p), list, page: p } as const),
      ),
    ),
    ...view.products.map((e) =>
      page({ kind: 'product', path: productPath(e.data.slug), title: e.data.name, entry: e } as const),
    ),
    page({ kind: 'editor', path: EDITOR_PATH, title: EDITOR_TITLE }),
  ];
}

/** The pages of the public site: the sitemap lists these. */
export function listedPages(pages: readonly Page[]): Page[] {
  return pages.filter((p) => p.listed);
}

/** Where a page's HTML file lands in dist/ (build.format 'file'): "/" → "index.html", "/about" → "about.html". */
export function htmlFileOf(pagePath: string): string {
  return pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}.html`;
}

/** Where a twin path lands in dist/: "/products/x.md" → "products/x.md". */
export const distFileOf = (urlPath: string) => urlPath.replace(/^\/+/, '');
