// What a Markdown text renders as on GitHub, for the tests of pull-request titles and bodies: its
// tree by remark with GitHub's extensions (tables, autolinks of bare addresses), and what in it would
// act: links, images, raw HTML, headings, and mentions or issue references in text outside code.
import type { Root, RootContent } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

export interface Rendered {
  /** The targets of links and images, and raw HTML, in order. */
  links: string[];
  images: string[];
  html: string[];
  /** Each heading's plain text. */
  headings: string[];
  /** `@name` and `#12` as GitHub would link them in text (never in code). */
  mentions: string[];
  /** Node types anywhere in the tree. */
  types: Set<string>;
}

const plain = (n: RootContent): string =>
  'value' in n ? n.value : 'children' in n ? (n.children as RootContent[]).map(plain).join('') : '';

export function rendered(markdown: string): Rendered {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown) as Root;
  const out: Rendered = { links: [], images: [], html: [], headings: [], mentions: [], types: new Set() };
  const walk = (n: RootContent) => {
    out.types.add(n.type);
    if (n.type === 'link' || n.type === 'linkReference') out.links.push('url' in n ? n.url : n.identifier);
    if (n.type === 'image' || n.type === 'imageReference') out.images.push('url' in n ? n.url : n.identifier);
    if (n.type === 'html') out.html.push(n.value);
    if (n.type === 'heading') out.headings.push(plain(n));
    if (n.type === 'text')
      for (const m of n.value.matchAll(/(?:^|[^\w`])(@[A-Za-z0-9][\w-]*|#\d+)/g)) out.mentions.push(m[1]!);
    if ('children' in n) for (const c of n.children as RootContent[]) walk(c);
  };
  for (const c of tree.children) walk(c);
  return out;
}
