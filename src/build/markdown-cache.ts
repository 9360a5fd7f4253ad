// Each product's Markdown (its body and its listing line) kept between builds, keyed by what the
// product file says: a warm rebuild stringifies only the products that changed, and the dumps
// that hold every product (llms-full.txt, the category files) are put together from the rest.
import { entryDigest } from './page-keys.ts';
import type { CatalogEntry } from '../catalog/schema.ts';
import { fragment, productMarkdown, type MarkdownFragment, type ProductMarkdown } from '../outputs/markdown.ts';

/** entry digest → [body, line] Markdown. */
export type MarkdownStore = Record<string, [body: string | null, line: string | null]>;

export interface CachedMarkdown extends ProductMarkdown {
  /** The Markdown this build used, to keep for the next one. */
  store(): MarkdownStore;
}

export function cachedProductMarkdown(base: string, previous: MarkdownStore = {}): CachedMarkdown {
  const live = productMarkdown(base);
  const next: MarkdownStore = {};
  const fragments = new Map<string, [MarkdownFragment | null, MarkdownFragment | null]>();
  const get = (e: CatalogEntry, i: 0 | 1): MarkdownFragment => {
    const key = entryDigest(e);
    let pair = fragments.get(key);
    if (!pair) {
      const [body, line] = previous[key] ?? [null, null];
      fragments.set(key, (pair = [body === null ? null : fragment(body), line === null ? null : fragment(line)]));
    }
    let f = pair[i];
    if (!f) pair[i] = f = i === 0 ? live.body(e) : live.line(e);
    (next[key] ??= [null, null])[i] = f.value;
    return f;
  };
  return { base, body: (e) => get(e, 0), line: (e) => get(e, 1), store: () => next };
}
