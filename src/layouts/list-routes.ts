// The static paths of a list route: each list of one kind (src/catalog/lists.ts) split by
// Astro's paginate() into PAGE_SIZE pages, page 1 at the list's path (a `[...page]` route), each
// with the key of what it shows (incremental builds skip a page whose key did not change).
import type { PaginateFunction } from 'astro';
import { siteCatalog } from '../build/collection.ts';
import { listPage, listsOfKind, PAGE_SIZE, type ListKind, type ProductList } from '../catalog/lists.ts';
import { listPageKey } from '../build/page-keys.ts';

type ListOf<K extends ListKind> = Extract<ProductList, { kind: K }>;

export async function listRoutes<K extends ListKind>(
  paginate: PaginateFunction,
  kind: K,
  params: (list: ListOf<K>) => Record<string, string> = () => ({}),
) {
  const view = await siteCatalog();
  return listsOfKind(view, kind).flatMap((list) =>
    paginate(list.entries, { pageSize: PAGE_SIZE, params: params(list), props: { list } }).map((route) => ({
      ...route,
      cacheKey: listPageKey(list, listPage(list, route.props.page.currentPage), view),
    })),
  );
}

/** What a list route's page receives: its list, and Astro's page (for its number). */
export interface ListRouteProps {
  list: ProductList;
  page: { currentPage: number };
}
