// CONTRIBUTING's table of categories, written from CATEGORIES (src/config/site.ts): a category
// added there is in the curators' table with no edit of the document (`npm run docs:sections`).
import { CATEGORIES, CATEGORY_SLUGS } from '../config/site.ts';

/** One row per category, in display order: the slug a product file lists and the name the site shows. */
export function categoryTable(): string {
  const rows = CATEGORY_SLUGS.map((c) => `| \`${c}\` | ${CATEGORIES[c].label} |`);
  return ['| slug | shown as |', '|---|---|', ...rows].join('\n');
}
