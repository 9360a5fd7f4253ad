// The editorial MDX pages as mdast, for their Markdown twins and llms.txt: the source the HTML page
// renders, parsed with remark-mdx. `{props.…}` expressions read EDITORIAL_PROPS as the page does,
// `<a>`, `<code>`, `<em>` and `<strong>` become their Markdown, and each component the page passes
// has a Markdown rendering here. Anything else fails the build with the file and line, so the twin
// never drops or invents what the page says.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PhrasingContent, Root, RootContent } from 'mdast';
import type { MdxJsxAttribute, MdxJsxExpressionAttribute } from 'mdast-util-mdx-jsx';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { CURATOR_CODES, CURATORS } from '../config/site.ts';
import { absoluteUrl } from '../catalog/catalog.ts';
import { readFrontMatter } from '../catalog/front-matter.ts';
import { EDITORIAL_PROPS } from '../content/editorial.ts';
import { list, strong, text } from './markdown.ts';

export interface EditorialPage {
  title: string;
  description: string;
  /** The body, links as written (site paths stay relative until `withBase`). */
  children: RootContent[];
}

/** The Markdown of each component an editorial page may place (the page passes its Astro twin). */
const COMPONENTS: Record<string, () => RootContent[]> = {
  Curators: () => [list(CURATOR_CODES.map((c) => [strong(CURATORS[c].name), text(`, ${CURATORS[c].role}`)]))],
};

const parser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm);
type Node = Root | RootContent;

/** Reads and converts one MDX page; `file` names it in errors. */
export function editorialPage(source: string, file: string, props: object = EDITORIAL_PROPS): EditorialPage {
  const read = readFrontMatter(source);
  if (!read.ok) throw new Error(`${file}:${read.problem.line}: ${read.problem.message}. ${read.problem.fix}`);
  const { title, description } = read.data;
  if (typeof title !== 'string' || typeof description !== 'string')
    throw new Error(`${file}: the front matter needs a title and a description.`);
  // The body's line numbers start after the front matter: report lines of the file.
  const offset = source.slice(0, source.length - read.body.length).split('\n').length - 1;
  const fail = (node: Node, what: string) =>
    new Error(`${file}:${(node.position?.start.line ?? 0) + offset}: ${what}; the Markdown twin cannot say it.`);

  const value = (expression: string, node: Node): string => {
    const path = /^\s*props((?:\.[A-Za-z_$][\w$]*)+)\s*$/.exec(expression)?.[1];
    if (!path) throw fail(node, `{${expression.trim()}} is not of the form {props.name}`);
    let v: unknown = props;
    for (const key of path.slice(1).split('.'))
      v =
        v !== null && typeof v === 'object' && Object.hasOwn(v, key) ? (v as Record<string, unknown>)[key] : undefined;
    if (typeof v !== 'string' && typeof v !== 'number') throw fail(node, `{${expression.trim()}} names no text`);
    return String(v);
  };
  const attribute = (attrs: (MdxJsxAttribute | MdxJsxExpressionAttribute)[], name: string, node: Node) => {
    const a = attrs.find((x): x is MdxJsxAttribute => x.type === 'mdxJsxAttribute' && x.name === name);
    if (typeof a?.value === 'string') return a.value;
    if (a?.value?.type === 'mdxJsxAttributeValueExpression') return value(a.value.value, node);
    throw fail(node, `<${'name' in node ? node.name : ''}> needs ${name}`);
  };
  const words = (nodes: PhrasingContent[]) => nodes.map((n) => ('value' in n ? n.value : '')).join('');

  function phrasing(nodes: readonly Node[]): PhrasingContent[] {
    return nodes.flatMap((n): PhrasingContent[] => {
      if (n.type === 'mdxTextExpression') return [text(value(n.value, n))];
      if (n.type === 'mdxJsxTextElement') {
        const children = phrasing(n.children);
        if (n.name === 'a') return [{ type: 'link', url: attribute(n.attributes, 'href', n), children }];
        if (n.name === 'code') return [{ type: 'inlineCode', value: words(children) }];
        if (n.name === 'em') return [{ type: 'emphasis', children }];
        if (n.name === 'strong') return [{ type: 'strong', children }];
        throw fail(n, `<${n.name ?? ''}> is not one of a, code, em, strong`);
      }
      return convert(n) as PhrasingContent[];
    });
  }

  function convert(n: Node): RootContent[] {
    switch (n.type) {
      case 'mdxjsEsm':
        throw fail(n, 'imports and exports are not used on editorial pages (the page passes props and components)');
      case 'mdxFlowExpression':
        return [{ type: 'paragraph', children: [text(value(n.value, n))] }];
      case 'mdxJsxFlowElement': {
        const make = n.name ? COMPONENTS[n.name] : undefined;
        if (!make) throw fail(n, `<${n.name ?? ''}> is not a component of editorial pages`);
        return make();
      }
      case 'paragraph':
      case 'heading':
      case 'emphasis':
      case 'strong':
      case 'link':
        return [{ ...n, position: undefined, children: phrasing(n.children) } as RootContent];
      default:
        if ('children' in n)
          return [{ ...n, position: undefined, children: n.children.flatMap(convert) } as RootContent];
        return [{ ...n, position: undefined } as RootContent];
    }
  }

  const tree = parser.parse(read.body);
  return { title, description, children: tree.children.flatMap(convert) };
}

/** A copy of `nodes` with site paths made absolute (twins and llms files link the live site). */
export function withBase(nodes: readonly RootContent[], base: string): RootContent[] {
  const copy = (n: RootContent): RootContent => {
    const out = 'children' in n ? ({ ...n, children: n.children.map(copy) } as RootContent) : { ...n };
    if (out.type === 'link') out.url = absoluteUrl(out.url, base);
    return out;
  };
  return nodes.map(copy);
}

/** The part of a page under the second-level heading `heading`, the heading included. */
export function editorialSection(page: EditorialPage, heading: string): RootContent[] {
  const isH2 = (n: RootContent) => n.type === 'heading' && n.depth === 2;
  const start = page.children.findIndex(
    (n) => isH2(n) && n.type === 'heading' && n.children.map((c) => ('value' in c ? c.value : '')).join('') === heading,
  );
  if (start === -1) throw new Error(`The editorial page "${page.title}" has no section "${heading}".`);
  const end = page.children.findIndex((n, i) => i > start && isH2(n));
  return page.children.slice(start, end === -1 ? undefined : end);
}

/** An editorial page read once from its MDX source (the HTML page imports the same file). */
function editorialSource(file: string): () => EditorialPage {
  const source = new URL(`../content/${file}`, import.meta.url);
  let read: EditorialPage | undefined;
  return () => (read ??= editorialPage(readFileSync(source, 'utf8'), fileURLToPath(source)));
}

/** The about page (src/content/about.mdx). */
export const aboutPage = editorialSource('about.mdx');
/** The page for agents and developers (src/content/for-developers.mdx). */
export const developersPage = editorialSource('for-developers.mdx');
