// Product bodies: one safe tree (src/catalog/body.ts) that the page renders as HTML and the twins
// as Markdown. Attacker's Markdown never yields script, event handlers, frames, images or unsafe
// links; the plain-prose shortcut builds exactly the parser's tree.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bodyHtml,
  bodyText,
  markdownTree,
  parseBody,
  productBody,
  productBodyText,
  proseTree,
} from '../../src/catalog/body.ts';

const html = (source: string) => bodyHtml(parseBody(source));

describe('bodyHtml', () => {
  it('renders paragraphs, lists, emphasis, strong, code and links', () => {
    expect(html('One *soft* and **bold** `code`.\n\n- a\n- [b](https://shop.example/b)\n\n1. first\n2. second')).toBe(
      '<p>One <em>soft</em> and <strong>bold</strong> <code>code</code>.</p>\n' +
        '<ul>\n<li>a</li>\n<li><a href="https://shop.example/b" rel="nofollow noopener">b</a></li>\n</ul>\n' +
        '<ol>\n<li>first</li>\n<li>second</li>\n</ol>',
    );
  });

  it('puts curator headings below the product heading (h3 and deeper)', () => {
    expect(html('# Care\n\nFeed them.\n\n#### Deep')).toBe('<h3>Care</h3>\n<p>Feed them.</p>\n<h4>Deep</h4>');
  });

  it('keeps site paths and mail links, and turns GFM autolink literals into safe links', () => {
    expect(html('[About](/about) [mail](mailto:a@b.example) www.example.com')).toBe(
      '<p><a href="/about" rel="nofollow noopener">About</a> <a href="mailto:a@b.example" rel="nofollow noopener">mail</a> ' +
        '<a href="http://www.example.com" rel="nofollow noopener">www.example.com</a></p>',
    );
  });

  it.each([
    ['a script tag', '<script>alert(1)</script>'],
    ['an image with an event handler', '<img src=x onerror=alert(1)>'],
    ['a raw link', '<a href="javascript:alert(1)">x</a>'],
    ['an iframe block', '<iframe src="https://evil.example"></iframe>'],
    ['a javascript: link', '[x](javascript:alert(1))'],
    ['a javascript: link in odd case and spaces', '[x]( JaVaScRiPt:alert(1) )'],
    ['an entity-encoded javascript: link', '[x](&#106;avascript:alert(1))'],
    ['a javascript: autolink', '<javascript:alert(1)>'],
    ['a javascript: reference', '[x][r]\n\n[r]: javascript:alert(1)'],
    ['a data: link', '[x](data:text/html;base64,PHNjcmlwdD4=)'],
    ['a protocol-relative link', '[x](//evil.example/x)'],
    ['a backslash link', '[x](/\\evil.example/x)'],
    ['an image', '![alt text](https://evil.example/track.png)'],
    ['an inline style', '<span style="position:fixed">x</span>'],
  ])('%s stays inert', (_name, source) => {
    const out = html(source);
    expect(out).not.toMatch(
      /<(script|img|iframe|span|style)\b|\bon\w+=|href="(?!https:\/\/|\/[^/\\])|evil\.example|style=/i,
    );
  });

  it('any Markdown gives only the subset: its tags, links with a safe href and rel, no other attribute', () => {
    const alphabet = fc.constantFrom(
      ...['a', 'b', ' ', '\n', '*', '_', '`', '#', '-', '1.', '[', ']', '(', ')', '<', '>', '!', '|', '~', ':', '/'],
      ...['javascript:', 'https://x.example', '<script>', '<a href="', '" onclick="', '&#106;', 'www.x.example', '  '],
    );
    const allowed = new Set(['p', 'ul', 'ol', 'li', 'em', 'strong', 'code', 'a', 'br', 'h3', 'h4', 'h5', 'h6']);
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), (parts) => {
        const out = html(parts.join(''));
        for (const m of out.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
          expect(allowed.has(m[1]!), m[0]).toBe(true);
          if (m[1] !== 'a' || m[0].startsWith('</')) {
            expect(m[2], m[0]).toMatch(/^(?: start="\d+")?$/);
            continue;
          }
          expect(m[2], m[0]).toMatch(/^ href="(?:https?:\/\/|mailto:|\/(?![/\\]))[^"]*" rel="nofollow noopener"$/);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('the plain-prose shortcut', () => {
  it('builds the same tree as the parser for any text it takes', () => {
    const chars = fc.constantFrom(...'aZ09 .,;:()-+=#>!?\'"/\n\t\u00a0é–'.split(''), '\n\n', '1.', 'www', '@');
    let taken = 0;
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 60 }), (parts) => {
        const source = parts.join('');
        const prose = proseTree(source);
        if (prose === null) return;
        taken += 1;
        expect(prose).toEqual(markdownTree(source));
      }),
      { numRuns: 3000 },
    );
    expect(taken).toBeGreaterThan(300);
  });

  it('takes ordinary prose, and leaves anything with markup to the parser', () => {
    const source = 'A 60-page manual: two bands, one speaker.\nAbout 40 minutes.\n\nAges 8 and up (with help).';
    expect(proseTree(source)).toEqual(markdownTree(source));
    expect(proseTree(source)!.children).toHaveLength(2);
    for (const s of ['A *b*', '- item', 'see www.x.example', 'a@b.example', '# Care', 'a  \nb', ' indented'])
      expect(proseTree(s), s).toBeNull();
  });
});

describe('productBody', () => {
  it('parses a product body once, and again only when its text changes', () => {
    const first = productBody('cache-test', 'Some *text*.');
    expect(productBody('cache-test', 'Some *text*.')).toBe(first);
    const changed = productBody('cache-test', 'Other text.');
    expect(changed).not.toBe(first);
    expect(changed).toEqual(parseBody('Other text.'));
    expect(productBody('cache-test', null)).toBeNull();
  });
});

describe('bodyText', () => {
  it('gives the words without markup, blocks and list items apart', () => {
    expect(
      bodyText(parseBody('## Care\n\nFeed them *daily*.\n\n- [water](https://x.example)\n- seeds <b>only</b>')),
    ).toBe('Care Feed them daily. water seeds only');
  });
  it('is null for no body or a body of nothing but markup', () => {
    expect(productBodyText('text-test', null)).toBeNull();
    expect(productBodyText('text-test', '<div></div>\n\n---')).toBeNull();
  });
});
