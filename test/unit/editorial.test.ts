// The editorial MDX pages as their twins read them: the same source as the page, `{props.…}` read
// from the page's props, the page's components in Markdown, and anything the twin cannot say
// failing the build with the file and line.
import { describe, expect, it } from 'vitest';
import { CONTENT_SIGNAL_LINE, DATA_LICENSE, SITE_NAME } from '../../src/config/site.ts';
import { aboutPage, developersPage, editorialPage, editorialSection, withBase } from '../../src/outputs/editorial.ts';
import { stringify } from '../../src/outputs/markdown.ts';

const page = (body: string, props: object = { name: 'Ada', deep: { value: 'x' } }) =>
  editorialPage(`---\ntitle: T\ndescription: D\n---\n\n${body}\n`, 'page.mdx', props);
const md = (body: string, props?: object) => stringify(page(body, props).children);

describe('editorialPage', () => {
  it('reads the title and description from the front matter', () => {
    expect(page('Hello.')).toMatchObject({ title: 'T', description: 'D' });
  });

  it('resolves {props.…} in text, link targets and inline code', () => {
    expect(md('Hi {props.name}: <a href={props.deep.value}>{props.name}</a> <code>a {props.deep.value}</code>.')).toBe(
      'Hi Ada: [Ada](x) `a x`.\n',
    );
  });

  it('writes the components the page passes (the curators) from the same data', () => {
    expect(md('<Curators />')).toBe(
      '- **Maya**, Early-years educator\n- **Theo**, Science teacher and parent of three\n',
    );
  });

  it.each([
    ['an expression that is not a props name', '{1 + 1}', /page\.mdx:6: \{1 \+ 1\} is not of the form \{props\.name\}/],
    ['a props name with no text', 'A {props.missing} b', /page\.mdx:6: \{props\.missing\} names no text/],
    ['a prototype key', 'A {props.constructor} b', /names no text/],
    ['an import', "import X from './x.ts'", /page\.mdx:6: imports and exports are not used/],
    ['an unknown component', '<Gallery />', /page\.mdx:6: <Gallery> is not a component of editorial pages/],
    ['an element the twin cannot write', 'A <span>b</span>', /<span> is not one of a, code, em, strong/],
    ['a link without a target', 'A <a>b</a>', /<a> needs href/],
  ])('refuses %s, naming the line', (_name, body, error) => {
    expect(() => page(body)).toThrow(error);
  });

  it('refuses a page without a title', () => {
    expect(() => editorialPage('---\ndescription: D\n---\n\nx', 'page.mdx')).toThrow(
      /page\.mdx: the front matter needs a title/,
    );
  });
});

describe('withBase and editorialSection', () => {
  it('makes site links absolute and leaves other links alone, on a copy', () => {
    const p = page('[a](/x) [b](https://other.example/y)');
    expect(stringify(withBase(p.children, 'https://site.example'))).toBe(
      '[a](https://site.example/x) [b](https://other.example/y)\n',
    );
    expect(stringify(p.children)).toBe('[a](/x) [b](https://other.example/y)\n');
  });

  it('cuts one second-level section, its heading included', () => {
    const p = page('Intro.\n\n## One\n\nA.\n\n### Deeper\n\nB.\n\n## Two\n\nC.');
    expect(stringify(editorialSection(p, 'One'))).toBe('## One\n\nA.\n\n### Deeper\n\nB.\n');
    expect(() => editorialSection(p, 'Three')).toThrow(/no section "Three"/);
  });
});

describe('the about page (src/content/about.mdx) and the developers page (src/content/for-developers.mdx)', () => {
  const text = stringify(aboutPage().children);
  const developers = stringify(developersPage().children);

  it('say what the site, the licence and the content signal are, from their one definition', () => {
    expect(text.startsWith(`${SITE_NAME} is a short list`)).toBe(true);
    for (const t of [text, developers]) {
      expect(t).toContain(`${DATA_LICENSE.title} ([${DATA_LICENSE.name}](${DATA_LICENSE.url}))`);
      expect(t).toContain(`Not covered: ${DATA_LICENSE.excluded}.`);
    }
    expect(developers).toContain(`\`Content-Signal: ${CONTENT_SIGNAL_LINE}\``);
  });

  it('claim no freshness the catalog lacks: no stock tracking, prices as a curator last wrote them', () => {
    for (const t of [text, developers]) expect(t).not.toMatch(/prices and availability change|every hour|hourly/i);
    expect(developers).toMatch(/does not track prices or stock/);
  });

  it('the developers page has the licence section llms.txt repeats', () => {
    expect(stringify(editorialSection(developersPage(), 'Licence and use'))).toMatch(
      /^## Licence and use\n\nThe catalog data/,
    );
  });
});
