// The parts of a product page that say what the product is, as HTML trees: the safety warnings, the
// facts table (ages, price, categories), the editorial note with its curator, and the description. The product page
// renders them, and so does the browser editor's preview (src/editor/preview.ts), so a curator sees
// a product exactly as the site will show it.
import type { Element, ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { CATEGORIES, CURATORS } from '../config/site.ts';
import { bodyTree, productBody } from '../catalog/body.ts';
import { notices, noticeWords } from '../catalog/hazards.ts';
import { market, offersOf } from '../catalog/markets.ts';
import { offerPrice } from '../catalog/offer-words.ts';
import type { CatalogEntry } from '../catalog/schema.ts';
import { categoryPath } from '../catalog/urls.ts';

type Child = ElementContent | string | null | false;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text escaped as Astro escapes an expression in a template, so the page's bytes stay as they were. */
const escaped = (value: string): ElementContent =>
  ({ type: 'raw', value: value.replace(/[&<>"']/g, (c) => ESCAPES[c]!) }) as unknown as ElementContent;

/** An element; strings become (escaped) text, null and false are left out. */
function el(tagName: string, properties: Element['properties'], ...children: Child[]): Element {
  return {
    type: 'element',
    tagName,
    properties,
    children: children
      .filter((c): c is ElementContent | string => c !== null && c !== false)
      .map((c) => (typeof c === 'string' ? escaped(c) : c)),
  };
}

const missing = (text: string) => el('span', { className: ['missing'] }, text);

/** A warning sign (a triangle with an exclamation mark) beside the word "Warning": read without colour. */
const warningSign = (): Element => ({
  type: 'element',
  tagName: 'svg',
  properties: {
    viewBox: '0 0 24 24',
    width: '22',
    height: '22',
    ariaHidden: 'true',
    focusable: 'false',
    className: ['safety__sign'],
  },
  children: [
    {
      type: 'element',
      tagName: 'path',
      properties: {
        d: 'M12 2.5 1.5 21h21L12 2.5Zm0 6v6m0 2.6v1.9',
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth: '2',
        strokeLinejoin: 'round',
      },
      children: [],
    },
  ],
});

/**
 * The safety warnings (src/catalog/hazards.ts), each a sign, the word "Warning:", its words and the
 * rule or source they come from; with the EU's form for a product offered in euros. Null when none.
 */
export function warningsSection(entry: CatalogEntry): Element | null {
  const list = notices(
    entry.data.warnings,
    offersOf(entry.data).map((o) => o.currency),
  );
  if (list.length === 0) return null;
  return el(
    'section',
    { className: ['safety'], ariaLabelledBy: ['safety-heading'] },
    el('h2', { id: 'safety-heading', className: ['visually-hidden'] }, 'Safety warnings'),
    el(
      'ul',
      { className: ['safety__list'] },
      ...list.map((n) =>
        el(
          'li',
          { className: ['safety__item'] },
          warningSign(),
          el(
            'p',
            {},
            el('strong', {}, 'Warning:'),
            ` ${n.text} `,
            el('span', { className: ['safety__source'] }, `(${n.source})`),
          ),
        ),
      ),
    ),
  );
}

/**
 * A card's safety line (a list or a search result): the sign, "Warning:" and the same words as the
 * page, without their sources. Null when the product carries none.
 */
export function cardWarning(entry: CatalogEntry): Element | null {
  const text = noticeWords(
    entry.data.warnings,
    offersOf(entry.data).map((o) => o.currency),
  );
  return text
    ? el('p', { className: ['card__warning'] }, warningSign(), el('strong', {}, 'Warning:'), ` ${text}`)
    : null;
}

/** The facts table: ages, the indicative price, the categories (linked). */
export function factsTable(entry: CatalogEntry): Element {
  const d = entry.data;
  const fact = (term: string, ...value: Child[]) => el('div', {}, el('dt', {}, term), el('dd', {}, ...value));
  return el(
    'dl',
    { className: ['facts'] },
    fact('Ages', d.ageRange ?? missing('Age not stated')),
    fact(
      'Price',
      ...offersOf(d).flatMap((o, i) => [
        i > 0 && el('br', {}),
        o.price === null ? missing(offerPrice(o)) : offerPrice(o),
        ` in ${market(o.market).name}`,
      ]),
      d.price !== null && el('span', { className: ['facts__note'] }, ' (indicative)'),
    ),
    fact(
      d.categories.length === 1 ? 'Category' : 'Categories',
      el(
        'ul',
        { className: ['tags'] },
        ...d.categories.map((c) => el('li', {}, el('a', { href: categoryPath(c) }, CATEGORIES[c].label))),
      ),
    ),
  );
}

/** "Why we picked it": the editorial note and its curator, or null when there is no note. */
export function whySection(entry: CatalogEntry): Element | null {
  const d = entry.data;
  if (!d.whyWePicked) return null;
  const curator = d.pickedBy ? CURATORS[d.pickedBy] : null;
  return el(
    'section',
    { className: ['why'], ariaLabelledBy: ['why-heading'] },
    el('h2', { id: 'why-heading' }, 'Why we picked it'),
    el('blockquote', {}, el('p', {}, d.whyWePicked)),
    curator &&
      el(
        'p',
        { className: ['why__by'] },
        el('span', { className: ['avatar'], ariaHidden: 'true' }, curator.name.slice(0, 1)),
        el('span', {}, el('strong', {}, curator.name), `, ${curator.role}`),
      ),
  );
}

/** "About this product": the description, or a note that it has not been written. */
export function aboutSection(entry: CatalogEntry): Element {
  const body = productBody(entry.data.slug, entry.description);
  const tree = body && body.children.length ? bodyTree(body) : null;
  return el(
    'section',
    { className: ['about-product'], ariaLabelledBy: ['desc-heading'] },
    el('h2', { id: 'desc-heading' }, 'About this product'),
    ...(tree?.children.filter((c): c is ElementContent => c.type !== 'doctype') ?? [
      el(
        'p',
        { className: ['muted'] },
        // Written in the page's template, not an expression: its text is not escaped there.
        {
          type: 'text',
          value: "The maker's description has not been written up yet. The shop's page has the details.",
        },
      ),
    ]),
  );
}

/** HTML of one of the trees above, as the page writes it (its texts are escaped already). */
export const sectionHtml = (tree: Element | null): string => (tree ? toHtml(tree, { allowDangerousHtml: true }) : '');
