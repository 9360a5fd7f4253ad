// HEAVY (one `astro build` of the fixture catalog, a few seconds, shared with schedule.test.ts through
// fixtureBuild): the reader pages speak a parent's
// words. No page a reader sees says API, JSON, Markdown, OpenAPI, llms.txt or "minor units": what
// agents and developers need is on their one page (/for-developers), linked from every footer.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPERS_PATH } from '../../src/catalog/urls.ts';
import { htmlFileOf } from '../../src/outputs/pages.ts';
import { EDITOR_PATH } from '../../src/catalog/urls.ts';
import { fixtureBuild, type Build } from '../support/build-site.ts';

const DEVELOPER_WORDS = [/\bAPI\b/, /\bJSON\b/i, /markdown/i, /openapi/i, /llms(-full)?\.txt/i, /minor units/i];

/** What a reader sees of a page: its body's text, without scripts, styles and attributes. */
const visibleText = (html: string) =>
  html
    .replace(/^[\s\S]*?<body[^>]*>/, '')
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ');

let build: Build;
beforeAll(async () => {
  // From the fixture's last publishAt on, every product but the draft is published.
  build = await fixtureBuild('2031-06-01T12:00:00Z');
}, 120_000);

describe('reader pages in a parent’s words', () => {
  it('no reader page says a developer’s word; the developers’ page does, and every footer links it', () => {
    const own = [htmlFileOf(DEVELOPERS_PATH), htmlFileOf(EDITOR_PATH)];
    const pages = build.files().filter((f) => f.endsWith('.html') && !own.includes(f) && !f.startsWith('admin/'));
    expect(pages.length).toBeGreaterThan(10);
    const found = pages.flatMap((f) => {
      const text = visibleText(build.read(f));
      return DEVELOPER_WORDS.filter((w) => w.test(text)).map((w) => `${f}: ${w.exec(text)![0]}`);
    });
    expect(found).toEqual([]);
    for (const f of pages) expect(build.read(f), f).toContain(`href="${DEVELOPERS_PATH}"`);
    const developers = visibleText(build.read(htmlFileOf(DEVELOPERS_PATH)));
    for (const w of DEVELOPER_WORDS) expect(developers).toMatch(w);
  });

  it('the 404’s Markdown still points agents to llms.txt', () => {
    expect(build.read('404.txt')).toContain('/llms.txt');
  });
});
