// The agent files: /llms.txt (llmstxt.org index, bounded size at any catalog size),
// /llms-small.txt (one line per product), /llms-full.txt (every published product as Markdown)
// and /llms/<category>.txt dumps.
import type { RootContent } from 'mdast';
import {
  CATEGORIES,
  CATEGORIES_IN_WORDS,
  CATEGORY_SLUGS,
  DATA_LICENSE,
  SITE_NAME,
  type CategorySlug,
} from '../config/site.ts';
import { AGE_BANDS } from '../catalog/ages.ts';
import type { CatalogView } from '../catalog/catalog.ts';
import type { CatalogEntry } from '../catalog/schema.ts';
import { PAGE_SIZE } from '../catalog/lists.ts';
import { cardPrice } from '../catalog/offer-words.ts';
import {
  ABOUT_PATH,
  DEVELOPERS_PATH,
  agePath,
  AGES_PATH,
  CATALOG_JSON_PATH,
  categoryPath,
  listPagePath,
  PRODUCTS_PATH,
  productPath,
  STAFF_PICKS_PATH,
  twinPath,
} from '../catalog/urls.ts';
import {
  code,
  heading,
  link,
  list,
  paragraph,
  plural,
  productBlocks,
  productLineContent,
  stringify,
  strong,
  text,
  type ProductMarkdown,
} from './markdown.ts';
import { developersPage, editorialSection, withBase } from './editorial.ts';

/** The size budget of /llms.txt (agent-docs size grade). */
export const LLMS_TXT_MAX_CHARS = 50_000;
/** At most this many staff picks are linked from /llms.txt; the rest are one link away. */
export const LLMS_TXT_PICKS = 25;

export const LLMS_FULL_PATH = '/llms-full.txt';
export const LLMS_SMALL_PATH = '/llms-small.txt';
/** Longest note excerpt on an llms-small line: bounds what each product adds to the file. */
export const SMALL_NOTE_MAX_CHARS = 140;
export const categoryDumpPath = (c: CategorySlug) => `/llms/${c}.txt`;

const SUMMARY =
  'A keyless, curated catalog of hands-on, screen-free learning products for children from birth to 13+ ' +
  `(${CATEGORIES_IN_WORDS}), each with an editorial note on why it was picked. ` +
  'It is not a store: it sells nothing, and product links go to makers and shops, some as affiliate links.';

function dump(title: string, intro: string, entries: readonly CatalogEntry[], md: ProductMarkdown): string {
  const base = md.base;
  return stringify([
    heading(1, title),
    { type: 'blockquote', children: [paragraph(text(intro))] },
    paragraph(
      text(
        `${plural(entries.length, 'published product')}, ordered by slug (the build time ` +
          `is generatedAt in /api/products.json). Prices are indicative. Agent index: `,
      ),
      link(`${base}/llms.txt`, `${base}/llms.txt`),
    ),
    ...entries.flatMap((e) => productBlocks(e, 2, md)),
  ]);
}

/** /llms-full.txt: every published product as Markdown, one `## name` section each. */
export function llmsFullTxt(view: CatalogView, md: ProductMarkdown): string {
  return dump(`${SITE_NAME}: the full catalog`, SUMMARY, view.products, md);
}

/** /llms/<category>.txt: the products of one category, in the llms-full format. */
export function categoryDump(view: CatalogView, category: CategorySlug, md: ProductMarkdown): string {
  return dump(
    `${SITE_NAME}: ${CATEGORIES[category].label}`,
    CATEGORIES[category].blurb,
    view.byCategory.get(category)!,
    md,
  );
}

/** The first sentence of a text, cut at a word after `max` characters. */
export function firstSentence(text: string, max = SMALL_NOTE_MAX_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = /[.!?](?=\s|$)/.exec(flat);
  const sentence = end ? flat.slice(0, end.index + 1) : flat;
  if (sentence.length <= max) return sentence;
  return `${sentence.slice(0, max).replace(/\s+\S*$/, '')}…`;
}

/**
 * /llms-small.txt: the whole catalog between llms.txt and llms-full.txt, one line per product: name
 * (linked to its Markdown twin), ages, price, and the first sentence of the editorial note. Links are
 * site-relative: the base URL repeated on every line would be a fifth of the file.
 */
export function llmsSmallTxt(view: CatalogView, base: string): string {
  const lines = view.products.map((e) => {
    const d = e.data;
    const note = d.whyWePicked ? ` · ${firstSentence(d.whyWePicked)}` : '';
    return [
      link(twinPath(productPath(d.slug)), d.name),
      text(` · ${d.ageRange ?? 'ages not stated'} · ${cardPrice(d)}${note}`),
    ];
  });
  return stringify([
    heading(1, `${SITE_NAME}: every product in one line`),
    paragraph(
      text(
        `${plural(view.products.length, 'published product')}, ordered by slug: ` +
          `name, ages, indicative price and the first sentence of why we picked it. ` +
          `Each name links to the product as Markdown, relative to ${base}; the whole text of every product is in `,
      ),
      link(`${base}${LLMS_FULL_PATH}`, `${base}${LLMS_FULL_PATH}`),
      text(`. Data licence: ${DATA_LICENSE.name} (${DATA_LICENSE.url}), product images excluded.`),
    ),
    list(lines),
  ]);
}

/** A staff pick as an llms.txt item, `- [name](twin): by brand · ages · price`. */
const pickItem = (e: CatalogEntry, base: string) => productLineContent(e, base, ': ');

/** /llms.txt in the llmstxt.org format. Its size does not grow with the catalog beyond the capped picks. */
export function llmsTxt(view: CatalogView, md: ProductMarkdown): string {
  const base = md.base;
  const u = (p: string) => `${base}${p}`;
  const picks = view.staffPicks.slice(0, LLMS_TXT_PICKS);
  const blocks: RootContent[] = [
    heading(1, SITE_NAME),
    { type: 'blockquote', children: [paragraph(text(SUMMARY))] },
    paragraph(
      text(
        'Use it to find physical learning products for a child of a ' +
          'given age or interest, with the reason each was chosen. ' +
          'Do not use it for apps, digital curriculum or screen-based software (it ' +
          'has none), or to buy anything (follow the product link to the shop). ' +
          `It holds ${view.products.length} published products. Every page below is linked as its Markdown twin.`,
      ),
    ),
    // Free text before the first H2 (llmstxt.org): the sections below hold only `- [title](url): notes` items.
    paragraph(strong('Notes for agents')),
    list([
      [
        text(
          `Use the public JSON (${u(CATALOG_JSON_PATH)}) for bulk reads and ` +
            `${u('/api/products/{slug}')} for one product. No signup, no key, no rate limit.`,
        ),
      ],
      [text('Send no API key and no Authorization header to the public endpoints.')],
      [
        text(
          `${u('/api/mcp')} is an admin-only MCP endpoint (OAuth); third-party clients use the public JSON instead.`,
        ),
      ],
      [
        text(
          'Prices are integers in minor units of the currency (cents): 2499 ' +
            'with USD is $24.99. Null means unpriced. Prices are indicative.',
        ),
      ],
      [
        text(
          'The catalog is rebuilt whenever it changes; cached responses are at ' +
            'most an hour old. Only published products appear anywhere.',
        ),
      ],
      [
        text(
          'Every HTML page has a Markdown twin: append .md to its path ' +
            '(the home page is /index.md) or send Accept: text/markdown.',
        ),
      ],
    ]),
    // The developers page's own section (src/content/for-developers.mdx), so the two never say it differently.
    paragraph(strong('Licence and use')),
    ...withBase(editorialSection(developersPage(), 'Licence and use').slice(1), base),
    heading(2, 'Key pages'),
    list([
      [link(u(twinPath('/')), 'Home'), text(': what the catalog is, staff picks, ways to browse')],
      [link(u(twinPath(ABOUT_PATH)), 'About'), text(': how products are picked, affiliate links, freshness')],
      [
        link(u(twinPath(DEVELOPERS_PATH)), 'For agents and developers'),
        text(': the ways in, prices and markets, licence'),
      ],
      [
        link(u(twinPath(STAFF_PICKS_PATH)), 'Staff picks'),
        text(`: ${plural(view.staffPicks.length, 'product')} the curators recommend first, with their notes`),
      ],
      [
        link(u(twinPath(PRODUCTS_PATH)), 'All products'),
        text(`: every product, ${PAGE_SIZE} to a page (page 2 is ${twinPath(listPagePath(PRODUCTS_PATH, 2))})`),
      ],
      [link(u(twinPath(AGES_PATH)), 'Ages by category'), text(': every age band × category list with its count')],
    ]),
    heading(2, 'Categories'),
    list(
      CATEGORY_SLUGS.map((c) => [
        link(u(twinPath(categoryPath(c))), CATEGORIES[c].label),
        text(`: ${plural(view.byCategory.get(c)!.length, 'product')}. ${CATEGORIES[c].blurb}`),
      ]),
    ),
    heading(2, 'Ages'),
    list(
      AGE_BANDS.map((b) => [
        link(u(twinPath(agePath(b.slug))), b.label),
        text(`: ${plural(view.byAgeBand.get(b.slug)!.length, 'product')}`),
      ]),
    ),
    heading(2, 'Catalog data'),
    list([
      [
        link(u(CATALOG_JSON_PATH), 'All products as JSON'),
        text(': '),
        code('{count, generatedAt, products}'),
        text(', every published product, ordered by slug'),
      ],
      [
        link(u('/api/products/{slug}'), 'One product as JSON'),
        text(': replace '),
        code('{slug}'),
        text(' with a product slug; unknown slugs get a JSON 404'),
      ],
      [link(u('/openapi.json'), 'OpenAPI 3.1 description'), text(': schemas and every endpoint')],
      [link(u('/.well-known/api-catalog'), 'API catalog'), text(': the API links as an RFC 9727 linkset')],
    ]),
    heading(2, 'Full text'),
    list([
      [
        link(u(LLMS_SMALL_PATH), 'llms-small.txt'),
        text(': every published product in one line (name, ages, price, the first sentence of the note)'),
      ],
      [link(u(LLMS_FULL_PATH), 'llms-full.txt'), text(': every published product as Markdown with its editorial note')],
      ...CATEGORY_SLUGS.map((c) => [
        link(u(categoryDumpPath(c)), `${CATEGORIES[c].label} (full text)`),
        text(': the same format, one category'),
      ]),
    ]),
    heading(2, 'Staff picks'),
    list([
      ...picks.map((e) => pickItem(e, base)),
      ...(view.staffPicks.length > picks.length
        ? [
            [
              link(u(twinPath(STAFF_PICKS_PATH)), 'More staff picks'),
              text(`: ${view.staffPicks.length - picks.length} more on the staff picks page`),
            ],
          ]
        : []),
    ]),
    heading(2, 'Optional'),
    list([
      [link(u('/sitemap.xml'), 'Sitemap'), text(': every HTML page')],
      [link(u('/feed.xml'), 'Atom feed'), text(': the newest products')],
    ]),
  ];
  return stringify(blocks);
}
