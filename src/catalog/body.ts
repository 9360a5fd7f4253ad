// A product's Markdown body (its description), parsed once per product and build with unified,
// remark-parse and remark-gfm into a tree that holds only a safe subset: paragraphs, lists,
// headings (pushed below the product's own), emphasis, strong, inline code, line breaks and links
// to web, mail or site addresses. Raw HTML, images, footnotes and unsafe links are left out, and
// anything else keeps only its text. The product page renders the tree as HTML (`bodyHtml`); the
// Markdown twins and llms dumps stringify the same tree (src/outputs/markdown.ts); summaries, the
// structured data and the search records take its words (`productBodyText`).
import type { Element, Root as HastRoot } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { BlockContent, Definition, Heading, List, ListItem, PhrasingContent, Root, RootContent } from 'mdast';
import { toHast } from 'mdast-util-to-hast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

/** The product's name is a level-1 (page, twin) or level-2 (dumps) heading: body headings start at 3. */
export const BODY_MIN_HEADING = 3;
/** Links curators may write: web and mail addresses, and paths on this site. */
const SAFE_LINK = /^(?:https?:\/\/|mailto:|\/(?![/\\]))/i;
/** Link attributes on the page: curator links are not endorsements and open nothing with our window. */
const LINK_REL = ['nofollow', 'noopener'];

const parser = unified().use(remarkParse).use(remarkGfm);

type Definitions = Map<string, Definition>;
const text = (value: string): PhrasingContent => ({ type: 'text', value });

function inline(nodes: readonly PhrasingContent[], defs: Definitions): PhrasingContent[] {
  return nodes.flatMap((n): PhrasingContent[] => {
    switch (n.type) {
      case 'text':
        return [text(n.value)];
      case 'inlineCode':
        return [{ type: 'inlineCode', value: n.value }];
      case 'break':
        return [{ type: 'break' }];
      case 'emphasis':
      case 'strong':
        return [{ type: n.type, children: inline(n.children, defs) }];
      case 'link':
        return link(n.url, inline(n.children, defs));
      case 'linkReference': {
        const def = defs.get(n.identifier);
        return def ? link(def.url, inline(n.children, defs)) : inline(n.children, defs);
      }
      case 'image':
        return n.alt ? [text(n.alt)] : [];
      case 'imageReference':
        return n.alt ? [text(n.alt)] : [];
      case 'delete':
        return inline(n.children, defs);
      default:
        // Raw HTML and footnote references: nothing reaches the page.
        return [];
    }
  });
}

function link(url: string, children: PhrasingContent[]): PhrasingContent[] {
  return SAFE_LINK.test(url.trim()) ? [{ type: 'link', url: url.trim(), children }] : children;
}

function blocks(nodes: readonly RootContent[], defs: Definitions): BlockContent[] {
  return nodes.flatMap((n): BlockContent[] => {
    switch (n.type) {
      case 'paragraph': {
        const children = inline(n.children, defs);
        return children.length ? [{ type: 'paragraph', children }] : [];
      }
      case 'heading': {
        const depth = Math.min(6, Math.max(n.depth, BODY_MIN_HEADING)) as Heading['depth'];
        return [{ type: 'heading', depth, children: inline(n.children, defs) }];
      }
      case 'list': {
        const items = n.children.map((item): ListItem => ({
          type: 'listItem',
          spread: false,
          children: blocks(item.children, defs),
        }));
        const list: List = { type: 'list', ordered: n.ordered === true, spread: false, children: items };
        if (n.ordered && typeof n.start === 'number' && n.start !== 1) list.start = n.start;
        return [list];
      }
      case 'blockquote':
        return blocks(n.children, defs);
      case 'code':
        return n.value ? [{ type: 'paragraph', children: [{ type: 'inlineCode', value: n.value }] }] : [];
      case 'table':
        // A row becomes a line of its cells' text: tables are outside the subset, their words are not.
        return n.children.map((row) => ({
          type: 'paragraph',
          children: row.children.flatMap((cell, i) => [...(i ? [text(' · ')] : []), ...inline(cell.children, defs)]),
        }));
      default:
        // Raw HTML, thematic breaks, definitions and footnote definitions.
        return [];
    }
  });
}

function definitionsOf(tree: Root): Definitions {
  const defs: Definitions = new Map();
  const visit = (nodes: readonly RootContent[]) => {
    for (const n of nodes) {
      if (n.type === 'definition' && !defs.has(n.identifier)) defs.set(n.identifier, n);
      if ('children' in n) visit(n.children as RootContent[]);
    }
  };
  visit(tree.children);
  return defs;
}

/**
 * Prose no CommonMark or GFM construct can claim: no markup character anywhere (emphasis, code,
 * links, HTML, entities, escapes, strikethrough, tables, autolink literals), no block marker at a
 * line's start, no space or tab at a line's edges. Its tree is its paragraphs of text, which the
 * parser would build too (a property test compares them). Many bodies are such prose, and parsing
 * (GFM's autolink literals above all) is the dearest step of a body at 10,000 products.
 */
const MARKUP_ANYWHERE = /[\\`*_[\]<&|~@\t\r\f\v\0]|:\/\/|mailto:|xmpp:|www\./i;
const MARKER_AT_LINE_START = /^(?:[-+=#>:]|\d+[.)])|^ | $/m;

/** The tree of plain prose without the parser, or null when the text may hold Markdown. */
export function proseTree(source: string): Root | null {
  if (MARKUP_ANYWHERE.test(source) || MARKER_AT_LINE_START.test(source)) return null;
  const paragraphs = source.split(/\n{2,}/).filter((p) => p.replaceAll('\n', '') !== '');
  if (paragraphs.some((p) => p.startsWith('\n') || p.endsWith('\n'))) return null;
  return { type: 'root', children: paragraphs.map((value) => ({ type: 'paragraph', children: [text(value)] })) };
}

/** The parser's tree cut down to the safe subset. */
export function markdownTree(source: string): Root {
  const tree = parser.parse(source);
  return { type: 'root', children: blocks(tree.children, definitionsOf(tree)) };
}

/** Parses a body into the safe tree (no source positions: it is kept for the whole build). */
export const parseBody = (source: string): Root => proseTree(source) ?? markdownTree(source);

/** The tree as HTML elements for the product page: only the subset's elements, links with `rel="nofollow noopener"`. */
export function bodyTree(tree: Root): HastRoot {
  const hast = toHast(tree) as HastRoot;
  const visit = (node: HastRoot | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      if (child.tagName === 'a') child.properties.rel = LINK_REL;
      visit(child);
    }
  };
  visit(hast);
  return hast;
}

/** The tree as HTML for the product page. */
export const bodyHtml = (tree: Root): string => toHtml(bodyTree(tree));

// Each body is parsed once per process: the pages (Astro's render) and the outputs worker (twins,
// dumps, search records) each keep their own trees. A changed text (a dev-server edit) parses anew.
const cache = new Map<string, { source: string; tree: Root }>();

/** The safe tree of a product's body, parsed at most once per build; null for no body. */
export function productBody(slug: string, source: string | null): Root | null {
  if (source === null) return null;
  const hit = cache.get(slug);
  if (hit?.source === source) return hit.tree;
  const tree = parseBody(source);
  cache.set(slug, { source, tree });
  return tree;
}

/** The words of a tree without markup, blocks separated by a space: for summaries, structured data and search. */
export function bodyText(tree: Root): string {
  const words = (node: RootContent | Root): string =>
    'value' in node
      ? node.value
      : 'children' in node
        ? node.children
            .map(words)
            .join(node.type === 'root' || node.type === 'list' || node.type === 'listItem' ? ' ' : '')
        : '';
  return words(tree).replace(/\s+/g, ' ').trim();
}

/** A product's description as plain words, or null without one. */
export function productBodyText(slug: string, source: string | null): string | null {
  const tree = productBody(slug, source);
  const words = tree ? bodyText(tree) : '';
  return words === '' ? null : words;
}
