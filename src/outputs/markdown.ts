// mdast building blocks shared by the Markdown twins and the llms dumps: a product as Markdown,
// link lists, and one stringifier. Curator-written descriptions are parsed (remark), not pasted.
import type { BlockContent, Heading, List, ListItem, Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import { remark } from 'remark';
import { CATEGORIES, CURATORS, siteUrl } from '../config/site.ts';
import { formatPrice } from '../catalog/catalog.ts';
import type { CatalogEntry } from '../catalog/schema.ts';
import { categoryPath, productJsonPath, productPath, twinPath } from '../catalog/urls.ts';

const parser = remark();

export const text = (value: string): PhrasingContent => ({ type: 'text', value });
export const code = (value: string): PhrasingContent => ({ type: 'inlineCode', value });
export const link = (url: string, label: string): PhrasingContent => ({ type: 'link', url, children: [text(label)] });
export const paragraph = (...children: PhrasingContent[]): Paragraph => ({ type: 'paragraph', children });
export const heading = (depth: number, value: string): Heading => ({
  type: 'heading',
  depth: Math.min(6, Math.max(1, depth)) as Heading['depth'],
  children: [text(value)],
});
export const list = (items: PhrasingContent[][]): List => ({
  type: 'list',
  ordered: false,
  spread: false,
  children: items.map((children): ListItem => ({ type: 'listItem', spread: false, children: [paragraph(...children)] })),
});

/** Stringifies a tree with the project's Markdown style (dash bullets, ATX headings). */
export function stringify(children: RootContent[]): string {
  const root: Root = { type: 'root', children };
  return toMarkdown(root, { bullet: '-', emphasis: '_', strong: '*', rule: '-', listItemIndent: 'one', fences: true });
}

/** Parses curator Markdown and pushes its headings below `minDepth`, so they never look like product headings. */
export function parseMarkdownBlocks(source: string, minDepth: number): RootContent[] {
  const tree = parser.parse(source);
  const shift = (nodes: RootContent[]) => {
    for (const n of nodes) {
      if (n.type === 'heading') n.depth = Math.min(6, Math.max(n.depth, minDepth)) as Heading['depth'];
      if ('children' in n && Array.isArray(n.children)) shift(n.children as RootContent[]);
    }
  };
  shift(tree.children);
  return tree.children;
}

/** The opening line of every twin: where the HTML page is and where the agent index is. */
export function twinPreamble(pagePath: string, base = siteUrl()): RootContent {
  return {
    type: 'blockquote',
    children: [
      paragraph(
        text('Markdown twin of '),
        link(`${base}${pagePath === '/' ? '/' : pagePath}`, `${base}${pagePath === '/' ? '/' : pagePath}`),
        text('. Agent index: '),
        link(`${base}/llms.txt`, `${base}/llms.txt`),
      ),
    ] as BlockContent[],
  };
}

/** "1 product", "3 products". */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const curatorLabel = (code: keyof typeof CURATORS) => `${CURATORS[code].name} (${CURATORS[code].role})`;

/**
 * A product as Markdown blocks: heading at `depth`, the facts as a list, the description, and the
 * editorial note with who picked it. Used by the product twin (depth 1) and the dumps (depth 2).
 */
export function productBlocks(entry: CatalogEntry, depth: number, base = siteUrl()): RootContent[] {
  const d = entry.data;
  const page = `${base}${productPath(d.slug)}`;
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
    [text(`Price: ${formatPrice(d.price, d.currency)}${d.price === null ? '' : ` ${d.currency} (indicative; the shop sets the real price)`}`)],
    [text('Buy from the maker or a shop (affiliate link): '), link(d.url, d.url)],
    [text('Page: '), link(page, page), text(' · JSON: '), link(`${base}${productJsonPath(d.slug)}`, `${base}${productJsonPath(d.slug)}`)],
  ];
  if (d.staffPick) facts.push([text(`Staff pick${d.pickedBy ? ` of ${CURATORS[d.pickedBy].name}` : ''}`)]);
  const blocks: RootContent[] = [heading(depth, d.name), list(facts)];
  if (entry.description) blocks.push(...parseMarkdownBlocks(entry.description, depth + 1));
  if (d.whyWePicked) {
    blocks.push(heading(depth + 1, 'Why we picked it'), paragraph(text(d.whyWePicked)));
    if (d.pickedBy) blocks.push(paragraph(text(`Picked by ${curatorLabel(d.pickedBy)}.`)));
  } else if (d.pickedBy) {
    blocks.push(paragraph(text(`Picked by ${curatorLabel(d.pickedBy)}.`)));
  }
  return blocks;
}

/** One line per product for listings: linked name (to its twin), brand, ages, price. */
export function productLine(entry: CatalogEntry, base = siteUrl()): PhrasingContent[] {
  const d = entry.data;
  return [
    link(`${base}${twinPath(productPath(d.slug))}`, d.name),
    text(` by ${d.brand} · ${d.ageRange ?? 'ages not stated'} · ${formatPrice(d.price, d.currency)}${d.staffPick ? ' · staff pick' : ''}`),
  ];
}
