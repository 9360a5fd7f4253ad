// Outside values in pull-request titles and bodies (src/server/proposals/markdown-safe.ts): a value
// that tries to end its code span or heading and write a link, an image, HTML or a mention renders
// as text, in every context a watcher puts one, as remark with GitHub's extensions reads it.
import { describe, expect, it } from 'vitest';
import { inlineCode, safeToken } from '../../src/server/proposals/markdown-safe.ts';
import { rendered } from '../support/markdown-structure.ts';

const HOSTILE = '`\n[click](https://evil.example) ![x](https://evil.example/i.png) @someone';
const MORE = [
  HOSTILE,
  '``\r\n# heading\n\n<img src=x onerror=alert(1)>\n| a | b |\n|---|---|\n* item _x_ **y** #12',
  '\u2028[a](b)\u2029![c](d)\u0085@x www.evil.example https://evil.example <https://evil.example>',
  '[ref]\n\n[ref]: https://evil.example',
];

const inert = (markdown: string) => {
  const r = rendered(markdown);
  expect(r.links).toEqual([]);
  expect(r.images).toEqual([]);
  expect(r.html).toEqual([]);
  expect(r.mentions).toEqual([]);
  return r;
};

describe.each(MORE)('a hostile value (%j)', (value) => {
  it('as a code span in a heading: one heading, the value inside it as code', () => {
    const r = inert(`### Recall ${inlineCode(value, 500)}\n\nOur sentence.`);
    expect(r.headings).toHaveLength(1);
    expect([...r.types].sort()).toEqual(['heading', 'inlineCode', 'paragraph', 'text']);
  });

  it('as a token: only letters, digits and - . / _, cut to its length', () => {
    const t = safeToken(value, 20);
    expect(t).toMatch(/^[A-Za-z0-9./_-]{0,20}$/);
  });
});

describe('ordinary values', () => {
  it('keep their words', () => {
    expect(safeToken('SR/02362/26')).toBe('SR/02362/26');
    expect(safeToken('22-740')).toBe('22-740');
    expect(inlineCode('https://example.com/a b', 100)).toBe('`https://example.com/a b`');
    expect(inlineCode('a'.repeat(300), 10)).toBe(`\`${'a'.repeat(9)}…\``);
  });
});
