// mdast building blocks shared by the Markdown twins and the llms dumps: a product as Markdown,
// link lists, and one stringifier (mdast-util-to-markdown). A product's body is the tree its page
// renders too (src/catalog/body.ts); its Markdown and listing line are stringified once per build
// and reused as `markdown` nodes, which keeps 10,000 products fast.
import type {
  Heading,
  Link,
  List,
  ListItem,
  Literal,
  Paragraph,
  PhrasingContent,
  Root,
  RootContent,
  Text,
} from 'mdast';
import { defaultHandlers, toMarkdown, type Handle } from 'mdast-util-to-markdown';
import { CATEGORIES, CURATORS } from '../config/site.ts';
import { productBody } from '../catalog/body.ts';
import { formatPrice } from '../catalog/catalog.ts';
import { market, offersOf } from '../catalog/markets.ts';
import { cardPrice } from '../catalog/offer-words.ts';
import { notices } from '../catalog/hazards.ts';
import type { CatalogEntry } from '../catalog/schema.ts';
import { categoryPath, productJsonPath, productPath, twinPath } from '../catalog/urls.ts';

/** Already-serialized Markdown (a memoized subtree, or curator Markdown), written out verbatim. */
export interface MarkdownFragment extends Literal {
  type: 'markdown';
}
declare module 'mdast' {
  interface BlockContentMap {
    markdown: MarkdownFragment;
  }
  interface RootContentMap {
    markdown: MarkdownFragment;
  }
}

const fragmentHandler: Handle = (node: MarkdownFragment) => node.value.replace(/\n+$/, '');

/**
 * Text that no Markdown construct can claim is written as is; anything else goes through the
 * library's escaping. Escaping every text node was the largest cost at 10,000 products; a unit
 * test proves the output is identical to the library's default on both paths.
 */
const SAFE = '[^\\\\`*_[\\]<>#!|~&+=\\-\\n\\r\\t{}^:]';
const SAFE_RUN = `${SAFE}*(?:(?:[-+=]|:(?!/))${SAFE}+)*`;
/** Plain text in the middle of a line (after other content, before other content). */
const PLAIN_MID = new RegExp(`^${SAFE_RUN}$`);
/** Plain text at the start of a line: no list, heading, quote or rule marker, no leading space. */
const PLAIN_START = new RegExp(`^(?![\\d]*[.)(]|[\\s.(=+-])${SAFE_RUN}$`);
// No `&`: before letters it could read as a character reference, which the library escapes.
const PLAIN_URL = /^https?:\/\/[A-Za-z0-9._~:/?#@!$'*+,;=%-]+$/;
const atLineEdge = (s: string) => s === '' || s === '\n' || s === '\r' || /[\r\n]$/.test(s);
function isPlain(value: string, info: { before: string; after: string }): boolean {
  if (!(atLineEdge(info.before) ? PLAIN_START : PLAIN_MID).test(value)) return false;
  // `](` would read as the middle of a link: the library escapes a `(` right after a `]`.
  if (value.startsWith('(') && info.before.endsWith(']')) return false;
  return !(/\s$/.test(value) && (info.after === '' || /^[\r\n]/.test(info.after)));
}
const textHandler: Handle = (node: Text, parent, state, info) =>
  isPlain(node.value, info) ? node.value : defaultHandlers.text(node, parent, state, info);
const linkHandler: Handle = (node: Link, parent, state, info) => {
  const label = node.children.length === 1 && node.children[0]!.type === 'text' ? node.children[0]!.value : null;
  const lineStart = /[\r\n]$/.test(info.before) || info.before === '';
  if (label !== null && !node.title && !lineStart && PLAIN_URL.test(node.url)) {
    if (label === node.url) return `<${node.url}>`;
    if (isPlain(label, { before: '[', after: ']' }) && PLAIN_START.test(label)) return `[${label}](${node.url})`;
  }
  return defaultHandlers.link(node, parent, state, info);
};

/** The page's price text (`formatPrice` caches its formatters). */
export const price = (amount: number | null, currency: string): string => formatPrice(amount, currency);

export const text = (value: string): PhrasingContent => ({ type: 'text', value });
export const code = (value: string): PhrasingContent => ({ type: 'inlineCode', value });
export const strong = (value: string): PhrasingContent => ({ type: 'strong', children: [text(value)] });
export const link = (url: string, label: string): PhrasingContent => ({ type: 'link', url, children: [text(label)] });
export const fragment = (value: string): MarkdownFragment => ({ type: 'markdown', value });
export const paragraph = (...children: PhrasingContent[]): Paragraph => ({ type: 'paragraph', children });
export const heading = (depth: number, value: string): Heading => ({
  type: 'heading',
  depth: Math.min(6, Math.max(1, depth)) as Heading['depth'],
  children: [text(value)],
});
/** A tight bullet list; an item is inline content or an already-serialized fragment. */
export const list = (items: (PhrasingContent[] | MarkdownFragment)[]): List => ({
  type: 'list',
  ordered: false,
  spread: false,
  children: items.map((item): ListItem => ({
    type: 'listItem',
    spread: false,
    children: [Array.isArray(item) ? paragraph(...item) : item],
  })),
});

/** Stringifies a tree with the project's Markdown style (dash bullets, ATX headings). */
export function stringify(children: RootContent[], { fastText = true } = {}): string {
  const root: Root = { type: 'root', children };
  return toMarkdown(root, {
    bullet: '-',
    emphasis: '_',
    strong: '*',
    rule: '-',
    listItemIndent: 'one',
    fences: true,
    handlers: (fastText
      ? { markdown: fragmentHandler, text: textHandler, link: linkHandler }
      : { markdown: fragmentHandler }) as Record<string, Handle>,
  });
}

/** "1 product", "3 products". */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The opening line of every twin: where the HTML page is and where the agent index is. */
export function twinPreamble(pagePath: string, base: string): RootContent {
  const page = `${base}${pagePath}`;
  return {
    type: 'blockquote',
    children: [
      paragraph(
        text('Markdown twin of '),
        link(page, page),
        text('. Agent index: '),
        link(`${base}/llms.txt`, `${base}/llms.txt`),
      ),
    ],
  };
}

export const curatorLabel = (code: keyof typeof CURATORS) => `${CURATORS[code].name} (${CURATORS[code].role})`;

const PRICE_NOTE = '(indicative; the shop sets the real price)';

/** A product's body below its heading: safety warnings, facts, description, editorial note and who picked it. */
export function productBodyBlocks(entry: CatalogEntry, base: string): RootContent[] {
  const d = entry.data;
  const page = `${base}${productPath(d.slug)}`;
  const json = `${base}${productJsonPath(d.slug)}`;
  const facts: PhrasingContent[][] = [
    [text(`Brand: ${d.brand}`)],
    [text(`Ages: ${d.ageRange ?? 'not stated'}`)],
    [
      text('Categories: '),
      ...d.categories.flatMap((c, i) => [
        ...(i ? [text(', ')] : []),
        link(`${base}${twinPath(categoryPath(c))}`, CATEGORIES[c].label),
      ]),
    ],
    // Every market's offer: its price in its own money, and its shop.
    ...offersOf(d).flatMap((o) => {
      const where = market(o.market).name;
      return [
        [
          text(
            `Price: ${price(o.price, o.currency)}${o.price === null ? '' : ` ${o.currency} ${PRICE_NOTE}`} in ${where}`,
          ),
        ],
        [text(`Buy in ${where} (affiliate link): `), link(o.url, o.url)],
      ];
    }),
    [text('Page: '), link(page, page), text(' · JSON: '), link(json, json)],
  ];
  if (d.staffPick) facts.push([text(`Staff pick${d.pickedBy ? `, chosen by ${CURATORS[d.pickedBy].name}` : ''}`)]);
  // The safety warnings come first, as on the page (src/catalog/hazards.ts).
  const warnings = notices(
    d.warnings,
    offersOf(d).map((o) => o.currency),
  ).map((n) => paragraph(strong('⚠ Warning:'), text(` ${n.text} (${n.source})`)));
  // The page names them under a heading of its own (for screen readers): so does the twin.
  const blocks: RootContent[] = [
    ...(warnings.length ? [paragraph(strong('Safety warnings'))] : []),
    ...warnings,
    list(facts),
  ];
  blocks.push(...(productBody(d.slug, entry.description)?.children ?? []));
  const picked = d.pickedBy ? `Picked by ${curatorLabel(d.pickedBy)}.` : null;
  if (d.whyWePicked)
    blocks.push(paragraph(strong('Why we picked it:'), text(` ${d.whyWePicked}${picked ? ` ${picked}` : ''}`)));
  else if (picked) blocks.push(paragraph(text(picked)));
  return blocks;
}

/** One line per product for listings: linked name (to its twin), brand, ages, price. */
export function productLineContent(entry: CatalogEntry, base: string, lead = ' '): PhrasingContent[] {
  const d = entry.data;
  return [
    link(`${base}${twinPath(productPath(d.slug))}`, d.name),
    text(
      `${lead}by ${d.brand} · ${d.ageRange ?? 'ages not stated'} · ` +
        `${cardPrice(d)}${d.staffPick ? ' · staff pick' : ''}`,
    ),
  ];
}

/** Each product's body and listing line, stringified at most once per build. */
export interface ProductMarkdown {
  base: string;
  body(entry: CatalogEntry): MarkdownFragment;
  line(entry: CatalogEntry): MarkdownFragment;
}

export function productMarkdown(base: string): ProductMarkdown {
  const bodies = new Map<string, MarkdownFragment>();
  const lines = new Map<string, MarkdownFragment>();
  const memo =
    (cache: Map<string, MarkdownFragment>, make: (e: CatalogEntry) => RootContent[]) => (e: CatalogEntry) => {
      let f = cache.get(e.data.slug);
      if (!f) cache.set(e.data.slug, (f = fragment(stringify(make(e)))));
      return f;
    };
  return {
    base,
    body: memo(bodies, (e) => productBodyBlocks(e, base)),
    line: memo(lines, (e) => [paragraph(...productLineContent(e, base))]),
  };
}

/** A product as Markdown blocks: its name as a heading at `depth` (1 on its twin, 2 in dumps), then its body. */
export const productBlocks = (entry: CatalogEntry, depth: number, md: ProductMarkdown): RootContent[] => [
  heading(depth, entry.data.name),
  md.body(entry),
];
