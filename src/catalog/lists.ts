// The browsable product lists and how each splits into numbered pages: every published product,
// each category, each age band, each non-empty age band × category pair, and the staff picks.
// The Astro routes and pagesOf (src/outputs/pages.ts) both ask here, so they agree on the page
// size and on which pages exist; the post-build proof checks that they did.
import { CATEGORIES, CATEGORY_SLUGS, type CategorySlug } from '../config/site.ts';
import { AGE_BANDS, type AgeBandSlug } from './ages.ts';
import type { CatalogView } from './catalog.ts';
import type { CatalogEntry } from './schema.ts';
import { agePath, ageCategoryPath, categoryPath, listPagePath, PRODUCTS_PATH, STAFF_PICKS_PATH } from './urls.ts';

/** Products per list page: a grid of 48 divides into 2, 3, 4 and 6 columns. */
export const PAGE_SIZE = 48;

/** How many staff picks the home page (and its twin) shows before linking to the full list. */
const HOME_PICKS = 12;

/** The staff picks the home page shows, for the page and its twin alike. */
export const homePicks = (view: CatalogView): CatalogEntry[] => view.staffPicks.slice(0, HOME_PICKS);

interface ListCommon {
  /** The path of page 1. */
  path: string;
  title: string;
  /** Ordered by slug, like every list of the site. */
  entries: CatalogEntry[];
}
export type ProductList =
  | (ListCommon & { kind: 'all' })
  | (ListCommon & { kind: 'staff-picks' })
  | (ListCommon & { kind: 'category'; category: CategorySlug })
  | (ListCommon & { kind: 'age'; band: AgeBandSlug })
  | (ListCommon & { kind: 'age-category'; band: AgeBandSlug; category: CategorySlug });
export type ListKind = ProductList['kind'];

const bandOf = (slug: AgeBandSlug) => AGE_BANDS.find((b) => b.slug === slug)!;

/** "Books for Preschool (3–5)": the title of a filter page. */
export const ageCategoryTitle = (band: AgeBandSlug, category: CategorySlug) =>
  `${CATEGORIES[category].label} for ${bandOf(band).label}`;

/** The categories with products in an age band, in display order, with their products. */
export function categoriesInBand(view: CatalogView, band: AgeBandSlug): [CategorySlug, CatalogEntry[]][] {
  const inBand = view.byAgeAndCategory.get(band)!;
  return CATEGORY_SLUGS.map((c) => [c, inBand.get(c)!] as [CategorySlug, CatalogEntry[]]).filter(
    ([, entries]) => entries.length > 0,
  );
}

/**
 * Every list of the site, in a stable order: all products, staff picks, every category and
 * the five age bands (each even when empty), then the age band × category pairs that have products.
 */
export function productLists(view: CatalogView): ProductList[] {
  return [
    { kind: 'all', path: PRODUCTS_PATH, title: 'All products', entries: view.products },
    { kind: 'staff-picks', path: STAFF_PICKS_PATH, title: 'Staff picks', entries: view.staffPicks },
    ...CATEGORY_SLUGS.map((category): ProductList => ({
      kind: 'category',
      category,
      path: categoryPath(category),
      title: CATEGORIES[category].label,
      entries: view.byCategory.get(category)!,
    })),
    ...AGE_BANDS.map((b): ProductList => ({
      kind: 'age',
      band: b.slug,
      path: agePath(b.slug),
      title: b.label,
      entries: view.byAgeBand.get(b.slug)!,
    })),
    ...AGE_BANDS.flatMap((b) =>
      categoriesInBand(view, b.slug).map(([category, entries]): ProductList => ({
        kind: 'age-category',
        band: b.slug,
        category,
        path: ageCategoryPath(b.slug, category),
        title: ageCategoryTitle(b.slug, category),
        entries,
      })),
    ),
  ];
}

/** The lists of one kind (what one Astro route renders). */
export function listsOfKind<K extends ListKind>(view: CatalogView, kind: K): Extract<ProductList, { kind: K }>[] {
  return productLists(view).filter((l): l is Extract<ProductList, { kind: K }> => l.kind === kind);
}

/** How many pages a list of `total` products has: at least one, so an empty list still has a page. */
export const pageCount = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));

export interface ListPage {
  /** 1-based. */
  number: number;
  /** How many pages the list has. */
  count: number;
  path: string;
  prev: string | null;
  next: string | null;
  /** The products on this page. */
  entries: CatalogEntry[];
  /** Position of the first product on this page in the whole list, 0-based. */
  start: number;
}

/** Page `n` of a list. */
export function listPage(list: ProductList, n: number): ListPage {
  const count = pageCount(list.entries.length);
  if (!Number.isInteger(n) || n < 1 || n > count) throw new RangeError(`${list.path} has no page ${n}`);
  const start = (n - 1) * PAGE_SIZE;
  return {
    number: n,
    count,
    path: listPagePath(list.path, n),
    prev: n > 1 ? listPagePath(list.path, n - 1) : null,
    next: n < count ? listPagePath(list.path, n + 1) : null,
    entries: list.entries.slice(start, start + PAGE_SIZE),
    start,
  };
}

/** Every page of a list, in order. */
export function listPages(list: ProductList): ListPage[] {
  return Array.from({ length: pageCount(list.entries.length) }, (_, i) => listPage(list, i + 1));
}

/** The sentence under a list's title, on its HTML pages and in their twins. */
export function listLead(list: ProductList): string {
  switch (list.kind) {
    case 'all':
      return 'Every product in the catalog, in slug order. Narrow it down by age and category, or search by name.';
    case 'staff-picks':
      return (
        'The products our two curators would hand to their own children first: ' +
        'the ones that keep being played with long after the box is recycled.'
      );
    case 'category':
      return CATEGORIES[list.category].blurb;
    case 'age':
      return (
        'Everything whose stated age range overlaps this band. ' +
        'Products without a stated age are not listed by age.'
      );
    case 'age-category':
      return (
        `${CATEGORIES[list.category].blurb} Only products whose stated ` +
        `age range overlaps ${bandOf(list.band).label.toLowerCase()}.`
      );
  }
}

/** The choices of the filter forms, in display order. */
export const AGE_CHOICES = AGE_BANDS.map((b) => ({ value: b.slug, label: b.label }));
export const CATEGORY_CHOICES = CATEGORY_SLUGS.map((c) => ({ value: c, label: CATEGORIES[c].label }));

export interface RelatedLists {
  heading: string;
  links: { path: string; label: string; count?: number }[];
}

/**
 * The lists around a list, on its pages and in their twins: a category's age bands and a band's
 * categories (the filter pages with products), or a filter page's two wider lists.
 */
export function relatedLists(list: ProductList, view: CatalogView): RelatedLists | null {
  switch (list.kind) {
    case 'category': {
      const links = AGE_BANDS.map((b) => ({
        path: ageCategoryPath(b.slug, list.category),
        label: b.label,
        count: view.byAgeAndCategory.get(b.slug)!.get(list.category)!.length,
      })).filter((l) => l.count > 0);
      return links.length ? { heading: 'By age', links } : null;
    }
    case 'age': {
      const links = categoriesInBand(view, list.band).map(([c, es]) => ({
        path: ageCategoryPath(list.band, c),
        label: CATEGORIES[c].label,
        count: es.length,
      }));
      return links.length ? { heading: 'By category', links } : null;
    }
    case 'age-category':
      return {
        heading: 'Wider lists',
        links: [
          { path: agePath(list.band), label: `Everything for ${bandOf(list.band).label.toLowerCase()}` },
          { path: categoryPath(list.category), label: `All ${CATEGORIES[list.category].label.toLowerCase()}` },
        ],
      };
    default:
      return null;
  }
}
