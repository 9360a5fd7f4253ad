// The preview pane's page: the product as its page shows it, with the same facts table, editorial
// note and description (src/components/product-sections.ts), from the form's values as they are
// typed. Values the schema would refuse are shown as far as they go. Loaded by ./preview.ts only
// when the preview is shown: the Markdown renderer it needs is most of its weight.
import { CATEGORY_SLUGS, CURATORS, CURRENCIES } from '../config/site.ts';
import { aboutSection, factsTable, sectionHtml, whySection } from '../components/product-sections.ts';
import type { CatalogEntry } from '../catalog/schema.ts';
import { decap, type Element, type ImmutableMap, type PreviewProps } from './decap.ts';
import { fileValues } from './form-data.ts';

const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T | null): T | null =>
  list.includes(v as T) ? (v as T) : fallback;

/** The form's values as a catalog entry the page's sections can show. */
function previewEntry(form: Record<string, unknown>): CatalogEntry {
  const v = fileValues(form);
  const text = (x: unknown) => (typeof x === 'string' && x.trim() ? x.trim() : null);
  const data = {
    ...v,
    slug: text(v.slug) ?? 'new-product',
    name: text(v.name) ?? 'Name not written yet',
    brand: text(v.brand) ?? 'brand not written yet',
    ageRange: text(v.ageRange),
    categories: (Array.isArray(v.categories) ? v.categories : []).filter((c) => CATEGORY_SLUGS.includes(c)),
    price: typeof v.price === 'number' && Number.isInteger(v.price) && v.price >= 0 ? v.price : null,
    currency: oneOf(CURRENCIES, v.currency, 'USD'),
    pickedBy: oneOf(Object.keys(CURATORS), v.pickedBy, null),
    whyWePicked: text(v.whyWePicked),
    staffPick: v.staffPick === true,
  };
  return { data: data as unknown as CatalogEntry['data'], description: text(v.description), sourcePath: '' };
}

/** The product's page from the form's values. */
export function previewPage({ entry, getAsset }: PreviewProps): Element {
  const { h } = decap();
  const form = ((entry.get('data') as ImmutableMap | undefined)?.toJS() ?? {}) as Record<string, unknown>;
  const e = previewEntry(form);
  const d = e.data;
  const picture = typeof d.imageUrl === 'string' && d.imageUrl ? String(getAsset(d.imageUrl) ?? d.imageUrl) : '';
  const html = (markup: string) => h('div', { dangerouslySetInnerHTML: { __html: markup } });
  return h(
    'main',
    { className: 'wrap' },
    h(
      'article',
      { className: 'product' },
      h(
        'div',
        { className: 'product__media' },
        picture ? h('img', { src: picture, alt: '', className: 'product__img' }) : null,
      ),
      h(
        'div',
        { className: 'product__main' },
        d.staffPick ? h('span', { className: 'badge badge--pick' }, 'Staff pick') : null,
        h('h1', { className: 'product__title' }, d.name),
        h('p', { className: 'product__brand' }, `by ${d.brand}`),
        d.categories.length ? html(sectionHtml(factsTable(e))) : null,
      ),
    ),
    h('div', { className: 'product__text' }, html(sectionHtml(whySection(e)) + sectionHtml(aboutSection(e)))),
  );
}
