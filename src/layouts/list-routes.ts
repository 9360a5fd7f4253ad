// The static paths of a list route: each list of one kind (src/catalog/lists.ts) split by
// Astro's paginate() into PAGE_SIZE pages, page 1 at the list's path (a `[...page]` route).
import type { PaginateFunction } from 'astro';
import { siteCatalog } from '../catalog/collection.ts';
import { listsOfKind, PAGE_SIZE, type ListKind, type ProductList } from '../catalog/lists.ts';

type ListOf<K extends ListKind> = Extract<ProductList, { kind: K }>;

export async function listRoutes<K extends ListKind>(
  paginate: PaginateFunction,
  kind: K,
  params: (list: ListOf<K>) => Record<string, string> = () => ({}),
) {
  const lists = listsOfKind(await siteCatalog(), kind);
  return lists.flatMap((list) =>
    paginate(list.entries, { pageSize: PAGE_SIZE, params: params(list), props: { list } }),
  );
}

/** What a list route's page receives: its list, and Astro's page (for its number). */
export interface ListRouteProps {
  list: ProductList;
  page: { currentPage: number };
}
