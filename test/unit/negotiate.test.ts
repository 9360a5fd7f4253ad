// Accept negotiation for pages (RFC 9110 q-values, specificity, listing order, HTML by default).
import { describe, expect, it } from 'vitest';
import { negotiatePage, parseAccept } from '../../src/cdn/negotiate.ts';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe.each([
  ['text/markdown', 'markdown'],
  ['text/markdown, text/html;q=0.9', 'markdown'],
  ['text/markdown, text/html, */*', 'markdown'],
  ['text/markdown,text/html,*/*', 'markdown'],
  ['text/html;q=1, text/markdown;q=0.5', 'html'],
  ['text/html, text/markdown', 'html'],
  [BROWSER, 'html'],
  ['*/*', 'html'],
  ['text/*', 'html'],
  ['', 'html'],
  [null, 'html'],
  ['application/json', 'html'],
  ['text/markdown;q=0', 'html'],
  ['text/markdown;q=0.5, */*;q=0.1', 'markdown'],
  ['TEXT/MARKDOWN; charset=utf-8', 'markdown'],
  ['text/plain', 'plain'],
  ['text/plain, text/markdown', 'plain'],
  ['text/markdown, text/plain', 'markdown'],
  ['text/html;q=0.5, text/*;q=0.9', 'markdown'],
  ['text/html;q=0.5, text/markdown;q=0.9', 'markdown'],
  ['text/markdown;q=1.5, text/html;q=0.1', 'html'],
  ['text/*;q=0.9, text/markdown', 'markdown'],
  ['*/*;q=0.1, text/markdown;q=0.2', 'markdown'],
  ['garbage, text/markdown;q=0.7', 'markdown'],
  ['text/markdown;q=abc', 'html'],
  ['text/x-markdown', 'markdown'],
  ['text/x-markdown, text/html;q=0.9', 'markdown'],
  ['text/html, text/x-markdown;q=0.5', 'html'],
  ['text/markdown;q=0.1, text/x-markdown, text/html;q=0.5', 'markdown'],
] as const)('Accept %j', (accept, expected) => {
  it(`gives ${expected}`, () => expect(negotiatePage(accept)).toBe(expected));
});

describe('parseAccept', () => {
  it('reads types, q-values and positions, skipping malformed members and invalid q-values', () => {
    expect(parseAccept('text/html;level=1;q=0.7, nonsense, image/png;q=2, */*')).toEqual([
      { type: 'text', subtype: 'html', q: 0.7, index: 0 },
      { type: '*', subtype: '*', q: 1, index: 3 },
    ]);
  });
});
