// What the editorial pages (the MDX files beside this one) may name: the values their
// `{props.…}` expressions read. The HTML page passes these to the MDX component and the Markdown
// twin resolves the same expressions from them (src/outputs/editorial.ts), so both say the same.
import { CATEGORIES_IN_WORDS, CONTENT_SIGNAL_LINE, DATA_LICENSE, SITE_NAME } from '../config/site.ts';

export const EDITORIAL_PROPS = {
  site: SITE_NAME,
  /** Every category's name, in a sentence ("educational toys, …, games and outdoor play"). */
  categories: CATEGORIES_IN_WORDS,
  licence: DATA_LICENSE,
  contentSignal: CONTENT_SIGNAL_LINE,
} as const;
