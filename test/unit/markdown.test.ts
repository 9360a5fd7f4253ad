// The Markdown helpers: the plain-text fast path must write exactly what mdast-util-to-markdown
// writes, curator bodies keep their safe subset with headings demoted, and prices match the data module's formatPrice.
import fc from 'fast-check';
import type { PhrasingContent, RootContent } from 'mdast';
import { describe, expect, it } from 'vitest';
import { parseBody } from '../../src/catalog/body.ts';
import { formatPrice } from '../../src/catalog/catalog.ts';
import { heading, link, list, paragraph, price, stringify, strong, text } from '../../src/outputs/markdown.ts';

const chars = fc.constantFrom(...'aZ09 .,;:()-+=*_#>!|~&<[]`\\\n\t/$€–·\'"'.split(''));
const str = fc.array(chars, { maxLength: 24 }).map((a) => a.join(''));
const url = fc.oneof(
  fc.constant('https://shop.example/a-b?c=1&d=(2)'),
  str.map((s) => `https://x.test/${s}`),
);
const inline: fc.Arbitrary<PhrasingContent> = fc.oneof(
  str.map(text),
  fc.tuple(url, str).map(([u, l]) => link(u, l === '' ? u : l)),
  url.map((u) => link(u, u)),
  str.filter((s) => s.trim() !== '').map(strong),
);
const block: fc.Arbitrary<RootContent> = fc.oneof(
  fc.array(inline, { minLength: 1, maxLength: 4 }).map((c) => paragraph(...c)),
  fc.array(fc.array(inline, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }).map(list),
  fc
    .tuple(
      fc.integer({ min: 1, max: 3 }),
      str.filter((s) => s.trim() !== ''),
    )
    .map(([d, s]) => heading(d, s)),
);

describe('stringify', () => {
  it('writes exactly what mdast-util-to-markdown writes by default', () => {
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 5 }), (blocks) => {
        expect(stringify(blocks)).toBe(stringify(blocks, { fastText: false }));
      }),
      { numRuns: 2000 },
    );
  });
  it('escapes a ( that follows a ] in the text before it (found by the property above)', () => {
    const blocks = [paragraph(text(']'), text('(x)'))];
    expect(stringify(blocks)).toBe(stringify(blocks, { fastText: false }));
    expect(stringify(blocks)).toBe(']\\(x)\n');
  });
  it('escapes text that would become Markdown', () => {
    expect(stringify([paragraph(text('*not emphasis* and [not a link]'))])).toBe(
      '\\*not emphasis\\* and \\[not a link]\n',
    );
  });
});

describe('product bodies as Markdown (the tree the page renders)', () => {
  const md = (source: string) => stringify(parseBody(source).children);
  it('writes curator Markdown in the project style', () => {
    expect(md('Some **bold** and *soft* text.\n\n* a\n* b')).toBe('Some **bold** and _soft_ text.\n\n- a\n- b\n');
  });
  it('pushes curator headings (ATX and setext) to at least level 3', () => {
    expect(md('# Top\n\nText\n\nSub\n---\n\n#### Deep')).toBe('### Top\n\nText\n\n### Sub\n\n#### Deep\n');
  });
  it('leaves out raw HTML tags and unsafe links, keeping the text around and between them', () => {
    expect(md('Hi <b>there</b> [x](javascript:alert(1)) <script>alert(2)</script>\n\n<div>gone</div>')).toBe(
      'Hi there x alert(2)\n',
    );
  });
});

describe('price', () => {
  it.each([
    [2499, 'USD'],
    [8900, 'EUR'],
    [5, 'CAD'],
    [null, 'USD'],
  ] as const)('%s %s matches formatPrice', (amount, currency) => {
    expect(price(amount, currency)).toBe(formatPrice(amount, currency));
  });
});
