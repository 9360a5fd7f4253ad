// The stylesheet rules each category needs, written from CATEGORIES (src/config/site.ts): its tint
// as a custom property, its tile's icon background and its picture placeholder's background. The
// build bundles them into the site's one stylesheet after site.css (src/build/catalog-outputs.ts,
// `virtual:catalog/category-styles.css`; the CSP allows styles from the site only), so a new
// category is coloured without a line of CSS.
import { CATEGORIES, CATEGORY_SLUGS } from '../config/site.ts';

/** The CSS custom property holding a category's tint. */
export const tintProperty = (slug: string) => `--t-${slug}`;

/** The rules for every category, in CATEGORIES' order. */
export function categoryStylesheet(): string {
  const tints = CATEGORY_SLUGS.map((c) => `  ${tintProperty(c)}: ${CATEGORIES[c].tint};`);
  const rules = CATEGORY_SLUGS.flatMap((c) => [
    `.tile--${c} .tile__icon {\n  background: var(${tintProperty(c)});\n}`,
    `.ph--${c} {\n  background-color: var(${tintProperty(c)});\n}`,
  ]);
  return [
    '/* Written from CATEGORIES (src/config/site.ts) by src/outputs/category-styles.ts. */',
    `:root {\n${tints.join('\n')}\n}`,
    ...rules,
    '',
  ].join('\n');
}
