// The categories' generated stylesheet (src/outputs/category-styles.ts): three rules per category
// of CATEGORIES and none for anything else, and each category's tint light enough that the text on
// it (a placeholder's "No photo yet", in --c-ink-soft) keeps WCAG AA contrast. site.css itself
// names no category: a category is one entry in src/config/site.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_SLUGS } from '../../src/config/site.ts';
import { categoryStylesheet } from '../../src/outputs/category-styles.ts';

const SITE_CSS = readFileSync(path.resolve(import.meta.dirname, '../../src/styles/site.css'), 'utf8');

/** WCAG 2 relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('the categories’ stylesheet', () => {
  const css = categoryStylesheet();

  it('has each category’s tint and its two rules, and nothing for other names', () => {
    for (const c of CATEGORY_SLUGS) {
      expect(css).toContain(`--t-${c}: ${CATEGORIES[c].tint};`);
      expect(css).toContain(`.tile--${c} .tile__icon {\n  background: var(--t-${c});\n}`);
      expect(css).toContain(`.ph--${c} {\n  background-color: var(--t-${c});\n}`);
    }
    const named = new Set([...css.matchAll(/(?:--t-|\.tile--|\.ph--)([a-z0-9-]+)/g)].map((m) => m[1]));
    expect([...named].sort()).toEqual([...CATEGORY_SLUGS].sort());
  });

  it('leaves no category rule in site.css', () => {
    for (const c of CATEGORY_SLUGS) expect(SITE_CSS).not.toMatch(new RegExp(`--t-${c}\\b|\\.(tile|ph)--${c}\\b`));
  });

  it.each(CATEGORY_SLUGS.map((c) => [c, CATEGORIES[c].tint]))(
    '%s: its tint %s is a colour the soft ink reads on at AA contrast',
    (_, tint) => {
      expect(tint).toMatch(/^#[0-9a-f]{6}$/);
      const inkSoft = /--c-ink-soft:\s*(#[0-9a-f]{6})/.exec(SITE_CSS)![1]!;
      expect(contrast(tint, inkSoft)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
