// HEAVY (two full `astro build`s of a 5-product fixture, a few seconds each, shared with rebuild.test.ts
// and reader-words.test.ts through fixtureBuild): scheduled publishing.
// A product with publishAt T is absent from every output file when the build clock is before T,
// and present in every output (page, twin, products.json, its JSON, llms-full.txt, sitemap) from T.
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureBuild, SITE, type Build } from '../support/build-site.ts';

const SCHEDULED = { slug: 'ops-zeppelin-star-atlas', name: 'Zeppelin Star Atlas', at: '2031-06-01T12:00:00Z' };
const DRAFT = { slug: 'ops-draft-puzzle-box', name: 'Ops Draft Puzzle Box' };
const PUBLISHED = 'ops-abacus-counting-frame';

let before: Build;
let after: Build;

beforeAll(async () => {
  // One minute before T, and exactly T (publishAt "not after the build time" is published).
  before = await fixtureBuild('2031-06-01T11:59:00Z');
  after = await fixtureBuild(SCHEDULED.at);
}, 120_000);

/** The files of a build that mention `text` anywhere (HTML, JSON, text, XML, assets). */
const mentioning = (b: Build, text: string) => b.files().filter((f) => b.read(f).includes(text));

/** The per-product JSON file, at the extension-less URL path or with a .json extension. */
const productJson = (b: Build, slug: string) =>
  b.files().find((f) => f === `api/products/${slug}` || f === `api/products/${slug}.json`);

describe('scheduled publishing (CATALOG_BUILD_TIME)', () => {
  it('before publishAt: the product appears in no file of the output', () => {
    expect(before.files().length).toBeGreaterThan(0);
    expect(mentioning(before, `/products/${PUBLISHED}`).length).toBeGreaterThan(0);
    expect(mentioning(before, SCHEDULED.slug)).toEqual([]);
    expect(mentioning(before, SCHEDULED.name)).toEqual([]);
  });

  it('from publishAt: the product has its page and its Markdown twin', () => {
    expect(after.files()).toContain(`products/${SCHEDULED.slug}.html`);
    expect(after.read(`products/${SCHEDULED.slug}.html`)).toContain(SCHEDULED.name);
    expect(after.files()).toContain(`products/${SCHEDULED.slug}.md`);
    expect(after.read(`products/${SCHEDULED.slug}.md`)).toContain(SCHEDULED.name);
  });

  it('from publishAt: it is in products.json and has its own JSON document', () => {
    const snapshot = JSON.parse(after.read('api/products.json')) as {
      count: number;
      products: { slug: string; name: string }[];
    };
    expect(snapshot.products.map((p) => p.slug)).toContain(SCHEDULED.slug);
    expect(snapshot.count).toBe(JSON.parse(before.read('api/products.json')).count + 1);
    const file = productJson(after, SCHEDULED.slug);
    expect(file).toBeDefined();
    expect(JSON.parse(after.read(file!))).toEqual(snapshot.products.find((p) => p.slug === SCHEDULED.slug));
    expect(productJson(before, SCHEDULED.slug)).toBeUndefined();
  });

  it('from publishAt: it is in llms-full.txt and the sitemap', () => {
    expect(after.read('llms-full.txt')).toContain(SCHEDULED.name);
    const sitemaps = after.files().filter((f) => /^sitemap.*\.xml$/.test(f));
    expect(sitemaps.length).toBeGreaterThan(0);
    expect(sitemaps.some((f) => after.read(f).includes(`${SITE}/products/${SCHEDULED.slug}<`))).toBe(true);
  });

  it('a draft stays out of every file at any build time', () => {
    for (const b of [before, after]) {
      expect(mentioning(b, DRAFT.slug)).toEqual([]);
      expect(mentioning(b, DRAFT.name)).toEqual([]);
    }
  });
});
